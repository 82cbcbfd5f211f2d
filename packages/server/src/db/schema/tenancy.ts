import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An organisation (tenant): every row of every other table belongs to exactly one. */
export const organizations = pgTable('organizations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The first start's demo seed while it is under way: the steps already done ('qc-config', 'sessions', …);
   * null once it completed (and for every organisation not seeded with demo data). A start that finds it set
   * finishes the seed.
   */
  seedSteps: text('seed_steps').array(),
});
