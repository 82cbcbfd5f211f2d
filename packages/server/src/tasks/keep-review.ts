import { reviewScore, type ScoringAngle } from '@qcdesk/engine';
import type { StoredResultRule } from '../db/schema/qc-results.js';

export interface KeptReview {
  readonly resultRules: StoredResultRule[];
  readonly reviewScore: number;
  readonly reviewVeto: boolean;
}

/**
 * A re-evaluation (task rerun, re-imported session) refreshes what the AI decided but keeps what a person decided:
 * a rule still hit keeps the reviewer's number and veto, a newly hit rule counts with the AI's own number (as a
 * re-inspection counts the rules the reviewer left alone), a rule no longer hit drops out, and the review score is
 * recomputed by the engine from what remains — so `reviewScore` always agrees with `resultRules`.
 */
export function keepReview(
  angles: readonly ScoringAngle[],
  fresh: readonly StoredResultRule[],
  reviewed: readonly StoredResultRule[],
): KeptReview {
  const before = new Map(reviewed.map((r) => [r.ruleId, r]));
  const merged = fresh.map((rule) => {
    const old = before.get(rule.ruleId);
    return old === undefined || old.reviewScore === null
      ? rule
      : { ...rule, reviewScore: old.reviewScore, isVeto: old.isVeto };
  });
  const outcome = reviewScore(
    angles,
    merged.map((r) => ({
      ruleId: String(r.ruleId),
      // an AI deduction beyond 100 takes no more than the whole angle, which is at most 100
      reviewScore: Math.min(100, r.reviewScore ?? r.scoreNum),
      isVeto: r.isVeto,
    })),
  );
  const decided = new Map(outcome.rules.map((r) => [r.ruleId, r]));
  return {
    resultRules: merged.map((r) => {
      const v = decided.get(String(r.ruleId))!;
      return { ...r, reviewScore: v.reviewScore, isVeto: v.isVeto };
    }),
    reviewScore: outcome.reviewScore,
    reviewVeto: outcome.isVeto,
  };
}
