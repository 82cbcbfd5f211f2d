/**
 * QC tasks scan with the organisation's ACTIVE sensitive-word libraries (T-B10, T-B11, Q-01, Q-02): a task over real
 * STC-3 sessions fills each AI result's `censorBanIds` with the libraries whose words its messages hold (customer
 * libraries on customer messages, staff libraries on the agents in their scope), the AI and manual result lists'
 * `censorBanId` filters find exactly those results, an INACTIVE library fills nothing, and a library changed between
 * runs is what the next run scans with. The expected sessions are read from the messages' text here, not from the
 * engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, aiScheme, deskSessions, type Json, ok, type StcSession } from '../tasks/fixtures.js';

const N = 12;
let t: TestApp;
let admin: Caller;
let sessions: StcSession[];
/** the sessions a task inspects: closed ones (the last of deskSessions is still open) */
let inspected: StcSession[];
let taskId: string;
const libraries = { customer: '', scopedAgent: '', inactive: '' };

const BASE = '/v3/system/censor-ban';
const textOf = (content: string): string => {
  try {
    const first = (JSON.parse(content) as { MsgContent?: { Text?: unknown } }[])[0];
    return typeof first?.MsgContent?.Text === 'string' ? first.MsgContent.Text : '';
  } catch {
    return '';
  }
};
/** the sessions (ids) where a message of `role` (and of agent `agentId`, if given) contains one of `words` */
const sessionsSaying = (role: string, words: string[], agentId?: number) =>
  inspected
    .filter((s) => agentId === undefined || s.agentId === agentId)
    .filter((s) => s.messages.some((m) => m.senderRole === role && words.some((w) => textOf(m.content).includes(w))))
    .map((s) => s.sessionId)
    .sort();

const aiResults = async (filter: Json = {}): Promise<Json[]> =>
  (await ok(admin.post('/v3/chats/ai-result/page', filter, { query: { page: '1', size: '500' } }))).records;
const manualResults = async (filter: Json = {}): Promise<Json[]> =>
  (await ok(admin.post('/v3/chats/qc-manual-result/page', filter, { query: { page: '1', size: '500' } }))).records;
const idsOf = (rows: Json[]) => rows.map((r) => r.sessionId as string).sort();

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'qc-censor-scan', { admin: ['*'] }));
  sessions = deskSessions(N);
  inspected = sessions.filter((s) => s.status === 'CLOSED');
  await ok(admin.post('/v3/chats/session/import', sessions));
  const create = async (body: Json) => (await ok(admin.post(`${BASE}/create`, body))).id as string;
  libraries.customer = await create({
    name: '客户辱骂',
    flag: 'cs-customer',
    operation: 'REPORT',
    words: ['垃圾', '骗子', '流氓'],
  });
  libraries.scopedAgent = await create({
    name: '引导私信（仅张三）',
    flag: 'cs-agent',
    operation: 'REPORT',
    words: ['私信'],
    scopes: { staffIds: ['101'] },
  });
  libraries.inactive = await create({ name: '停用词库', flag: 'cs-agent', operation: 'REPORT', words: ['您好'] });
  await ok(admin.post(`${BASE}/status`, { ids: [libraries.customer, libraries.scopedAgent], status: 'ACTIVE' }));

  const scheme = await aiScheme(admin);
  taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
  // a PERSON scheme's task gives every session a manual result to filter
  const { id: personScheme } = await ok(
    admin.post('/v3/chats/qc-scheme/create', { name: '人工抽检', type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
  );
  await activeTask(admin, personScheme, ['1', '2'], '人工任务');
  await t.app.tasks.whenIdle();
}, 120_000);
afterAll(async () => t?.close());

describe('QC tasks scan with the sensitive-word libraries', () => {
  it('fills censorBanIds with the ACTIVE libraries whose words the messages hold', async () => {
    const customerHits = sessionsSaying('CUSTOMER', ['垃圾', '骗子', '流氓']);
    const agentHits = sessionsSaying('AGENT', ['私信'], 101);
    // the sample must show something: otherwise this test could not fail
    expect(customerHits.length).toBeGreaterThan(0);
    expect(agentHits.length).toBeGreaterThan(0);
    expect(sessionsSaying('AGENT', ['私信']).length).toBeGreaterThan(agentHits.length);
    const rows = await aiResults();
    expect(rows).toHaveLength(inspected.length);
    for (const row of rows) {
      const expected = [
        ...(customerHits.includes(row.sessionId) ? [libraries.customer] : []),
        ...(agentHits.includes(row.sessionId) ? [libraries.scopedAgent] : []),
      ].sort((a, b) => Number(a) - Number(b));
      expect(row.censorBanIds, row.sessionId).toEqual(expected);
    }
  });

  it("the AI result list's censorBanId filter finds exactly those results", async () => {
    expect(idsOf(await aiResults({ censorBanId: libraries.customer }))).toEqual(
      sessionsSaying('CUSTOMER', ['垃圾', '骗子', '流氓']),
    );
    expect(idsOf(await aiResults({ censorBanId: libraries.scopedAgent }))).toEqual(
      sessionsSaying('AGENT', ['私信'], 101),
    );
  });

  it("the manual result list's censorBanId filter finds the manual results of the same sessions", async () => {
    expect(await manualResults()).toHaveLength(inspected.length);
    expect(idsOf(await manualResults({ censorBanId: libraries.customer }))).toEqual(
      sessionsSaying('CUSTOMER', ['垃圾', '骗子', '流氓']),
    );
  });

  it('an INACTIVE library fills nothing, though its word is in nearly every session', async () => {
    expect(sessionsSaying('AGENT', ['您好']).length).toBeGreaterThan(inspected.length / 2);
    expect(await aiResults({ censorBanId: libraries.inactive })).toEqual([]);
    expect(await manualResults({ censorBanId: libraries.inactive })).toEqual([]);
  });

  it("the directory names the organisation's libraries for the censorBanId pickers (Q-03), and no one else's", async () => {
    const { reader } = await organisationWith(t, 'qc-censor-scan-reader', { reader: ['qc-ai-result.view'] });
    const all = await ok(admin.post('/v3/chats/session/directory', { kind: 'CENSOR_BAN' }));
    expect(all.map((e: Json) => e.id).sort()).toEqual(Object.values(libraries).sort());
    expect(await ok(admin.post('/v3/chats/session/directory', { kind: 'CENSOR_BAN', keyword: '辱骂' }))).toEqual([
      { id: libraries.customer, name: '客户辱骂' },
    ]);
    // another organisation's reader sees none of them
    expect(await ok(reader.post('/v3/chats/session/directory', { kind: 'CENSOR_BAN' }))).toEqual([]);
  });

  it('a run after a library changed scans with the changed library', async () => {
    const before = await ok(admin.post(`${BASE}/detail`, {}, { query: { banId: libraries.customer } }));
    await ok(
      admin.post(`${BASE}/change`, {
        id: libraries.customer,
        version: before.version,
        name: before.name,
        flag: 'cs-customer',
        operation: 'REPORT',
        words: ['王八蛋'],
      }),
    );
    await ok(admin.post(`${BASE}/status`, { ids: [libraries.scopedAgent], status: 'INACTIVE' }));
    await ok(admin.post(`${BASE}/status`, { ids: [libraries.inactive], status: 'ACTIVE' }));
    await ok(admin.post('/v3/chats/qc-task/rerun', { ids: [taskId] }));
    await t.app.tasks.whenIdle();
    const abuse = sessionsSaying('CUSTOMER', ['王八蛋']);
    expect(abuse.length).toBeGreaterThan(0);
    expect(abuse).not.toEqual(sessionsSaying('CUSTOMER', ['垃圾', '骗子', '流氓']));
    expect(idsOf(await aiResults({ censorBanId: libraries.customer }))).toEqual(abuse);
    expect(await aiResults({ censorBanId: libraries.scopedAgent })).toEqual([]);
    expect(idsOf(await aiResults({ censorBanId: libraries.inactive }))).toEqual(sessionsSaying('AGENT', ['您好']));
  });
});
