import { z } from 'zod';
import { ComplaintApproveStatus } from '../enums/qc.js';
import { idSchema, LIMITS, requiredText, versionSchema } from '../fields.js';
import { reviewRuleSchema } from './ai-result.js';
import { attachmentPathSchema } from './complaint.js';
import { type AssessedScheme, checkAssessment, manualAngleInputSchema } from './manual-assessment.js';

/**
 * The approval block of a complaint review: `{id, status, commonReason, commonAttachment}`. The status must be
 * chosen and may not stay PENDING ('审核状态不能为空' / 'review status cannot be empty'); the reason is required
 * ('review reason cannot be empty'), at most 100 characters; one attachment at most.
 */
export const complaintReviewSchema = z.object({
  id: idSchema,
  status: z.enum(ComplaintApproveStatus.values, { error: 'qc.complaint.reviewStatusRequired' }),
  commonReason: requiredText(LIMITS.reasonMax, 'qc.complaint.reviewReasonRequired'),
  commonAttachment: attachmentPathSchema.nullish(),
});
export type ComplaintReview = z.infer<typeof complaintReviewSchema>;

/**
 * /v3/chats/complaint/change (and /create when `complaint.id` is given): the review block plus the ids it relates
 * to. Approving an AI complaint may carry the reviewer's per-rule `rules` (approve-ai), a MANUAL one the re-scored
 * `manualAngles` (approve-manual); the result's score is then recomputed. `version` is the complaint's.
 */
export const complaintChangeSchema = z.object({
  complaint: complaintReviewSchema,
  version: versionSchema.nullish(),
  sessionId: idSchema.nullish(),
  resultId: idSchema.nullish(),
  schemeId: idSchema.nullish(),
  note: z.string().max(LIMITS.commentsMax).nullish(),
  rules: z
    .array(reviewRuleSchema)
    .refine((rules) => new Set(rules.map((r) => r.ruleId)).size === rules.length, { error: 'common.duplicate' })
    .nullish(),
  manualAngles: z.array(manualAngleInputSchema).max(LIMITS.maxAngles).nullish(),
});
export type ComplaintChange = z.infer<typeof complaintChangeSchema>;

/** approve-ai: the review plus the reviewer's per-rule scores (0..100) for the AI result. */
export const complaintApproveAiSchema = z.object({
  sessionId: idSchema,
  resultId: idSchema.nullish(),
  note: z.string().max(LIMITS.commentsMax).nullish(),
  rules: z.array(reviewRuleSchema).default([]),
  complaint: complaintReviewSchema,
});
export type ComplaintApproveAi = z.infer<typeof complaintApproveAiSchema>;

/** approve-manual: `{schemeId, sessionId, manualAngles, complaint {id, status, commonReason, commonAttachment}}`. */
export const complaintApproveManualSchema = z.object({
  schemeId: idSchema,
  sessionId: idSchema,
  note: z.string().max(LIMITS.commentsMax).nullish(),
  manualAngles: z.array(manualAngleInputSchema).max(LIMITS.maxAngles),
  complaint: complaintReviewSchema,
});
export type ComplaintApproveManual = z.infer<typeof complaintApproveManualSchema>;

/** approve-manual checked against its scheme's style (PASS needs pass/fail per rule). */
export function complaintApproveManualSchemaFor(scheme: AssessedScheme) {
  return complaintApproveManualSchema.superRefine((body, ctx) =>
    checkAssessment(body, scheme, ctx, { checkAppraisals: false }),
  );
}
