/**
 * The score distribution: fixed-width bins over [0, max], the last closed so that max falls in it. `max` is the
 * scheme's full score (the total of its angles; 100 for a rule alone), so a scheme whose angles total 90 or 150 has
 * its scores spread over its own range.
 */

export interface HistogramBin {
  /** inclusive lower edge */
  readonly from: number;
  /** exclusive upper edge (inclusive for the last bin) */
  readonly to: number;
  readonly count: number;
}

/** The full score of a rule alone (its one-angle scheme) and of the demo schemes. */
export const SCORE_MAX = 100;

/** The full score of a scheme: the total of its angles (each angle's score is clamped to [0, its score]). */
export function schemeMaxScore(scheme: { schemeAngles?: readonly { score?: number | null }[] | null }): number {
  const total = (scheme.schemeAngles ?? []).reduce((sum, a) => sum + (Number(a.score) || 0), 0);
  return total > 0 ? total : SCORE_MAX;
}

/** The bin of a score in `bins` equal bins over [0, max]; scores outside are clamped into the end bins. */
export function binOf(score: number, bins: number, max = SCORE_MAX): number {
  const at = Math.floor((score / max) * bins);
  return Math.max(0, Math.min(bins - 1, at));
}

/** Counts of scores per bin, updated one score at a time as a run goes; the lowest and highest score seen. */
export class ScoreHistogram {
  readonly counts: number[];
  min: number | null = null;
  max: number | null = null;

  constructor(
    readonly bins = 20,
    readonly scoreMax = SCORE_MAX,
  ) {
    this.counts = new Array<number>(bins).fill(0);
  }

  add(score: number): void {
    const bin = binOf(score, this.bins, this.scoreMax);
    this.counts[bin] = (this.counts[bin] ?? 0) + 1;
    this.min = this.min === null ? score : Math.min(this.min, score);
    this.max = this.max === null ? score : Math.max(this.max, score);
  }

  snapshot(): HistogramBin[] {
    const width = this.scoreMax / this.bins;
    // edges rounded to a hundredth: 150 / 20 bins are 7.5 wide, 100 / 3 would be 33.333…
    const edge = (i: number) => Math.round(i * width * 100) / 100;
    return this.counts.map((count, i) => ({ from: edge(i), to: edge(i + 1), count }));
  }
}

/**
 * The x-axis of score charts: from 0 to the scheme's full score, widened to take in any score outside it (a scheme
 * whose angles changed since the scores were made).
 */
export function scoreDomain(scoreMax: number, seen: { min: number | null; max: number | null }): [number, number] {
  return [Math.min(0, seen.min ?? 0), Math.max(scoreMax, seen.max ?? 0)];
}
