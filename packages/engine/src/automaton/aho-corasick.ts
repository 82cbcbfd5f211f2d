import { foldTable } from '../text/fold.js';
import type { MatchList } from './match-list.js';

/**
 * Aho-Corasick over UTF-16 code units, stored in typed arrays.
 *
 * Why this shape: one JS RegExp alternation of thousands of words crawls in V8, and object-per-node tries
 * are slow to walk and heavy to keep. Here the text's code units are mapped through one 64K table straight
 * to a dense symbol id (folding width and case on the way, so the text is never copied); a code unit that no
 * pattern contains resets to the root at once; the root has a direct table; other states keep their few
 * edges sorted in one flat array. Outputs follow dictionary suffix links, so every occurrence is reported,
 * overlapping ones included.
 */
export class AhoCorasick {
  /** code unit → symbol (0: in no pattern), folding applied */
  private readonly symbolOf: Uint16Array;
  private readonly rootNext: Int32Array;
  private readonly edgeStart: Int32Array;
  private readonly edgeSymbol: Uint16Array;
  private readonly edgeTarget: Int32Array;
  private readonly fail: Int32Array;
  /** pattern ending at this state, or -1 */
  private readonly output: Int32Array;
  /** nearest state on the fail chain that has an output, or 0 */
  private readonly dictionary: Int32Array;
  /** length of each pattern, by id */
  readonly patternLength: Int32Array;
  readonly patternCount: number;
  readonly stateCount: number;

  /**
   * @param patterns distinct, non-empty patterns, already folded the way `caseSensitive` says; a pattern's id is its index
   */
  constructor(patterns: readonly string[], caseSensitive = false) {
    const fold = foldTable(caseSensitive);
    this.patternCount = patterns.length;
    this.patternLength = new Int32Array(patterns.length);

    // Symbols: dense ids for the code units patterns use.
    const symbolOfUnit = new Uint16Array(0x10000);
    let symbolCount = 0;
    for (const pattern of patterns) {
      for (let i = 0; i < pattern.length; i++) {
        const unit = fold[pattern.charCodeAt(i)]!;
        if (symbolOfUnit[unit] === 0) symbolOfUnit[unit] = ++symbolCount;
      }
    }
    this.symbolOf = new Uint16Array(0x10000);
    for (let c = 0; c < 0x10000; c++) this.symbolOf[c] = symbolOfUnit[fold[c]!]!;

    // Trie, built with one Map keyed by state and symbol, then flattened.
    let totalLength = 0;
    for (const pattern of patterns) totalLength += pattern.length;
    const maxStates = totalLength + 1;
    const output = new Int32Array(maxStates).fill(-1);
    const children = new Map<number, number>();
    const childCount = new Int32Array(maxStates);
    let states = 1;
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const symbol = this.symbolOf[pattern.charCodeAt(i)]!;
        const key = state * 0x10000 + symbol;
        let next = children.get(key);
        if (next === undefined) {
          next = states++;
          children.set(key, next);
          childCount[state]!++;
        }
        state = next;
      }
      output[state] = id;
      this.patternLength[id] = pattern.length;
    });
    this.stateCount = states;
    this.output = output.slice(0, states);

    // Flatten edges: each state's edges contiguous and sorted by symbol.
    this.edgeStart = new Int32Array(states + 1);
    for (let s = 0; s < states; s++) this.edgeStart[s + 1] = this.edgeStart[s]! + childCount[s]!;
    const edgeCount = this.edgeStart[states]!;
    this.edgeSymbol = new Uint16Array(edgeCount);
    this.edgeTarget = new Int32Array(edgeCount);
    const fill = this.edgeStart.slice(0, states);
    const keys = [...children.keys()].sort((a, b) => a - b);
    for (const key of keys) {
      const state = Math.floor(key / 0x10000);
      const at = fill[state]!++;
      this.edgeSymbol[at] = key % 0x10000;
      this.edgeTarget[at] = children.get(key)!;
    }
    this.rootNext = new Int32Array(symbolCount + 1);
    for (let e = this.edgeStart[0]!; e < this.edgeStart[1]!; e++)
      this.rootNext[this.edgeSymbol[e]!] = this.edgeTarget[e]!;

    // Fail and dictionary links, breadth first.
    this.fail = new Int32Array(states);
    this.dictionary = new Int32Array(states);
    const queue = new Int32Array(states);
    let head = 0;
    let tail = 0;
    for (let e = this.edgeStart[0]!; e < this.edgeStart[1]!; e++) queue[tail++] = this.edgeTarget[e]!;
    while (head < tail) {
      const state = queue[head++]!;
      for (let e = this.edgeStart[state]!; e < this.edgeStart[state + 1]!; e++) {
        const symbol = this.edgeSymbol[e]!;
        const child = this.edgeTarget[e]!;
        let f = this.fail[state]!;
        let target = this.step(f, symbol);
        while (target < 0) {
          f = this.fail[f]!;
          target = this.step(f, symbol);
        }
        this.fail[child] = target;
        this.dictionary[child] = this.output[target]! >= 0 ? target : this.dictionary[target]!;
        queue[tail++] = child;
      }
    }
  }

  /** The transition from `state` on `symbol`, or -1 when there is none (the root never fails: it answers 0). */
  private step(state: number, symbol: number): number {
    if (state === 0) return this.rootNext[symbol]!;
    const end = this.edgeStart[state + 1]!;
    for (let e = this.edgeStart[state]!; e < end; e++) {
      const s = this.edgeSymbol[e]!;
      if (s === symbol) return this.edgeTarget[e]!;
      if (s > symbol) return -1;
    }
    return -1;
  }

  /**
   * Appends every occurrence of every pattern in `text` (overlapping ones too) to `out` as (pattern id,
   * end position), in order of end position, then of decreasing length.
   */
  scan(text: string, out: MatchList): void {
    const symbolOf = this.symbolOf;
    const rootNext = this.rootNext;
    const edgeStart = this.edgeStart;
    const edgeSymbol = this.edgeSymbol;
    const edgeTarget = this.edgeTarget;
    const fail = this.fail;
    const output = this.output;
    const dictionary = this.dictionary;
    let state = 0;
    for (let i = 0, n = text.length; i < n; i++) {
      const symbol = symbolOf[text.charCodeAt(i)]!;
      if (symbol === 0) {
        state = 0;
        continue;
      }
      for (;;) {
        if (state === 0) {
          state = rootNext[symbol]!;
          break;
        }
        let next = -1;
        const end = edgeStart[state + 1]!;
        for (let e = edgeStart[state]!; e < end; e++) {
          const s = edgeSymbol[e]!;
          if (s === symbol) {
            next = edgeTarget[e]!;
            break;
          }
          if (s > symbol) break;
        }
        if (next >= 0) {
          state = next;
          break;
        }
        state = fail[state]!;
      }
      let o = output[state]! >= 0 ? state : dictionary[state]!;
      while (o !== 0) {
        out.push(output[o]!, i + 1);
        o = dictionary[o]!;
      }
    }
  }
}
