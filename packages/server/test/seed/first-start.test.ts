import { compileRule } from '@qcdesk/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAdminPassword } from '../../src/seed/admin-password.js';
import { SECOND_ORGANIZATION } from '../../src/seed/demo-second-organization.js';
import { demoSeeders } from '../../src/seed/demo-seeders.js';
import { demoRuleFixtures, type SeededAccount, seedStore } from '../../src/seed/seed-store.js';
import { anonymous, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let accounts: SeededAccount[] | null;
let interrupted: unknown;
/** what happened, in order: the accounts handed out, the demo steps run */
const events: string[] = [];
const seen: number[] = [];
let stepsWhenProbed: string[] | null = null;

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
// the demo organisation: the first (the demo makes a second one, as `qcdesk org create` does)
const seedSteps = async () =>
  (await rows<{ seed_steps: string[] | null }>('select seed_steps from organizations order by id'))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  // a last demo step that fails the first time: the first start is interrupted after the long import and inspection
  let calls = 0;
  demoSeeders.push({
    step: 'probe',
    atomic: false,
    seed: async (context) => {
      calls += 1;
      events.push(`probe ${calls}`);
      seen.push(context.organizationId, context.schemes.activeAi, context.users.agent.agentId);
      stepsWhenProbed ??= (await seedSteps()).seed_steps;
      if (calls === 1) throw new Error('killed');
    },
  });
  const config = { ...t.config, demo: true, adminPassword: 'admin-secret-1', demoPassword: null };
  await seedStore(t.database.db, config, {
    onAccounts: (made) => {
      accounts = [...made];
      events.push('accounts');
    },
  }).catch((error: unknown) => {
    interrupted = error;
  });
  // the demo seeders of the other areas import and inspect the STC-3 sessions
}, 300_000);
afterAll(async () => {
  demoSeeders.splice(
    demoSeeders.findIndex((s) => s.step === 'probe'),
    1,
  );
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

  it('hands out the sign-ins as soon as the people exist, before the long demo data', () => {
    expect(events[0]).toBe('accounts');
    expect(events[1]).toBe('probe 1');
  });

  it('records each demo step done, and leaves an interrupted seed unfinished: admin can sign in', async () => {
    expect(interrupted).toBeInstanceOf(Error);
    // the areas' steps run in the order their modules load; qc-config always first
    const steps = [
      'assessments',
      'bots',
      'censor-libraries',
      'chat-images',
      'desk-staffing',
      'lines',
      'navs',
      'qc-config',
      'score-configs',
      'second-organisation',
      'sessions',
      'spaces',
      'summaries',
      'ticket-groups-states',
      'ticket-kinds',
      'tickets',
    ];
    expect(stepsWhenProbed![0]).toBe('qc-config');
    // the lines bind the demo satisfaction config: it exists first
    expect(stepsWhenProbed!.indexOf('score-configs')).toBeLessThan(stepsWhenProbed!.indexOf('lines'));
    // and the demo summary
    expect(stepsWhenProbed!.indexOf('summaries')).toBeLessThan(stepsWhenProbed!.indexOf('lines'));
    // and the demo navigations, which route to the staffing's skill groups
    expect(stepsWhenProbed!.indexOf('navs')).toBeLessThan(stepsWhenProbed!.indexOf('lines'));
    expect(stepsWhenProbed!.indexOf('desk-staffing')).toBeLessThan(stepsWhenProbed!.indexOf('navs'));
    // the kinds' flows attach the demo custom fields (summaries) to the demo kinds (spaces)
    expect(stepsWhenProbed!.indexOf('summaries')).toBeLessThan(stepsWhenProbed!.indexOf('ticket-kinds'));
    expect(stepsWhenProbed!.indexOf('spaces')).toBeLessThan(stepsWhenProbed!.indexOf('ticket-kinds'));
    // and the demo ticket states and groups (their nodes route to the groups)
    expect(stepsWhenProbed!.indexOf('ticket-groups-states')).toBeLessThan(stepsWhenProbed!.indexOf('ticket-kinds'));
    // the demo tickets are opened from inspected sessions, in the kinds' flows: last of the ticket steps
    expect(stepsWhenProbed!.indexOf('ticket-kinds')).toBeLessThan(stepsWhenProbed!.indexOf('tickets'));
    expect(stepsWhenProbed!.indexOf('sessions')).toBeLessThan(stepsWhenProbed!.indexOf('tickets'));
    expect([...stepsWhenProbed!].sort()).toEqual(steps);
    expect([...(await seedSteps()).seed_steps!].sort()).toEqual(steps);
    const admin = await signIn(t, 'admin', 'admin-secret-1');
    expect((await admin.post('/v3/auth/me')).statusCode).toBe(200);
  });

  it('finishes an interrupted seed on the next start, once, without doubling anything', async () => {
    const count = async (table: string) => (await rows<{ n: number }>(`select count(*)::int n from ${table}`))[0]!.n;
    const before = {
      sessions: await count('chat_sessions'),
      results: await count('ai_results'),
      manual: await count('manual_results'),
      complaints: await count('complaints'),
      users: await count('users'),
    };
    // as if killed during the import: its step is not recorded, so the next start runs it again
    await t.database.db.execute(sql.raw(`update organizations set seed_steps = array_remove(seed_steps, 'sessions')`));
    const log: string[] = [];
    const again = await seedStore(t.database.db, { ...t.config, demo: true }, (line) => log.push(line));
    expect(again).toEqual([]);
    expect(log[0]).toBe(
      '上次首次启动未完成，继续载入演示数据 / the first start was interrupted: finishing the demo data',
    );
    expect(events).toEqual(['accounts', 'probe 1', 'probe 2']);
    expect((await seedSteps()).seed_steps).toBeNull();
    expect({
      sessions: await count('chat_sessions'),
      results: await count('ai_results'),
      manual: await count('manual_results'),
      complaints: await count('complaints'),
      users: await count('users'),
    }).toEqual(before);
    expect(await count('qc_tasks')).toBe(1);
    expect(log.some((l) => /^演示会话 demo sessions: \d+ 个会话 sessions .* 质检任务 task DONE/.test(l))).toBe(true);
  }, 300_000);

  it('makes a second organisation as `qcdesk org create` does, whose administrator sees none of the demo', async () => {
    // its password was generated and logged; QCDESK_ADMIN_PASSWORD's way in sets a known one
    expect(await applyAdminPassword(t.database.db, 'branch-secret-1', SECOND_ORGANIZATION.admin)).toBe('reset');
    const branch = await signIn(t, SECOND_ORGANIZATION.admin, 'branch-secret-1');
    const me = (await branch.post('/v3/auth/me')).json();
    expect(me.organisation.name).toBe(SECOND_ORGANIZATION.name);
    expect(me.permissions).toContain('user.edit');
    const roles = (await branch.post('/v3/users/role/list')).json();
    expect(roles.map((r: { code: string }) => r.code).sort()).toEqual(['admin', 'agent', 'inspector', 'supervisor']);
    expect((await branch.post('/v3/chats/qc-rule/page')).json().total).toBe(0);
    expect((await branch.post('/v3/users/user/list')).json().map((u: { username: string }) => u.username)).toEqual([
      SECOND_ORGANIZATION.admin,
    ]);
  });

  it('does nothing on a store that is seeded', async () => {
    expect(await seedStore(t.database.db, { ...t.config, demo: true })).toBeNull();
    expect(events).toHaveLength(3);
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
      'ticket.edit',
      'ticket.view',
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

  it('calls the demo seeders of other areas with what it made, the same when finishing', () => {
    expect(seen).toHaveLength(6);
    expect(seen[2]).toBe(1001);
    expect(seen.slice(3)).toEqual(seen.slice(0, 3));
  });
});

describe('QCDESK_ADMIN_PASSWORD on a later start', () => {
  it("resets admin's password, ends his lock-out and his sessions; the same password changes nothing", async () => {
    const old = await signIn(t, 'admin', 'admin-secret-1');
    for (let i = 0; i < 5; i++)
      await anonymous(t).post('/v3/auth/login', { username: 'admin', password: `guess-${i}` });
    const locked = await anonymous(t).post('/v3/auth/login', { username: 'admin', password: 'admin-secret-1' });
    expect(locked.statusCode).toBe(429);

    expect(await applyAdminPassword(t.database.db, 'new-admin-secret')).toBe('reset');
    const oldPassword = await anonymous(t).post('/v3/auth/login', { username: 'admin', password: 'admin-secret-1' });
    expect(oldPassword.statusCode).toBe(401);
    expect((await old.post('/v3/auth/me')).statusCode).toBe(401);
    const admin = await signIn(t, 'admin', 'new-admin-secret');
    expect((await admin.post('/v3/auth/me')).json().user.username).toBe('admin');

    expect(await applyAdminPassword(t.database.db, 'new-admin-secret')).toBe('unchanged');
    expect((await admin.post('/v3/auth/me')).statusCode).toBe(200);
    expect(await applyAdminPassword(t.database.db, 'x', 'nobody')).toBe('no-admin');
  });
});
