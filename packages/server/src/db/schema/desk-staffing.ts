import type {
  ActiveStatus,
  AgentMode,
  AgentStatus,
  CsGroupConfigInput,
  CsTimeConfig,
  GroupType,
} from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/** A service time: weekly general periods and dated special periods (online-service-config §3.3). */
export const csTimes = pgTable(
  'cs_times',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    prompt: text('prompt'),
    config: jsonb('config').$type<CsTimeConfig>().notNull(),
    ...entityColumns(),
  },
  (t) => [index('cs_times_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);

/** A group's config as stored: the two groups by id only (their names are read when answering). */
export type CsGroupConfigValue = CsGroupConfigInput;

/**
 * A skill group (§3.2). Keyed by organisation and id: imported sessions name their groups by the desk's ids, and
 * ingestion creates the groups they name with those ids (two organisations may import the same desk's ids).
 * `agentIds` are its receivers, in the order chosen.
 */
export const csGroups = pgTable(
  'cs_groups',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    type: text('type').$type<GroupType>().notNull(),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    code: text('code'),
    intro: text('intro'),
    timeId: bigint('time_id', { mode: 'number' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    agentIds: bigint('agent_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    config: jsonb('config').$type<CsGroupConfigValue>(),
    ...entityColumns(),
  },
  (t) => [
    primaryKey({ name: 'cs_groups_pk', columns: [t.organizationId, t.id] }),
    index('cs_groups_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc()),
    index('cs_groups_time_idx').on(t.organizationId, t.timeId),
    index('cs_groups_agents_idx').using('gin', t.agentIds),
  ],
);

/**
 * An agent (§3.4). Keyed by organisation and id like the groups: sessions name agents by the desk's ids. A console
 * user is at most one live agent; a call platform's agent is one agent (what /pull matches on).
 */
export const csAgents = pgTable(
  'cs_agents',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    workNo: text('work_no'),
    name: text('name'),
    nick: text('nick').notNull(),
    status: text('status').$type<AgentStatus>().notNull().default('OFFLINE'),
    mode: text('mode').$type<AgentMode>(),
    code: text('code'),
    avatar: text('avatar'),
    capacity: integer('capacity').notNull().default(20),
    softNumber: text('soft_number'),
    sipNumber: text('sip_number'),
    mobile: text('mobile'),
    callPlatform: text('call_platform'),
    platformAgentId: text('platform_agent_id'),
    ...entityColumns(),
  },
  (t) => [
    primaryKey({ name: 'cs_agents_pk', columns: [t.organizationId, t.id] }),
    index('cs_agents_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc()),
    uniqueIndex('cs_agents_org_user_uq')
      .on(t.organizationId, t.userId)
      .where(sql`${t.userId} is not null and ${t.deleted} <> 'BUFFER'`),
    uniqueIndex('cs_agents_org_platform_uq')
      .on(t.organizationId, t.callPlatform, t.platformAgentId)
      .where(sql`${t.platformAgentId} is not null and ${t.deleted} <> 'BUFFER'`),
  ],
);
