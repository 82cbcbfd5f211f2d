import { distance } from 'fastest-levenshtein';

/**
 * Similarity of two compacted texts, compared exactly in integers (ENGINE-SEMANTICS "Similarity"):
 * with L = max(|a|, |b|) and d = levenshtein(a, b), the texts are similar at `percent` when
 * (L − d) × 100 ≥ percent × L. An empty text is never similar.
 */
export function similarAtPercent(a: string, b: string, percent: number): boolean {
  const longest = Math.max(a.length, b.length);
  if (a.length === 0 || b.length === 0) return false;
  // d ≥ the length difference: skip the distance when even that bound fails.
  if ((longest - Math.abs(a.length - b.length)) * 100 < percent * longest) return false;
  return (longest - distance(a, b)) * 100 >= percent * longest;
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
