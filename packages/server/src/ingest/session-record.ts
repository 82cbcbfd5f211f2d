import { createHash } from 'node:crypto';
import { messageText } from '@qcdesk/engine';
import { z } from 'zod';

/**
 * One session as a desk hands it to ingestion: the shape of the shared STC-3 file (`sessionId`, `chatId`,
 * `messages` of the spec's Chat message) plus the optional session-detail fields the lists filter on. Ids of
 * agents, groups and lines are the console's record ids (positive whole numbers, as numbers or strings).
 */
const recordId = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/, 'expected a positive whole number id')])
  .transform(Number);
const externalId = z.union([z.string().trim().min(1).max(200), z.number().int().nonnegative()]).transform(String);
/** epoch milliseconds, or an ISO 8601 time with its zone */
const instant = z
  .union([
    z.number().finite().nonnegative(),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected epoch milliseconds or an ISO 8601 time'),
  ])
  .transform((v) => new Date(typeof v === 'number' ? v : Date.parse(v)));
const optionalText = (max: number) => z.string().max(max).nullish();

const messageSchema = z.object({
  messageId: externalId.optional(),
  senderRole: z.string().trim().min(1).max(40),
  senderNick: optionalText(200),
  senderAvatar: optionalText(2000),
  sendTime: z.union([z.number().finite().nonnegative(), z.string().min(1)]).transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : Date.parse(v);
    if (Number.isNaN(ms)) {
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

export const sessionRecordSchema = z.object({
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
  summary: z.boolean().default(false),
  summaryDetail: z.record(z.string(), z.unknown()).nullish(),
  scoreProgress: z.number().int().default(-1),
  scoreWay: z.enum(['AGENT', 'CUSTOMER', 'SYSTEM']).nullish(),
  scoringTime: instant.nullish(),
  scoredTime: instant.nullish(),
  scoreResult: z
    .object({
      id: z.union([z.string(), z.number()]).nullish(),
      resolved: z.boolean().nullish(),
      score: z.number().int().nullish(),
      note: z.string().max(2000).nullish(),
    })
    .nullish(),
  /** session start; default the first message's send time */
  beginTime: instant.nullish(),
  closeTime: instant.nullish(),
  humanQuality: z.record(z.string(), z.number()).nullish(),
  messages: z.array(messageSchema).max(100_000),
});
export type SessionRecordInput = z.input<typeof sessionRecordSchema>;
type ParsedRecord = z.infer<typeof sessionRecordSchema>;

/** A session ready to be written: columns of chat_sessions and its messages in order. */
export interface NormalizedSession {
  readonly session: {
    sessionId: string;
    chatId: string;
    source: string | null;
    status: string;
    lineId: number | null;
    lineName: string | null;
    agentId: number | null;
    agentName: string | null;
    agentNick: string | null;
    customerId: string | null;
    customerNick: string | null;
    customerPhone: string | null;
    groups: { groupId: number; groupName: string }[];
    groupIds: number[];
    trackClient: string | null;
    closeWay: string | null;
    closeReason: string | null;
    mode: string | null;
    summary: boolean;
    summaryDetail: unknown;
    scoreProgress: number;
    scoreWay: string | null;
    scoringTime: Date | null;
    scoredTime: Date | null;
    scoreResult: ParsedRecord['scoreResult'] | null;
    satisfaction: number | null;
    resolved: boolean | null;
    beginTime: Date;
    closeTime: Date | null;
    duration: number;
    messageCount: number;
    agentText: string;
    customerText: string;
    humanQuality: unknown;
    contentHash: string;
  };
  readonly messages: {
    seq: number;
    messageId: string;
    chatId: string;
    sessionId: string;
    senderRole: string;
    senderNick: string | null;
    senderAvatar: string | null;
    sendTime: number;
    content: string;
    censorOperation: string | null;
    censorWords: string[] | null;
  }[];
}

/** Derives what the lists need (times, duration, each side's text) and a content hash for idempotent re-imports. */
export function normalizeSession(record: ParsedRecord): NormalizedSession {
  const chatId = record.chatId ?? record.sessionId;
  const messages = record.messages.map((m, seq) => ({
    seq,
    messageId: m.messageId ?? `${record.sessionId}-${seq + 1}`,
    chatId,
    sessionId: record.sessionId,
    senderRole: m.senderRole.toUpperCase(),
    senderNick: m.senderNick ?? null,
    senderAvatar: m.senderAvatar ?? null,
    sendTime: m.sendTime,
    content: m.content,
    censorOperation: m.censorOperation ?? null,
    censorWords: m.censorWords ?? null,
  }));
  const times = messages.map((m) => m.sendTime);
  const first = times.length > 0 ? Math.min(...times) : null;
  const last = times.length > 0 ? Math.max(...times) : null;
  const beginTime = record.beginTime ?? (first !== null ? new Date(first) : new Date());
  const closeTime = record.closeTime ?? (record.status === 'CLOSED' && last !== null ? new Date(last) : null);
  const agentText: string[] = [];
  const customerText: string[] = [];
  for (const m of messages) {
    const text = messageText(m.content);
    if (text === null) continue;
    if (m.senderRole === 'AGENT') agentText.push(text);
    else if (m.senderRole === 'CUSTOMER') customerText.push(text);
  }
  const score = record.scoreResult?.score;
  const session = {
    sessionId: record.sessionId,
    chatId,
    source: record.source ?? null,
    status: record.status,
    lineId: record.lineId ?? null,
    lineName: record.lineName ?? null,
    agentId: record.agentId ?? null,
    agentName: record.agentName ?? null,
    agentNick: record.agentNick ?? null,
    customerId: record.customerId ?? null,
    customerNick: record.customerNick ?? null,
    customerPhone: record.customerPhone ?? null,
    groups: record.groups,
    groupIds: record.groups.map((g) => g.groupId),
    trackClient: record.trackClient ?? null,
    closeWay: record.closeWay ?? null,
    closeReason: record.closeReason ?? null,
    mode: record.mode ?? null,
    summary: record.summary,
    summaryDetail: record.summaryDetail ?? null,
    scoreProgress: record.scoreProgress,
    scoreWay: record.scoreWay ?? null,
    scoringTime: record.scoringTime ?? null,
    scoredTime: record.scoredTime ?? null,
    scoreResult: record.scoreResult ?? null,
    satisfaction: typeof score === 'number' && score >= 1 && score <= 5 ? score : null,
    resolved: record.scoreResult?.resolved ?? null,
    beginTime,
    closeTime,
    duration: closeTime === null ? 0 : Math.max(0, Math.round((closeTime.getTime() - beginTime.getTime()) / 1000)),
    messageCount: messages.length,
    agentText: agentText.join('\n'),
    customerText: customerText.join('\n'),
    humanQuality: record.humanQuality ?? null,
    contentHash: '',
  };
  session.contentHash = createHash('sha256')
    .update(JSON.stringify({ session: { ...session, contentHash: undefined }, messages }))
    .digest('base64url');
  return { session, messages };
}
