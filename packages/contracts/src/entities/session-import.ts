import { z } from 'zod';
import { sessionSummarySchema } from './session-detail.js';

// Ids of agents, groups and lines are the console's record ids: positive whole numbers, as numbers or strings.
const recordId = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/, 'expected a positive whole number id')])
  .transform(Number);
const externalId = z.union([z.string().trim().min(1).max(200), z.number().int().nonnegative()]).transform(String);
/** the latest time a JavaScript Date (and so a stored timestamp) can hold, in epoch milliseconds */
const MAX_EPOCH_MS = 8.64e15;
/** a whole number the database's integer columns hold */
const int32 = () => z.number().int().min(-2147483648).max(2147483647);
/** epoch milliseconds, or an ISO 8601 time with its zone */
const instant = z
  .union([
    z.number().finite().nonnegative().max(MAX_EPOCH_MS),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected epoch milliseconds or an ISO 8601 time'),
  ])
  .transform((v) => new Date(typeof v === 'number' ? v : Date.parse(v)));
const optionalText = (max: number) => z.string().max(max).nullish();

const messageSchema = z.object({
  messageId: externalId.optional(),
  senderRole: z.string().trim().min(1).max(40),
  senderNick: optionalText(200),
  senderAvatar: optionalText(2000),
  sendTime: z.union([z.number().finite().nonnegative().max(MAX_EPOCH_MS), z.string().min(1)]).transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : Date.parse(v);
    if (Number.isNaN(ms) || ms < 0 || ms > MAX_EPOCH_MS) {
      ctx.addIssue({ code: 'custom', message: 'expected epoch milliseconds or an ISO 8601 time' });
      return z.NEVER;
    }
    return Math.round(ms);
  }),
  /** the TIM-style JSON string; a list is accepted and stored as its JSON text */
  content: z
    .union([z.string().max(1_000_000), z.array(z.unknown())])
    .transform((c) => (typeof c === 'string' ? c : JSON.stringify(c))),
  censorOperation: z.enum(['REPORT', 'ABORT', 'FUZZY']).nullish(),
  censorWords: z.array(z.string()).nullish(),
});

const groupSchema = z.object({ groupId: recordId, groupName: z.string().max(200).default('') });

/**
 * One session as a desk hands it to ingestion: the shape of the shared STC-3 file (`sessionId`, `chatId`,
 * `messages` of the spec's Chat message) plus the optional session-detail fields the lists filter on. Ids of
 * agents, groups and lines are the console's record ids (positive whole numbers, as numbers or strings).
 */
export const sessionImportSchema = z.object({
  sessionId: externalId,
  chatId: externalId.optional(),
  source: optionalText(200),
  status: z.enum(['ACTIVE', 'CLOSED']).default('CLOSED'),
  lineId: recordId.nullish(),
  lineName: optionalText(200),
  agentId: recordId.nullish(),
  /** the agent's name (`name` in the result lists) */
  agentName: optionalText(200),
  agentNick: optionalText(200),
  customerId: externalId.nullish(),
  customerNick: optionalText(200),
  customerPhone: optionalText(40),
  groups: z.array(groupSchema).max(100).default([]),
  trackClient: optionalText(100),
  closeWay: z.enum(['AGENT', 'CUSTOMER', 'SYSTEM']).nullish(),
  closeReason: optionalText(500),
  mode: optionalText(100),
  /**
   * whether the agent filled a service summary, or the summary itself (`{resolved, content, form, fields}`, which
   * POST /v3/chats/session/summary answers); a summary object means true
   */
  summary: z.union([z.boolean(), sessionSummarySchema]).default(false),
  /** the summary as older desks sent it beside `summary: true`; `summary` as an object is preferred */
  summaryDetail: z.record(z.string(), z.unknown()).nullish(),
  scoreProgress: int32().default(-1),
  scoreWay: z.enum(['AGENT', 'CUSTOMER', 'SYSTEM']).nullish(),
  scoringTime: instant.nullish(),
  scoredTime: instant.nullish(),
  scoreResult: z
    .object({
      id: z.union([z.string(), z.number()]).nullish(),
      resolved: z.boolean().nullish(),
      score: int32().nullish(),
      note: z.string().max(2000).nullish(),
    })
    .nullish(),
  /** session start; default the first message's send time */
  beginTime: instant.nullish(),
  closeTime: instant.nullish(),
  humanQuality: z.record(z.string(), z.number()).nullish(),
  messages: z.array(messageSchema).max(100_000),
});
export type SessionImport = z.input<typeof sessionImportSchema>;

/** POST /v3/chats/session/import as JSON: an array of sessions, or `{sessions: [...]}`. */
export const sessionImportBodySchema = z.union([
  z.array(sessionImportSchema),
  z.object({ sessions: z.array(sessionImportSchema) }),
]);

/** One record that was not imported: its line (JSON Lines) or position + 1 (array), the field path, and why. */
export const importLineErrorSchema = z.object({
  line: z.number().int().min(1),
  sessionId: z.string().nullable(),
  /** path inside the record, e.g. `messages[3].senderRole`; '' for the record as a whole */
  field: z.string(),
  message: z.string(),
});

/** The import's answer: counts, and the first 1,000 failures in input order (`failed` counts them all). */
export const importSummarySchema = z.object({
  total: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  /** re-imports whose content had not changed */
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
  errors: z.array(importLineErrorSchema),
});
export type ImportSummaryAnswer = z.infer<typeof importSummarySchema>;
