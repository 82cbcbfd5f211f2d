import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualResults, qcAngleRules, qcRules } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';

/**
 * "At most one" rules kept by unique indexes, under concurrent calls (run this file with DATABASE_URL set too: on
 * PGlite the calls take turns): one manual result per session and scheme, one rule per outside id, one live link of
 * a rule in an angle. Each answers its business error or its usual answer, never 500.
 */
let t: TestApp;
let admin: Caller;
const sessions = deskSessions(2);

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ admin } = await organisationWith(t, 'races', { admin: ['*'] }));
  await ok(admin.post('/v3/chats/session/import', sessions));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = <T>(n: number, call: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

async function personScheme() {
  const { id: schemeId } = await ok(
    admin.post('/v3/chats/qc-scheme/create', { name: '人工', type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
  );
  const ruleId = (await ok(admin.post('/v3/chats/qc-rule/create', { name: '服务规范', type: 'PERSON' }))).id;
  const angleId = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '规范', score: 100 }))).id;
  return { schemeId, ruleId, angleId };
}

describe('at the same moment', () => {
  it('first assessments of one session against one scheme: one result; the others 400/409, never 500', async () => {
    const { schemeId, ruleId, angleId } = await personScheme();
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] }));
    const sessionId = sessions[0]!.sessionId;
    const answers = await at(10, (i) =>
      admin.post('/v3/chats/qc-manual-result/create', {
        schemeId,
        sessionId,
        manualAngles: [{ angleId, manualRules: [{ angleId, ruleId, scoreNum: i, reason: '用语不规范' }] }],
      }),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      // after the winner: its version is required; beside it: the result changed under this one
      const body = other.json();
      expect([400, 409], other.body).toContain(other.statusCode);
      expect(body.field).toBe('version');
      expect(['INVALID_FIELD', 'STALE_VERSION']).toContain(body.code);
    }
    const rows = await t.database.db
      .select({ id: manualResults.id })
      .from(manualResults)
      .where(and(eq(manualResults.sessionId, sessionId), eq(manualResults.schemeId, Number(schemeId))));
    expect(rows).toHaveLength(1);
  });

  it('rules created with one outside id: one rule; the others DUPLICATE naming ruleOutId', async () => {
    const answers = await at(10, (i) =>
      admin.post('/v3/chats/qc-rule/create', { name: `外部规则 ${i}`, type: 'PERSON', ruleOutId: 'EXT-7' }),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect(other.statusCode, other.body).toBe(400);
      expect(other.json()).toMatchObject({ code: 'DUPLICATE', field: 'ruleOutId', message: '不能重复：EXT-7' });
    }
    const rows = await t.database.db.select({ id: qcRules.id }).from(qcRules).where(eq(qcRules.ruleOutId, 'EXT-7'));
    expect(rows).toHaveLength(1);
  });

  it('one rule linked into one angle by several calls: one link, every call answers it', async () => {
    const { schemeId, ruleId, angleId } = await personScheme();
    const answers = await at(10, () =>
      admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] }),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => (a.json() as Json).ids[0]));
    expect(ids.size).toBe(1);
    const live = await t.database.db
      .select({ id: qcAngleRules.id })
      .from(qcAngleRules)
      .where(and(eq(qcAngleRules.angleId, Number(angleId)), eq(qcAngleRules.deleted, 'NONE')));
    expect(live.map((l) => String(l.id))).toEqual([...ids]);
  });

  it('restoring a link whose rule was linked again since: DUPLICATE, the live link stays the only one', async () => {
    const { schemeId, ruleId, angleId } = await personScheme();
    const first = (await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] })))
      .ids[0];
    await ok(admin.post('/v3/chats/qc-angle-rule/delete', { ids: [first], deleted: 'TRASH' }));
    const second = (await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] })))
      .ids[0];
    expect(second).not.toBe(first);
    const restore = await admin.post('/v3/chats/qc-angle-rule/delete', { ids: [first], deleted: 'NONE' });
    expect(restore.statusCode, restore.body).toBe(400);
    expect(restore.json()).toMatchObject({
      code: 'DUPLICATE',
      field: 'ids',
      message: '该规则已重新关联到此维度，不能再恢复旧的关联',
    });
    const live = await t.database.db
      .select({ id: qcAngleRules.id })
      .from(qcAngleRules)
      .where(and(eq(qcAngleRules.angleId, Number(angleId)), eq(qcAngleRules.deleted, 'NONE')));
    expect(live.map((l) => String(l.id))).toEqual([second]);
  });
});
