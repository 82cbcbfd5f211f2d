/**
 * A necessary condition for similarity, from lengths alone: levenshtein(a, b) ≥ ||a| − |b||, so texts of
 * compacted lengths `a` and `b` can be `percent`% similar only if (L − |a − b|) × 100 ≥ percent × L, with
 * L = max(a, b), and neither is empty. It is the first test `similarAtPercent` makes; checked on lengths
 * (which the session knows without compacting), it spares compacting texts that cannot be similar.
 */
export function maySimilar(a: number, b: number, percent: number): boolean {
  if (a === 0 || b === 0) return false;
  const longest = Math.max(a, b);
  return (longest - Math.abs(a - b)) * 100 >= percent * longest;
}

/** The percentage a repeat's fraction compares at (ENGINE-SEMANTICS: round(similarity × 10) tenths). */
export function fractionPercent(fraction: number): number {
  return Math.round(fraction * 10) * 10;
}
