import type { AgentMode, AgentStatus, LiveEventType } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizationColumn } from './columns.js';

/**
 * The live feed's history (issue 20): every event a caller sent and every decision of the desk, once each (unique
 * eventId per organisation), with its place in its session (`seq`, 0 for SESSION_OPENED, no gaps). A message's text
 * lives in chat_messages, so events stay small.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    eventId: text('event_id').notNull(),
    type: text('type').$type<LiveEventType>().notNull(),
    /** FEED: sent by a caller; DESK: the desk's own (queued, assigned) */
    origin: text('origin').$type<'FEED' | 'DESK'>().notNull(),
    sessionId: text('session_id'),
    seq: integer('seq'),
    agentId: bigint('agent_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** the event's other fields (a message without its content) */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedTime: timestamp('received_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_events_org_event_uq').on(t.organizationId, t.eventId),
    index('live_events_org_session_idx').on(t.organizationId, t.sessionId, t.seq),
    index('live_events_org_agent_idx').on(t.organizationId, t.agentId, t.at),
  ],
);

/**
 * An agent's presence and load as the feed keeps it: status and mode since `statusTime`, the sessions open now
 * (`receptions`), when he was last given one, and the day's counters (reset on the first event of a new day in the
 * console's time zone). A row appears with the agent's first event.
 */
export const agentLive = pgTable(
  'agent_live',
  {
    organizationId: organizationColumn(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    status: text('status').$type<AgentStatus>().notNull().default('OFFLINE'),
    mode: text('mode').$type<AgentMode>(),
    statusTime: timestamp('status_time', { withTimezone: true }).notNull(),
    /** sessions the agent serves now */
    receptions: integer('receptions').notNull().default(0),
    /** when the desk last gave him a session (round robin takes the longest idle first) */
    lastAssignTime: timestamp('last_assign_time', { withTimezone: true }),
    /** the day the counters below are for, YYYY-MM-DD in the console's time zone */
    day: text('day').notNull(),
    /** sessions taken today (assigned or transferred to him) */
    todayReceptions: integer('today_receptions').notNull().default(0),
    /** his sessions closed today */
    todayClosed: integer('today_closed').notNull().default(0),
    /** messages he sent today */
    todaySent: integer('today_sent').notNull().default(0),
    /** customer messages in his sessions today */
    todayReceived: integer('today_received').notNull().default(0),
    /** sessions transferred away from him today */
    todayTransfers: integer('today_transfers').notNull().default(0),
    /** seconds ONLINE today, up to statusTime */
    todayOnlineSeconds: integer('today_online_seconds').notNull().default(0),
    /** seconds on BUSY, BREAK, TRAINING or MEETING today, up to statusTime */
    todayRestSeconds: integer('today_rest_seconds').notNull().default(0),
    firstOnlineTime: timestamp('first_online_time', { withTimezone: true }),
    lastOfflineTime: timestamp('last_offline_time', { withTimezone: true }),
    modifyTime: timestamp('modify_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'agent_live_pk', columns: [t.organizationId, t.agentId] })],
);

/**
 * Sessions waiting for an agent, oldest first (`enqueuedAt`, then `position` for ties), with the skill groups they
 * wait for in order of preference. A row leaves when the session is assigned or closes.
 */
export const liveQueue = pgTable(
  'live_queue',
  {
    organizationId: organizationColumn(),
    sessionId: text('session_id').notNull(),
    lineId: bigint('line_id', { mode: 'number' }),
    trackClient: text('track_client'),
    groupIds: bigint('group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** the agent it was transferred away from, who must not get it back */
    excludedAgentId: bigint('excluded_agent_id', { mode: 'number' }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull(),
    position: bigserial('position', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'live_queue_pk', columns: [t.organizationId, t.sessionId] }),
    index('live_queue_org_order_idx').on(t.organizationId, t.enqueuedAt, t.position),
    index('live_queue_groups_idx').using('gin', t.groupIds),
  ],
);

/**
 * An alarm on an agent (tickets spec "Agent alarm": sessionId, type, reason, alarmTime; the monitor card's
 * alarmSessionId): raised by real-time QC when a rule of a REAL_TIME_TEXT task hits a live session (`source` the
 * task, `ruleId` the rule), or by a supervisor. `handledTime` is set once someone acted on it (listened, transferred).
 */
export const agentAlarms = pgTable(
  'agent_alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    sessionId: text('session_id').notNull(),
    /** what raised it: QC_RULE (real-time QC), CENSOR (an ABORT word), MANUAL */
    type: text('type').$type<'QC_RULE' | 'CENSOR' | 'MANUAL'>().notNull(),
    /** the task or library that raised it, as the alarm tab's "source" column shows it */
    source: text('source'),
    ruleId: bigint('rule_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    /** the message that made it hit (seq in the session) */
    messageSeq: integer('message_seq'),
    alarmTime: timestamp('alarm_time', { withTimezone: true }).notNull(),
    handledTime: timestamp('handled_time', { withTimezone: true }),
  },
  (t) => [
    index('agent_alarms_org_agent_idx').on(t.organizationId, t.agentId, t.alarmTime),
    index('agent_alarms_org_session_idx').on(t.organizationId, t.sessionId),
    // real-time QC raises one alarm per rule and session, however often the growing session is inspected
    uniqueIndex('agent_alarms_rule_uq').on(t.organizationId, t.sessionId, t.ruleId, t.source),
  ],
);

/**
 * Batches that came through the Redis feed queue, with the answer they got (issue 20 "Scale"): stored in the batch's
 * own transaction, so a batch taken again after its worker died mid-way gets the answer it got the first time (its
 * events are stored once either way; the answer's seqs and desk decisions would otherwise be lost). Kept a day.
 */
export const liveBatches = pgTable(
  'live_batches',
  {
    organizationId: organizationColumn(),
    /** the Redis stream entry id */
    batchId: text('batch_id').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.batchId] }), index('live_batches_created_idx').on(t.createdTime)],
);
