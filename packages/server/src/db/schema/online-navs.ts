import type { IvrHotlineConfig, NavKind, NavOnlineConfig, NavType } from '@qcdesk/contracts';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/**
 * A navigation (online-service-config §3.7): type and kind fixed once created; `online_config` holds an online kind's
 * config, `hotline_config` an IVR's (the other null). Skill groups in GROUP routes are kept by id inside the config;
 * lines bind navigations by id in their `navs`.
 */
export const csNavs = pgTable(
  'cs_navs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    type: text('type').$type<NavType>().notNull(),
    kind: text('kind').$type<NavKind>().notNull(),
    welcome: text('welcome'),
    onlineConfig: jsonb('online_config').$type<NavOnlineConfig>(),
    hotlineConfig: jsonb('hotline_config').$type<IvrHotlineConfig>(),
    ...entityColumns(),
  },
  (t) => [index('cs_navs_list_idx').on(t.organizationId, t.deleted, t.kind, t.modifyTime.desc())],
);
