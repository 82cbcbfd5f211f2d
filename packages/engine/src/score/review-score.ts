import type { RuleScoreType } from '../rule/types.js';
import { angleResult, roundScore } from './rule-score.js';
import { checkPoints } from './score-input-error.js';

/** The scoring shape of an AI scheme: angles with their full scores and linked rules. */
export interface ScoringAngle {
  readonly angleId: string;
  readonly score: number;
  readonly rules: readonly { readonly ruleId: string; readonly type: RuleScoreType }[];
}

export interface RuleReview {
  readonly ruleId: string;
  /** the points the rule deducts (or, for an ADD rule, adds) after review, 0–100 */
  readonly reviewScore: number;
  readonly isVeto?: boolean;
}

export interface ReviewOutcome {
  readonly reviewScore: number;
  readonly isVeto: boolean;
  readonly rules: readonly { readonly ruleId: string; readonly reviewScore: number; readonly isVeto: boolean }[];
}

/**
 * Re-inspection (ENGINE-SEMANTICS "Review and manual scoring"): the scheme score recomputed with the
 * reviewer's per-rule numbers. A ticked veto sets that rule's number to 0 and the review score to 0.
 * Rules without a review keep no effect (only hit rules are reviewed).
 */
export function reviewScore(angles: readonly ScoringAngle[], reviews: readonly RuleReview[]): ReviewOutcome {
  const rules = reviews.map((r, i) => {
    const isVeto = r.isVeto === true;
    return {
      ruleId: r.ruleId,
      reviewScore: isVeto ? 0 : checkPoints(r.reviewScore, `rules[${i}].reviewScore`),
      isVeto,
    };
  });
  const byId = new Map(rules.map((r) => [r.ruleId, r]));
  const isVeto = rules.some((r) => r.isVeto);
  const total = angles.reduce((sum, angle) => {
    const deltas = angle.rules.map((link) => {
      const points = byId.get(link.ruleId)?.reviewScore ?? 0;
      return link.type === 'ADD' ? points : -points;
    });
    return sum + angleResult(angle.score, deltas);
  }, 0);
  return { reviewScore: isVeto ? 0 : roundScore(total), isVeto, rules };
}
