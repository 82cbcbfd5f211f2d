/** Tries after which a free slot stops being a candidate place for a row. */
const FAILURES_TO_DROP = 8;

/**
 * The free slots of a double array being laid out, as candidate places for a row (the automaton's states, the tally
 * table's rows): a bit set of the slots still candidates, and per slot its failed tries. A slot that has failed
 * FAILURES_TO_DROP times sits in a crowded stretch and stops being a candidate (it stays free): every failed try is
 * charged to a slot, which bounds the build time. The owner keeps its own per-slot arrays and grows them in `onGrow`.
 */
export class FreeSlots {
  capacity = 0;
  /** bit set of the candidate slots (free, not dropped) */
  private candidate = new Int32Array(0);
  private failures = new Uint8Array(0);
  /** no candidate lies in a word before this one */
  private firstWord = 0;

  constructor(
    /** how far past the last slot a row may reach (the largest symbol): growing adds at least this */
    private readonly reach: number,
    /** the least capacity */
    private readonly least: number,
    /** called with the new capacity and the old one after the slots grew */
    private readonly onGrow: (capacity: number, old: number) => void,
  ) {}

  /** Room for slot `needed`. */
  grow(needed: number): void {
    if (needed < this.capacity) return;
    const old = this.capacity;
    this.capacity = (Math.max(needed + 1, Math.ceil(old * 1.5), this.least) + 31) & ~31;
    const failures = new Uint8Array(this.capacity);
    failures.set(this.failures);
    this.failures = failures;
    const bits = new Int32Array(this.capacity >>> 5);
    bits.set(this.candidate);
    for (let w = old >>> 5; w < bits.length; w++) bits[w] = -1;
    this.candidate = bits;
    this.onGrow(this.capacity, old);
  }

  /** The first candidate slot at or after `from`, growing when there is none. */
  next(from: number): number {
    let w = from >>> 5;
    if (w < this.firstWord) {
      w = this.firstWord;
      from = w << 5;
    }
    for (; ; w++) {
      if (w >= this.candidate.length) this.grow(this.capacity + this.reach);
      let word = this.candidate[w]!;
      if (w === from >>> 5) word &= -1 << (from & 31);
      if (word !== 0) return (w << 5) + (31 - Math.clz32(word & -word));
    }
  }

  /** A row did not fit with its lowest symbol at `slot`. */
  failed(slot: number): void {
    if (++this.failures[slot]! >= FAILURES_TO_DROP) this.drop(slot);
  }

  /** The slot is no candidate any more (used, or reserved). */
  drop(slot: number): void {
    const bit = 1 << (slot & 31);
    if ((this.candidate[slot >>> 5]! & bit) === 0) return;
    this.candidate[slot >>> 5]! &= ~bit;
    while (this.firstWord < this.candidate.length && this.candidate[this.firstWord] === 0) this.firstWord++;
  }
}
