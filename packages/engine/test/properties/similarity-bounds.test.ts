/**
 * The similarity test prunes with two lower bounds of the edit distance (length difference, bag distance)
 * before computing it; the answers must be exactly the definition's: (L − d) × 100 ≥ percent × L with the full
 * Levenshtein distance, for any texts and any percentage, the distance it returns being that distance.
 */
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { similarAtFraction, similarAtPercent, similarDistance, similarity } from '../../src/text/similarity.js';

const textArb = fc
  .array(fc.constantFrom('好', '的', '是', '不', 'a', 'b', '😀', '\ud83d'), { maxLength: 24 })
  .map((p) => p.join(''));
const percentArb = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.constantFrom(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 79.9, 80.1, 66.6, 33.3),
);

function definition(a: string, b: string, percent: number): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const longest = Math.max(a.length, b.length);
  return (longest - distance(a, b)) * 100 >= percent * longest;
}

describe('similarity with pruning', () => {
  it('answers exactly as the definition, and gives the full distance when similar', () => {
    fc.assert(
      fc.property(textArb, textArb, percentArb, (a, b, percent) => {
        const want = definition(a, b, percent);
        expect(similarAtPercent(a, b, percent)).toBe(want);
        const d = similarDistance(a, b, percent);
        expect(d).toBe(want ? distance(a, b) : -1);
      }),
      { numRuns: 3000 },
    );
  });

  it('near misses: one edit more than allowed is refused, the allowed number accepted', () => {
    fc.assert(
      fc.property(
        textArb.filter((t) => t.length >= 5),
        fc.integer({ min: 1, max: 5 }),
        (a, edits) => {
          // replace `edits` units by a character the text lacks: distance exactly `edits`
          const b = `${'乙'.repeat(edits)}${a.slice(edits)}`;
          const L = a.length;
          const at = ((L - edits) * 100) / L;
          expect(similarAtPercent(a, b, Math.floor(at))).toBe(true);
          expect(similarAtPercent(a, b, at)).toBe(definition(a, b, at));
          expect(similarAtPercent(a, b, Math.floor(at) + 1)).toBe(definition(a, b, Math.floor(at) + 1));
          expect(similarAtFraction(a, b, 0.1)).toBe(definition(a, b, 10));
          expect(similarity(a, b)).toBe((L - distance(a, b)) / L);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
