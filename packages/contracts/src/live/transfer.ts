import { z } from 'zod';
import { idSchema, optionalText } from '../fields.js';
import { FEED_LIMITS } from './feed-events.js';

/**
 * Forced transfer (tickets spec §2 "Agent transfer dialog", §3 "Transfer request", §5, §7 `/v3/chatting/transfer`):
 * a supervisor moves a live chat to another skill group or to an agent, with a remark. It travels as a
 * SESSION_TRANSFERRED event through the live feed, so the session moves exactly as a desk's own transfer would.
 */

/** 'GROUP' or 'AGENT': which target the dialog asks for (ours: it picks the message of a missing target). */
export const TRANSFER_TARGETS = ['GROUP', 'AGENT'] as const;
export type TransferTarget = (typeof TRANSFER_TARGETS)[number];

/**
 * chatId, remark ≤ 200, and groupId or agentId. Without `transferTo` the target is the agent when one is named,
 * else the group; a missing one is refused with the spec's own text on its field ('Please select the target skill
 * group' / 'Please select the target agent').
 */
export const transferBodySchema = z
  .object({
    chatId: idSchema,
    remark: optionalText(FEED_LIMITS.remarkMax),
    groupId: idSchema.nullish(),
    agentId: idSchema.nullish(),
    transferTo: z.enum(TRANSFER_TARGETS).nullish(),
  })
  .superRefine((body, ctx) => {
    const to = body.transferTo ?? (body.agentId ? 'AGENT' : 'GROUP');
    if (to === 'AGENT' && !body.agentId)
      ctx.addIssue({ code: 'custom', message: 'transfer.agentRequired', path: ['agentId'] });
    if (to === 'GROUP' && !body.groupId)
      ctx.addIssue({ code: 'custom', message: 'transfer.groupRequired', path: ['groupId'] });
  });
export type TransferBody = z.infer<typeof transferBodySchema>;

/** What became of the chat: served by `agentId` now, or waiting in `groupId`'s queue (`queued`). */
export const transferAnswerSchema = z.object({
  sessionId: z.string(),
  chatId: z.string(),
  agentId: z.string().nullable(),
  groupId: z.string().nullable(),
  queued: z.boolean(),
  /** 'transfer succeeded' in the caller's language */
  message: z.string(),
});
export type TransferAnswer = z.infer<typeof transferAnswerSchema>;

/** /v3/chatting/transfer/agents: the agents of a group the chat may go to now. */
export const transferAgentsQuerySchema = z.object({ chatId: idSchema, groupId: idSchema });

/** An agent the dialog offers: ONLINE, below his ceiling, not the one serving the chat. */
export const transferAgentSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  nick: z.string(),
  workNo: z.string().nullish(),
  receptions: z.number().int(),
  capacity: z.number().int(),
});
export type TransferAgent = z.infer<typeof transferAgentSchema>;

/** /v3/chats/monitor/alarm: an agent's alarms, newest first. */
export const alarmQuerySchema = z.object({ agentId: idSchema });

/** One alarm as the alarm tab lists it (spec §3 "Agent alarm": sessionId, type, reason, alarmTime) and more. */
export const agentAlarmSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  sessionId: z.string(),
  chatId: z.string().nullish(),
  /** QC_RULE (real-time QC), CENSOR, MANUAL */
  type: z.string(),
  /** the QC task (or library) that raised it */
  source: z.string().nullish(),
  ruleId: z.string().nullish(),
  reason: z.string(),
  /** the message of the session that made it hit (0-based) */
  messageSeq: z.number().int().nullish(),
  alarmTime: z.string(),
  handledTime: z.string().nullish(),
});
export type AgentAlarm = z.infer<typeof agentAlarmSchema>;

/** The kinds of change the monitors' event stream tells about. */
export const LIVE_CHANGE_KINDS = ['agent', 'session', 'alarm', 'queue'] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/**
 * One notice of GET /v3/chats/monitor/stream (server-sent event `change`): what changed, by id; `ids` is left out
 * when too many changed at once to name (read everything again).
 */
export const liveChangeSchema = z.object({
  kind: z.enum(LIVE_CHANGE_KINDS),
  ids: z.array(z.string()).optional(),
  /** alarm: the agents the alarms are on */
  agentIds: z.array(z.string()).optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
