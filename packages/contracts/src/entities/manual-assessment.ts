import { z } from 'zod';
import type { ScoringStyle } from '../enums/qc.js';
import { idSchema, LIMITS, optionalText, scoreSchema, versionSchema } from '../fields.js';

/** One rule of an assessment: score (SCORE) or pass (PASS), fatal-error flag, reason (≤ 100). */
export const manualRuleInputSchema = z.object({
  angleId: idSchema,
  ruleId: idSchema,
  reason: optionalText(LIMITS.reasonMax),
  fatalError: z.boolean().default(false),
  scoreNum: scoreSchema.default(0),
  pass: z.boolean().nullish(),
});
export type ManualRuleInput = z.infer<typeof manualRuleInputSchema>;

export const manualAngleInputSchema = z.object({
  angleId: idSchema,
  manualRules: z.array(manualRuleInputSchema).default([]),
});
export type ManualAngleInput = z.infer<typeof manualAngleInputSchema>;

/**
 * /v3/chats/qc-manual-result/create: `{schemeId, sessionId, manualAngles [{angleId, manualRules [{angleId,
 * ruleId, reason, fatalError, scoreNum, pass}]}], vetoList [{vetoName}], appraises [{title, appraise}]}`.
 * What depends on the scheme (its style, its required appraisal items) is checked by `assessmentSchemaFor`.
 * `version` is the manual result's as the form read it: required when the session already has a result for the
 * scheme (the server answers 400 naming `version` without it, 409 when stale: someone assessed first); a first
 * assessment of a session without one sends none.
 */
export const manualAssessmentSchema = z.object({
  schemeId: idSchema,
  sessionId: idSchema,
  version: versionSchema.nullish(),
  manualAngles: z.array(manualAngleInputSchema).max(LIMITS.maxAngles),
  vetoList: z.array(z.object({ vetoName: z.string().trim().min(1).max(200) })).default([]),
  appraises: z.array(z.object({ title: z.string().max(200), appraise: z.string().max(1000).nullish() })).default([]),
});
export type ManualAssessment = z.infer<typeof manualAssessmentSchema>;

/** The parts of a PERSON scheme an assessment is checked against. */
export interface AssessedScheme {
  style?: ScoringStyle | null;
  schemeConfig?: { appraises?: readonly { appraise: string; required?: boolean | null }[] | null } | null;
}

/**
 * Checks that need the scheme, as issues on `ctx`: in PASS style every rule says pass or fail; every required
 * appraisal item is non-blank after trimming, else '{appraisal name} 不能为空' at `appraises[i].appraise`.
 * `prefix` places the issues under a key of a larger body (the manual complaint review).
 */
export function checkAssessment(
  body: Pick<ManualAssessment, 'manualAngles'> & Partial<Pick<ManualAssessment, 'appraises'>>,
  scheme: AssessedScheme,
  ctx: z.RefinementCtx,
  options: { checkAppraisals?: boolean } = {},
): void {
  if (scheme.style === 'PASS') {
    body.manualAngles.forEach((angle, a) => {
      angle.manualRules.forEach((rule, r) => {
        if (typeof rule.pass !== 'boolean')
          ctx.addIssue({
            code: 'custom',
            message: 'qc.manual.passRequired',
            path: ['manualAngles', a, 'manualRules', r, 'pass'],
          });
      });
    });
  }
  if (options.checkAppraisals === false) return;
  const given = body.appraises ?? [];
  (scheme.schemeConfig?.appraises ?? []).forEach((item, k) => {
    if (!item.required) return;
    const index = given.findIndex((g) => g.title === item.appraise);
    const text = index >= 0 ? given[index]?.appraise : undefined;
    if (!text || text.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'qc.manual.appraiseRequired',
        params: { name: item.appraise },
        path: index >= 0 ? ['appraises', index, 'appraise'] : ['appraises', k],
      });
    }
  });
}

/** The assessment body checked against its scheme (style and required appraisal items). */
export function assessmentSchemaFor(scheme: AssessedScheme) {
  return manualAssessmentSchema.superRefine((body, ctx) => checkAssessment(body, scheme, ctx));
}
