import type { ContactHit } from './contacts.js';

/**
 * Shifts an insertion sort may make per hit of a run before the run is sorted the general way instead: a pass
 * reports its hits in order of end, so by start they are only a few places out of order (a hit moves past the
 * longer hits ending just before it); anything far from that order must not cost n².
 */
const SHIFTS_PER_HIT = 8;

/**
 * The hits of one scan before selection, as parallel typed arrays (no object per hit): library, word (≥ 0: index
 * in the library's words; < 0: allow word −1 − index; a contact detector's code above that), original span, and
 * for a contact detector's hit its `ContactHit`. Hits come in runs, one per pass; `sort` orders them by start, end,
 * library, word, ties in the order they came.
 */
export class HitList {
  lib = new Int32Array(256);
  word = new Int32Array(256);
  start = new Int32Array(256);
  end = new Int32Array(256);
  /** per contact detector's hit (only those: `pushFound`): its index in `found` */
  foundAt = new Int32Array(256);
  readonly found: ContactHit[] = [];
  length = 0;
  /** some hit is an allow word's */
  allows = false;
  /** some run may hold a hit twice */
  twice = false;
  /** the sorted order (indices of hits), valid after `sort` */
  order = new Int32Array(256);
  private spare = new Int32Array(256);
  /** where each run begins: `runs[0 .. runCount)` */
  private readonly runs: number[] = [];
  private runCount = 0;
  /** tests: sort every run the general way (the reference the insertion sort is checked against) */
  general = false;
  /** how many runs with hits the last `sort` merged (one: every hit from one pass, so none twice) */
  sortedRuns = 0;

  clear(): void {
    this.length = 0;
    this.allows = false;
    this.twice = false;
    this.runCount = 0;
    // setting an array's length is a call into the runtime: only when there is something to drop
    if (this.found.length > 0) this.found.length = 0;
  }

  /**
   * Starts a run: the hits of one pass, nearly in order of start. `once`: the pass cannot report a hit twice (a
   * pass over the text itself; a view that maps several units to one character can).
   */
  beginRun(once: boolean): void {
    this.runs[this.runCount++] = this.length;
    if (!once) this.twice = true;
  }

  /** Makes room for `more` hits past `length` (a caller writing the arrays itself reads them after this). */
  reserve(more: number): void {
    while (this.length + more > this.lib.length) this.grow();
  }

  push(lib: number, word: number, start: number, end: number): void {
    const n = this.length;
    if (n === this.lib.length) this.grow();
    this.lib[n] = lib;
    this.word[n] = word;
    this.start[n] = start;
    this.end[n] = end;
    if (word < 0) this.allows = true;
    this.length = n + 1;
  }

  pushFound(lib: number, word: number, found: ContactHit): void {
    this.push(lib, word, found.start, found.end);
    this.foundAt[this.length - 1] = this.found.length;
    this.found.push(found);
  }

  private grow(): void {
    const size = this.lib.length * 2;
    const widen = (from: Int32Array) => {
      const to = new Int32Array(size);
      to.set(from);
      return to;
    };
    this.lib = widen(this.lib);
    this.word = widen(this.word);
    this.start = widen(this.start);
    this.end = widen(this.end);
    this.foundAt = widen(this.foundAt);
    this.order = new Int32Array(size);
    this.spare = new Int32Array(size);
  }

  /** Hit a before hit b: by start, end, library, word; a tie keeps the order they came in. */
  private before(a: number, b: number): boolean {
    const start = this.start;
    if (start[a] !== start[b]) return start[a]! < start[b]!;
    const end = this.end;
    if (end[a] !== end[b]) return end[a]! < end[b]!;
    const lib = this.lib;
    if (lib[a] !== lib[b]) return lib[a]! < lib[b]!;
    return this.word[a]! < this.word[b]!;
  }

  /**
   * Orders the hits (`order[0 .. length)`): each run by insertion (it is nearly in order already), falling back to
   * a general sort when a run is far from it, then the runs merged one after another.
   */
  sort(): Int32Array {
    const n = this.length;
    const runs = this.runs;
    let count = this.runCount;
    if (count === 0 || runs[0] !== 0) {
      // hits before the first run (none today) form a run of their own
      runs.splice(0, 0, 0);
      count++;
    }
    let filled = 0;
    for (let r = 0; r < count; r++) {
      const from = runs[r]!;
      const to = r + 1 < count ? runs[r + 1]! : n;
      if (to > from) filled++;
      this.sortRun(from, to);
    }
    this.sortedRuns = filled;
    for (let r = 1; r < count; r++) this.merge(runs[r]!, r + 1 < count ? runs[r + 1]! : n);
    return this.order;
  }

  /** Sorts `order[from .. to)`, the hits from .. to - 1 (it writes the identity there first). */
  private sortRun(from: number, to: number): void {
    if (from >= to) return;
    if (this.general) {
      this.sortWhole(from, to);
      return;
    }
    const order = this.order;
    const start = this.start;
    let budget = (to - from) * SHIFTS_PER_HIT + 64;
    order[from] = from;
    for (let x = from + 1; x < to; x++) {
      // order[from .. x) holds the hits from .. x - 1 in order; hit x goes in after the last one not after it
      const sx = start[x]!;
      let m = x - 1;
      // the start decides nearly always; the full comparison only on equal starts
      for (; m >= from; m--) {
        const y = order[m]!;
        const sy = start[y]!;
        if (sy < sx || (sy === sx && !this.before(x, y))) break;
        order[m + 1] = y;
      }
      order[m + 1] = x;
      budget -= x - 1 - m;
      if (budget < 0) {
        // far from sorted: sort the run as a whole
        this.sortWhole(from, to);
        return;
      }
    }
  }

  /** Sorts the hits from .. to - 1 with the general sort (hit indices break ties, so it stays stable). */
  private sortWhole(from: number, to: number): void {
    const run: number[] = [];
    for (let h = from; h < to; h++) run.push(h);
    run.sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : a - b));
    this.order.set(run, from);
  }

  /** Merges the sorted `order[0 .. middle)` with the sorted run `order[middle .. to)`; on a tie the earlier first. */
  private merge(middle: number, to: number): void {
    if (middle === 0 || middle === to) return;
    const order = this.order;
    if (!this.before(order[middle]!, order[middle - 1]!)) return; // already in order
    const out = this.spare;
    let i = 0;
    let j = middle;
    let k = 0;
    while (i < middle && j < to) out[k++] = this.before(order[j]!, order[i]!) ? order[j++]! : order[i++]!;
    while (i < middle) out[k++] = order[i++]!;
    while (j < to) out[k++] = order[j++]!;
    order.set(out.subarray(0, to), 0);
  }
}
