import { mulberry32, randomInt } from './random.js';

/**
 * Ranks 1 … n with ties given the average of the ranks they span (the "fractional" ranking Spearman's
 * coefficient needs): ranks of [10, 20, 20, 30] are [1, 2.5, 2.5, 4].
 */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i + 1;
    while (j < n && values[order[j]!] === values[order[i]!]) j++;
    const rank = (i + 1 + j) / 2; // mean of positions i+1 … j
    for (let k = i; k < j; k++) ranks[order[k]!] = rank;
    i = j;
  }
  return ranks;
}

/** Pearson's correlation; NaN when either side is constant or there are fewer than two pairs. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  if (n !== y.length) throw new RangeError('pearson: the two samples differ in length');
  if (n < 2) return Number.NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return Number.NaN;
  return sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation: Pearson's correlation of the average ranks (correct with ties). */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * The area under the ROC curve of `scores` for telling the positives from the negatives, computed as the
 * Mann–Whitney statistic: the share of (positive, negative) pairs where the positive scores higher, ties counting
 * one half. 0.5 is chance; NaN when either class is empty.
 */
export function auc(scores: ArrayLike<number>, positive: ArrayLike<boolean>): number {
  const n = scores.length;
  const ranks = averageRanks(scores);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < n; i++) {
    if (positive[i]) {
      positives++;
      rankSum += ranks[i]!;
    }
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  // U = R₊ − n₊(n₊+1)/2 counts the pairs the positive wins, with a tie worth ½ through the average ranks.
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/** Sample standard deviation (n − 1); NaN below two values. */
export function standardDeviation(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i]! - m) ** 2;
  return Math.sqrt(ss / (n - 1));
}

/** The q-quantile (0 ≤ q ≤ 1) by linear interpolation between order statistics (R's type 7). */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface MeanDifference {
  /** mean of the values where the group flag is true */
  readonly meanIn: number;
  /** mean of the others */
  readonly meanOut: number;
  /** meanIn − meanOut */
  readonly difference: number;
  /** percentile bootstrap interval of the difference, or null when a group is empty */
  readonly ci: readonly [number, number] | null;
}

export interface BootstrapOptions {
  /** resamples (default 1000) */
  readonly resamples?: number;
  /** coverage (default 0.95) */
  readonly level?: number;
  /** PRNG seed (default 1): the same seed gives the same interval */
  readonly seed?: number;
}

/**
 * The difference of means between the items in the group and the others, with a percentile bootstrap
 * confidence interval: each resample draws the group and the rest with replacement, each at its own size
 * (a stratified bootstrap, so that a rare rule never gets an empty group).
 */
export function meanDifference(
  values: ArrayLike<number>,
  inGroup: ArrayLike<boolean>,
  options: BootstrapOptions = {},
): MeanDifference {
  const inside: number[] = [];
  const outside: number[] = [];
  for (let i = 0; i < values.length; i++) (inGroup[i] ? inside : outside).push(values[i]!);
  const meanIn = mean(inside);
  const meanOut = mean(outside);
  if (inside.length === 0 || outside.length === 0) return { meanIn, meanOut, difference: meanIn - meanOut, ci: null };
  const resamples = options.resamples ?? 1000;
  const level = options.level ?? 0.95;
  const random = mulberry32(options.seed ?? 1);
  const draws = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    draws[b] = resampledMean(inside, random) - resampledMean(outside, random);
  }
  const tail = (1 - level) / 2;
  return { meanIn, meanOut, difference: meanIn - meanOut, ci: [quantile(draws, tail), quantile(draws, 1 - tail)] };
}

function resampledMean(values: readonly number[], random: () => number): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[randomInt(random, values.length)]!;
  return sum / values.length;
}
