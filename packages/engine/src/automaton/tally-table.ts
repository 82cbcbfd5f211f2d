import { FreeSlots } from './free-slots.js';

/**
 * What a tally adds up (`AhoCorasick.tally`): per pattern a weight of one byte, the number of hits it counts for
 * (bits 0–3), flags OR-ed together over the hits (bits 4–6), or TALLY_ASK: each of its hits is handed to the
 * caller, which decides it (a hit that needs a look at the text around it).
 */
export const TALLY_COUNT = 0x0f;
export const TALLY_FLAGS = 0x70;
export const TALLY_ASK = 0x80;

/** An entry: the symbol in its top SYMBOL_BITS, a key in its low KEY_BITS. */
const KEY_BITS = 20;
const SYMBOL_BITS = 32 - KEY_BITS;
/** the symbol field of a free entry (no symbol is this large) */
const NO_SYMBOL = (1 << SYMBOL_BITS) - 1;
/** Where the parts of the table's one array begin (see TallyTable): code units, the root's row, pairs, then deep. */
const UNITS_AT = 0;
const ROOT_AT = 0x10000;
const PAIRS_AT = ROOT_AT + NO_SYMBOL + 1;

/**
 * Transitions (deep and pairs) past which the table is not built and the tally reads the scan's hits: 10 k words of
 * 2–4 characters need 25 k, 100 k words 0.57 M, whose placement alone takes seconds.
 */
const MAX_TRANSITIONS = 1 << 18;
/** Failed places a row tries before it goes past every row placed. */
const ROW_TRIES = 256;

/**
 * The automaton's transitions with the fail links resolved (a DFA), for a pass that only adds up what the states it
 * goes through weigh: per code unit three probes and no branch on their outcome (DESIGN.md, "Tally").
 *
 * The state after a unit is the longest suffix of the text read that is a state, so it is found among three:
 * - deeper than two units: a resolved transition of the state before (the deep part);
 * - two units: the child, on this unit, of the root's child on the unit before (the pairs part);
 * - one unit: the root's child on it (the root's row; the root itself when there is none).
 * Listing only the first kind per state keeps the table small (10 k words of 2–4 characters: 17 k transitions
 * instead of 198 k; 100 k words: 0.5 M instead of 10 M), and all three probes depend on the state only through the
 * first.
 *
 * Every state has a key of its own in the deep part, every root child one in the pairs part. A probe from key k on
 * symbol c reads entry k + c, which holds (the symbol << KEY_BITS) | the next state's key; it is the state's when
 * that symbol is c: an entry is written only by the row whose key plus the entry's symbol lands on it, and keys are
 * distinct, so the symbol alone says whose it is. A free entry holds NO_SYMBOL. The widths are fixed (not fitted to
 * the automaton) so that the loop reads them as constants: fewer registers held.
 *
 * All of it is one array, keys counted from its start, so that the loop holds one array in registers, not four
 * (1.13× the units per second): at UNITS_AT, per code unit its symbol | (the pairs key of the root's child on it)
 * << SYMBOL_BITS; at ROOT_AT, per symbol the key of the root's child on it (the root's key when none); at PAIRS_AT,
 * the pairs part (its key PAIRS_AT: no root child); then the deep part (its first key, `root`, the root's: no row).
 */
export interface TallyTable {
  readonly entries: Int32Array;
  /** the root's key (where the deep part begins) */
  readonly root: number;
  /** the pairs key that stands for "no root child on the unit before" (the state before the first unit) */
  readonly noPair: number;
  /** key - root → the state's cell in the automaton's double array, or -1 (no state has this key) */
  readonly cellOfKey: Int32Array;
  /** the loop over this table, and where it leaves [count, flags, key, pair] */
  readonly run: TallyRun;
  /** the loop over two stretches of a text at once; it leaves [count, flags, key, pair, key2, pair2] in `out` */
  readonly runTwo: TallyRunTwo;
  readonly out: Int32Array;
  /** a weight of 0 for every key (to step through a text without adding it up) */
  readonly silent: Uint8Array;
}

/**
 * The tally loop over one table: steps it over `text` from unit `from` to `end` in the state with key `key` (`pair`:
 * the pairs key of the root's child on the unit before), adding up the weights (`states`, by key) of the states it
 * goes through, until `end` or a state weighed TALLY_ASK (not added). Answers the index of that state's unit, or
 * `end`, and leaves in its `out` [count, flags, key, pair].
 */
export type TallyRun = (
  text: string,
  from: number,
  end: number,
  key: number,
  pair: number,
  states: Uint8Array,
) => number;

/**
 * The tally loop over two stretches of one text at once, `steps` units from `i` and from `j` (`units`: the text's
 * code units), each in its own state (key, pair). The two chains of probes do not wait on each other, so the
 * processor overlaps them: 1.2× the units per second of one stretch. Stops before a step where either stretch comes
 * to a state weighed TALLY_ASK (that step not taken). Answers the steps taken; leaves [count, flags, key, pair, key2,
 * pair2] in `out`.
 */
export type TallyRunTwo = (
  units: Uint16Array,
  i: number,
  j: number,
  steps: number,
  key: number,
  pair: number,
  key2: number,
  pair2: number,
  states: Uint8Array,
) => number;

/**
 * Makes the tally loop over the table's array: a closure, so that the loop reads it as a local of its own (as a
 * method reading it off the table it ran about 15 % slower: fewer values stayed in registers). The constants are
 * written out (ROOT_AT, SYMBOL_BITS 12, KEY_BITS 20, TALLY_ASK, TALLY_COUNT) for the same reason.
 */
function makeRun(entries: Int32Array, out: Int32Array): TallyRun {
  const T = entries;
  const O = out;
  return (text: string, from: number, end: number, key: number, pair: number, states: Uint8Array): number => {
    let count = 0;
    let flags = 0;
    let i = from;
    for (; i < end; i++) {
      const unit = T[text.charCodeAt(i)]!;
      const symbol = unit & 0xfff;
      const deeper = T[key + symbol]!;
      const two = T[pair + symbol]!;
      // all ones when the entry is not the probing row's: masks, not branches (on dense text each is a coin toss)
      const a = (deeper >>> 20) ^ symbol;
      const notDeeper = (a | -a) >> 31;
      const b = (two >>> 20) ^ symbol;
      const notTwo = (b | -b) >> 31;
      const shallow = (T[0x10000 + symbol]! & notTwo) | (two & 0xfffff & ~notTwo);
      key = (shallow & notDeeper) | (deeper & 0xfffff & ~notDeeper);
      pair = unit >>> 12;
      const weight = states[key]!;
      if (weight >= 0x80) break;
      count += weight & 0x0f;
      flags |= weight;
    }
    O[0] = count;
    O[1] = flags;
    O[2] = key;
    O[3] = pair;
    return i;
  };
}

/** `makeRun`'s step twice over, on code units (see TallyRunTwo); a closure for the same reason. */
function makeRunTwo(entries: Int32Array, out: Int32Array): TallyRunTwo {
  const T = entries;
  const O = out;
  return (
    text: Uint16Array,
    i: number,
    j: number,
    steps: number,
    key: number,
    pair: number,
    key2: number,
    pair2: number,
    states: Uint8Array,
  ): number => {
    let count = 0;
    let flags = 0;
    let s = 0;
    for (; s < steps; s++) {
      const unit = T[text[i + s]!]!;
      const unit2 = T[text[j + s]!]!;
      const symbol = unit & 0xfff;
      const symbol2 = unit2 & 0xfff;
      const deeper = T[key + symbol]!;
      const deeper2 = T[key2 + symbol2]!;
      const two = T[pair + symbol]!;
      const two2 = T[pair2 + symbol2]!;
      const a = (deeper >>> 20) ^ symbol;
      const a2 = (deeper2 >>> 20) ^ symbol2;
      const notDeeper = (a | -a) >> 31;
      const notDeeper2 = (a2 | -a2) >> 31;
      const b = (two >>> 20) ^ symbol;
      const b2 = (two2 >>> 20) ^ symbol2;
      const notTwo = (b | -b) >> 31;
      const notTwo2 = (b2 | -b2) >> 31;
      const shallow = (T[0x10000 + symbol]! & notTwo) | (two & 0xfffff & ~notTwo);
      const shallow2 = (T[0x10000 + symbol2]! & notTwo2) | (two2 & 0xfffff & ~notTwo2);
      const next = (shallow & notDeeper) | (deeper & 0xfffff & ~notDeeper);
      const next2 = (shallow2 & notDeeper2) | (deeper2 & 0xfffff & ~notDeeper2);
      const weight = states[next]!;
      const weight2 = states[next2]!;
      if ((weight | weight2) >= 0x80) break;
      key = next;
      key2 = next2;
      pair = unit >>> 12;
      pair2 = unit2 >>> 12;
      count += (weight & 0x0f) + (weight2 & 0x0f);
      flags |= weight | weight2;
    }
    O[0] = count;
    O[1] = flags;
    O[2] = key;
    O[3] = pair;
    O[4] = key2;
    O[5] = pair2;
    return s;
  };
}

/** Rows of (symbol, target) pairs, ordered by symbol within a row; a row is `from`..`from + length`. */
interface Rows {
  readonly symbols: Int32Array;
  readonly targets: Int32Array;
  readonly from: Int32Array;
  readonly length: Int32Array;
}

/**
 * Builds the table from the automaton's double array (`cells`: [base, check, fail, outputs] per cell, a state's
 * check its parent's cell, the root at cell 0; `rootNext`: the root's row). Answers null past MAX_TRANSITIONS, or
 * when the symbols or keys do not fit their fields of an entry (the tally then reads the scan's hits).
 */
export function buildTallyTable(
  cells: Int32Array,
  rootNext: Int32Array,
  symbolOf: Uint16Array,
  symbolCount: number,
): TallyTable | null {
  if (symbolCount >= NO_SYMBOL) return null;
  const cellCount = cells.length >>> 2;
  // children per cell, in order of symbol (a child's cell is its parent's base plus its symbol)
  const kidStart = new Int32Array(cellCount + 1);
  for (let t = 1; t < cellCount; t++) {
    const parent = cells[(t << 2) + 1]!;
    if (parent >= 0) kidStart[parent + 1]!++;
  }
  for (let s = 0; s < cellCount; s++) kidStart[s + 1]! += kidStart[s]!;
  const kids = new Int32Array(kidStart[cellCount]!);
  const fill = kidStart.slice(0, cellCount);
  for (let t = 1; t < cellCount; t++) {
    const parent = cells[(t << 2) + 1]!;
    if (parent >= 0) kids[fill[parent]!++] = t;
  }
  const states = kids.length + 1;

  // breadth first (a state's fail target is shallower, so it comes first); the root's children lead
  const order = new Int32Array(states - 1);
  let tail = 0;
  for (let c = 1; c <= symbolCount; c++) if (rootNext[c]! > 0) order[tail++] = rootNext[c]!;
  const rootChildren = tail;
  for (let head = 0; head < tail; head++) {
    const s = order[head]!;
    for (let k = kidStart[s]!; k < kidStart[s + 1]!; k++) order[tail++] = kids[k]!;
  }

  const deep = deepTransitions(cells, kids, kidStart, order, rootChildren, MAX_TRANSITIONS - kids.length);
  if (deep === null) return null;
  // the root's children's own children, as rows of their own
  const pairRows: Rows = {
    symbols: new Int32Array(kids.length),
    targets: new Int32Array(kids.length),
    from: new Int32Array(cellCount),
    length: new Int32Array(cellCount),
  };
  for (let q = 0, at = 0; q < rootChildren; q++) {
    const s = order[q]!;
    pairRows.from[s] = at;
    for (let k = kidStart[s]!; k < kidStart[s + 1]!; k++, at++) {
      pairRows.symbols[at] = kids[k]! - cells[s << 2]!;
      pairRows.targets[at] = kids[k]!;
    }
    pairRows.length[s] = kidStart[s + 1]! - kidStart[s]!;
  }

  const limit = 1 << KEY_BITS;
  const deepKeys = placeRows(deep, order, tail, symbolCount, true, limit);
  const pairKeys = deepKeys && placeRows(pairRows, order, rootChildren, symbolCount, false, limit);
  if (deepKeys === null || pairKeys === null) return null;
  // the parts' places in the one array; every key (counted from its start) must fit in an entry
  const deepAt = PAIRS_AT + pairKeys.size;
  const size = deepAt + deepKeys.size;
  if (size > limit) return null;
  const entries = new Int32Array(size).fill(NO_SYMBOL << KEY_BITS, PAIRS_AT);
  const keyOf = deepKeys.keyOf;
  const write = (rows: Rows, keys: Int32Array, at: number, count: number): void => {
    for (let q = 0; q < count; q++) {
      const s = order[q]!;
      const key = at + keys[s]!;
      for (let e = rows.from[s]!, end = e + rows.length[s]!; e < end; e++)
        entries[key + rows.symbols[e]!] = (rows.symbols[e]! << KEY_BITS) | (deepAt + keyOf[rows.targets[e]!]!);
    }
  };
  write(deep, keyOf, deepAt, tail);
  write(pairRows, pairKeys.keyOf, PAIRS_AT, rootChildren);
  const cellOfKey = new Int32Array(deepKeys.size).fill(-1);
  cellOfKey[0] = 0;
  for (let q = 0; q < tail; q++) cellOfKey[keyOf[order[q]!]!] = order[q]!;
  // the root's row (the root's own key where it has no child), and each unit's symbol with its root child's pairs key
  entries.fill(deepAt, ROOT_AT, PAIRS_AT);
  const pairKey = new Int32Array(symbolCount + 1).fill(PAIRS_AT);
  for (let c = 1; c <= symbolCount; c++) {
    const child = rootNext[c]!;
    if (child <= 0) continue;
    entries[ROOT_AT + c] = deepAt + keyOf[child]!;
    pairKey[c] = PAIRS_AT + pairKeys.keyOf[child]!;
  }
  for (let u = 0; u < 0x10000; u++) entries[UNITS_AT + u] = symbolOf[u]! | (pairKey[symbolOf[u]!]! << SYMBOL_BITS);
  const out = new Int32Array(6);
  return {
    entries,
    root: deepAt,
    noPair: PAIRS_AT,
    cellOfKey,
    run: makeRun(entries, out),
    runTwo: makeRunTwo(entries, out),
    out,
    silent: new Uint8Array(size),
  };
}

/**
 * Per state, its transitions that end more than two units deep, resolved through its fail links: its own children
 * (when it is two units deep or more), then those of its fail target's list that it has no child for, merged by
 * symbol. Null past `budget` transitions.
 */
function deepTransitions(
  cells: Int32Array,
  kids: Int32Array,
  kidStart: Int32Array,
  order: Int32Array,
  rootChildren: number,
  budget: number,
): Rows | null {
  const cellCount = cells.length >>> 2;
  const from = new Int32Array(cellCount);
  const length = new Int32Array(cellCount);
  let symbols = new Int32Array(Math.max(1024, order.length));
  let targets = new Int32Array(symbols.length);
  let edges = 0;
  for (let q = rootChildren; q < order.length; q++) {
    const s = order[q]!;
    const base = cells[s << 2]!;
    const fail = cells[(s << 2) + 2]!;
    let k = kidStart[s]!;
    const kidsEnd = kidStart[s + 1]!;
    let f = from[fail]!;
    const failEnd = f + length[fail]!;
    const need = edges + (kidsEnd - k) + (failEnd - f);
    if (need > budget) return null;
    if (need > symbols.length) {
      const size = Math.max(need, symbols.length * 2);
      const grownSymbols = new Int32Array(size);
      grownSymbols.set(symbols);
      symbols = grownSymbols;
      const grownTargets = new Int32Array(size);
      grownTargets.set(targets);
      targets = grownTargets;
    }
    const start = edges;
    while (k < kidsEnd || f < failEnd) {
      const own = k < kidsEnd ? kids[k]! - base : 0x7fffffff;
      const inherited = f < failEnd ? symbols[f]! : 0x7fffffff;
      if (own <= inherited) {
        symbols[edges] = own;
        targets[edges++] = kids[k++]!;
        if (own === inherited) f++;
      } else {
        symbols[edges] = inherited;
        targets[edges++] = targets[f++]!;
      }
    }
    from[s] = start;
    length[s] = edges - start;
  }
  return { symbols, targets, from, length };
}

/**
 * Keys for the rows of the first `count` states of `order`: first fit of each row (its lowest symbol first) over the
 * free entries, at a key no other row has; 0 is kept for "none". With `everyState`, the states without a row get
 * keys too (any key no one has: every probe from it misses). Answers the keys by cell and the table's size (every
 * probe key + symbol lands inside it).
 */
function placeRows(
  rows: Rows,
  order: Int32Array,
  count: number,
  symbolCount: number,
  everyState: boolean,
  limit: number,
): { keyOf: Int32Array; size: number } | null {
  let used = new Uint8Array(0);
  let taken = new Uint8Array(0);
  const slots = new FreeSlots(symbolCount, 1024, (capacity) => {
    if (capacity + symbolCount >= limit) throw new TooLarge();
    const u = new Uint8Array(capacity);
    u.set(used);
    used = u;
    const t = new Uint8Array(capacity);
    t.set(taken);
    taken = t;
  });
  try {
    slots.grow(symbolCount * 2);
    return place();
  } catch (error) {
    if (error instanceof TooLarge) return null;
    throw error;
  }

  function place(): { keyOf: Int32Array; size: number } {
    taken[0] = 1;
    const keyOf = new Int32Array(rows.from.length);
    let highest = 0;
    /** the last entry used */
    let end = 0;
    for (let q = 0; q < count; q++) {
      const s = order[q]!;
      const length = rows.length[s]!;
      if (length === 0) continue;
      const from = rows.from[s]!;
      const low = rows.symbols[from]!;
      let key = 0;
      let clash = from;
      for (let slot = slots.next(low + 1), tries = 0; ; slot = slots.next(slot + 1), tries++) {
        // a row that fits nowhere within ROW_TRIES goes past everything placed (wide rows of large lists: bounds the build)
        const b = tries < ROW_TRIES ? slot - low : Math.max(end + 1 - low, highest + 1);
        // room for the whole row (no symbol is past symbolCount)
        if (b + symbolCount >= slots.capacity) slots.grow(b + symbolCount);
        // the symbol that collided last is tried first: a wide row meets the same crowded stretch again and again
        let fits = taken[b] === 0 && used[b + rows.symbols[clash]!] === 0;
        for (let e = from; fits && e < from + length; e++) {
          const at = b + rows.symbols[e]!;
          if (used[at] !== 0) {
            fits = false;
            clash = e;
          }
        }
        if (fits) {
          key = b;
          break;
        }
        slots.failed(slot);
      }
      keyOf[s] = key;
      taken[key] = 1;
      if (key > highest) highest = key;
      for (let e = from; e < from + length; e++) {
        const at = key + rows.symbols[e]!;
        used[at] = 1;
        if (at > end) end = at;
        slots.drop(at);
      }
    }
    if (everyState) {
      for (let q = 0, free = 1; q < count; q++) {
        const s = order[q]!;
        if (rows.length[s]! > 0) continue;
        while (free < slots.capacity && taken[free] !== 0) free++;
        if (free + symbolCount >= slots.capacity) slots.grow(free + symbolCount);
        keyOf[s] = free;
        taken[free] = 1;
        if (free > highest) highest = free;
      }
    }
    return { keyOf, size: highest + symbolCount + 1 };
  }
}

/** Thrown by `placeRows` when a key would not fit beside the symbols in an entry. */
class TooLarge extends Error {}
