import { z } from 'zod';
import { SessionParty, SessionStatus, SummaryFieldType } from '../enums/chat.js';
import { idSchema, timeSchema } from '../fields.js';

/** A session's rating: `{id, resolved, score, note}` (score valid 1..5). */
export const scoreResultSchema = z.object({
  id: z.string().nullish(),
  resolved: z.boolean().nullish(),
  score: z.number().nullish(),
  note: z.string().nullish(),
});

/** The embedded session panel of result, complaint and monitor views. */
export const sessionDetailSchema = z.object({
  sessionId: z.string().nullish(),
  chatId: z.string().nullish(),
  status: SessionStatus.schema,
  lineName: z.string().nullish(),
  lineId: z.string().nullish(),
  closeWay: SessionParty.schema.nullish(),
  closeReason: z.string().nullish(),
  mode: z.string().nullish(),
  /** whether a service summary exists */
  summary: z.boolean().nullish(),
  /** -1 rating not sent, 0 sent and awaiting, otherwise rated */
  scoreProgress: z.number().int().nullish(),
  scoreWay: SessionParty.schema.nullish(),
  scoringTime: timeSchema.nullish(),
  scoredTime: timeSchema.nullish(),
  scoreResult: scoreResultSchema.nullish(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** What `scoreProgress` says. */
export function ratingProgress(scoreProgress: number | null | undefined): 'NOT_SENT' | 'AWAITING' | 'RATED' {
  if (scoreProgress === undefined || scoreProgress === null || scoreProgress === -1) return 'NOT_SENT';
  return scoreProgress === 0 ? 'AWAITING' : 'RATED';
}

export const summaryFieldSchema = z.object({
  fieldCode: z.string(),
  fieldName: z.string().nullish(),
  fieldType: SummaryFieldType.schema,
  formData: z.unknown().optional(),
});
export type SummaryField = z.infer<typeof summaryFieldSchema>;

/**
 * A session's service summary, loaded by sessionId and chatId: resolved, the summary text, the form it was filled
 * in, and the form's fields `{fieldCode, fieldName, fieldType, formData}`.
 */
export const sessionSummarySchema = z.object({
  resolved: z.boolean().nullish(),
  content: z.string().max(5000).nullish(),
  form: z.string().max(200).nullish(),
  fields: z.array(summaryFieldSchema).max(200).default([]),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** POST /v3/chats/session/summary: the session (its chat too, when the caller knows it). */
export const sessionSummaryBodySchema = z.object({
  sessionId: idSchema,
  chatId: idSchema.nullish(),
});
export type SessionSummaryBody = z.infer<typeof sessionSummaryBodySchema>;

/** The summary, or null for a session whose agent filled none. */
export const sessionSummaryAnswerSchema = sessionSummarySchema.nullable();
