/**
 * The answers of the calls that have no entity of their own (toggles, moves, uploads, details with their transcript)
 * and the error answer: what /docs shows for every route, and what a client may parse with.
 */
import { z } from 'zod';
import { chatMessageSchema } from '../entities/chat-message.js';
import { complaintSchema } from '../entities/complaint.js';
import { groupRefSchema } from '../entities/refs.js';
import { sessionDetailSchema } from '../entities/session-detail.js';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { QualityStatusMove } from '../enums/qc.js';
import { timeSchema } from '../fields.js';

/** Every error: `{code, message, field?, errors?}`; the message in Chinese, or English with `Accept-Language: en`. */
export const errorAnswerSchema = z.object({
  /** stable, for programs: INVALID_FIELD, NOT_FOUND, STALE_VERSION, FORBIDDEN, UNAUTHORIZED, TOO_MANY_ATTEMPTS, … */
  code: z.string(),
  message: z.string(),
  /** the request field concerned, as a path: `schemeAngles[2].score` */
  field: z.string().optional(),
  /** every field problem of a body that does not parse (the first is also `field` and `message`) */
  errors: z.array(z.object({ code: z.string(), field: z.string(), message: z.string() })).optional(),
  /** on a server error (5xx): the id under which the server logged it, to quote to whoever reads the log */
  requestId: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** `{ok: true}`: sign-out, liveness */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
/** the ids a call acted on */
export const idsAnswerSchema = z.object({ ids: z.array(z.string()) });
/** `/status`: the ids and the status they now have */
export const statusAnswerSchema = z.object({ ids: z.array(z.string()), status: ActiveStatus.schema });
/** `/delete`: the ids and the `deleted` state they moved to */
export const deleteAnswerSchema = z.object({ ids: z.array(z.string()), deleted: Deleted.schema });
/** /v3/chats/session/quality-status: the sessions, their new status, how many manual results moved */
export const qualityStatusAnswerSchema = z.object({
  ids: z.array(z.string()),
  status: QualityStatusMove.schema,
  changed: z.number().int().min(0),
});
/** /v3/worker/center/upload: where the file is stored (the path to download it by and to attach it with) */
export const uploadAnswerSchema = z.object({ path: z.string(), name: z.string(), size: z.number().int().min(0) });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** A session as /v3/chats/session/list and /detail answer it: the session panel plus the list columns. */
export const chatSessionSchema = sessionDetailSchema.extend({
  source: z.string().nullish(),
  agentId: z.string().nullish(),
  /** agent name */
  name: z.string().nullish(),
  nick: z.string().nullish(),
  customerId: z.string().nullish(),
  customerNick: z.string().nullish(),
  customerPhone: z.string().nullish(),
  groups: z.array(groupRefSchema).default([]),
  trackClient: z.string().nullish(),
  /** rating 1..5, else null */
  satisfaction: z.number().nullish(),
  resolved: z.boolean().nullish(),
  createTime: timeSchema.nullish(),
  sessionBeginTime: timeSchema.nullish(),
  closeTime: timeSchema.nullish(),
  /** seconds */
  duration: z.number().nullish(),
  messageCount: z.number().int().nullish(),
  humanQuality: z.record(z.string(), z.number()).nullish(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** What every result and complaint detail carries beside its record: the session panel and its first messages. */
export const transcriptShape = {
  session: chatSessionSchema,
  /** the first 1,000 messages in send order (the rest through /v3/chats/message/query) */
  messages: z.array(chatMessageSchema),
  messageTotal: z.number().int().min(0),
};

/** A complaint detail names the complaint in full. */
export const complaintDetailShape = { ...transcriptShape, complaint: complaintSchema };
