import { z } from 'zod';
import { QcResultStatus, ScoringStyle } from '../enums/qc.js';
import { auditShape, timeSchema } from '../fields.js';
import { complaintInResultSchema } from './complaint.js';
import { groupRefSchema } from './refs.js';

/** A rule as an inspector judged it. */
export const manualRuleSchema = z.object({
  angleId: z.string().nullish(),
  ruleId: z.string(),
  ruleName: z.string().nullish(),
  /** SCORE style: points deducted, default 0 */
  scoreNum: z.number().default(0),
  /** PASS style: whether the rule is passed */
  pass: z.boolean().nullish(),
  fatalError: z.boolean().default(false),
  reason: z.string().nullish(),
});
export type ManualRule = z.infer<typeof manualRuleSchema>;

export const manualAngleSchema = z.object({
  angleId: z.string(),
  angleName: z.string().nullish(),
  /** SCORE style only */
  angleScore: z.number().nullish(),
  manualRules: z.array(manualRuleSchema).default([]),
});
export type ManualAngle = z.infer<typeof manualAngleSchema>;

export const appraisalSchema = z.object({ title: z.string(), appraise: z.string().nullish() });
export type Appraisal = z.infer<typeof appraisalSchema>;

/** A manual result: one session assessed against a PERSON scheme. */
export const manualResultSchema = z.object({
  id: z.string().nullish(),
  sessionId: z.string(),
  chatId: z.string().nullish(),
  sessionDataId: z.string().nullish(),
  schemeId: z.string().nullish(),
  schemeName: z.string().nullish(),
  style: ScoringStyle.schema.nullish(),
  manualStatus: QcResultStatus.schema,
  manualScore: z.number().nullish(),
  /** PASS style: up to standard */
  pass: z.boolean().nullish(),
  score: z.number().nullish(),
  /** agent name */
  name: z.string().nullish(),
  nick: z.string().nullish(),
  agentId: z.string().nullish(),
  customerId: z.string().nullish(),
  customerNick: z.string().nullish(),
  aiScore: z.number().nullish(),
  aiRules: z
    .array(z.object({ ruleId: z.string(), ruleName: z.string().nullish(), scoreNum: z.number().nullish() }))
    .nullish(),
  manualAngles: z.array(manualAngleSchema).nullish(),
  manualRules: z.array(manualRuleSchema).nullish(),
  appraisals: z.array(appraisalSchema).default([]),
  groups: z.array(groupRefSchema).default([]),
  duration: z.number().nullish(),
  reviewScore: z.number().nullish(),
  isReview: z.boolean().default(false),
  isComplaint: z.boolean().default(false),
  trackClient: z.string().nullish(),
  comments: z.string().nullish(),
  rules: z.array(z.object({ ruleId: z.string(), ruleName: z.string().nullish() })).nullish(),
  complaints: z.array(complaintInResultSchema).nullish(),
  complaint: complaintInResultSchema.nullish(),
  /** satisfaction 1..5; anything else is shown as '--' */
  satisfaction: z.number().nullish(),
  sessionBeginTime: timeSchema.nullish(),
  resultTime: timeSchema.nullish(),
  closeTime: timeSchema.nullish(),
  version: z.number().int().nullish(),
  ...auditShape,
});
export type ManualResult = z.infer<typeof manualResultSchema>;

/**
 * The manual result list answers its radio counts with the page, each under the list's other filters: all,
 * READY_CHECKED, CHECKED, and `rejectNum` the UNCHECKED ones (released or never queued), so that
 * allCheckedNum = readyCheckedNum + checkedNum + rejectNum.
 */
export const manualResultCountsSchema = z.object({
  allCheckedNum: z.number().int().min(0),
  readyCheckedNum: z.number().int().min(0),
  checkedNum: z.number().int().min(0),
  rejectNum: z.number().int().min(0),
});
export type ManualResultCounts = z.infer<typeof manualResultCountsSchema>;

/** Manual deducted rules as the list shows them: first 5, de-duplicated by rule id. */
export function foldManualRules<T extends { ruleId: string }>(rules: readonly T[], limit = 5): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rules) {
    if (seen.has(r.ruleId)) continue;
    seen.add(r.ruleId);
    out.push(r);
    if (out.length === limit) break;
  }
  return out;
}
