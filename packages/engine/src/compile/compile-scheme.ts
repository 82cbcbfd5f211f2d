import type { RuleScoreType } from '../rule/types.js';
import { type CompiledRuleScore, type CompiledRuleSet, type CompileOptions, compileRules } from './compile-rule.js';
import { JsonReader } from './json-reader.js';

export interface CompiledAngleRule {
  readonly ruleId: string;
  /** the angle's own score settings for this rule, or the rule's */
  readonly score: CompiledRuleScore | null;
}

export interface CompiledAngle {
  readonly angleId: string;
  readonly angleName: string;
  /** the angle's full score, an integer 0–100 */
  readonly score: number;
  readonly rules: readonly CompiledAngleRule[];
}

/** A compiled AI scheme: its rules (one shared automaton), angles and veto rules. Reusable and shareable. */
export interface CompiledScheme {
  readonly kind: 'scheme';
  readonly id: string;
  readonly name: string;
  readonly targetType: string;
  readonly ruleSet: CompiledRuleSet;
  readonly angles: readonly CompiledAngle[];
  readonly veto: readonly string[];
}

/** The spec's limit on angles per scheme. */
export const MAX_ANGLES = 10;

/**
 * Compiles a scheme with the rules it may link (all of them are compiled and inspected; the scheme scores the
 * linked ones). Throws RuleCompileError (rule id null for the scheme's own fields) naming the JSON path.
 */
export function compileScheme(
  scheme: unknown,
  rules: readonly unknown[],
  options: CompileOptions = {},
): CompiledScheme {
  const ruleSet = compileRules(rules, options);
  const reader = new JsonReader(null);
  const root = reader.object(scheme, '$');
  const id = reader.id(root.id, '$.id');
  const name = root.name === undefined || root.name === null ? id : reader.string(root.name, '$.name');
  const targetType =
    root.targetType === undefined || root.targetType === null ? 'AI' : reader.string(root.targetType, '$.targetType');
  const byId = new Map(ruleSet.rules.map((r) => [r.id, r]));
  const list = reader.array(root.schemeAngles ?? [], '$.schemeAngles');
  if (list.length > MAX_ANGLES) {
    throw reader.fail(
      'ANGLES_TOO_MANY',
      '$.schemeAngles',
      `质检维度最多 ${MAX_ANGLES} 个`,
      `a scheme has at most ${MAX_ANGLES} angles`,
    );
  }
  const angles = list.map((raw, i): CompiledAngle => {
    const path = `$.schemeAngles[${i}]`;
    const angle = reader.object(raw, path);
    const angleId = reader.id(angle.angleId ?? angle.id, `${path}.angleId`);
    const angleName = angle.angleName ?? angle.name;
    const score = reader.number(angle.score, `${path}.score`, 0, 100, true);
    const links = reader.array(angle.angleRules ?? [], `${path}.angleRules`);
    const angleRules = links.map((link, k): CompiledAngleRule => {
      const linkPath = `${path}.angleRules[${k}]`;
      const item = reader.object(link, linkPath);
      const ruleId = reader.id(item.ruleId, `${linkPath}.ruleId`);
      const rule = byId.get(ruleId);
      if (rule === undefined) {
        throw reader.fail(
          'RULE_MISSING',
          `${linkPath}.ruleId`,
          `维度关联的规则 ${ruleId} 不在规则列表中`,
          `the angle links rule ${ruleId}, which is not among the rules given`,
        );
      }
      return { ruleId, score: readOverride(item.conditionConfig, reader, `${linkPath}.conditionConfig`) ?? rule.score };
    });
    return {
      angleId,
      angleName: typeof angleName === 'string' ? angleName : angleId,
      score,
      rules: angleRules,
    };
  });
  const linked = new Set(angles.flatMap((a) => a.rules.map((r) => r.ruleId)));
  const config =
    root.schemeConfig === undefined || root.schemeConfig === null
      ? {}
      : reader.object(root.schemeConfig, '$.schemeConfig');
  const vetoList =
    config.veto === undefined || config.veto === null ? [] : reader.array(config.veto, '$.schemeConfig.veto');
  const veto = vetoList.map((v, i) => {
    const ruleId = reader.id(v, `$.schemeConfig.veto[${i}]`);
    if (!linked.has(ruleId)) {
      throw reader.fail(
        'VETO_NOT_LINKED',
        `$.schemeConfig.veto[${i}]`,
        `一票否决规则 ${ruleId} 必须是方案维度中已关联的规则`,
        `veto rule ${ruleId} must be one of the rules linked in the scheme's angles`,
      );
    }
    return ruleId;
  });
  return { kind: 'scheme', id, name, targetType, ruleSet, angles, veto };
}

function readOverride(value: unknown, reader: JsonReader, path: string): CompiledRuleScore | null {
  if (value === undefined || value === null) return null;
  const config = reader.object(value, path);
  const score = config.ruleScore;
  if (score === undefined || score === null) return null;
  const s = reader.object(score, `${path}.ruleScore`);
  const type = (s.ruleScoreType ?? 'SUB') as RuleScoreType;
  if (type !== 'SUB' && type !== 'ADD' && type !== 'ONCE') {
    throw reader.fail(
      'SCORE_TYPE',
      `${path}.ruleScore.ruleScoreType`,
      '评分方式只能是 SUB、ADD 或 ONCE',
      'ruleScoreType must be SUB, ADD or ONCE',
    );
  }
  return {
    enable: reader.optionalBoolean(s.enable, `${path}.ruleScore.enable`, true),
    type,
    scoreNum: reader.optionalNumber(s.scoreNum, `${path}.ruleScore.scoreNum`, 0, 0, 100, false),
  };
}
