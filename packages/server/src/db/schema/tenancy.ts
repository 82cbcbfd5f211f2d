import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An organisation (tenant): every row of every other table belongs to exactly one. */
export const organizations = pgTable('organizations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});
