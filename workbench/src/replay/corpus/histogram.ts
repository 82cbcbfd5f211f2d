/** The score distribution: fixed-width bins over [0, 100], the last closed so that 100 falls in it. */

export interface HistogramBin {
  /** inclusive lower edge */
  readonly from: number;
  /** exclusive upper edge (inclusive for the last bin) */
  readonly to: number;
  readonly count: number;
}

export const SCORE_MAX = 100;

/** The bin of a score in `bins` equal bins over [0, 100]; scores outside are clamped into the end bins. */
export function binOf(score: number, bins: number): number {
  const at = Math.floor((score / SCORE_MAX) * bins);
  return Math.max(0, Math.min(bins - 1, at));
}

/** Counts of scores per bin, updated one score at a time as a run goes. */
export class ScoreHistogram {
  readonly counts: number[];

  constructor(readonly bins = 20) {
    this.counts = new Array<number>(bins).fill(0);
  }

  add(score: number): void {
    const bin = binOf(score, this.bins);
    this.counts[bin] = (this.counts[bin] ?? 0) + 1;
  }

  snapshot(): HistogramBin[] {
    const width = SCORE_MAX / this.bins;
    return this.counts.map((count, i) => ({ from: i * width, to: (i + 1) * width, count }));
  }
}
