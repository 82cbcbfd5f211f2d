import type { CensorOperation, SessionParty, SessionStatus } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizationColumn } from './columns.js';

/** `{groupId, groupName}` of a session's skill groups, as the result lists show them. */
export interface SessionGroup {
  readonly groupId: number;
  readonly groupName: string;
}

/** The rating a customer gave (spec "Session detail" scoreResult). */
export interface SessionScoreResult {
  readonly id?: number | string | null;
  readonly resolved?: boolean | null;
  readonly score?: number | null;
  readonly note?: string | null;
}

/**
 * One chat between a customer and an agent (spec "Session detail" plus the result lists' session columns).
 * `sessionId` is the desk's own id and the key of ingestion: re-importing a session updates this row.
 * Agent, group, line and channel columns are copied as the desk sent them so that lists filter without joins.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    sessionId: text('session_id').notNull(),
    chatId: text('chat_id').notNull(),
    source: text('source'),
    /** ACTIVE or CLOSED; only closed sessions are inspected by offline tasks */
    status: text('status').$type<SessionStatus>().notNull().default('CLOSED'),
    lineId: bigint('line_id', { mode: 'number' }),
    lineName: text('line_name'),
    agentId: bigint('agent_id', { mode: 'number' }),
    agentName: text('agent_name'),
    agentNick: text('agent_nick'),
    customerId: text('customer_id'),
    customerNick: text('customer_nick'),
    customerPhone: text('customer_phone'),
    groups: jsonb('groups').$type<SessionGroup[]>().notNull().default([]),
    groupIds: bigint('group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** the channel (`trackClient`) */
    trackClient: text('track_client'),
    closeWay: text('close_way').$type<SessionParty>(),
    closeReason: text('close_reason'),
    mode: text('mode'),
    summary: boolean('summary').notNull().default(false),
    summaryDetail: jsonb('summary_detail'),
    /** -1 not sent, 0 sent and awaiting, otherwise rated */
    scoreProgress: integer('score_progress').notNull().default(-1),
    scoreWay: text('score_way').$type<SessionParty>(),
    scoringTime: timestamp('scoring_time', { withTimezone: true }),
    scoredTime: timestamp('scored_time', { withTimezone: true }),
    scoreResult: jsonb('score_result').$type<SessionScoreResult>(),
    /** satisfaction 1..5 (scoreResult.score), null when not rated */
    satisfaction: integer('satisfaction'),
    resolved: boolean('resolved'),
    /** session start: the result lists' `createTime` */
    beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
    closeTime: timestamp('close_time', { withTimezone: true }),
    /** seconds from start to close */
    duration: integer('duration').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    /** all text of each side, for the agentWords / customerWords filters */
    agentText: text('agent_text').notNull().default(''),
    customerText: text('customer_text').notNull().default(''),
    /** the STC-3 annotators' dialogue quality {A, S, E}, when the import carries it */
    humanQuality: jsonb('human_quality').$type<Record<string, number>>(),
    /** a hash of what was imported: a re-import of the same content changes nothing */
    contentHash: text('content_hash').notNull(),
    // the live feed (issue 20, spec T-E19): null for sessions imported whole
    /** when the customer arrived (the feed's SESSION_OPENED) */
    arrivalTime: timestamp('arrival_time', { withTimezone: true }),
    /** when an agent joined (the desk assigned it) */
    joinTime: timestamp('join_time', { withTimezone: true }),
    /** the agent's first message after joining */
    firstReplyTime: timestamp('first_reply_time', { withTimezone: true }),
    /** seconds in the queue, arrival to join */
    queueSeconds: integer('queue_seconds'),
    /** the skill group serving it now (or last) */
    groupId: bigint('group_id', { mode: 'number' }),
    /** the last place in the session's feed history (live_events.seq); null: not opened through the feed */
    liveSeq: integer('live_seq'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    modifyTime: timestamp('modify_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_sessions_org_session_uq').on(t.organizationId, t.sessionId),
    index('chat_sessions_org_chat_idx').on(t.organizationId, t.chatId),
    index('chat_sessions_org_line_status_idx').on(t.organizationId, t.lineId, t.status, t.id),
    index('chat_sessions_org_begin_idx').on(t.organizationId, t.beginTime),
    // the session list's order (newest first, id for ties; read backwards): a page reads its rows, not every session
    index('chat_sessions_org_begin_id_idx').on(t.organizationId, t.beginTime, t.id),
    // the live desk: an agent's open sessions, a group's sessions of the day
    index('chat_sessions_org_agent_status_idx').on(t.organizationId, t.agentId, t.status),
    index('chat_sessions_org_group_join_idx').on(t.organizationId, t.groupId, t.joinTime),
    // a returning customer's last agent (LAST_RECEIVER)
    index('chat_sessions_org_customer_idx').on(t.organizationId, t.customerId, t.beginTime),
  ],
);

/**
 * One message of a session (spec "Chat message"): `content` is the TIM-style JSON string as the desk stores it;
 * `seq` is its position in the session (0-based), which is also the sentence index evidence refers to.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    sessionRef: bigint('session_ref', { mode: 'number' })
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    messageId: text('message_id').notNull(),
    chatId: text('chat_id').notNull(),
    sessionId: text('session_id').notNull(),
    senderRole: text('sender_role').notNull(),
    senderNick: text('sender_nick'),
    senderAvatar: text('sender_avatar'),
    /** epoch milliseconds, as the desk sends it */
    sendTime: bigint('send_time', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    censorOperation: text('censor_operation').$type<CensorOperation>(),
    censorWords: jsonb('censor_words').$type<string[]>(),
    /** under FUZZY: `content` as the customer side sees it (matched words masked); `content` stays as sent */
    maskedContent: text('masked_content'),
  },
  (t) => [
    uniqueIndex('chat_messages_session_seq_uq').on(t.sessionRef, t.seq),
    index('chat_messages_org_chat_idx').on(t.organizationId, t.chatId, t.sendTime),
    // a censor rescan walks the messages of a time range in send order
    index('chat_messages_org_send_idx').on(t.organizationId, t.sendTime, t.id),
  ],
);
