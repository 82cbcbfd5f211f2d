import { z } from 'zod';
import { ComplaintApproveStatus, type ComplaintType } from '../enums/qc.js';
import { idSchema, LIMITS, requiredText, versionSchema } from '../fields.js';
import type { MessageCode } from '../messages/catalogue.js';
import { reviewRuleSchema } from './ai-result.js';
import { attachmentPathSchema } from './complaint.js';
import { type AssessedScheme, checkAssessment, manualAngleInputSchema } from './manual-assessment.js';

/** The spec's review-status warning of each review: '审核状态不能为空' (MANUAL), 'review status cannot be empty' (AI). */
export const REVIEW_STATUS_REQUIRED = {
  AI: 'qc.complaint.aiReviewStatusRequired',
  MANUAL: 'qc.complaint.manualReviewStatusRequired',
} as const satisfies Record<ComplaintType, MessageCode>;

/**
 * The approval block of a review of an AI or a MANUAL complaint: `{id, status, commonReason, commonAttachment}`. The
 * status must be chosen and may not stay PENDING ('review status cannot be empty' in the AI review, '审核状态不能为空'
 * in the MANUAL one); the reason is required ('review reason cannot be empty'), at most 100 characters; one
 * attachment at most.
 */
export function complaintReviewSchemaFor(type: ComplaintType) {
  return z.object({
    id: idSchema,
    status: z.enum(ComplaintApproveStatus.values, { error: REVIEW_STATUS_REQUIRED[type] }),
    commonReason: requiredText(LIMITS.reasonMax, 'qc.complaint.reviewReasonRequired'),
    commonAttachment: attachmentPathSchema.nullish(),
  });
}
export const aiComplaintReviewSchema = complaintReviewSchemaFor('AI');
export const manualComplaintReviewSchema = complaintReviewSchemaFor('MANUAL');
export type ComplaintReview = z.infer<typeof aiComplaintReviewSchema>;

/**
 * /v3/chats/complaint/change (and /create when `complaint.id` is given): the review block plus the ids it relates
 * to. Approving an AI complaint may carry the reviewer's per-rule `rules` (approve-ai), a MANUAL one the re-scored
 * `manualAngles` (approve-manual); the result's score is then recomputed. `version` is the complaint's, required.
 * The review block's warnings are those of the complaint's type.
 */
export function complaintChangeSchemaFor(type: ComplaintType) {
  return z.object({
    complaint: complaintReviewSchemaFor(type),
    /** the complaint's version as the reviewer read it: required, a stale one is refused (409) */
    version: z.number({ error: (i) => (i.input == null ? 'common.versionRequired' : undefined) }).pipe(versionSchema),
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
}
/** A review of a complaint whose type the caller does not know yet: the per-rule `rules` of approve-ai say AI. */
export function complaintTypeOfChange(body: unknown): ComplaintType {
  const rules = (body as { rules?: unknown } | null | undefined)?.rules;
  return Array.isArray(rules) ? 'AI' : 'MANUAL';
}
/** The shape of a review for documents; a server parses with `complaintChangeSchemaFor` the complaint's type. */
export const complaintChangeSchema = complaintChangeSchemaFor('MANUAL');
export type ComplaintChange = z.infer<typeof complaintChangeSchema>;

/** approve-ai: the review plus the reviewer's per-rule scores (0..100) for the AI result. */
export const complaintApproveAiSchema = z.object({
  sessionId: idSchema,
  resultId: idSchema.nullish(),
  note: z.string().max(LIMITS.commentsMax).nullish(),
  rules: z.array(reviewRuleSchema).default([]),
  complaint: aiComplaintReviewSchema,
});
export type ComplaintApproveAi = z.infer<typeof complaintApproveAiSchema>;

/** approve-manual: `{schemeId, sessionId, manualAngles, complaint {id, status, commonReason, commonAttachment}}`. */
export const complaintApproveManualSchema = z.object({
  schemeId: idSchema,
  sessionId: idSchema,
  note: z.string().max(LIMITS.commentsMax).nullish(),
  manualAngles: z.array(manualAngleInputSchema).max(LIMITS.maxAngles),
  complaint: manualComplaintReviewSchema,
});
export type ComplaintApproveManual = z.infer<typeof complaintApproveManualSchema>;

/** approve-manual checked against its scheme's style (PASS needs pass/fail per rule). */
export function complaintApproveManualSchemaFor(scheme: AssessedScheme) {
  return complaintApproveManualSchema.superRefine((body, ctx) =>
    checkAssessment(body, scheme, ctx, { checkAppraisals: false }),
  );
}
