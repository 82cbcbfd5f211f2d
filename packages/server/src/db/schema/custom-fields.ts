import type { FieldOption, SummaryFieldType } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/**
 * A custom field (tickets spec "Custom fields"): what ticket templates and service summaries are made of. `options`
 * holds a choice field's list or tree as saved (empty for the other types).
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').$type<SummaryFieldType>().notNull(),
    options: jsonb('options').$type<FieldOption[]>().notNull().default([]),
    placeholder: text('placeholder'),
    intro: text('intro'),
    ...entityColumns(),
  },
  (t) => [
    index('custom_fields_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc()),
    // a code names one field of the organisation (the trash included: a restored field keeps its code)
    uniqueIndex('custom_fields_org_code_uq').on(t.organizationId, t.code).where(sql`${t.deleted} <> 'BUFFER'`),
  ],
);
