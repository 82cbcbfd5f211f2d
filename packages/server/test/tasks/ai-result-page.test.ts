import type { ComplaintStatus, Deleted } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiResults, complaints, manualResults } from '../../src/db/schema/qc-results.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, aiScheme, deskSessions, type Json, ok } from './fixtures.js';

/**
 * What a page of AI results carries besides the result itself — the session's manual result and the result's
 * complaints — and its total, on every page: the list answers this in one statement per page (the rows, their
 * manual result and complaints, and the count), so these pin the answer that statement must keep.
 */
let t: TestApp;
let admin: Caller;
let organizationId: number;
const N = 24;
const sessions = deskSessions(N);
type Row = Record<string, Json>;
let all: Row[];
/** the result with two complaints (one approved, one pending) and one deleted */
let complained: Row;
/** the session with a single assessed manual result */
let assessed: Row;
/** the session with two manual results of two PERSON schemes, one assessed, one not */
let twice: Row;

const MANUAL_FIELDS = ['manualScore', 'manualStyle', 'manualPass', 'manualRules', 'complaints', 'complaint'];
const page = (body: object, query: Record<string, string>) =>
  ok(admin.post('/v3/chats/ai-result/page', body, { query }));
const detail = (r: Row) =>
  ok(admin.post('/v3/chats/ai-result/detail', {}, { query: { sessionId: r.sessionId, id: r.id } }));

async function personScheme(name: string): Promise<number> {
  const { id } = await ok(
    admin.post('/v3/chats/qc-scheme/create', { name, type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
  );
  return Number(id);
}

async function manualResult(r: Row, schemeId: number, values: Partial<typeof manualResults.$inferInsert>) {
  await t.database.db.insert(manualResults).values({
    organizationId,
    sessionRef: await sessionRefOf(r),
    sessionId: r.sessionId,
    chatId: r.chatId,
    sessionBeginTime: new Date(Date.now() - 3600_000),
    schemeId,
    schemeName: `scheme ${schemeId}`,
    ...values,
  });
}

async function sessionRefOf(r: Row): Promise<number> {
  const [row] = await t.database.db
    .select({ sessionRef: aiResults.sessionRef })
    .from(aiResults)
    .where(eq(aiResults.id, Number(r.id)));
  return row!.sessionRef;
}

async function complaint(r: Row, status: ComplaintStatus, minutesAgo: number, deleted: Deleted = 'NONE') {
  await t.database.db.insert(complaints).values({
    organizationId,
    type: 'AI',
    resultId: Number(r.id),
    sessionRef: await sessionRefOf(r),
    sessionId: r.sessionId,
    chatId: r.chatId,
    startTime: new Date(Date.now() - 3600_000),
    status,
    reason: `${status} reason`,
    commonReason: status === 'PENDING' ? null : '已核实',
    deleted,
    createTime: new Date(Date.now() - minutesAgo * 60_000),
  });
}

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ admin, organizationId } = await organisationWith(t, 'arp-home', { admin: ['*'] }));
  await ok(admin.post('/v3/chats/session/import', sessions));
  const scheme = await aiScheme(admin);
  await activeTask(admin, scheme.schemeId, ['1', '2']);
  await t.app.tasks.whenIdle();
  all = await ok(admin.post('/v3/chats/ai-result/list', {}));
  [complained, assessed, twice] = [all[2]!, all[5]!, all[9]!];
  const p1 = await personScheme('人工抽检一');
  const p2 = await personScheme('人工抽检二');
  const angles = [
    {
      angleId: 7,
      angleName: '服务态度',
      angleScore: 50,
      manualRules: [
        { angleId: 7, ruleId: 70, ruleName: '礼貌', scoreNum: 5, pass: false, fatalError: false, reason: '未致歉' },
      ],
    },
  ];
  await manualResult(assessed, p1, {
    manualStatus: 'CHECKED',
    manualScore: 88,
    pass: true,
    manualAngles: angles,
    resultTime: new Date(Date.now() - 600_000),
  });
  await manualResult(twice, p1, { manualStatus: 'CHECKED', manualScore: 61, resultTime: new Date() });
  await manualResult(twice, p2, { manualStatus: 'UNCHECKED', style: 'PASS' });
  // a deleted manual result never shows
  await manualResult(all[11]!, p1, { manualStatus: 'CHECKED', manualScore: 12, deleted: 'TRASH' });
  await complaint(complained, 'ACTIVE', 30);
  await complaint(complained, 'PENDING', 5);
  await complaint(all[4]!, 'PENDING', 1, 'TRASH');
  all = await ok(admin.post('/v3/chats/ai-result/list', {}));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a page of AI results', () => {
  it("shows each row's manual result and complaints as its detail does", async () => {
    const { records } = await page({}, { page: '1', size: '20' });
    expect(records).toHaveLength(20);
    for (const r of records) {
      const d = await detail(r);
      for (const f of MANUAL_FIELDS) expect(r[f], `${r.sessionId} ${f}`).toEqual(d[f]);
    }
    const byId = (x: Row) => records.find((r: Row) => r.id === x.id);
    expect(byId(assessed)).toMatchObject({
      manualScore: 88,
      manualStyle: 'SCORE',
      manualPass: true,
      manualRules: [{ angleId: '7', ruleId: '70', ruleName: '礼貌', scoreNum: 5, pass: false, reason: '未致歉' }],
    });
    const shown = byId(complained);
    expect(shown.complaints.map((c: Row) => c.status)).toEqual(['ACTIVE', 'PENDING']);
    expect(shown.complaint).toEqual(shown.complaints[1]);
    expect(shown.complaints[0]).toMatchObject({ commonReason: '已核实', commonAttachment: null, version: 1 });
    expect(typeof shown.complaints[0].id).toBe('string');
    // deleted complaints and manual results do not show
    expect(byId(all[4]!)).toMatchObject({ complaints: [], complaint: null });
    expect(byId(all[11]!)).toMatchObject({ manualScore: null, manualStyle: null, manualRules: [] });
  });

  it('has the same total on every page, past the last one and when nothing matches', async () => {
    const total = N - 1;
    const first = await page({}, { page: '1', size: '10' });
    expect(first).toMatchObject({ total, page: 1, size: 10 });
    expect(first.records).toHaveLength(10);
    const last = await page({}, { page: '3', size: '10' });
    expect(last).toMatchObject({ total, page: 3 });
    expect(last.records).toHaveLength(total - 20);
    const beyond = await page({}, { page: '4', size: '10' });
    expect(beyond).toEqual({ records: [], total, page: 4, size: 10 });
    expect(await page({ schemeId: '999999' }, { page: '1', size: '10' })).toEqual({
      records: [],
      total: 0,
      page: 1,
      size: 10,
    });
    expect(await page({ schemeId: '999999' }, { page: '2', size: '10' })).toMatchObject({ records: [], total: 0 });
    const whole = await page({}, { page: '1', size: '100' });
    expect(whole.total).toBe(total);
    expect(whole.records).toEqual(all);
  });

  it('pages through exactly the rows of the list, in its order, with the requested fields only', async () => {
    const pages: Row[] = [];
    for (let p = 1; p <= 4; p++) pages.push(...(await page({}, { page: String(p), size: '7' })).records);
    expect(pages).toEqual(all);
    const narrow = await page({ fields: ['manualScore', 'complaint'] }, { page: '1', size: '10' });
    expect(narrow.records.map((r: Row) => Object.keys(r).sort())).toEqual(
      Array(10).fill(['complaint', 'id', 'manualScore']),
    );
    expect(narrow.records).toEqual(
      all.slice(0, 10).map((r) => ({ id: r.id, manualScore: r.manualScore, complaint: r.complaint })),
    );
  });

  it('sorts by the manual score, sessions without one last', async () => {
    const { records } = await page({ scoreSorts: ['manual_score desc'] }, { page: '1', size: '100' });
    expect(records.slice(0, 2).map((r: Row) => r.id)).toEqual([assessed.id, twice.id]);
    expect(records).toHaveLength(N - 1);
  });
});
