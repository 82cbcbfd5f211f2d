/** A growable list of (pattern id, end position) pairs, in typed arrays so that a scan allocates nothing per hit. */
export class MatchList {
  patterns: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.patterns = new Int32Array(Math.max(1, capacity));
    this.ends = new Int32Array(Math.max(1, capacity));
  }

  push(pattern: number, end: number): void {
    if (this.length === this.patterns.length) this.reserve(this.length + 1);
    this.patterns[this.length] = pattern;
    this.ends[this.length] = end;
    this.length++;
  }

  clear(): void {
    this.length = 0;
  }

  /** Makes room for at least `capacity` pairs (at least doubling), keeping the first `length`. */
  reserve(capacity: number): void {
    if (capacity <= this.patterns.length) return;
    const size = Math.max(capacity, this.patterns.length * 2);
    const patterns = new Int32Array(size);
    const ends = new Int32Array(size);
    patterns.set(this.patterns.subarray(0, this.length));
    ends.set(this.ends.subarray(0, this.length));
    this.patterns = patterns;
    this.ends = ends;
  }
}
