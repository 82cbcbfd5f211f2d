import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { inspectedDesk, type Json, ok } from '../tasks/fixtures.js';

/**
 * "One pending complaint per result" under concurrent filings: on PostgreSQL the check alone let several through
 * (run this file with DATABASE_URL set too); the store's unique index now decides, answered as the business error.
 */
let t: TestApp;
let admin: Caller;
let aiRows: Json[];

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ admin } = await organisationWith(t, 'race-home', { admin: ['*'] }));
  ({ aiRows } = await inspectedDesk(t, admin));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const file = (r: Json, reason: string) =>
  admin.post('/v3/chats/complaint/create', { type: 'AI', sessionId: r.sessionId, resultId: r.id, reason });

const pendingOf = (resultId: string) =>
  t.database.db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.type, 'AI'), eq(complaints.resultId, Number(resultId)), eq(complaints.status, 'PENDING')));

describe('filing complaints on one result at the same time', () => {
  it('keeps exactly one PENDING complaint; the others get the business error, never 500', async () => {
    const result = aiRows[0];
    expect(result).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => file(result, `同时提交 ${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)!.json().id;
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'COMPLAINT_PENDING',
        field: 'resultId',
        message: `该质检结果已有待审核的申诉：${winner}`,
      });
    }
    expect((await pendingOf(result.id)).map((r) => String(r.id))).toEqual([winner]);
  });

  it('lets a new complaint in once the pending one is reviewed', async () => {
    const result = aiRows[1];
    const { id } = await ok(file(result, '第一次'));
    const [c] = await ok(admin.post('/v3/chats/complaint/list', { status: 'ALL', resultId: result.id }));
    expect(c.id).toBe(id);
    // rejected (in the store: the filer may not review his own): the result has no pending complaint any more
    await t.database.db
      .update(complaints)
      .set({ status: 'INACTIVE' })
      .where(eq(complaints.id, Number(id)));
    const again = await Promise.all([file(result, '第二次'), file(result, '第二次')]);
    expect(again.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await pendingOf(result.id)).toHaveLength(1);
  });
});
