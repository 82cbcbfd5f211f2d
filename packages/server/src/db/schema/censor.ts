import type {
  ActiveStatus,
  CensorBanOptionsInput,
  CensorFlag,
  CensorOperation,
  CensorTempType,
} from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/** Who a cs-agent library is limited to, as the save stored it (empty lists: everyone). */
export interface CensorScopesValue {
  branchIds: string[];
  staffIds: string[];
  staffNames: string[];
}

/**
 * A sensitive-word library (tickets-censor-tasks-monitoring, "Sensitive-word library"). `words` are a CUSTOM
 * library's own (trimmed, no repeats; empty for SYS_WORDS, which scans with the engine's system list); `options` are
 * the engine's `CensorLibraryOptions` as the save checked them. Removal is final (the spec's list has no trash): the
 * log keeps a library's name in its own rows, and the `deleted` column stays NONE.
 */
export const censorBans = pgTable(
  'censor_bans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    words: text('words').array().notNull().default(sql`'{}'::text[]`),
    operation: text('operation').$type<CensorOperation>().notNull(),
    status: text('status').$type<ActiveStatus>().notNull().default('INACTIVE'),
    /** cs-agent checks agent messages, cs-customer customer messages (the list's tabs) */
    flag: text('flag').$type<CensorFlag>().notNull(),
    tempType: text('temp_type').$type<CensorTempType>().notNull().default('CUSTOM'),
    scopes: jsonb('scopes').$type<CensorScopesValue>(),
    options: jsonb('options').$type<CensorBanOptionsInput>().notNull().default(sql`'{}'::jsonb`),
    /** how many messages the library has matched (the log's business; null until counted) */
    matches: integer('matches'),
    ...entityColumns(),
  },
  // the list's tab (flag) and status filters, and the scanners' "ACTIVE libraries of the organisation"
  (t) => [index('censor_bans_org_flag_status_idx').on(t.organizationId, t.flag, t.status)],
);
