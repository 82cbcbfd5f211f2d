import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { CompareOperator, SchemeType, ScoringStyle, TargetType } from '../enums/qc.js';
import { auditShape, err, idSchema, LIMITS, optionalText, requiredText, timeSchema } from '../fields.js';
import type { MessageCode } from '../messages/catalogue.js';
import { requireVersionOnChange, saveKeysShape, timeOrder } from '../requests/common.js';
import { angleScoreTotal, schemeAngleSchema } from './angle.js';

/** A PERSON scheme's appraisal item: text and whether the inspector must fill it. */
export const appraiseItemSchema = z.object({
  appraise: requiredText(200),
  required: z.boolean().default(false),
});
export type AppraiseItem = z.infer<typeof appraiseItemSchema>;

/**
 * `schemeConfig`. PERSON: `num` (vote count), `compareOperator`, `appraises`, `veto` (statements).
 * AI: `veto` is a list of rule ids (chosen from the rules linked in the scheme's angles).
 */
export const schemeConfigSchema = z.object({
  num: z
    .number({ error: 'qc.scheme.voteCountRequired' })
    .int(err('qc.scheme.voteCountRequired'))
    .min(0, err('qc.scheme.voteCountRequired'))
    .nullish(),
  compareOperator: z.enum(CompareOperator.values, err('qc.scheme.compareOperatorRequired')).nullish(),
  appraises: z.array(appraiseItemSchema).max(100).default([]),
  veto: z
    .array(z.string().trim().min(1, err('common.required')).max(200))
    .max(100)
    .default([]),
});
export type SchemeConfig = z.infer<typeof schemeConfigSchema>;

/** A QC scheme as the detail call answers it. */
export const qcSchemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: ActiveStatus.schema,
  type: SchemeType.schema,
  targetType: TargetType.schema,
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  schemeOutId: z.string().nullish(),
  tenantId: z.string().nullish(),
  startTime: timeSchema.nullish(),
  endTime: timeSchema.nullish(),
  style: ScoringStyle.schema.nullish(),
  comments: z.string().nullish(),
  schemeConfig: schemeConfigSchema.nullish(),
  schemeAngles: z.array(schemeAngleSchema).max(LIMITS.maxAngles, err('qc.angle.tooMany')).default([]),
  deleted: Deleted.schema.optional(),
  version: z.number().int().optional(),
  ...auditShape,
});
export type QcScheme = z.infer<typeof qcSchemeSchema>;

/**
 * /v3/chats/qc-scheme/create or /change. name, type and targetType are required (targetType cannot change:
 * the server keeps the stored one). PERSON needs a style; PASS needs a compare operator ('请选择比较运算符') and
 * a vote count of at least 0 ('请填写投票数').
 */
export const schemeSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    type: SchemeType.schema,
    targetType: TargetType.schema,
    groupId: idSchema.nullish(),
    startTime: timeSchema.nullish(),
    endTime: timeSchema.nullish(),
    style: ScoringStyle.schema.nullish(),
    comments: optionalText(LIMITS.commentsMax),
    schemeConfig: schemeConfigSchema.nullish(),
  })
  .superRefine((s, ctx) => {
    requireVersionOnChange(s, ctx);
    timeOrder(s.startTime, s.endTime, ctx, 'endTime');
    if (s.targetType !== 'PERSON') return;
    if (!s.style) ctx.addIssue({ code: 'custom', message: 'qc.scheme.styleRequired', path: ['style'] });
    if (s.style === 'PASS') {
      if (!s.schemeConfig?.compareOperator)
        ctx.addIssue({
          code: 'custom',
          message: 'qc.scheme.compareOperatorRequired',
          path: ['schemeConfig', 'compareOperator'],
        });
      if (s.schemeConfig?.num === undefined || s.schemeConfig?.num === null)
        ctx.addIssue({ code: 'custom', message: 'qc.scheme.voteCountRequired', path: ['schemeConfig', 'num'] });
    }
  });
export type SchemeSave = z.infer<typeof schemeSaveSchema>;

export type SchemeCheck = { ok: true } | { ok: false; code: MessageCode; params: Record<string, unknown> };

/** An AI scheme may be activated only when its angle scores total 100. */
export function checkSchemeActivation(scheme: {
  targetType: TargetType;
  schemeAngles?: readonly { score: number }[] | null;
}): SchemeCheck {
  if (scheme.targetType !== 'AI') return { ok: true };
  const total = angleScoreTotal(scheme.schemeAngles ?? []);
  return total === 100 ? { ok: true } : { ok: false, code: 'qc.scheme.activateTotal', params: { total } };
}

/** AI veto rules must be among the rules linked in the scheme's angles. */
export function checkVetoRules(scheme: {
  schemeConfig?: { veto?: readonly string[] | null } | null;
  schemeAngles?: readonly { angleRules?: readonly { ruleId: string }[] | null }[] | null;
}): SchemeCheck {
  const linked = new Set((scheme.schemeAngles ?? []).flatMap((a) => (a.angleRules ?? []).map((r) => r.ruleId)));
  const stray = (scheme.schemeConfig?.veto ?? []).find((id) => !linked.has(id));
  return stray === undefined
    ? { ok: true }
    : { ok: false, code: 'qc.scheme.vetoRuleNotLinked', params: { ruleId: stray } };
}

/**
 * Whether a rule a scheme links takes part when the scheme inspects sessions: a live rule (not in the recycle bin)
 * and, in an AI scheme, an AI rule (manual rules are scored by people). The server's QC tasks and the workbench's
 * replay tester choose a scheme's rules with this one test, so a replay runs what a task would.
 */
export function ruleRunsInScheme(
  rule: { readonly type?: string | null; readonly deleted?: string | null },
  schemeTargetType: string | null | undefined,
): boolean {
  return (rule.deleted ?? 'NONE') === 'NONE' && ((schemeTargetType ?? 'AI') !== 'AI' || rule.type === 'AI');
}
