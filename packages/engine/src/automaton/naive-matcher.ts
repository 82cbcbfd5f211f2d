import { foldText } from '../text/fold.js';
import type { MatchList } from './match-list.js';

/**
 * The reference the automaton is tested against: `indexOf` for every pattern, every overlapping
 * occurrence, reported in the automaton's order (end position, then decreasing length).
 */
export function naiveScan(patterns: readonly string[], text: string, out: MatchList, caseSensitive = false): void {
  const folded = foldText(text, caseSensitive);
  const found: [number, number][] = [];
  patterns.forEach((pattern, id) => {
    const p = foldText(pattern, caseSensitive);
    for (let at = folded.indexOf(p); at >= 0; at = folded.indexOf(p, at + 1)) found.push([id, at + p.length]);
  });
  found.sort((a, b) => a[1] - b[1] || patterns[b[0]]!.length - patterns[a[0]]!.length);
  for (const [id, end] of found) out.push(id, end);
}
