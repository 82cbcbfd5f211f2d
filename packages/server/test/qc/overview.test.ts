import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, inspectedDesk, type Json, ok } from '../tasks/fixtures.js';

/**
 * The QC overview (issue 15, beyond the spec): every figure the server aggregates in SQL is checked against the
 * same figure counted naively from the AI result list, and each figure's click-through filter lists exactly the
 * results it counted.
 */
let t: TestApp;
let admin: Caller;
let rows: Json[];
let schemeId: string;

const overview = (body: object, who: Caller = admin) => ok(who.post('/v3/chats/ai-result/overview', body));
const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const day = (r: Json) => String(r.createTime).slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'ov', { admin: ['*'] }));
  // 40 sessions an hour apart: today and the days before, three agents, two lines, two groups
  const desk = await inspectedDesk(t, admin, deskSessions(40));
  schemeId = desk.scheme.schemeId;
  rows = desk.aiRows;
}, 120_000);
afterAll(async () => t.close());

describe('the QC overview', () => {
  it('totals and the daily trend are the result list counted', async () => {
    const o = await overview({ schemeId });
    expect(rows.length).toBeGreaterThan(30);
    expect(o.totals).toEqual({
      results: rows.length,
      avgScore: expect.closeTo(mean(rows.map((r) => r.aiScore))!, 9),
      vetoes: rows.filter((r) => r.isVeto).length,
      complaints: rows.filter((r) => r.isComplaint).length,
      reviews: rows.filter((r) => r.isReview).length,
    });
    const days = [...new Set(rows.map(day))].sort();
    expect(o.trend.map((b: Json) => b.bucket)).toEqual(days);
    for (const b of o.trend) {
      const inDay = rows.filter((r) => day(r) === b.bucket);
      expect(b.results).toBe(inDay.length);
      expect(b.avgScore).toBeCloseTo(mean(inDay.map((r) => r.aiScore))!, 9);
    }
  });

  it('the distribution puts each score in its 10-point bin, 100 in the last', async () => {
    const o = await overview({ schemeId });
    const expected = new Map<number, number>();
    for (const r of rows) {
      const bin = r.aiScore === 100 ? 90 : Math.floor(r.aiScore / 10) * 10;
      expected.set(bin, (expected.get(bin) ?? 0) + 1);
    }
    expect(o.distribution).toEqual(
      [...expected].sort(([a], [b]) => a - b).map(([from, results]) => ({ from, to: from + 10, results })),
    );
  });

  it('the most-hit rules are counted from the results, and the ruleId filter lists exactly those results', async () => {
    const o = await overview({ schemeId });
    const hits = new Map<string, number>();
    for (const r of rows) for (const rule of r.resultRules) hits.set(rule.ruleId, (hits.get(rule.ruleId) ?? 0) + 1);
    expect(o.topRules.length).toBeGreaterThan(0);
    expect(o.topRules.map((r: Json) => [r.ruleId, r.results])).toEqual(
      [...hits].sort(([a, x], [b, y]) => y - x || Number(a) - Number(b)).slice(0, 10),
    );
    const top = o.topRules[0];
    expect(top.share).toBeCloseTo(top.results / rows.length, 12);
    expect(top.trend.reduce((n: number, b: Json) => n + b.results, 0)).toBe(top.results);
    const listed: Json[] = await ok(admin.post('/v3/chats/ai-result/list', { schemeId, ruleId: top.ruleId }));
    expect(listed.map((r) => r.id).sort()).toEqual(
      rows
        .filter((r) => r.resultRules.some((rule: Json) => rule.ruleId === top.ruleId))
        .map((r) => r.id)
        .sort(),
    );
  });

  it('ranks agents by lowest average, and breaks results down by line and group', async () => {
    const o = await overview({ schemeId });
    const byAgent = new Map<string, Json[]>();
    for (const r of rows) byAgent.set(r.agentId, [...(byAgent.get(r.agentId) ?? []), r]);
    const expected = [...byAgent]
      .filter(([, rs]) => rs.length >= 3)
      .map(([agentId, rs]) => ({ agentId, results: rs.length, avg: mean(rs.map((r) => r.aiScore))! }))
      .sort((a, b) => a.avg - b.avg);
    expect(o.lowAgents.map((a: Json) => [a.agentId, a.results])).toEqual(expected.map((a) => [a.agentId, a.results]));
    expect(o.lowAgents[0]).toMatchObject({ agentName: expect.any(String), agentNick: expect.any(String) });

    const lineTotal = o.lines.reduce((n: number, l: Json) => n + l.results, 0);
    expect(lineTotal).toBe(rows.length);
    expect(o.lines.map((l: Json) => l.lineName).sort()).toEqual(['支付微博', '电信微博']);
    const line = o.lines[0];
    const onLine: Json[] = await ok(admin.post('/v3/chats/ai-result/list', { schemeId, lineId: line.lineId }));
    expect(onLine.length).toBe(line.results);
    // every result is in group 11, half also in 12
    expect(o.groups.find((g: Json) => g.groupId === '11')).toMatchObject({ groupName: '售后组', results: rows.length });
  });

  it('narrows to an agent, a period and a week bucket; an agent sees only his own', async () => {
    const agentRows = rows.filter((r) => r.agentId === '101');
    expect((await overview({ schemeId, agentId: '101' })).totals.results).toBe(agentRows.length);
    const weeks = await overview({ schemeId, bucket: 'WEEK' });
    expect(weeks.trend.reduce((n: number, b: Json) => n + b.results, 0)).toBe(rows.length);
    for (const b of weeks.trend) expect(new Date(`${b.bucket}T00:00:00Z`).getUTCDay()).toBe(1);
    const none = await overview({ schemeId, timeFrom: '2000-01-01', timeTo: '2000-01-31' });
    expect(none).toMatchObject({
      timeFrom: '2000-01-01',
      timeTo: '2000-01-31',
      totals: { results: 0, avgScore: null },
    });
    expect(none.trend).toEqual([]);

    const role = await ok(
      admin.post('/v3/users/role/create', { code: 'ov-ag', name: '坐席', permissions: ['qc-ai-result.view'] }),
    );
    await ok(
      admin.post('/v3/users/user/create', {
        username: 'ov-agent-101',
        name: '张三',
        password: 'agent-password-1',
        roleIds: [role.id],
        agentId: '101',
      }),
    );
    const agent = await signIn(t, 'ov-agent-101', 'agent-password-1');
    expect((await overview({ schemeId }, agent)).totals.results).toBe(agentRows.length);
  });

  it('answers 400 naming the field for a bad bucket or a period that ends before it starts', async () => {
    const bucket = await admin.post('/v3/chats/ai-result/overview', { bucket: 'MONTH' });
    expect(bucket.statusCode).toBe(400);
    expect(bucket.json().field).toBe('bucket');
    const period = await admin.post('/v3/chats/ai-result/overview', { timeFrom: '2026-02-01', timeTo: '2026-01-01' });
    expect(period.statusCode).toBe(400);
    expect(period.json().field).toBe('timeTo');
  });
});
