import type { CompiledScheme } from '../compile/compile-scheme.js';
import { angleResult, roundScore, ruleScoreDelta } from './rule-score.js';

export interface AngleRuleResult {
  readonly ruleId: string;
  readonly hit: boolean;
  /** what the rule did to this angle: negative deducts, positive adds */
  readonly delta: number;
}

export interface AngleResult {
  readonly angleId: string;
  readonly angleName: string;
  /** the angle's full score */
  readonly score: number;
  /** its result after deductions and bonuses, clamped to [0, score] */
  readonly result: number;
  readonly rules: readonly AngleRuleResult[];
}

export interface SchemeScore {
  readonly aiScore: number;
  readonly isVeto: boolean;
  readonly angles: readonly AngleResult[];
}

interface RuleHit {
  readonly ruleId: string;
  readonly hit: boolean;
  readonly hitCount: number;
}

/** Angle results, AI score and veto for the rule outcomes of one session (ENGINE-SEMANTICS "Scheme (AI)"). */
export function scoreScheme(scheme: CompiledScheme, rules: readonly RuleHit[]): SchemeScore {
  const byId = new Map(rules.map((r) => [r.ruleId, r]));
  const angles = scheme.angles.map((angle): AngleResult => {
    const results = angle.rules.map((link): AngleRuleResult => {
      const outcome = byId.get(link.ruleId);
      const hit = outcome?.hit ?? false;
      return { ruleId: link.ruleId, hit, delta: ruleScoreDelta(link.score, hit, outcome?.hitCount ?? 0) };
    });
    return {
      angleId: angle.angleId,
      angleName: angle.angleName,
      score: angle.score,
      result: angleResult(
        angle.score,
        results.map((r) => r.delta),
      ),
      rules: results,
    };
  });
  const isVeto = scheme.veto.some((id) => byId.get(id)?.hit === true);
  const aiScore = isVeto ? 0 : roundScore(angles.reduce((sum, a) => sum + a.result, 0));
  return { aiScore, isVeto, angles };
}
