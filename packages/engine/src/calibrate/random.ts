/**
 * A small seeded PRNG (mulberry32) so that bootstrap intervals, folds and splits are the same on every run and
 * in every runtime (browser or Node). Not for anything secret.
 */
export type Random = () => number;

/** mulberry32: 32-bit state, uniform floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** A seeded Fisher–Yates shuffle of 0 … n−1. */
export function shuffledIndices(n: number, random: Random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/**
 * Seeded k-fold assignment: item i belongs to fold `folds[i]` (0 … k−1); fold sizes differ by at most one.
 * With k = 2 it is also the seeded half split.
 */
export function foldsOf(n: number, k: number, seed: number): Int32Array {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`folds must be an integer of at least 2, not ${k}`);
  const folds = new Int32Array(n);
  const order = shuffledIndices(n, mulberry32(seed));
  order.forEach((item, position) => {
    folds[item] = position % k;
  });
  return folds;
}
