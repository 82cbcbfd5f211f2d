import { compileRule } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeeders } from '../../src/seed/demo-seeders.js';
import { demoRuleFixtures, type SeededAccount, seedStore } from '../../src/seed/seed-store.js';
import { signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let accounts: SeededAccount[] | null;
const seen: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  demoSeeders.push(async (context) => {
    seen.push(context.organizationId, context.schemes.activeAi, context.users.agent.agentId);
  });
  accounts = await seedStore(t.database.db, {
    ...t.config,
    demo: true,
    adminPassword: 'admin-secret-1',
    demoPassword: null,
  });
  // the demo seeders of the other areas import and inspect the STC-3 sessions
}, 300_000);
afterAll(async () => {
  demoSeeders.pop();
  await t.close();
});

describe('first start', () => {
  it('creates admin with the configured password and three demo people with generated ones', () => {
    expect(accounts!.map((a) => [a.username, a.fromEnvironment])).toEqual([
      ['admin', true],
      ['inspector', false],
      ['supervisor', false],
      ['agent', false],
    ]);
    expect(accounts![0]!.password).toBe('admin-secret-1');
    for (const a of accounts!.slice(1)) expect(a.password).toMatch(/^[a-zA-Z2-9]{16}$/);
  });

  it('does nothing on a store that is not empty', async () => {
    expect(await seedStore(t.database.db, { ...t.config, demo: true })).toBeNull();
  });

  it('lets every demo person sign in with the printed password, holding his role', async () => {
    const admin = await signIn(t, 'admin', 'admin-secret-1');
    expect((await admin.post('/v3/auth/me')).json().permissions).toContain('qc-scheme.delete');
    const agentAccount = accounts!.find((a) => a.username === 'agent')!;
    const agent = await signIn(t, 'agent', agentAccount.password);
    const me = (await agent.post('/v3/auth/me')).json();
    expect(me.user.agentId).toBe('1001');
    expect(me.permissions).toEqual([
      'qc-ai-result.view',
      'qc-complaint.edit',
      'qc-complaint.view',
      'qc-manual-result.view',
    ]);
    expect((await agent.post('/v3/chats/qc-scheme/page')).statusCode).toBe(403);
  });

  it('seeds 30 AI rules covering every operator and lambda, each compiled by the engine', async () => {
    const fixtures = demoRuleFixtures();
    expect(fixtures).toHaveLength(30);
    for (const rule of fixtures) expect(() => compileRule(rule)).not.toThrow();
    const operators = new Set(
      fixtures.flatMap((r) =>
        (r.conditionConfig.conditions as { operators: { type: string }[] }[]).flatMap((c) =>
          c.operators.map((o) => o.type),
        ),
      ),
    );
    expect([...operators].sort()).toEqual([
      'ABUSE_MODEL',
      'ADVANCED_REPEAT_DETECT',
      'CUSTOMER_CHECK_MODEL',
      'EXCLUDE_KEYWORDS',
      'HIT_ANY_KEYWORDS',
      'INCLUDE_KEYWORDS',
      'NCLUDE_KEYWORDS',
      'REGULAR_EXPRESSION',
      'SIMILAR_MATCH',
    ]);
    const admin = await signIn(t, 'admin', 'admin-secret-1');
    const page = (await admin.post('/v3/chats/qc-rule/page', { type: 'AI' }, { query: { size: '100' } })).json();
    expect(page.total).toBe(30);
  });

  it('seeds an active AI scheme totalling 100, a draft AI scheme and a PERSON scheme', async () => {
    const admin = await signIn(t, 'admin', 'admin-secret-1');
    const ai = (await admin.post('/v3/chats/qc-scheme/page', { targetType: 'AI' })).json().records;
    expect(ai.map((s: { name: string; status: string }) => [s.name, s.status]).sort()).toEqual([
      ['合规与风控专项（草稿）', 'INACTIVE'],
      ['电信/支付客服质检方案（演示）', 'ACTIVE'],
    ]);
    const active = ai.find((s: { status: string }) => s.status === 'ACTIVE');
    const detail = (await admin.post('/v3/chats/qc-scheme/detail', {}, { query: { schemeId: active.id } })).json();
    expect(detail.schemeAngles.reduce((sum: number, a: { score: number }) => sum + a.score, 0)).toBe(100);
    // the seeded active scheme passes the same activation check as the console's
    expect((await admin.post('/v3/chats/qc-scheme/status', { ids: [active.id], status: 'ACTIVE' })).statusCode).toBe(
      200,
    );
    const draft = ai.find((s: { status: string }) => s.status === 'INACTIVE');
    expect((await admin.post('/v3/chats/qc-scheme/status', { ids: [draft.id], status: 'ACTIVE' })).json().message).toBe(
      '智能质检方案的维度分值合计须为 100 才能启用（当前为 60）',
    );
    const person = (await admin.post('/v3/chats/qc-scheme/page', { targetType: 'PERSON' })).json().records;
    expect(person.map((s: { style: string }) => s.style)).toEqual(['SCORE']);
  });

  it('calls the demo seeders of other areas with what it made', () => {
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBe(1001);
  });
});
