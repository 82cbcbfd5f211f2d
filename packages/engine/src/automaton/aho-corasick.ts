import { foldTable } from '../text/fold.js';
import { CodeUnits } from './code-units.js';
import { FreeSlots } from './free-slots.js';
import { MatchList } from './match-list.js';
import { buildTallyTable, TALLY_ASK, TALLY_COUNT, TALLY_FLAGS, type TallyTable } from './tally-table.js';

/** Skipping stops charge this many code units against the prefilter's budget (see `scan`). */
const STOP_COST = 8;
/** Below this budget the prefilter is switched off... */
const BUDGET_FLOOR = -256;
/** ...for this many code units, then tried again. */
const RETRY_AFTER = 16384;

/** A tally's per-pattern weights (see TALLY_COUNT) and what they make per state of the tally table. */
export interface TallyWeights {
  readonly patterns: Uint8Array;
  /** per key of the tally table: its outputs' counts summed (TALLY_ASK past TALLY_COUNT) and flags OR-ed; null: no table */
  readonly states: Uint8Array | null;
}

/** Decides the hits of the patterns weighed TALLY_ASK, one at a time. */
export interface TallyAsker {
  /**
   * The hit of `pattern` ending at `end`: false stops the tally. Not in the order of the text: a long text's two
   * halves are read at once (`tally`).
   */
  ask(pattern: number, end: number): boolean;
}

/** What a tally added up: the hits' counts and their flags OR-ed (TALLY_FLAGS), and how it read the text. */
export interface TallyResult {
  count: number;
  flags: number;
  /** the tally read by `scan`: the text's hits are in the list it was given */
  scanned: boolean;
}

/** Units the tally reads by the scan before it looks whether the scan's prefilter still skips half of them. */
const SPARSE_PROBE = 1 << 16;
/** Units the tally reads on the table before it looks whether the hits ran sparse (fewer than one in SPARSE_HITS). */
const DENSE_PROBE = 1 << 18;
const SPARSE_HITS = 64;
/**
 * Texts this long and longer are tallied as two halves at once (`tallyStates`); below it the set-up (the copy into
 * code units, the second half's lead-in) costs more than it gains.
 */
const TWO_HALVES_FROM = 1024;

/** What the prefilter did, summed over every scan (tests and benchmarks read it). */
export interface ScanStats {
  /** code units passed over by the prefilter without stepping the automaton */
  skipped: number;
  /** times the prefilter was switched off because skipping did not pay */
  switchedOff: number;
}

/**
 * Aho-Corasick over UTF-16 code units, stored in typed arrays (why this shape, and what was measured:
 * ./DESIGN.md).
 *
 * - The text's code units map through one 64K table straight to dense symbol ids (width and case folded on
 *   the way, so the text is never copied); symbols are numbered most used first.
 * - The root has a direct row over all symbols; every other transition is one probe of a double array: the
 *   children of state s sit at base(s) + symbol, and a slot is s's child when its check is s. A state is one
 *   16-byte cell [base, check, fail, emit], so the probe that finds a state has also fetched its fail link
 *   and outputs.
 * - Outputs are precomputed per state (its own pattern, then those of its dictionary suffix chain, longest
 *   first): a state with one output keeps the pattern id in its cell, one with more points to a run of ids.
 *   Every occurrence is reported, overlapping ones included.
 * - A prefilter skips text where the automaton would stay at depth ≤ 1 and report nothing: a hashed bit set
 *   of the code-unit pairs (every spelling that folds alike) that begin a pattern, plus one-unit patterns;
 *   when every pattern has three units or more, it tests every other position (pairs at offsets 0–1 and
 *   1–2) and confirms a stop with the first three units. It may answer "maybe" wrongly, never "no" wrongly;
 *   where it stops too often it switches itself off for a while.
 */
export class AhoCorasick {
  /** code unit → symbol (0: in no pattern), folding applied */
  private readonly symbolOf: Uint16Array;
  /** the root's transitions by symbol (0: stay at the root) */
  private readonly rootNext: Int32Array;
  /**
   * per state s: cells[4s] base, [4s+1] check (the parent; -1 for a free slot), [4s+2] fail, [4s+3] outputs:
   * 0 none, p + 1 the one pattern p, -r the run of pattern ids at emits[r]
   */
  private readonly cells: Int32Array;
  /** runs of pattern ids, each ended by -1 (emits[0] is unused) */
  private readonly emits: Int32Array;
  /** the prefilter: a hashed bit set of the raw code-unit pairs that may begin a pattern */
  private readonly pairBits: Int32Array;
  private readonly pairShift: number;
  /** per symbol: 1 when the symbol alone is a pattern */
  private readonly single: Uint8Array;
  private readonly anySingle: boolean;
  /** 2 when every pattern is at least three units long: the prefilter tests every other position */
  private readonly stride: number;
  /** with stride 2: a hashed bit set of the raw code-unit triples that begin a pattern */
  private readonly triples: Int32Array;
  /** the most outputs one state has (a pattern and those that end it) */
  private readonly longestRun: number;
  /** length of each pattern, by id */
  readonly patternLength: Int32Array;
  /** the longest pattern's length: no state is deeper */
  private readonly longest: number;
  /** the text's code units for a tally in two halves */
  private readonly codeUnits = new CodeUnits();
  readonly patternCount: number;
  /** trie states, root included */
  readonly stateCount: number;
  readonly stats: ScanStats = { skipped: 0, switchedOff: 0 };
  /** the resolved transitions for `tally`, built when first asked for (null: too many to build) */
  private tallyTable: TallyTable | null | undefined = undefined;
  /** a tally's hits when there is no tally table */
  private readonly tallyHits = new MatchList(256);
  /**
   * Which way the tally reads (see `tally`): `sparse`, the scan (its prefilter skips), else the table; `units` read
   * since the last look and what was `seen` in them (units skipped by the scan, or hits counted on the table).
   */
  private readonly tallyMode = { sparse: true, units: 0, seen: 0, fixed: false };

  /**
   * @param patterns distinct, non-empty patterns, already folded the way `caseSensitive` says; a pattern's id is its index
   */
  constructor(patterns: readonly string[], caseSensitive = false) {
    const fold = foldTable(caseSensitive);
    const count = patterns.length;
    this.patternCount = count;
    this.patternLength = new Int32Array(count);
    let totalLength = 0;
    for (let p = 0; p < count; p++) {
      this.patternLength[p] = patterns[p]!.length;
      totalLength += patterns[p]!.length;
    }
    this.longest = this.patternLength.reduce((a, b) => Math.max(a, b), 0);
    const { symbolOf, symbolCount } = symbolTable(patterns, fold);
    this.symbolOf = symbolOf;
    const filter = pairFilter(patterns, fold, symbolOf, symbolCount);
    this.pairBits = filter.bits;
    this.pairShift = filter.shift;
    this.single = filter.single;
    this.anySingle = filter.single.includes(1);
    this.stride = filter.stride;
    this.triples = filter.triples ?? new Int32Array(1);

    const trie = buildTrie(patterns, symbolOf, totalLength);
    this.stateCount = trie.states;
    const { cells, position } = placeStates(trie, symbolCount);
    this.cells = cells;
    this.rootNext = new Int32Array(symbolCount + 1);
    for (let child = trie.firstChild[0]!; child > 0; child = trie.nextSibling[child]!) {
      this.rootNext[trie.symbol[child]!] = position[child]!;
    }
    this.emits = this.link(trie, position);
    let longest = count > 0 ? 1 : 0;
    for (let e = 1, run = 0; e < this.emits.length; e++) {
      if (this.emits[e]! >= 0) run++;
      else {
        if (run > longest) longest = run;
        run = 0;
      }
    }
    this.longestRun = longest;
  }

  /**
   * Fail links and output runs, breadth first over the trie (a state's fail target is shallower, so it is
   * done first); returns the runs.
   */
  private link(trie: Trie, position: Int32Array): Int32Array {
    const cells = this.cells;
    const runs: number[] = [-1];
    const queue = new Int32Array(trie.states);
    let head = 0;
    let tail = 0;
    for (let child = trie.firstChild[0]!; child > 0; child = trie.nextSibling[child]!) queue[tail++] = child;
    while (head < tail) {
      const node = queue[head++]!;
      const at = position[node]!;
      // fail: the longest proper suffix that is a state (for depth 1, the root)
      let target = 0;
      const parent = trie.parent[node]!;
      if (parent !== 0) {
        const symbol = trie.symbol[node]!;
        let f = cells[position[parent]! * 4 + 2]!;
        for (;;) {
          const next = this.step(f, symbol);
          if (next >= 0) {
            target = next;
            break;
          }
          if (f === 0) break;
          f = cells[f * 4 + 2]!;
        }
      }
      cells[at * 4 + 2] = target;
      const own = trie.output[node]!;
      const inherited = cells[target * 4 + 3]!;
      if (own < 0) cells[at * 4 + 3] = inherited;
      else if (inherited === 0) cells[at * 4 + 3] = own + 1;
      else {
        cells[at * 4 + 3] = -runs.length;
        runs.push(own);
        if (inherited > 0) runs.push(inherited - 1);
        else for (let e = -inherited; runs[e]! >= 0; e++) runs.push(runs[e]!);
        runs.push(-1);
      }
      for (let child = trie.firstChild[node]!; child > 0; child = trie.nextSibling[child]!) queue[tail++] = child;
    }
    return Int32Array.from(runs);
  }

  /** The goto transition from `state` on `symbol` (no fail), or -1 when there is none. */
  private step(state: number, symbol: number): number {
    if (state === 0) {
      const next = this.rootNext[symbol]!;
      return next > 0 ? next : -1;
    }
    const t = this.cells[state * 4]! + symbol;
    return this.cells[t * 4 + 1] === state ? t : -1;
  }

  /**
   * Appends every occurrence of every pattern in `text` (overlapping ones too) to `out` as (pattern id,
   * end position), in order of end position, then of decreasing length.
   */
  scan(text: string, out: MatchList): void {
    const symbolOf = this.symbolOf;
    const rootNext = this.rootNext;
    const cells = this.cells;
    const emits = this.emits;
    const pairBits = this.pairBits;
    const shift = this.pairShift;
    const single = this.single;
    const anySingle = this.anySingle;
    const stride = this.stride;
    const triples = this.triples;
    const longestRun = this.longestRun;
    let ids = out.patterns;
    let ends = out.ends;
    let size = out.length;
    let capacity = ids.length;
    const n = text.length;
    let state = 0;
    let i = 0;
    // Skipping pays on text where few pairs begin a pattern; where most do, it only adds work. A budget
    // (units skipped minus a cost per stop) switches it off for a stretch of text, after which it is retried.
    let skipping = true;
    let budget = 0;
    let retryAt = 0;
    let skipped = 0;
    while (i < n) {
      if (skipping) {
        // The automaton is at depth ≤ 1 here: at the root's child for the previous code unit, or the root.
        // The pair (previous, unit) can take it deeper only if it begins a pattern.
        let previous = i > 0 ? text.charCodeAt(i - 1) : 0xffff;
        const from = i;
        if (stride === 2) {
          // Every other position: the pair ending at k, against the pairs at offsets 0–1 and 1–2 of the
          // patterns. A start at s is caught at s + 1 or s + 2; after a stop (a start at k − 1 or k − 2), the
          // automaton resumes at k − 1 (not before where skipping began) from the root's child for the unit
          // before, which is where it would be: nothing before k − 2 begins a pattern.
          let k = i > 0 ? i : 1;
          for (; k < n; k += 2) {
            const b = text.charCodeAt(k - 1);
            const c = text.charCodeAt(k);
            const h = Math.imul((b << 16) | c, 0x9e3779b1) >>> shift;
            if (((pairBits[h >>> 5]! >>> (h & 31)) & 1) === 0) continue;
            // a start at k - 1 needs the triple (k - 1, k, k + 1), one at k - 2 the triple (k - 2, k - 1, k)
            if (k + 1 < n) {
              const t = tripleHash(b, c, text.charCodeAt(k + 1), shift);
              if (((triples[t >>> 5]! >>> (t & 31)) & 1) !== 0) break;
            }
            if (k >= 2) {
              const t = tripleHash(text.charCodeAt(k - 2), b, c, shift);
              if (((triples[t >>> 5]! >>> (t & 31)) & 1) !== 0) break;
            }
          }
          if (k >= n) {
            skipped += n - from;
            break;
          }
          i = Math.max(k - 1, from);
          previous = i > 0 ? text.charCodeAt(i - 1) : 0xffff;
        } else if (anySingle) {
          for (; i < n; i++) {
            const unit = text.charCodeAt(i);
            const h = Math.imul((previous << 16) | unit, 0x9e3779b1) >>> shift;
            if (((pairBits[h >>> 5]! >>> (h & 31)) & 1) !== 0 || single[symbolOf[unit]!] !== 0) break;
            previous = unit;
          }
        } else {
          for (; i < n; i++) {
            const unit = text.charCodeAt(i);
            const h = Math.imul((previous << 16) | unit, 0x9e3779b1) >>> shift;
            if (((pairBits[h >>> 5]! >>> (h & 31)) & 1) !== 0) break;
            previous = unit;
          }
        }
        skipped += i - from;
        if (i >= n) break;
        state = i > 0 ? rootNext[symbolOf[previous]!]! : 0;
        budget += i - from - STOP_COST;
        if (budget < BUDGET_FLOOR) {
          skipping = false;
          budget = 0;
          retryAt = i + RETRY_AFTER;
          this.stats.switchedOff++;
        }
      }
      if (!skipping) {
        // Skipping is off until retryAt: the same steps as the loop below without its check for going back to
        // skipping (on dense text that is nearly every unit). Written out twice on purpose: one loop with the check
        // made conditional, or the step and the output writes as functions, measured 5–15 % slower on dense text.
        const stop = Math.min(retryAt, n);
        for (; i < stop; i++) {
          const symbol = symbolOf[text.charCodeAt(i)]!;
          if (state === 0 || symbol === 0) state = rootNext[symbol]!;
          else {
            for (;;) {
              const t = cells[state << 2]! + symbol;
              if (cells[(t << 2) + 1] === state) {
                state = t;
                break;
              }
              state = cells[(state << 2) + 2]!;
              if (state === 0) {
                state = rootNext[symbol]!;
                break;
              }
            }
          }
          const code = cells[(state << 2) + 3]!;
          if (code === 0) continue;
          // room for the longest run of outputs (the check once per unit with an output, not per output)
          if (size + longestRun > capacity) {
            out.length = size;
            out.reserve(size + longestRun);
            ids = out.patterns;
            ends = out.ends;
            capacity = ids.length;
          }
          if (code > 0) {
            ids[size] = code - 1;
            ends[size++] = i + 1;
          } else {
            let e = -code;
            let id = emits[e]!;
            do {
              ids[size] = id;
              ends[size++] = i + 1;
              id = emits[++e]!;
            } while (id >= 0);
          }
        }
        if (i >= n) break;
      }
      for (; i < n; i++) {
        const symbol = symbolOf[text.charCodeAt(i)]!;
        if (state === 0 || symbol === 0) state = rootNext[symbol]!;
        else {
          for (;;) {
            const t = cells[state << 2]! + symbol;
            if (cells[(t << 2) + 1] === state) {
              state = t;
              break;
            }
            state = cells[(state << 2) + 2]!;
            if (state === 0) {
              state = rootNext[symbol]!;
              break;
            }
          }
        }
        const code = cells[(state << 2) + 3]!;
        if (code > 0) {
          if (size === capacity) {
            out.length = size;
            out.reserve(size + 1);
            ids = out.patterns;
            ends = out.ends;
            capacity = ids.length;
          }
          ids[size] = code - 1;
          ends[size] = i + 1;
          size++;
        } else if (code < 0) {
          let e = -code;
          let id = emits[e]!;
          do {
            if (size === capacity) {
              out.length = size;
              out.reserve(size + 1);
              ids = out.patterns;
              ends = out.ends;
              capacity = ids.length;
            }
            ids[size] = id;
            ends[size] = i + 1;
            size++;
            id = emits[++e]!;
          } while (id >= 0);
        }
        // Back to skipping once at depth ≤ 1 (the root's child for this unit, or the root).
        if ((skipping || i >= retryAt) && state === rootNext[symbol]) {
          skipping = true;
          i++;
          break;
        }
      }
    }
    out.length = size;
    this.stats.skipped += skipped;
  }

  /**
   * Per-state weights for a tally from per-pattern ones (TALLY_COUNT, TALLY_FLAGS, TALLY_ASK); builds the tally
   * table the first time. A caller keeps the answer for as long as its pattern weights hold.
   */
  tallyWeights(patterns: Uint8Array): TallyWeights {
    if (this.tallyTable === undefined)
      this.tallyTable = buildTallyTable(this.cells, this.rootNext, this.symbolOf, this.rootNext.length - 1);
    const table = this.tallyTable;
    if (table === null) return { patterns, states: null };
    const { cellOfKey, root } = table;
    const cells = this.cells;
    const emits = this.emits;
    const states = new Uint8Array(table.entries.length);
    for (let key = 0; key < cellOfKey.length; key++) {
      const cell = cellOfKey[key]!;
      if (cell < 0) continue;
      const code = cells[(cell << 2) + 3]!;
      if (code === 0) continue;
      let count = 0;
      let flags = 0;
      for (let e = code > 0 ? 0 : -code, p = code > 0 ? code - 1 : emits[e]!; p >= 0; p = code > 0 ? -1 : emits[++e]!) {
        const weight = patterns[p]!;
        count += weight & TALLY_COUNT;
        flags |= weight & (TALLY_FLAGS | TALLY_ASK);
      }
      states[root + key] = count > TALLY_COUNT ? TALLY_ASK : count | flags;
    }
    return { patterns, states };
  }

  /**
   * Adds up the weights of every occurrence of every pattern in `text` (as `scan` reports them) into `result`,
   * handing each hit of a pattern weighed TALLY_ASK to `asker`; answers false when the asker stopped it. Dense text
   * is read on the tally table: one step per code unit with no fail links and no branch on the outcome, 0.4–0.6×
   * the time of `scan` (DESIGN.md, "Tally"). Sparse text (fewer than one hit in 64 units), and every text when there
   * is no table, is read by `scan`, whose prefilter skips most of it, and its hits weighed one by one; the tally
   * goes back to the table when the prefilter skips less than half (it starts that way: real text is mostly
   * sparse). A tally by the scan leaves the text's hits in `hits` and says so in `result.scanned`.
   */
  tally(
    text: string,
    weights: TallyWeights,
    asker: TallyAsker,
    result: TallyResult,
    hits: MatchList = this.tallyHits,
  ): boolean {
    const states = weights.states;
    const mode = this.tallyMode;
    if (states === null || mode.sparse) {
      result.scanned = true;
      const skipped = this.stats.skipped;
      const finished = this.tallyHitsOf(text, weights.patterns, asker, result, hits);
      if (states !== null && !mode.fixed) {
        // On sparse text the scan's prefilter skips most units, which the table cannot: stay with the scan while
        // it skips at least half of what it reads.
        mode.units += text.length;
        mode.seen += this.stats.skipped - skipped;
        if (mode.units >= SPARSE_PROBE) {
          if (mode.seen * 2 < mode.units) mode.sparse = false;
          mode.units = mode.seen = 0;
        }
      }
      return finished;
    }
    result.scanned = false;
    const count = result.count;
    const finished = this.tallyStates(text, states, weights.patterns, asker, result);
    if (mode.fixed) return finished;
    // ... and try the scan again when the hits run sparse
    mode.units += text.length;
    mode.seen += result.count - count;
    if (mode.units >= DENSE_PROBE) {
      if (mode.seen * SPARSE_HITS < mode.units) mode.sparse = true;
      mode.units = mode.seen = 0;
    }
    return finished;
  }

  /**
   * The tally over the table: per code unit one probe, the state's weight added. A long text is read as two halves at
   * once (`runTwo`): the second half's state is found by reading, unweighed, the `longest` units before it (no state
   * is deeper, so the state reached there is the one a single pass would have). Its asked hits then come before the
   * first half's later ones: the asker is told hits in order within each half only.
   */
  private tallyStates(
    text: string,
    states: Uint8Array,
    patterns: Uint8Array,
    asker: TallyAsker,
    result: TallyResult,
  ): boolean {
    const n = text.length;
    const { run, runTwo, out, silent, root, noPair } = this.tallyTable!;
    if (n < TWO_HALVES_FROM) return this.tallyRange(text, 0, n, root, noPair, states, patterns, asker, result);
    const mid = n >>> 1;
    run(text, Math.max(0, mid - this.longest), mid, root, noPair, silent);
    let key2 = out[2]!;
    let pair2 = out[3]!;
    let key = root;
    let pair = noPair;
    const units = this.codeUnits.read(text);
    let i = 0;
    let j = mid;
    for (;;) {
      const steps = runTwo(units, i, j, Math.min(mid - i, n - j), key, pair, key2, pair2, states);
      result.count += out[0]!;
      result.flags |= out[1]! & TALLY_FLAGS;
      i += steps;
      j += steps;
      key = out[2]!;
      pair = out[3]!;
      key2 = out[4]!;
      pair2 = out[5]!;
      if (i === mid || j === n) break;
      // a state weighed TALLY_ASK at i or at j: one step of each half alone, which asks
      if (!this.tallyRange(text, i, ++i, key, pair, states, patterns, asker, result)) return false;
      key = out[2]!;
      pair = out[3]!;
      if (!this.tallyRange(text, j, ++j, key2, pair2, states, patterns, asker, result)) return false;
      key2 = out[2]!;
      pair2 = out[3]!;
    }
    // the rest of the longer half (a unit or so; all of it after an ask near the end)
    return (
      this.tallyRange(text, i, mid, key, pair, states, patterns, asker, result) &&
      this.tallyRange(text, j, n, key2, pair2, states, patterns, asker, result)
    );
  }

  /**
   * The tally over units `from`..`end` of the text by the one-stretch loop, from state `key` (`pair`: see TallyRun),
   * asking about the states weighed TALLY_ASK; leaves the last state's key and pair in the table's `out` [2] and [3].
   */
  private tallyRange(
    text: string,
    from: number,
    end: number,
    key: number,
    pair: number,
    states: Uint8Array,
    patterns: Uint8Array,
    asker: TallyAsker,
    result: TallyResult,
  ): boolean {
    const { run, out } = this.tallyTable!;
    for (let i = from; ; ) {
      i = run(text, i, end, key, pair, states);
      result.count += out[0]!;
      result.flags |= out[1]! & TALLY_FLAGS;
      if (i >= end) return true;
      key = out[2]!;
      pair = out[3]!;
      if (!this.askState(key, ++i, patterns, asker, result)) return false;
      if (i >= end) return true;
    }
  }

  /** The tally without a table: `scan`'s hits weighed one by one. */
  private tallyHitsOf(
    text: string,
    patterns: Uint8Array,
    asker: TallyAsker,
    result: TallyResult,
    hits: MatchList,
  ): boolean {
    hits.clear();
    this.scan(text, hits);
    const ids = hits.patterns;
    let count = 0;
    let flags = 0;
    for (let h = 0; h < hits.length; h++) {
      const weight = patterns[ids[h]!]!;
      if (weight >= TALLY_ASK) {
        if (!asker.ask(ids[h]!, hits.ends[h]!)) return false;
        continue;
      }
      count += weight & TALLY_COUNT;
      flags |= weight;
    }
    result.count += count;
    result.flags |= flags & TALLY_FLAGS;
    return true;
  }

  /**
   * Fixes how `tally` reads: 'table' (when there is one), 'scan', or 'auto' (by the text, the default). For tests
   * and benchmarks that must hold one way to the other.
   */
  tallyBy(way: 'table' | 'scan' | 'auto'): void {
    const mode = this.tallyMode;
    mode.fixed = way !== 'auto';
    mode.sparse = way !== 'table';
    mode.units = mode.seen = 0;
  }

  /** A state weighed TALLY_ASK: its outputs one at a time, the askers' through the asker. */
  private askState(key: number, end: number, patterns: Uint8Array, asker: TallyAsker, result: TallyResult): boolean {
    const table = this.tallyTable!;
    const code = this.cells[(table.cellOfKey[key - table.root]! << 2) + 3]!;
    const emits = this.emits;
    for (let e = code > 0 ? 0 : -code, p = code > 0 ? code - 1 : emits[e]!; p >= 0; p = code > 0 ? -1 : emits[++e]!) {
      const weight = patterns[p]!;
      if (weight >= TALLY_ASK) {
        if (!asker.ask(p, end)) return false;
        continue;
      }
      result.count += weight & TALLY_COUNT;
      result.flags |= weight & TALLY_FLAGS;
    }
    return true;
  }
}

function tripleHash(a: number, b: number, c: number, shift: number): number {
  return Math.imul(Math.imul((a << 16) | b, 0x9e3779b1) ^ c, 0x85ebca6b) >>> shift;
}

/** Dense symbol ids for the (folded) code units the patterns use, most used first; 0 for every other unit. */
function symbolTable(patterns: readonly string[], fold: Uint16Array): { symbolOf: Uint16Array; symbolCount: number } {
  const uses = new Int32Array(0x10000);
  for (const pattern of patterns) for (let i = 0; i < pattern.length; i++) uses[fold[pattern.charCodeAt(i)]!]!++;
  const used: number[] = [];
  for (let u = 0; u < 0x10000; u++) if (uses[u]! > 0) used.push(u);
  // Most used first: the children of a state then tend to have small, close symbols, which packs the double
  // array tighter.
  used.sort((a, b) => uses[b]! - uses[a]! || a - b);
  const symbolOfUnit = new Uint16Array(0x10000);
  for (let k = 0; k < used.length; k++) symbolOfUnit[used[k]!] = k + 1;
  const symbolOf = new Uint16Array(0x10000);
  for (let c = 0; c < 0x10000; c++) symbolOf[c] = symbolOfUnit[fold[c]!]!;
  return { symbolOf, symbolCount: used.length };
}

/**
 * The prefilter's tables: a bit set, hashed, of every raw code-unit pair that folds to the first two units of
 * a pattern (so the scan hashes the text's units as they are, without a table lookup), about 32 bits per
 * pair (few false stops) up to 128 KB; and the symbols that are one-unit patterns.
 */
function pairFilter(
  patterns: readonly string[],
  fold: Uint16Array,
  symbolOf: Uint16Array,
  symbolCount: number,
): { bits: Int32Array; shift: number; single: Uint8Array; stride: number; triples: Int32Array | null } {
  let pairs = 0;
  // Every pattern at least three units long: the scan may test every other position against the pairs at
  // offsets 0–1 and 1–2 (a start at s is caught at s + 1 or s + 2, whichever is tested).
  const stride = patterns.length > 0 && patterns.every((p) => p.length >= 3) ? 2 : 1;
  const heads = new Set<number>();
  for (const pattern of patterns) {
    if (pattern.length < 2) continue;
    pairs += stride;
    for (let k = 0; k <= stride; k++) heads.add(fold[pattern.charCodeAt(k)]!);
  }
  let size = 1 << 12;
  while (size < pairs * 32 && size < 1 << 20) size *= 2;
  const bits = new Int32Array(size >>> 5);
  const shift = 32 - Math.log2(size);
  // every spelling of each folded unit that begins a pattern (a, A, ａ, Ａ …)
  const spellings = new Map<number, number[]>();
  for (let c = 0; c < 0x10000; c++) {
    const f = fold[c]!;
    if (!heads.has(f)) continue;
    const list = spellings.get(f);
    if (list === undefined) spellings.set(f, [c]);
    else list.push(c);
  }
  const single = new Uint8Array(symbolCount + 1);
  for (const pattern of patterns) {
    if (pattern.length === 1) single[symbolOf[pattern.charCodeAt(0)]!] = 1;
    if (pattern.length < 2) continue;
    for (let k = 0; k < stride; k++) {
      for (const a of spellings.get(fold[pattern.charCodeAt(k)]!)!) {
        for (const b of spellings.get(fold[pattern.charCodeAt(k + 1)]!)!) {
          const h = Math.imul((a << 16) | b, 0x9e3779b1) >>> shift;
          bits[h >>> 5]! |= 1 << (h & 31);
        }
      }
    }
  }
  // With stride 2, a stop is confirmed by the first three units: pairs of real text begin patterns often
  // (a pattern's first two characters may be a common word), their first triples much more rarely.
  let triples: Int32Array | null = null;
  if (stride === 2) {
    triples = new Int32Array(size >>> 5);
    for (const pattern of patterns) {
      for (const a of spellings.get(fold[pattern.charCodeAt(0)]!)!) {
        for (const b of spellings.get(fold[pattern.charCodeAt(1)]!)!) {
          for (const c of spellings.get(fold[pattern.charCodeAt(2)]!)!) {
            const h = tripleHash(a, b, c, shift);
            triples[h >>> 5]! |= 1 << (h & 31);
          }
        }
      }
    }
  }
  return { bits, shift, single, stride, triples };
}

/** A plain trie over symbols, numbered in insertion order (the root is 0), children as sibling lists. */
interface Trie {
  readonly states: number;
  readonly parent: Int32Array;
  readonly symbol: Int32Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  readonly childCount: Int32Array;
  /** pattern ending here, or -1 */
  readonly output: Int32Array;
}

/**
 * Builds the trie, finding children through one open-addressing hash table keyed by (state, symbol); a new
 * child is put at the head of its parent's sibling list.
 */
function buildTrie(patterns: readonly string[], symbolOf: Uint16Array, totalLength: number): Trie {
  const max = totalLength + 1;
  const parent = new Int32Array(max);
  const symbol = new Int32Array(max);
  const firstChild = new Int32Array(max);
  const nextSibling = new Int32Array(max);
  const childCount = new Int32Array(max);
  const output = new Int32Array(max).fill(-1);
  let slots = 16;
  while (slots < max * 2) slots *= 2;
  const mask = slots - 1;
  const keyState = new Int32Array(slots).fill(-1);
  const keySymbol = new Int32Array(slots);
  const value = new Int32Array(slots);
  let states = 1;
  for (let p = 0; p < patterns.length; p++) {
    const pattern = patterns[p]!;
    let node = 0;
    for (let i = 0; i < pattern.length; i++) {
      const s = symbolOf[pattern.charCodeAt(i)]!;
      let h = (Math.imul(node, 0x9e3779b1) ^ Math.imul(s, 0x85ebca6b)) & mask;
      let child = -1;
      while (keyState[h] !== -1) {
        if (keyState[h] === node && keySymbol[h] === s) {
          child = value[h]!;
          break;
        }
        h = (h + 1) & mask;
      }
      if (child < 0) {
        child = states++;
        keyState[h] = node;
        keySymbol[h] = s;
        value[h] = child;
        parent[child] = node;
        symbol[child] = s;
        nextSibling[child] = firstChild[node]!;
        firstChild[node] = child;
        childCount[node]!++;
      }
      node = child;
    }
    // Patterns that fold alike end at one state: the first id keeps it (the contract asks for distinct ones).
    if (output[node]! < 0 && pattern.length > 0) output[node] = p;
  }
  return { states, parent, symbol, firstChild, nextSibling, childCount, output };
}

/**
 * Lays the trie out as a double array: breadth first, each state with children gets the first base such that
 * base + symbol is free for every child symbol, trying the free slots in order as the place of the lowest
 * child (`FreeSlots`: a slot that failed too often stops being tried, which bounds the build time).
 */
function placeStates(trie: Trie, symbolCount: number): { cells: Int32Array; position: Int32Array } {
  const position = new Int32Array(trie.states);
  let check = new Int32Array(0);
  let base = new Int32Array(0);
  let highest = 0;
  const slots = new FreeSlots(symbolCount, 64, (capacity) => {
    const c = new Int32Array(capacity).fill(-1);
    c.set(check);
    check = c;
    const b = new Int32Array(capacity);
    b.set(base);
    base = b;
  });
  slots.grow(trie.states + symbolCount + 1);
  slots.drop(0); // the root's
  check[0] = -2; // the root: nobody's child
  const symbols: number[] = [];
  const queue = new Int32Array(trie.states);
  let head = 0;
  let tail = 1; // queue[0] = the root
  while (head < tail) {
    const node = queue[head++]!;
    if (trie.childCount[node] === 0) continue;
    const at = position[node]!;
    symbols.length = 0;
    let low = 0x10000;
    for (let child = trie.firstChild[node]!; child > 0; child = trie.nextSibling[child]!) {
      const symbol = trie.symbol[child]!;
      symbols.push(symbol);
      if (symbol < low) low = symbol;
      queue[tail++] = child;
    }
    let chosen = 0;
    if (node !== 0) {
      // base ≥ 1: the lowest child goes at slot ≥ low + 1
      for (let slot = slots.next(low + 1); ; slot = slots.next(slot + 1)) {
        const b = slot - low;
        let fits = true;
        for (let k = 0; k < symbols.length; k++) {
          const t = b + symbols[k]!;
          if (t >= slots.capacity) slots.grow(t + symbolCount);
          if (check[t] !== -1) {
            fits = false;
            break;
          }
        }
        if (fits) {
          chosen = b;
          break;
        }
        slots.failed(slot);
      }
    }
    base[at] = chosen;
    for (let child = trie.firstChild[node]!; child > 0; child = trie.nextSibling[child]!) {
      const slot = chosen + trie.symbol[child]!;
      check[slot] = at;
      slots.drop(slot);
      position[child] = slot;
      if (slot > highest) highest = slot;
    }
  }
  // Every probe base + symbol must land inside the array: leave a full symbol range past the highest base.
  let maxBase = 0;
  for (let s = 0; s <= highest; s++) if (base[s]! > maxBase) maxBase = base[s]!;
  const size = Math.max(highest, maxBase + symbolCount) + 1;
  const cells = new Int32Array(size * 4);
  for (let s = 0; s < size; s++) {
    cells[s * 4] = s < slots.capacity ? base[s]! : 0;
    cells[s * 4 + 1] = s < slots.capacity ? check[s]! : -1;
  }
  return { cells, position };
}
