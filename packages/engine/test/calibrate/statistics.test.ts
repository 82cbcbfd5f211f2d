import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auc,
  averageRanks,
  foldsOf,
  mean,
  meanDifference,
  mulberry32,
  pearson,
  quantile,
  spearman,
} from '../../src/calibrate/index.js';

describe('rank statistics against direct computation', () => {
  it('gives tied values the average of their ranks', () => {
    expect(Array.from(averageRanks([10, 20, 20, 30]))).toEqual([1, 2.5, 2.5, 4]);
    expect(Array.from(averageRanks([3, 1, 3, 3]))).toEqual([3, 1, 3, 3]);
  });

  it('computes Spearman with ties as Pearson of average ranks', () => {
    // y ranks [1, 2, 3.5, 5, 3.5]; centred: x −2 −1 0 1 2, y −2 −1 .5 2 .5 → Σxy 8, Σx² 10, Σy² 9.5
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(8 / Math.sqrt(95), 12);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBe(-1);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('equals 1 − 6Σd²/(n(n²−1)) when there are no ties', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { minLength: 3, maxLength: 30 }), fc.integer(), (xs, seed) => {
        const random = mulberry32(seed);
        const ys = xs.map((_, i) => i + random() * 0.5).sort(() => random() - 0.5);
        const rx = averageRanks(xs);
        const ry = averageRanks(ys);
        const n = xs.length;
        let d2 = 0;
        for (let i = 0; i < n; i++) d2 += (rx[i]! - ry[i]!) ** 2;
        expect(spearman(xs, ys)).toBeCloseTo(1 - (6 * d2) / (n * (n * n - 1)), 9);
      }),
    );
  });

  it('computes AUC as the Mann–Whitney share of pairs, ties counting half', () => {
    // pairs (positive, negative): .9>.8, .9>.1, .8=.8 (½), .8>.1 → 3.5 of 4
    expect(auc([0.9, 0.8, 0.8, 0.1], [true, false, true, false])).toBe(0.875);
    expect(auc([1, 1], [true, false])).toBe(0.5);
    expect(auc([1, 2], [true, true])).toBeNaN();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.boolean()), { minLength: 2, maxLength: 40 }),
        (rows) => {
          const pos = rows.filter((r) => r[1]).map((r) => r[0]);
          const neg = rows.filter((r) => !r[1]).map((r) => r[0]);
          if (pos.length === 0 || neg.length === 0) return;
          let wins = 0;
          for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
          expect(
            auc(
              rows.map((r) => r[0]),
              rows.map((r) => r[1]),
            ),
          ).toBeCloseTo(wins / (pos.length * neg.length), 12);
        },
      ),
    );
  });

  it('computes Pearson, means and quantiles exactly', () => {
    // centred x −1 0 1, y −7/3 −1/3 8/3: Σxy 5, Σx² 2, Σy² 38/3
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(5 / Math.sqrt((2 * 38) / 3), 12);
    expect(mean([1, 2, 6])).toBe(3);
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
  });

  it('gives a mean difference with a reproducible bootstrap interval around it', () => {
    const values = [1, 2, 3, 4, 10, 11, 12, 13];
    const group = [false, false, false, false, true, true, true, true];
    const a = meanDifference(values, group, { seed: 7 });
    expect(a.meanIn).toBe(11.5);
    expect(a.meanOut).toBe(2.5);
    expect(a.difference).toBe(9);
    expect(a.ci).toEqual(meanDifference(values, group, { seed: 7 }).ci);
    // each group's resampled mean stays within its own range: 10 − 4 ≤ difference ≤ 13 − 1
    expect(a.ci![0]).toBeGreaterThanOrEqual(6);
    expect(a.ci![1]).toBeLessThanOrEqual(12);
    expect(a.ci![0]).toBeLessThan(9);
    expect(a.ci![1]).toBeGreaterThan(9);
    expect(meanDifference([1, 2], [false, false]).ci).toBeNull();
  });

  it('assigns seeded folds of equal size, the same for the same seed', () => {
    const folds = foldsOf(10, 3, 5);
    expect(Array.from(folds)).toEqual(Array.from(foldsOf(10, 3, 5)));
    const sizes = [0, 1, 2].map((f) => folds.filter((x) => x === f).length).sort();
    expect(sizes).toEqual([3, 3, 4]);
    expect(Array.from(foldsOf(10, 3, 6))).not.toEqual(Array.from(folds));
  });

  it('draws mulberry32 values as the reference implementation does', () => {
    const random = mulberry32(1);
    // first outputs of mulberry32(1), as every published implementation gives them
    expect(Math.floor(random() * 2 ** 32)).toBe(2693262067);
  });
});
