import type { ActiveStatus, LineType } from '@qcdesk/contracts';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/** A field of a summary form as stored: the custom field's key and the two switches, in the form's order. */
export interface StoredSummaryField {
  readonly fieldId: number;
  readonly required: boolean;
  readonly search: boolean;
}

/**
 * A service-summary config (online-service-config §3.9): the ordered custom fields of the form agents fill after a
 * session. Field names, codes and types are read from the fields when answering, so a renamed field shows its name.
 */
export const summaryConfigs = pgTable(
  'summary_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<LineType>().notNull().default('ONLINE'),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    fields: jsonb('fields').$type<StoredSummaryField[]>().notNull().default([]),
    ...entityColumns(),
  },
  (t) => [index('summary_configs_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);
