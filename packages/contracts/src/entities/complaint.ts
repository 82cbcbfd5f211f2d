import { z } from 'zod';
import { ComplaintStatus, ComplaintType } from '../enums/qc.js';
import { auditShape, err, idSchema, LIMITS, requiredText, timeSchema } from '../fields.js';
import { groupRefSchema } from './refs.js';

/** Appeal attachments are uploaded under this path prefix and downloaded with GET /v3/worker/center/download. */
export const COMPLAINT_ATTACHMENT_PREFIX = 'qc/complaint/';

/** the stored path of one uploaded file */
export const attachmentPathSchema = z
  .string()
  .max(500)
  .refine((p) => p.startsWith(COMPLAINT_ATTACHMENT_PREFIX) && !p.includes('..'), err('common.invalidFormat'));

/** An uploaded file of an appeal (at most 1 per complaint). */
export const complaintFileSchema = z.object({ name: z.string().max(200), path: attachmentPathSchema });
export type ComplaintFile = z.infer<typeof complaintFileSchema>;
export const complaintFilesSchema = z
  .array(complaintFileSchema)
  .max(LIMITS.complaintAttachments, err('qc.complaint.attachmentLimit'));

/** The complaint as a result carries it: `{id, status, commonReason, commonAttachment, version}`. */
export const complaintInResultSchema = z.object({
  id: z.string(),
  status: ComplaintStatus.schema,
  commonReason: z.string().nullish(),
  commonAttachment: z.string().nullish(),
  /** the complaint's version, which a review sends back (optimistic locking) */
  version: z.number().int().nullish(),
});
export type ComplaintInResult = z.infer<typeof complaintInResultSchema>;

/** A complaint (appeal) against an AI or manual result. */
export const complaintSchema = z.object({
  id: z.string(),
  type: ComplaintType.schema,
  sessionId: z.string(),
  resultId: z.string().nullish(),
  agentId: z.string().nullish(),
  /** agent name */
  name: z.string().nullish(),
  groups: z.array(groupRefSchema).default([]),
  status: ComplaintStatus.schema,
  /** the appellant's reason */
  reason: z.string().nullish(),
  /** the reviewer's pass or reject reason */
  commonReason: z.string().nullish(),
  complaintRules: z.array(z.object({ ruleId: z.string(), ruleName: z.string().nullish() })).default([]),
  /** the appellant's attachment (path) */
  attachment: z.string().nullish(),
  /** the reviewer's attachment (path of one uploaded file) */
  commonAttachment: z.string().nullish(),
  complaintFiles: complaintFilesSchema.default([]),
  /** session start */
  startTime: timeSchema.nullish(),
  duration: z.number().nullish(),
  version: z.number().int().nullish(),
  ...auditShape,
});
export type Complaint = z.infer<typeof complaintSchema>;

/** /v3/chats/complaint/create: filing an appeal against a result. */
export const complaintCreateSchema = z.object({
  type: ComplaintType.schema,
  sessionId: idSchema,
  resultId: idSchema,
  reason: requiredText(LIMITS.reasonMax, 'qc.complaint.reasonRequired'),
  complaintRules: z.array(z.object({ ruleId: idSchema, ruleName: z.string().max(200).nullish() })).default([]),
  attachment: attachmentPathSchema.nullish(),
  complaintFiles: complaintFilesSchema.default([]),
});
export type ComplaintCreate = z.infer<typeof complaintCreateSchema>;

/** The list's radio counts: all, reviewed (ACTIVE), pending, rejected. */
export const complaintCountsSchema = z.object({
  allCheckedNum: z.number().int().min(0),
  readyCheckedNum: z.number().int().min(0),
  checkedNum: z.number().int().min(0),
  rejectNum: z.number().int().min(0),
});
export type ComplaintCounts = z.infer<typeof complaintCountsSchema>;

/** The review button shows only while the complaint is neither ACTIVE nor INACTIVE. */
export function canReviewComplaint(status: ComplaintStatus): boolean {
  return status !== 'ACTIVE' && status !== 'INACTIVE';
}
