import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, inspectedDesk } from './fixtures.js';

/**
 * PGlite never analyzes a table by itself (no autovacuum): without statistics the planner guesses, and the list
 * queries read and sort whole tables. A bulk import and a bulk task run leave the tables they wrote analyzed.
 */
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'stats', { admin: ['*'] }));
});
afterAll(() => t.close());

/** the planner's row estimate of a table: -1 (PostgreSQL 14+) or 0 until it is analyzed */
async function estimatedRows(table: string): Promise<number> {
  const answer = await t.database.db.execute(sql`select reltuples::float8 as n from pg_class where relname = ${table}`);
  return Number((answer as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

it('a bulk import and a bulk task run leave their tables analyzed', async () => {
  expect(await estimatedRows('chat_sessions')).toBeLessThan(1);
  expect(await estimatedRows('ai_results')).toBeLessThan(1);
  const sessions = deskSessions(1200);
  await inspectedDesk(t, admin, sessions);
  expect(await estimatedRows('chat_sessions')).toBe(1200);
  expect(await estimatedRows('chat_messages')).toBeGreaterThan(1200);
  // every closed session of lines 1 and 2 is inspected: all but the last, which is still ACTIVE
  expect(await estimatedRows('ai_results')).toBe(1199);
}, 180_000);
