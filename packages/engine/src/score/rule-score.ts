import type { CompiledRuleScore } from '../compile/compile-rule.js';

/**
 * A hit rule's effect on its angle: SUB deducts scoreNum × hit count, ONCE deducts scoreNum once, ADD adds
 * scoreNum once. A rule without score settings, disabled, or not hit changes nothing.
 */
export function ruleScoreDelta(score: CompiledRuleScore | null, hit: boolean, hitCount: number): number {
  if (!hit || score === null || !score.enable) return 0;
  switch (score.type) {
    case 'SUB':
      return -score.scoreNum * hitCount;
    case 'ONCE':
      return -score.scoreNum;
    case 'ADD':
      return score.scoreNum;
  }
}

/** An angle's result: its full score plus the deltas, clamped to [0, full score]. */
export function angleResult(fullScore: number, deltas: readonly number[]): number {
  const raw = deltas.reduce((sum, d) => sum + d, fullScore);
  return Math.min(fullScore, Math.max(0, roundScore(raw)));
}

/** Scores are shown with at most two decimals; this keeps 0.1 + 0.2 from printing as 0.30000000000000004. */
export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}
