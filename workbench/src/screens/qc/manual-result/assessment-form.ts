import {
  type FieldError,
  type Lang,
  type ManualAngle,
  type QcScheme,
  type ScoringStyle,
  toFieldErrors,
} from '@qcdesk/contracts';
import type { z } from 'zod';

/** One rule of the scoring form as the inspector edits it. */
export interface RuleDraft {
  angleId: string;
  ruleId: string;
  ruleName: string;
  /** SCORE style; '' while the input is cleared */
  scoreNum: number | '';
  /** PASS style; null until chosen */
  pass: boolean | null;
  fatalError: boolean;
  reason: string;
}

export interface AngleDraft {
  angleId: string;
  angleName: string;
  /** the angle's points in the scheme */
  score: number | null;
  rules: RuleDraft[];
}

type SchemeAngles = Pick<QcScheme, 'schemeAngles'> | null;

/**
 * The angles and rules to score: the scheme's angles with their linked rules, filled in with what an earlier
 * assessment (or the result under review) said about each rule. Without the scheme, the earlier angles alone.
 */
export function toAngleDrafts(scheme: SchemeAngles, earlier: readonly ManualAngle[] | null | undefined): AngleDraft[] {
  const said = new Map<string, ManualAngle['manualRules'][number]>();
  for (const angle of earlier ?? [])
    for (const rule of angle.manualRules) said.set(`${angle.angleId}/${rule.ruleId}`, rule);
  const draftRule = (angleId: string, ruleId: string, ruleName: string | null | undefined): RuleDraft => {
    const before = said.get(`${angleId}/${ruleId}`);
    return {
      angleId,
      ruleId,
      ruleName: ruleName ?? before?.ruleName ?? ruleId,
      scoreNum: before?.scoreNum ?? 0,
      pass: before?.pass ?? null,
      fatalError: before?.fatalError ?? false,
      reason: before?.reason ?? '',
    };
  };
  const schemeAngles = scheme?.schemeAngles ?? [];
  if (schemeAngles.length > 0) {
    return schemeAngles.map((angle) => ({
      angleId: angle.angleId,
      angleName: angle.angleName,
      score: angle.score,
      rules: angle.angleRules.map((rule) => draftRule(angle.angleId, rule.ruleId, rule.ruleName)),
    }));
  }
  return (earlier ?? []).map((angle) => ({
    angleId: angle.angleId,
    angleName: angle.angleName ?? angle.angleId,
    score: angle.angleScore ?? null,
    rules: angle.manualRules.map((rule) => draftRule(angle.angleId, rule.ruleId, rule.ruleName)),
  }));
}

/** One angle of the body as sent (checked by the contracts' schema before sending). */
export interface ManualAngleBody {
  angleId: string;
  manualRules: {
    angleId: string;
    ruleId: string;
    reason: string | null;
    fatalError: boolean;
    scoreNum: number | null;
    pass: boolean | null;
  }[];
}

/** `manualAngles` of the body: score for SCORE, pass for PASS; a blank reason is sent as null. */
export function toManualAngles(
  angles: readonly AngleDraft[],
  style: ScoringStyle | null | undefined,
): ManualAngleBody[] {
  return angles.map((angle) => ({
    angleId: angle.angleId,
    manualRules: angle.rules.map((rule) => ({
      angleId: rule.angleId,
      ruleId: rule.ruleId,
      reason: rule.reason.trim() === '' ? null : rule.reason.trim(),
      fatalError: rule.fatalError,
      // a cleared score input is sent as null, which the check refuses at that field
      scoreNum: style === 'PASS' ? 0 : rule.scoreNum === '' ? null : rule.scoreNum,
      pass: style === 'PASS' ? rule.pass : null,
    })),
  }));
}

/** Updates one rule of the drafts. */
export function setRule(
  angles: readonly AngleDraft[],
  angleId: string,
  ruleId: string,
  change: Partial<RuleDraft>,
): AngleDraft[] {
  return angles.map((angle) =>
    angle.angleId !== angleId
      ? angle
      : { ...angle, rules: angle.rules.map((rule) => (rule.ruleId === ruleId ? { ...rule, ...change } : rule)) },
  );
}

/** Field errors by path (`manualAngles[0].manualRules[1].pass`), the first message of each. */
export function errorsByField(error: z.ZodError, lang: Lang): { byField: Record<string, string>; all: FieldError[] } {
  const all = toFieldErrors(error, lang);
  const byField: Record<string, string> = {};
  for (const problem of all) byField[problem.field] ??= problem.message;
  return { byField, all };
}

/** The path of a rule's field in the body, as `errorsByField` names it. */
export function rulePath(angleIndex: number, ruleIndex: number, field: keyof RuleDraft): string {
  return `manualAngles[${angleIndex}].manualRules[${ruleIndex}].${field}`;
}

/** The errors without those of `fields`: editing a field answers the error about its old value. */
export function withoutFields(errors: Record<string, string>, fields: readonly string[]): Record<string, string> {
  if (!fields.some((f) => f in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f)));
}

/** The body paths (as `errorsByField` names them) of the rule fields that differ between two versions of the drafts. */
export function changedRulePaths(before: readonly AngleDraft[], after: readonly AngleDraft[]): string[] {
  const paths: string[] = [];
  after.forEach((angle, a) => {
    angle.rules.forEach((rule, r) => {
      const old = before[a]?.rules[r];
      for (const field of ['scoreNum', 'pass', 'fatalError', 'reason'] as const) {
        if (!old || old[field] !== rule[field]) {
          paths.push(rulePath(a, r, field));
          // a refused score or pass can be reported on the rule itself
          if (field === 'scoreNum' || field === 'pass') paths.push(`manualAngles[${a}].manualRules[${r}]`);
        }
      }
    });
  });
  return paths;
}
