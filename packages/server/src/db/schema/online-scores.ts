import type { ActiveStatus, ScoreConfigType, ScoreOnlineConfig } from '@qcdesk/contracts';
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/**
 * A satisfaction config (online-service-config §3.8): the survey a line runs after its sessions. `online_config`
 * holds the survey as the contract's onlineConfig (tags and replies one entry per level, 5 → 1); the lines that bind
 * a config name it by `cs_lines.score_config_id`.
 */
export const scoreConfigs = pgTable(
  'score_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<ScoreConfigType>().notNull().default('ONLINE'),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    validDays: integer('valid_days').notNull().default(3),
    agentVisible: boolean('agent_visible').notNull().default(false),
    onlineConfig: jsonb('online_config').$type<ScoreOnlineConfig>().notNull(),
    ...entityColumns(),
  },
  (t) => [index('score_configs_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);
