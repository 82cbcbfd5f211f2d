import type { z } from 'zod';
import { aiResultSchema } from '../entities/ai-result.js';
import { censorBanSchema, censorLogRecordSchema } from '../entities/censor-ban.js';
import { chatMessageSchema } from '../entities/chat-message.js';
import { complaintCountsSchema, complaintSchema } from '../entities/complaint.js';
import { manualResultCountsSchema, manualResultSchema } from '../entities/manual-result.js';
import { qcTaskSchema } from '../entities/qc-task.js';
import { qcRuleSchema } from '../entities/rule.js';
import { qcSchemeSchema } from '../entities/scheme.js';
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

export type ManualResultPage = z.infer<typeof manualResultPageSchema>;
export type ComplaintPage = z.infer<typeof complaintPageSchema>;
