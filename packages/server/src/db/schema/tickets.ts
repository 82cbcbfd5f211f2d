import type { ActiveStatus, NodeHandlerType, TicketRouteType, TicketStatusGroup } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns, organizationColumn } from './columns.js';

/**
 * A ticket state (tickets spec "Ticket states"). The system states (the spec's tenantId 0) are seeded into every
 * organisation with `system` true: they are read like the organisation's own and can never be changed. A state
 * belongs to one status group of `dict-ticket-status`; its code and group are fixed once it exists.
 */
export const taskStates = pgTable(
  'task_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    statusGroup: text('status_group').$type<TicketStatusGroup>().notNull(),
    color: text('color').notNull(),
    system: boolean('system').notNull().default(false),
    ...entityColumns(),
  },
  (t) => [
    index('task_states_list_idx').on(t.organizationId, t.deleted, t.statusGroup),
    // a code names one state of the organisation (the trash included: a restored state keeps its code)
    uniqueIndex('task_states_org_code_uq').on(t.organizationId, t.code).where(sql`${t.deleted} <> 'BUFFER'`),
  ],
);

/**
 * A ticket group (tickets spec "Ticket groups"): the staff who handle tickets routed to it, how many open tickets
 * each may hold, and how the next handler is picked (LOAD: fewest open tickets, ties in turn; ROTATE: in turn).
 * `rotateCursor` is the staff id that had the last ticket, for the turns.
 */
export const taskGroups = pgTable(
  'task_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    capacity: integer('capacity').notNull().default(20),
    routeType: text('route_type').$type<TicketRouteType>().notNull().default('LOAD'),
    agentTicket: boolean('agent_ticket').notNull().default(true),
    staffIds: bigint('staff_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    intro: text('intro'),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    rotateCursor: bigint('rotate_cursor', { mode: 'number' }),
    ...entityColumns(),
  },
  (t) => [index('task_groups_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);

/**
 * A node of a ticket kind's flow (tickets spec "Node editor"): the cell (stateFrom, stateTo) of the kind's matrix,
 * who handles a ticket that made this move, and its alarm and timeout minutes. One node per cell.
 */
export const taskKindNodes = pgTable(
  'task_kind_nodes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    kindId: bigint('kind_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    handlerType: text('handler_type').$type<NodeHandlerType>().notNull(),
    handlerIds: bigint('handler_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    stateFrom: text('state_from').notNull(),
    stateTo: text('state_to').notNull(),
    alarmMinutes: integer('alarm_minutes').notNull().default(10),
    timeoutMinutes: integer('timeout_minutes').notNull().default(720),
    creatorId: bigint('creator_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    modifyTime: timestamp('modify_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_kind_nodes_cell_uq').on(t.kindId, t.stateFrom, t.stateTo)],
);
