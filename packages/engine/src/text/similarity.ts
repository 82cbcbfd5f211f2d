import { distance } from 'fastest-levenshtein';

/**
 * Similarity of two compacted texts, compared exactly in integers (ENGINE-SEMANTICS "Similarity"):
 * with L = max(|a|, |b|) and d = levenshtein(a, b), the texts are similar at `percent` when
 * (L − d) × 100 ≥ percent × L. An empty text is never similar.
 */
export function similarAtPercent(a: string, b: string, percent: number): boolean {
  return similarDistance(a, b, percent) >= 0;
}

/**
 * levenshtein(a, b) when the texts are similar at `percent`, else −1 (also for an empty text). Two cheap lower
 * bounds of the distance come first, and the distance is computed only when neither rules similarity out:
 * the length difference, and the bag distance (the larger count of code units one text has and the other
 * lacks: an edit changes each side's count by at most one).
 */
export function similarDistance(a: string, b: string, percent: number): number {
  const longest = Math.max(a.length, b.length);
  if (a.length === 0 || b.length === 0) return -1;
  // The largest distance that keeps (L − d) × 100 ≥ percent × L, rounded up generously against floating point:
  // the bounds below only skip the exact test when it must fail.
  const limit = Math.floor((longest * (100 - percent)) / 100 + 1e-6);
  if (Math.abs(a.length - b.length) > limit) return -1;
  if (limit < longest && bagDistance(a, b) > limit) return -1;
  const d = distance(a, b);
  return (longest - d) * 100 >= percent * longest ? d : -1;
}

/** The repeat form: similar at fraction s when (L − d) × 10 ≥ round(s × 10) × L. */
export function similarAtFraction(a: string, b: string, fraction: number): boolean {
  return similarAtPercent(a, b, Math.round(fraction * 10) * 10);
}

/** The similarity as a fraction in [0, 1] (0 when either text is empty), for evidence. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (a.length === 0 || b.length === 0) return 0;
  return (longest - distance(a, b)) / longest;
}

/** The similarity for a distance `d` of texts `a` and `b` (from `similarDistance`), without computing it again. */
export function similarityOf(a: string, b: string, d: number): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : (longest - d) / longest;
}

/** Scratch counts per UTF-16 code unit, always all zero between calls. */
const counts = new Int32Array(0x10000);

/** max(|A \ B|, |B \ A|) over the multisets of code units: a lower bound of the edit distance. */
function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) counts[a.charCodeAt(i)]!++;
  let onlyB = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (counts[c]! > 0) counts[c]!--;
    else onlyB++;
  }
  // What is left in `counts` is A \ B; clear it while counting.
  let onlyA = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (counts[c]! > 0) {
      onlyA += counts[c]!;
      counts[c] = 0;
    }
  }
  return Math.max(onlyA, onlyB);
}
