/** A growable list of (pattern id, end position) pairs, in typed arrays so that a scan allocates nothing per hit. */
export class MatchList {
  patterns: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.patterns = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  push(pattern: number, end: number): void {
    if (this.length === this.patterns.length) this.grow();
    this.patterns[this.length] = pattern;
    this.ends[this.length] = end;
    this.length++;
  }

  clear(): void {
    this.length = 0;
  }

  private grow(): void {
    const patterns = new Int32Array(this.patterns.length * 2);
    const ends = new Int32Array(this.ends.length * 2);
    patterns.set(this.patterns);
    ends.set(this.ends);
    this.patterns = patterns;
    this.ends = ends;
  }
}
