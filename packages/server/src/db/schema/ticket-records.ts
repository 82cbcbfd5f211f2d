import type { TicketEventType, TicketFieldValue, TicketFile, TicketStatusGroup } from '@qcdesk/contracts';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns, organizationColumn } from './columns.js';

/**
 * A ticket opened from a ticket kind (ours: the spec defines the templates, not the tickets). It is in one state of
 * its kind's flow; `status_group` is that state's group, copied when the ticket enters it (a state's group never
 * changes), so that open tickets are counted without a join. `handler_id` null with a `group_id`: waiting in that
 * ticket group for a member to claim it. `alarm_at` / `timeout_at` come from the node that brought it into its state.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kindId: bigint('kind_id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    content: text('content'),
    stateCode: text('state_code').notNull(),
    statusGroup: text('status_group').$type<TicketStatusGroup>().notNull(),
    groupId: bigint('group_id', { mode: 'number' }),
    handlerId: bigint('handler_id', { mode: 'number' }),
    lastHandlerId: bigint('last_handler_id', { mode: 'number' }),
    /** the QC session (the desk's sessionId) and AI result it was opened from */
    sessionId: text('session_id'),
    aiResultId: bigint('ai_result_id', { mode: 'number' }),
    fieldValues: jsonb('field_values').$type<Record<string, TicketFieldValue>>().notNull().default({}),
    attachments: jsonb('attachments').$type<TicketFile[]>().notNull().default([]),
    stateSince: timestamp('state_since', { withTimezone: true }).notNull().defaultNow(),
    alarmAt: timestamp('alarm_at', { withTimezone: true }),
    timeoutAt: timestamp('timeout_at', { withTimezone: true }),
    ...entityColumns(),
  },
  (t) => [
    uniqueIndex('tickets_org_number_uq').on(t.organizationId, t.number),
    index('tickets_list_idx').on(t.organizationId, t.deleted, t.createTime.desc(), t.id.desc()),
    // each member's open tickets of a group, counted under the group's lock when routing
    index('tickets_group_handler_idx').on(t.groupId, t.handlerId, t.statusGroup),
    index('tickets_handler_idx').on(t.organizationId, t.handlerId, t.statusGroup),
    index('tickets_session_idx').on(t.organizationId, t.sessionId),
  ],
);

/**
 * A ticket's history, oldest first: created, moved (from, to, the node), assigned (group, handler, by routing or by a
 * person), claimed, commented. Names are kept as they were at the time.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    type: text('type').$type<TicketEventType>().notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    nodeId: bigint('node_id', { mode: 'number' }),
    nodeName: text('node_name'),
    groupId: bigint('group_id', { mode: 'number' }),
    groupName: text('group_name'),
    handlerId: bigint('handler_id', { mode: 'number' }),
    handlerName: text('handler_name'),
    routed: boolean('routed').notNull().default(false),
    remark: text('remark'),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: text('actor_name'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.id)],
);

/**
 * The last ticket number of each prefix of an organisation: `INSERT … ON CONFLICT DO UPDATE … RETURNING` hands out
 * the next one atomically. Keyed by prefix rather than kind, so two kinds with the same taskCode never share a number.
 */
export const ticketSequences = pgTable(
  'ticket_sequences',
  {
    organizationId: organizationColumn(),
    prefix: text('prefix').notNull(),
    last: bigint('last', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ticket_sequences_pk', columns: [t.organizationId, t.prefix] })],
);
