import { z } from 'zod';
import { aiResultSchema } from '../entities/ai-result.js';
import { schemeAngleSchema } from '../entities/angle.js';
import { censorBanSchema, censorLogRecordSchema } from '../entities/censor-ban.js';
import { chatMessageSchema } from '../entities/chat-message.js';
import { complaintCountsSchema, complaintSchema } from '../entities/complaint.js';
import { manualResultCountsSchema, manualResultSchema } from '../entities/manual-result.js';
import { qcTaskSchema } from '../entities/qc-task.js';
import { qcRuleSchema } from '../entities/rule.js';
import { qcSchemeSchema } from '../entities/scheme.js';
import { complaintDetailShape, transcriptShape } from './api-answers.js';
import { pageAnswerSchema } from './common.js';

/** Page answers of the QC lists; the manual result and complaint pages add their radio counts. */
export const schemePageSchema = pageAnswerSchema(qcSchemeSchema);
export const rulePageSchema = pageAnswerSchema(qcRuleSchema);
export const aiResultPageSchema = pageAnswerSchema(aiResultSchema);
export const manualResultPageSchema = pageAnswerSchema(manualResultSchema).extend(manualResultCountsSchema.shape);
export const complaintPageSchema = pageAnswerSchema(complaintSchema).extend(complaintCountsSchema.shape);
export const qcTaskPageSchema = pageAnswerSchema(qcTaskSchema);
export const censorBanPageSchema = pageAnswerSchema(censorBanSchema);
export const censorLogPageSchema = pageAnswerSchema(censorLogRecordSchema);
export const messagePageSchema = pageAnswerSchema(chatMessageSchema);

/** Details: the record with its session panel and messages; a complaint detail also names the complaint. */
export const aiResultDetailSchema = aiResultSchema.extend(transcriptShape);
export const aiResultComplaintDetailSchema = aiResultSchema.extend(complaintDetailShape);
/** a session not assessed yet answers `id: null`, UNCHECKED, no angles */
export const manualResultDetailSchema = manualResultSchema.extend(transcriptShape);
export const manualResultComplaintDetailSchema = manualResultSchema.extend(complaintDetailShape);
/** /v3/chats/qc-angle/detail: the angle (also as `name`) of its scheme with its linked rules */
export const angleDetailSchema = schemeAngleSchema.extend({ name: z.string(), schemeId: z.string() });
/** /v3/chats/qc-scheme/detail: the scheme with its live angles as /v3/chats/qc-angle/detail answers each one */
export const schemeDetailSchema = qcSchemeSchema.extend({ schemeAngles: z.array(angleDetailSchema).default([]) });

export type AiResultDetailAnswer = z.infer<typeof aiResultDetailSchema>;
export type AiResultComplaintDetailAnswer = z.infer<typeof aiResultComplaintDetailSchema>;
export type ManualResultDetailAnswer = z.infer<typeof manualResultDetailSchema>;
export type ManualResultComplaintDetailAnswer = z.infer<typeof manualResultComplaintDetailSchema>;
export type AngleDetailAnswer = z.infer<typeof angleDetailSchema>;
export type SchemeDetailAnswer = z.infer<typeof schemeDetailSchema>;

export type ManualResultPage = z.infer<typeof manualResultPageSchema>;
export type ComplaintPage = z.infer<typeof complaintPageSchema>;
