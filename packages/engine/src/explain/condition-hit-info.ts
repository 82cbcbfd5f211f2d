import type { InspectionResult, RuleResult } from '../match/inspect.js';
import type { Transcript } from '../transcript/types.js';
import { type Evidence, evidenceMessages } from './evidence.js';

/**
 * The spec's hit detail (`conditions.conditionHitInfo`): per hit message of a condition, the sentence
 * (`phrase` with `pid` = message index or id, `words` = its text) and the matched spans (`keyWords.keyWord`,
 * each a `{val, from, to}` range of that text).
 */
export interface ConditionHitInfo {
  readonly cid: string;
  readonly phrase: { readonly pid: string; readonly index: number; readonly words: string };
  readonly keyWords: {
    readonly keyWord: readonly { readonly val: string; readonly from: number; readonly to: number }[];
  };
}

export function toConditionHitInfo(hits: readonly Evidence[], cid: string, transcript: Transcript): ConditionHitInfo[] {
  return evidenceMessages(hits).map((message) => {
    const sentence = transcript.sentences[message]!;
    return {
      cid,
      phrase: { pid: sentence.messageId ?? String(message), index: message, words: sentence.text ?? '' },
      keyWords: {
        keyWord: hits.filter((h) => h.message === message).map((h) => ({ val: h.text, from: h.start, to: h.end })),
      },
    };
  });
}

/** One entry of the spec's `resultRules`: a hit rule with the points it applied and its hit detail. */
export interface ResultRule {
  readonly ruleId: string;
  readonly ruleName: string;
  /** points the rule applied by its score settings (a deduction or a bonus, as a positive number) */
  readonly scoreNum: number;
  readonly ruleScoreType: string | null;
  readonly hitCount: number;
  readonly conditions: { readonly conditionHitInfo: readonly ConditionHitInfo[] };
}

/** The spec's `resultRules`: every hit rule, with its evidence as conditionHitInfo. */
export function toResultRules(result: InspectionResult): ResultRule[] {
  return result.rules.filter((r) => r.hit).map((rule) => toResultRule(rule, result.transcript));
}

function toResultRule(rule: RuleResult, transcript: Transcript): ResultRule {
  return {
    ruleId: rule.ruleId,
    ruleName: rule.ruleName,
    scoreNum: Math.abs(rule.score),
    ruleScoreType: rule.ruleScore?.type ?? null,
    hitCount: rule.hitCount,
    conditions: {
      conditionHitInfo: rule.conditions
        .filter((c) => c.hit)
        .flatMap((c) => toConditionHitInfo(c.hits, c.cid, transcript)),
    },
  };
}
