import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationColumn } from './columns.js';

/**
 * One file uploaded through /v3/worker/center/upload: what the organisation's quota counts, who may download it
 * while it is unattached (its uploader), and what the sweep removes once the upload lifetime passed unattached.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    /** the path the upload answered ('qc/complaint/<organisation>/<day>/<random>-<name>') */
    path: text('path').notNull(),
    /** the file name as sent */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    /** when a complaint (or its review) first referenced the file; null while unattached */
    attachedTime: timestamp('attached_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_path_uq').on(t.path),
    index('uploads_org_idx').on(t.organizationId),
    // what the sweep looks for
    index('uploads_unattached_idx').on(t.createTime).where(sql`${t.attachedTime} is null`),
  ],
);
