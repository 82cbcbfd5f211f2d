import type { RuleScoreType } from '../rule/types.js';
import type { HitMatrix } from './scoring-model.js';
import { auc, averageRanks, type BootstrapOptions, meanDifference, quantile } from './statistics.js';

export interface RuleEvidence {
  readonly ruleId: string;
  readonly ruleName: string;
  /** how the rule scores: deducts (SUB, ONCE), adds (ADD), or null when it changes no score */
  readonly scoreType: RuleScoreType | null;
  readonly hits: number;
  /** the ids of the sessions it hits (`hits` of them), in the sessions' order */
  readonly hitSessionIds: readonly string[];
  readonly hitRate: number;
  /** mean label of the sessions it hits, of the others, their difference and its bootstrap interval */
  readonly meanWithHit: number;
  readonly meanWithoutHit: number;
  readonly difference: number;
  readonly ci: readonly [number, number] | null;
  /**
   * How well the rule alone picks out the lowest-judged quarter (labels at or below the lower quartile): the
   * AUC of its hit count (its absence for an ADD rule), so above 0.5 means the rule points the way it scores.
   */
  readonly aucLowQuarter: number;
}

/** Per-rule evidence over the sessions `subset` (all when omitted). */
export function ruleEvidence(
  hits: HitMatrix,
  rules: readonly { readonly id: string; readonly name: string; readonly scoreType: RuleScoreType | null }[],
  labels: ArrayLike<number>,
  subset: ArrayLike<number> = Array.from({ length: hits.sessions }, (_, i) => i),
  bootstrap: BootstrapOptions = {},
): RuleEvidence[] {
  const values = Array.from(subset, (s) => labels[s]!);
  const lowCut = quantile(values, 0.25);
  const isLow = values.map((v) => v <= lowCut);
  return rules.map((rule) => {
    const index = hits.ruleIds.indexOf(rule.id);
    if (index < 0) throw new RangeError(`rule ${rule.id} is not in the hit matrix`);
    const counts = hits.hitCounts[index]!;
    const hit = Array.from(subset, (s) => counts[s]! > 0);
    const hitSessionIds = Array.from(subset, (s) => hits.sessionIds[s]!).filter((_, i) => hit[i]);
    const hitCount = hitSessionIds.length;
    const difference = meanDifference(values, hit, bootstrap);
    const sign = rule.scoreType === 'ADD' ? -1 : 1;
    const predictor = Array.from(subset, (s) => sign * counts[s]!);
    return {
      ruleId: rule.id,
      ruleName: rule.name,
      scoreType: rule.scoreType,
      hits: hitCount,
      hitSessionIds,
      hitRate: values.length === 0 ? Number.NaN : hitCount / values.length,
      meanWithHit: difference.meanIn,
      meanWithoutHit: difference.meanOut,
      difference: difference.difference,
      ci: difference.ci,
      aucLowQuarter: auc(predictor, isLow),
    };
  });
}

export interface Disagreement {
  readonly sessionId: string;
  readonly aiScore: number;
  readonly label: number;
  /** percentile ranks in (0, 1) among the sessions considered (average ranks for ties) */
  readonly aiPercentile: number;
  readonly labelPercentile: number;
  /** aiPercentile − labelPercentile: positive, the AI scored it higher than the people judged it */
  readonly gap: number;
}

/** The sessions where AI score and label disagree most in rank, largest |gap| first. */
export function disagreements(
  sessionIds: readonly string[],
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  subset: ArrayLike<number> = Array.from({ length: sessionIds.length }, (_, i) => i),
  count = 10,
): Disagreement[] {
  const n = subset.length;
  const aiRanks = averageRanks(Array.from(subset, (s) => scores[s]!));
  const labelRanks = averageRanks(Array.from(subset, (s) => labels[s]!));
  const rows = Array.from(subset, (s, i): Disagreement => {
    const aiPercentile = (aiRanks[i]! - 0.5) / n;
    const labelPercentile = (labelRanks[i]! - 0.5) / n;
    return {
      sessionId: sessionIds[s]!,
      aiScore: scores[s]!,
      label: labels[s]!,
      aiPercentile,
      labelPercentile,
      gap: aiPercentile - labelPercentile,
    };
  });
  rows.sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || (a.sessionId < b.sessionId ? -1 : 1));
  return rows.slice(0, count);
}
