import type {
  ActiveStatus,
  AppType,
  GrantMemberType,
  LineAgentConfig,
  LineBasicConfig,
  LineMessageConfig,
  LineNavInput,
  LineNoteConfig,
  LinePromptConfig,
  LineType,
  LineWaitingConfig,
  SpaceType,
} from '@qcdesk/contracts';
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
import { entityColumns, organizationColumn } from './columns.js';

/**
 * An app of the organisation (online-service-config §7 "app list /v3/users/app/list/top"): what a line belongs to.
 * The spec shows no app screens, so apps are made by the organisation's set-up (one default app) and the demo.
 */
export const apps = pgTable(
  'apps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<AppType>().notNull().default('FRONT'),
    mode: text('mode').$type<'DEV' | 'PROD'>().notNull().default('DEV'),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    ...entityColumns(),
  },
  (t) => [index('apps_org_idx').on(t.organizationId, t.deleted)],
);

/**
 * A service line (§3.1). Keyed by organisation and id like the skill groups: imported sessions name their lines by
 * the desk's ids, and ingestion creates the lines they name with those ids. Bound records are kept by id (names are
 * read when answering); navigations are kept by id until the navigation entity exists. Each config block is null
 * until its screen first saves it.
 */
export const csLines = pgTable(
  'cs_lines',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    code: text('code'),
    intro: text('intro'),
    type: text('type').$type<LineType>().notNull().default('ONLINE'),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    appId: bigint('app_id', { mode: 'number' }),
    customerChatbotId: bigint('customer_chatbot_id', { mode: 'number' }),
    agentChatbotId: bigint('agent_chatbot_id', { mode: 'number' }),
    replySpaceId: bigint('reply_space_id', { mode: 'number' }),
    scoreConfigId: bigint('score_config_id', { mode: 'number' }),
    ticketSpaceId: bigint('ticket_space_id', { mode: 'number' }),
    summaryConfigId: bigint('summary_config_id', { mode: 'number' }),
    basicConfig: jsonb('basic_config').$type<LineBasicConfig>().notNull().default({ login: false }),
    memberObjectId: text('member_object_id'),
    memberObjectType: text('member_object_type'),
    navs: jsonb('navs').$type<LineNavInput[]>().notNull().default([]),
    hotlineGroupIds: bigint('hotline_group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    agentConfig: jsonb('agent_config').$type<LineAgentConfig>(),
    waitingConfig: jsonb('waiting_config').$type<LineWaitingConfig>(),
    noteConfig: jsonb('note_config').$type<LineNoteConfig>(),
    promptConfig: jsonb('prompt_config').$type<LinePromptConfig>(),
    messageConfig: jsonb('message_config').$type<LineMessageConfig>(),
    ...entityColumns(),
  },
  (t) => [
    primaryKey({ name: 'cs_lines_pk', columns: [t.organizationId, t.id] }),
    index('cs_lines_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc()),
    index('cs_lines_hotline_groups_idx').using('gin', t.hotlineGroupIds),
  ],
);

/**
 * Who may use a line (§2.1 "/online/csLine/auth"): staff (users of the line's organisation) and organisations. One row
 * per grant; the same table serves every target kind that has the shared authorisation panel (`target_type`).
 */
export const grants = pgTable(
  'grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the organisation that owns the target */
    organizationId: organizationColumn(),
    targetType: text('target_type').$type<'LINE' | 'SPACE'>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    memberType: text('member_type').$type<GrantMemberType>().notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    creatorId: bigint('creator_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grants_target_member_uq').on(t.organizationId, t.targetType, t.targetId, t.memberType, t.memberId),
    index('grants_member_idx').on(t.memberType, t.memberId),
  ],
);

/** A space (§3.10): ticket, quick-reply or knowledge base; a ticket space's templates in order. */
export const spaces = pgTable(
  'spaces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    type: text('type').$type<SpaceType>().notNull(),
    intro: text('intro'),
    kindIds: bigint('kind_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    ...entityColumns(),
  },
  (t) => [index('spaces_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);

/** A custom field as a ticket kind holds it (tickets spec "Ticket kinds": fieldId, label, search, required). */
export interface TaskKindFieldRow {
  readonly fieldId: number;
  readonly label: string;
  readonly search: boolean;
  readonly required: boolean;
}

/** A ticket kind (template): name, code and ticket-number prefix; the ticket area adds its states, flow and nodes. */
export const taskKinds = pgTable(
  'task_kinds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    taskCode: text('task_code'),
    status: text('status').$type<ActiveStatus>().notNull().default('INACTIVE'),
    /** 1: a ticket of this kind needs an attachment (the spec saves the switch as 1 or 0) */
    attachmentRequired: integer('attachment_required').notNull().default(0),
    /** the flow's state codes in order; the first is the initial state (nodes: `task_kind_nodes`) */
    stateCodes: text('state_codes').array().notNull().default(sql`'{}'::text[]`),
    /** the custom fields a ticket of this kind carries, in order, with their label and flags */
    fields: jsonb('fields').$type<TaskKindFieldRow[]>().notNull().default([]),
    ...entityColumns(),
  },
  (t) => [index('task_kinds_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);
