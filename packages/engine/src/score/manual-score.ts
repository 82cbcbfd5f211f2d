import { angleResult, roundScore } from './rule-score.js';
import { checkPoints, ScoreInputError } from './score-input-error.js';

export interface ManualRuleInput {
  readonly angleId: string;
  readonly ruleId: string;
  /** SCORE style: points deducted, 0–100 (default 0) */
  readonly scoreNum?: number;
  /** PASS style: whether the item passed */
  readonly pass?: boolean;
  readonly fatalError?: boolean;
}

export interface ManualScoreOutcome {
  readonly manualScore: number;
  readonly fatalError: boolean;
  readonly angles: readonly { readonly angleId: string; readonly angleScore: number }[];
}

/** Manual assessment, SCORE style: per-rule deductions, angles clamped; any fatal error makes the score 0. */
export function manualScore(
  angles: readonly { readonly angleId: string; readonly score: number }[],
  rules: readonly ManualRuleInput[],
): ManualScoreOutcome {
  const results = angles.map((angle) => {
    const deltas = rules.flatMap((rule, i) =>
      rule.angleId === angle.angleId ? [-checkPoints(rule.scoreNum ?? 0, `manualRules[${i}].scoreNum`)] : [],
    );
    return { angleId: angle.angleId, angleScore: angleResult(angle.score, deltas) };
  });
  const fatalError = rules.some((r) => r.fatalError === true);
  const total = roundScore(results.reduce((sum, a) => sum + a.angleScore, 0));
  return { manualScore: fatalError ? 0 : total, fatalError, angles: results };
}

export type CompareOperator = '>=' | '>' | '=' | '<=' | '<';
const COMPARE: Record<CompareOperator, (a: number, b: number) => boolean> = {
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
  '=': (a, b) => a === b,
  '<=': (a, b) => a <= b,
  '<': (a, b) => a < b,
};

export interface ManualPassOutcome {
  readonly pass: boolean;
  readonly failCount: number;
  readonly fatalError: boolean;
}

/**
 * Manual assessment, PASS style: the result is not up to standard when `failCount <op> num` (the spec's
 * reading: fails ≥ N means not up to standard), or when any item has a fatal error.
 */
export function manualPass(compareOperator: string, num: number, rules: readonly ManualRuleInput[]): ManualPassOutcome {
  // Own keys only: 'toString' or 'constructor' are not compare operators.
  const compare = Object.hasOwn(COMPARE, compareOperator) ? COMPARE[compareOperator as CompareOperator] : undefined;
  if (compare === undefined) {
    throw new ScoreInputError(
      'schemeConfig.compareOperator',
      '请选择比较运算符',
      'choose a compare operator (>=, >, =, <=, <)',
    );
  }
  if (!Number.isInteger(num) || num < 0) {
    throw new ScoreInputError('schemeConfig.num', '请填写投票数', 'the vote count must be an integer of at least 0');
  }
  const failCount = rules.filter((r) => r.pass === false).length;
  const fatalError = rules.some((r) => r.fatalError === true);
  return { pass: !fatalError && !compare(failCount, num), failCount, fatalError };
}
