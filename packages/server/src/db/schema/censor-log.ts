import type { CensorJobKind, CensorJobState, CensorOperation, CensorSpan } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationColumn } from './columns.js';
import { chatMessages } from './sessions.js';

/**
 * The sensitive-word log: one row per matched (message, library), written when the message is imported or
 * rescanned. Everything the log screen and its export show is copied in (library name as it was, line, sender,
 * the original text), so the log reads without joins and keeps a removed library's name. The row goes with its
 * message (a re-imported session's messages are written anew, and their rows with them).
 */
export const censorLogs = pgTable(
  'censor_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    messageRef: bigint('message_ref', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** the library (no reference: removing a library keeps its log) and its name at the time */
    censorBanId: bigint('censor_ban_id', { mode: 'number' }).notNull(),
    censorBanName: text('censor_ban_name').notNull(),
    /** the library's words found in the message, each once, in order of first occurrence */
    censorWords: text('censor_words').array().notNull(),
    /** every match in `text`: what the screen paints red */
    censorSpans: jsonb('censor_spans').$type<CensorSpan[]>().notNull(),
    /** the library's operation as applied to this message (FUZZY on an agent message is REPORT) */
    censorOperation: text('censor_operation').$type<CensorOperation>().notNull(),
    lineId: bigint('line_id', { mode: 'number' }),
    lineName: text('line_name'),
    sessionId: text('session_id').notNull(),
    chatId: text('chat_id').notNull(),
    messageId: text('message_id').notNull(),
    /** the message's text as sent (never the masked form) */
    text: text('text').notNull(),
    senderNick: text('sender_nick'),
    senderRole: text('sender_role').notNull(),
    senderAvatar: text('sender_avatar'),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the log's own order within its required filter (line), newest first, id for ties: pages and the export's cursor
    index('censor_logs_org_line_send_idx').on(t.organizationId, t.lineId, t.sendTime, t.id),
    index('censor_logs_org_ban_send_idx').on(t.organizationId, t.censorBanId, t.sendTime),
    index('censor_logs_org_session_idx').on(t.organizationId, t.sessionId),
    // a message's rows, for the cascade and for a rescan replacing them
    index('censor_logs_message_idx').on(t.messageRef),
  ],
);

/**
 * A background job of the log: a rescan of a time range, or an export of a filtered log to a file. Its progress
 * lives here (not in the process), so any server process answers the progress call; `heartbeatTime` moves with each
 * batch, so a job whose process died is seen as failed rather than running forever.
 */
export const censorJobs = pgTable(
  'censor_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    kind: text('kind').$type<CensorJobKind>().notNull(),
    state: text('state').$type<CensorJobState>().notNull().default('RUNNING'),
    /** messages to rescan, or log rows to export, as counted at the start */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** the rescan range or the export's filter and format, as the call sent them */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** an export's file in the file store, and the name it downloads as */
    filePath: text('file_path'),
    fileName: text('file_name'),
    error: text('error'),
    creatorId: bigint('creator_id', { mode: 'number' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    heartbeatTime: timestamp('heartbeat_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [index('censor_jobs_org_kind_idx').on(t.organizationId, t.kind, t.creatorId)],
);
