import type { Deleted } from '@qcdesk/contracts';
import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './tenancy.js';

/** The owning organisation (tenant) of a row; every read and write filters on it. */
export const organizationColumn = () =>
  bigint('organization_id', { mode: 'number' })
    .notNull()
    .references(() => organizations.id);

/**
 * Columns every console entity shares: soft delete (NONE → TRASH → BUFFER), optimistic locking (`version`), and
 * who created and last changed the row, when.
 */
export const entityColumns = () => ({
  organizationId: organizationColumn(),
  deleted: text('deleted').$type<Deleted>().notNull().default('NONE'),
  version: integer('version').notNull().default(1),
  creatorId: bigint('creator_id', { mode: 'number' }),
  creatorName: text('creator_name'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  modifierId: bigint('modifier_id', { mode: 'number' }),
  modifierName: text('modifier_name'),
  modifyTime: timestamp('modify_time', { withTimezone: true }).notNull().defaultNow(),
});
