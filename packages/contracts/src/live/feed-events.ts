import { z } from 'zod';
import { SessionParty } from '../enums/chat.js';
import { AgentMode, AgentStatus } from '../enums/desk.js';
import { err, idSchema, optionalText, requiredText } from '../fields.js';

/**
 * The live feed (issue 20): what a contact-centre platform tells the desk as it happens, one event at a time, through
 * POST /v3/feed/live/events. Every event carries an `eventId`, its idempotency key (the same id twice is stored once),
 * and `at`, when it happened at the desk. Assignment is not an event the caller sends: the desk decides it and records
 * it as its own SESSION_QUEUED / SESSION_ASSIGNED events, so a session's history is complete.
 */

/** Limits of the feed (ours: the spec shows no feed). */
export const FEED_LIMITS = {
  /** events per call */
  batchMax: 1000,
  eventIdMax: 200,
  /** characters of one message's content (TIM JSON string or plain text) */
  contentMax: 200_000,
  /** the transfer remark (tickets spec §9 "transfer remark 200") */
  remarkMax: 200,
  closeReasonMax: 500,
} as const;

/** The prefix of the desk's own event ids; a caller's event may not use it. */
export const DESK_EVENT_PREFIX = 'desk:';

/** the latest time a JavaScript Date can hold, in epoch milliseconds */
const MAX_EPOCH_MS = 8.64e15;

/** When it happened: epoch milliseconds or an ISO 8601 time with its zone; answered as epoch milliseconds. */
const atSchema = z
  .union([
    z.number().finite().nonnegative().max(MAX_EPOCH_MS),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), err('common.invalidTime')),
  ])
  .transform((v) => Math.round(typeof v === 'number' ? v : Date.parse(v)));

const eventIdSchema = requiredText(FEED_LIMITS.eventIdMax).refine(
  (id) => !id.startsWith(DESK_EVENT_PREFIX),
  err('live.eventIdReserved'),
);
/** The desk's ids of sessions, chats, customers and messages: any text (or a number, kept as its text). */
const externalId = z.union([requiredText(200), z.number().int().nonnegative().transform(String)]);

const common = { eventId: eventIdSchema, at: atSchema };

/**
 * Message content as the console stores it: a TIM-style JSON string (`[{"MsgType":"TIMTextElem",…}]`), TIM items as
 * an array, or plain text, which is stored as one TIM text element (so that plain text that happens to parse as JSON,
 * such as "123", still reads as text).
 */
export const feedContentSchema = z
  .union([z.string().min(1, err('common.required')).max(FEED_LIMITS.contentMax), z.array(z.unknown()).min(1)])
  .transform((content) => (typeof content === 'string' ? timOrText(content) : JSON.stringify(content)));

/** TIM JSON as given; anything else as one TIM text element. */
export function timOrText(content: string): string {
  const trimmed = content.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(content);
      const first = Array.isArray(parsed) ? parsed[0] : parsed;
      if (first !== null && typeof first === 'object' && 'MsgType' in first) return content;
    } catch {
      // not JSON: plain text
    }
  }
  return JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: content } }]);
}

/** A customer arrives on a service line: the session opens and the desk queues or assigns it. */
export const sessionOpenedEventSchema = z.object({
  type: z.literal('SESSION_OPENED'),
  ...common,
  sessionId: externalId,
  /** the chat (conversation) id; default the session id */
  chatId: externalId.optional(),
  lineId: idSchema,
  customerId: externalId.nullish(),
  customerNick: optionalText(200),
  /** the channel */
  trackClient: optionalText(100),
  /** the skill group the customer chose in a navigation (GROUP routes); default: the line's groups */
  groupId: idSchema.nullish(),
  source: optionalText(200),
});

export const FEED_SENDER_ROLES = ['CUSTOMER', 'AGENT'] as const;

/** One message of a session, from the customer or the agent serving it. */
export const messageEventSchema = z.object({
  type: z.literal('MESSAGE'),
  ...common,
  sessionId: externalId,
  messageId: externalId,
  senderRole: z.enum(FEED_SENDER_ROLES),
  senderNick: optionalText(200),
  senderAvatar: optionalText(2000),
  content: feedContentSchema,
});

/** A session moves to another skill group or to an agent (exactly one of the two). */
export const sessionTransferredEventSchema = z
  .object({
    type: z.literal('SESSION_TRANSFERRED'),
    ...common,
    sessionId: externalId,
    groupId: idSchema.nullish(),
    agentId: idSchema.nullish(),
    remark: optionalText(FEED_LIMITS.remarkMax),
    /** who transferred it (a user or an agent, as the desk names them) */
    by: optionalText(200),
  })
  .superRefine((event, ctx) => {
    if ((event.groupId ?? null) === null && (event.agentId ?? null) === null)
      ctx.addIssue({ code: 'custom', message: 'live.transferTarget', path: ['groupId'] });
    else if ((event.groupId ?? null) !== null && (event.agentId ?? null) !== null)
      ctx.addIssue({ code: 'custom', message: 'live.transferOneTarget', path: ['agentId'] });
  });

export const sessionClosedEventSchema = z.object({
  type: z.literal('SESSION_CLOSED'),
  ...common,
  sessionId: externalId,
  way: SessionParty.schema,
  reason: optionalText(FEED_LIMITS.closeReasonMax),
});

/** An agent's presence: ONLINE (with its mode), BUSY, BREAK, TRAINING, MEETING or OFFLINE. */
export const agentStatusEventSchema = z.object({
  type: z.literal('AGENT_STATUS'),
  ...common,
  agentId: idSchema,
  status: AgentStatus.schema,
  mode: AgentMode.schema.nullish(),
});

/** The events a caller sends. */
export const feedEventSchema = z.discriminatedUnion('type', [
  sessionOpenedEventSchema,
  messageEventSchema,
  sessionTransferredEventSchema,
  sessionClosedEventSchema,
  agentStatusEventSchema,
]);
export type FeedEvent = z.output<typeof feedEventSchema>;
export type FeedEventInput = z.input<typeof feedEventSchema>;
export type FeedEventType = FeedEvent['type'];
export const FEED_EVENT_TYPES = [
  'SESSION_OPENED',
  'MESSAGE',
  'SESSION_TRANSFERRED',
  'SESSION_CLOSED',
  'AGENT_STATUS',
] as const satisfies readonly FeedEventType[];

/** The desk's own events, recorded beside the caller's. */
export const DESK_EVENT_TYPES = ['SESSION_QUEUED', 'SESSION_ASSIGNED'] as const;
export type DeskEventType = (typeof DESK_EVENT_TYPES)[number];
export type LiveEventType = FeedEventType | DeskEventType;

/** POST /v3/feed/live/events: up to 1,000 events, each checked on its own (a bad one is refused, the others go on). */
export const feedBatchSchema = z.object({
  events: z.array(z.unknown()).min(1, err('common.required')).max(FEED_LIMITS.batchMax),
});

export const FEED_OUTCOMES = ['ACCEPTED', 'DUPLICATE', 'REFUSED'] as const;

/** What became of one event, in the order sent. */
export const feedResultSchema = z.object({
  /** null when the event had no readable eventId */
  eventId: z.string().nullable(),
  outcome: z.enum(FEED_OUTCOMES),
  /** ACCEPTED: the event's place in its session's history (0 for SESSION_OPENED); null for AGENT_STATUS */
  seq: z.number().int().nullish(),
  /** REFUSED: why, as a code, a message in the caller's language and the JSON path in the body */
  code: z.string().nullish(),
  message: z.string().nullish(),
  field: z.string().nullish(),
});
export type FeedResult = z.infer<typeof feedResultSchema>;

/** A decision of the desk: a session waits in the queue of its groups, or goes to an agent. */
export const deskEventSchema = z.object({
  eventId: z.string(),
  type: z.enum(DESK_EVENT_TYPES),
  sessionId: z.string(),
  seq: z.number().int(),
  /** epoch milliseconds: the `at` of the event that led to it */
  at: z.number(),
  agentId: z.string().nullish(),
  groupId: z.string().nullish(),
  /** SESSION_QUEUED: the groups it waits for, in order of preference */
  groupIds: z.array(z.string()).nullish(),
});
export type DeskEvent = z.infer<typeof deskEventSchema>;

/** The answer: counts, each event's outcome, and what the desk decided on the way. */
export const feedAnswerSchema = z.object({
  accepted: z.number().int().min(0),
  duplicate: z.number().int().min(0),
  refused: z.number().int().min(0),
  results: z.array(feedResultSchema),
  desk: z.array(deskEventSchema),
});
export type FeedAnswer = z.infer<typeof feedAnswerSchema>;
