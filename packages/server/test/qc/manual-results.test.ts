import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith, signedInAgent } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, deskSessions, type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let inspector: Caller;
let mover: Caller;
let viewer: Caller;
let outsider: Caller;
/** the demo agent's role, as agent 102 */
let agent: Caller;
const N = 12;
/** the last desk session is still ACTIVE, so a task leaves it alone */
const sessions = deskSessions(N);
const closed = sessions.filter((s) => s.status === 'CLOSED').map((s) => s.sessionId);

interface PersonFixture {
  schemeId: string;
  /** 服务态度 (60): polite, quick */
  attitude: string;
  polite: string;
  quick: string;
  /** 业务能力 (40): accurate */
  skill: string;
  accurate: string;
}
let score: PersonFixture;
let passScheme: PersonFixture;

async function personScheme(name: string, style: 'SCORE' | 'PASS'): Promise<PersonFixture> {
  const { id: schemeId } = await ok(
    admin.post('/v3/chats/qc-scheme/create', {
      name,
      type: 'TEXT',
      targetType: 'PERSON',
      style,
      schemeConfig: {
        ...(style === 'PASS' ? { compareOperator: '>=', num: 2 } : {}),
        appraises: [
          { appraise: '总体评价', required: true },
          { appraise: '改进建议', required: false },
        ],
        veto: ['辱骂客户'],
      },
    }),
  );
  const rule = async (ruleName: string) =>
    (await ok(admin.post('/v3/chats/qc-rule/create', { name: ruleName, type: 'PERSON' }))).id as string;
  const polite = await rule(`${name}-礼貌用语`);
  const quick = await rule(`${name}-响应及时`);
  const accurate = await rule(`${name}-解答准确`);
  const attitude = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '服务态度', score: 60 }))).id;
  const skill = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '业务能力', score: 40 }))).id;
  await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId: attitude, ruleIds: [polite, quick] }));
  await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId: skill, ruleIds: [accurate] }));
  return { schemeId, attitude, polite, quick, skill, accurate };
}

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  let organizationId: number;
  ({ admin, inspector, mover, viewer, organizationId } = await organisationWith(t, 'mr-home', {
    admin: ['*'],
    inspector: ['qc-manual-result.view', 'qc-manual-result.edit'],
    mover: ['qc-manual-result.view', 'qc-manual-result.status'],
    viewer: ['qc-manual-result.view'],
  }));
  ({ outsider } = await organisationWith(t, 'mr-away', { outsider: ['*'] }));
  agent = await signedInAgent(t, organizationId, { username: 'mr-agent', name: '李四', agentId: 102 });
  await ok(admin.post('/v3/chats/session/import', sessions));
  score = await personScheme('人工评分', 'SCORE');
  passScheme = await personScheme('合格判定', 'PASS');
  await activeTask(admin, score.schemeId, ['1', '2'], '人工抽检');
  await t.app.tasks.whenIdle();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = (body: object, who = viewer, query: Record<string, string> = { page: '1', size: '100' }) =>
  ok(who.post('/v3/chats/qc-manual-result/page', body, { query }));
const detail = (sessionId: string, who: Caller = viewer, schemeId?: string) =>
  who.post(
    '/v3/chats/qc-manual-result/detail',
    {},
    { query: schemeId === undefined ? { sessionId } : { sessionId, schemeId } },
  );
const move = (ids: string[], status: string, who = mover, lang?: 'en') =>
  who.post('/v3/chats/session/quality-status', { ids, status }, lang === undefined ? {} : { lang });
const statusOf = async (sessionId: string) => (await ok(detail(sessionId))).manualStatus as string;
/** the version of the session's result, which an assessment of an existing result must send */
const versionOf = async (sessionId: string) => (await ok(detail(sessionId))).version as number;

/** An assessment of the SCORE scheme: 服务态度 −10 −5, 业务能力 −50 (clamped at 0). */
const scoreBody = (sessionId: string, extra: object = {}) => ({
  schemeId: score.schemeId,
  sessionId,
  manualAngles: [
    {
      angleId: score.attitude,
      manualRules: [
        { angleId: score.attitude, ruleId: score.polite, scoreNum: 10 },
        { angleId: score.attitude, ruleId: score.quick, scoreNum: 5, reason: '回复慢' },
      ],
    },
    { angleId: score.skill, manualRules: [{ angleId: score.skill, ruleId: score.accurate, scoreNum: 50 }] },
  ],
  appraises: [{ title: '总体评价', appraise: '态度尚可' }],
  ...extra,
});

describe('manual result list', () => {
  it('lists the UNCHECKED results a PERSON task made, with the status counts', async () => {
    const all = await page({});
    expect(all.total).toBe(closed.length);
    expect(all).toMatchObject({
      page: 1,
      size: 100,
      allCheckedNum: closed.length,
      readyCheckedNum: 0,
      checkedNum: 0,
      rejectNum: closed.length,
    });
    expect(all.records[0]).toMatchObject({ manualStatus: 'UNCHECKED', style: 'SCORE', schemeName: '人工评分' });
    const checked = await page({ manualStatus: 'CHECKED' });
    expect(checked).toMatchObject({ total: 0, records: [], allCheckedNum: closed.length });
    const some = await page({ fields: ['sessionId'] }, viewer, { page: '2', size: '5' });
    expect(some.records).toHaveLength(5);
    expect(Object.keys(some.records[0]).sort()).toEqual(['id', 'sessionId']);
  });

  it('/list answers the same records as /page, filtered and with only the requested fields, unpaged', async () => {
    const listed = await ok(viewer.post('/v3/chats/qc-manual-result/list', { fields: ['sessionId', 'manualStatus'] }));
    expect(listed).toHaveLength(closed.length);
    expect(listed.map((r: { sessionId: string }) => r.sessionId).sort()).toEqual([...closed].sort());
    expect(Object.keys(listed[0]).sort()).toEqual(['id', 'manualStatus', 'sessionId']);
    expect(await ok(viewer.post('/v3/chats/qc-manual-result/list', { manualStatus: 'CHECKED' }))).toEqual([]);
    const bad = await viewer.post('/v3/chats/qc-manual-result/list', { manualStatus: 'DONE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('manualStatus');
    expect(await ok(outsider.post('/v3/chats/qc-manual-result/list', {}))).toEqual([]);
  });

  it('answers 403 without qc-manual-result.view and nothing of another organisation', async () => {
    const { nobody } = await organisationWith(t, 'mr-none', { nobody: ['qc-ai-result.view'] });
    const denied = await nobody.post('/v3/chats/qc-manual-result/page', {}, { query: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('qc-manual-result.view');
    expect((await page({}, outsider)).total).toBe(0);
    expect((await detail(closed[0]!, outsider)).statusCode).toBe(404);
  });
});

describe('an agent', () => {
  it('sees only his own manual results: page, counts, list and detail', async () => {
    const own = sessions.filter((s) => s.agentId === 102 && s.status === 'CLOSED').map((s) => s.sessionId);
    const others = closed.filter((id) => !own.includes(id));
    expect(own.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const mine = await page({}, agent);
    expect(mine.total).toBe(own.length);
    expect(mine.allCheckedNum).toBe(own.length);
    expect(mine.records.map((r: Json) => r.sessionId).sort()).toEqual([...own].sort());
    expect(mine.records.every((r: Json) => r.agentId === '102')).toBe(true);
    // asking for another agent's results by filter does not widen what he sees
    expect((await page({ agentId: '101' }, agent)).total).toBe(0);
    const listed = await ok(agent.post('/v3/chats/qc-manual-result/list', { fields: ['sessionId'] }));
    expect(listed.map((r: Json) => r.sessionId).sort()).toEqual([...own].sort());
    expect(await ok(detail(own[0]!, agent))).toMatchObject({ sessionId: own[0] });
    expect((await detail(others[0]!, agent)).statusCode).toBe(404);
    // the inspector sees them all
    expect((await page({})).total).toBe(closed.length);
  });
});

describe('quality-status', () => {
  it('moves to be inspected with qc-manual-result.status and releases with qc-manual-result.edit', async () => {
    const [a, b, c] = closed.slice(6, 9) as [string, string, string];
    expect(await ok(move([a, b, c], 'READY_CHECKED'))).toMatchObject({ status: 'READY_CHECKED', changed: 3 });
    expect(await page({ manualStatus: 'READY_CHECKED' })).toMatchObject({
      total: 3,
      readyCheckedNum: 3,
      rejectNum: closed.length - 3,
    });
    const noKey = await move([a], 'READY_CHECKED', inspector);
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json().message).toContain('qc-manual-result.status');
    expect((await move([a], 'UNCHECKED', mover)).statusCode).toBe(403);
    await ok(move([a], 'UNCHECKED', inspector));
    expect(await statusOf(a)).toBe('UNCHECKED');
  });

  it('releases only from READY_CHECKED, all or nothing', async () => {
    const [ready, unchecked] = [closed[7]!, closed[9]!];
    const res = await move([ready, unchecked], 'UNCHECKED', inspector);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BAD_STATUS_MOVE',
      message: `只有待质检的结果才能释放：会话 ${unchecked} 当前为 UNCHECKED`,
      field: 'ids[1]',
    });
    expect(await statusOf(ready)).toBe('READY_CHECKED');
    const en = await move([unchecked], 'UNCHECKED', inspector, 'en');
    expect(en.json().message).toBe(
      `Only results to be inspected (READY_CHECKED) can be released: session ${unchecked} is UNCHECKED`,
    );
  });

  it('refuses an empty selection (400), a session with no manual result or of another organisation (404)', async () => {
    const none = await move([], 'READY_CHECKED');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'ids', message: 'ids：请选择记录' });
    const bad = await move([closed[0]!], 'DONE');
    expect(bad.json().field).toBe('status');
    const active = sessions[N - 1]!.sessionId;
    expect((await move([active], 'READY_CHECKED')).statusCode).toBe(404);
    const foreign = await outsider.post('/v3/chats/session/quality-status', {
      ids: [closed[0]!],
      status: 'READY_CHECKED',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('manual assessment, SCORE style', () => {
  it('scores with the engine: deductions within each angle, clamped at 0; the result becomes CHECKED', async () => {
    const sessionId = closed[0]!;
    const before = await ok(detail(sessionId));
    const saved = await ok(
      inspector.post('/v3/chats/qc-manual-result/create', scoreBody(sessionId, { version: before.version })),
    );
    expect(saved).toEqual({ id: before.id });
    const after = await ok(detail(sessionId));
    expect(after).toMatchObject({
      id: before.id,
      manualStatus: 'CHECKED',
      style: 'SCORE',
      manualScore: 45,
      pass: null,
      version: before.version + 1,
      appraisals: [{ title: '总体评价', appraise: '态度尚可' }],
      session: { sessionId },
    });
    expect(after.resultTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.manualAngles).toEqual([
      {
        angleId: score.attitude,
        angleName: '服务态度',
        angleScore: 45,
        manualRules: [
          expect.objectContaining({ ruleId: score.polite, ruleName: '人工评分-礼貌用语', scoreNum: 10, reason: null }),
          expect.objectContaining({ ruleId: score.quick, scoreNum: 5, fatalError: false, reason: '回复慢' }),
        ],
      },
      {
        angleId: score.skill,
        angleName: '业务能力',
        angleScore: 0,
        manualRules: [expect.objectContaining({ ruleId: score.accurate, scoreNum: 50 })],
      },
    ]);
    expect(after.messages.length).toBeGreaterThan(0);
    const counts = await page({ manualStatus: 'CHECKED' });
    expect(counts).toMatchObject({ total: 1, checkedNum: 1 });
    expect(counts.records[0]).toMatchObject({ sessionId, manualScore: 45 });
  });

  it('makes the score 0 on a fatal error or a veto statement; sorts and filters by the manual score', async () => {
    const body = scoreBody(closed[1]!, { version: await versionOf(closed[1]!) });
    body.manualAngles[1]!.manualRules[0] = {
      angleId: score.skill,
      ruleId: score.accurate,
      scoreNum: 0,
      fatalError: true,
    } as never;
    await ok(inspector.post('/v3/chats/qc-manual-result/create', body));
    expect((await ok(detail(closed[1]!))).manualScore).toBe(0);
    await ok(
      inspector.post(
        '/v3/chats/qc-manual-result/create',
        scoreBody(closed[2]!, {
          manualAngles: [],
          vetoList: [{ vetoName: '辱骂客户' }],
          version: await versionOf(closed[2]!),
        }),
      ),
    );
    expect(await ok(detail(closed[2]!))).toMatchObject({ manualScore: 0, vetoList: [{ vetoName: '辱骂客户' }] });
    await ok(
      inspector.post(
        '/v3/chats/qc-manual-result/create',
        scoreBody(closed[3]!, { manualAngles: [], version: await versionOf(closed[3]!) }),
      ),
    );
    const sorted = await page({ manualStatus: 'CHECKED', scoreSorts: ['manual_score desc'] });
    expect(sorted.records.map((r: Json) => r.manualScore)).toEqual([100, 45, 0, 0]);
    const ranged = await page({ beginScore: 40, endScore: 99 });
    expect(ranged.records.map((r: Json) => r.sessionId)).toEqual([closed[0]]);
    // the inspection time is now: TODAY holds the four assessed results, YESTERDAY none
    expect((await page({ timeby: 'resultTime', quickDate: 'TODAY' })).total).toBe(4);
    expect((await page({ timeby: 'resultTime', quickDate: 'YESTERDAY' })).total).toBe(0);
    expect((await page({ timeby: 'resultTime', timeTo: '2000-01-01' })).total).toBe(0);
  });

  it('names the field of a bad assessment, in Chinese or English', async () => {
    const post = (body: object, lang?: 'en') =>
      inspector.post('/v3/chats/qc-manual-result/create', body, lang === undefined ? {} : { lang });
    const blank = await post(scoreBody(closed[4]!, { appraises: [{ title: '总体评价', appraise: '  ' }] }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      field: 'appraises[0].appraise',
      message: 'appraises[0].appraise：总体评价 不能为空',
    });
    const missing = await post(scoreBody(closed[4]!, { appraises: [] }), 'en');
    expect(missing.json()).toMatchObject({ field: 'appraises[0]', message: 'appraises[0]: 总体评价 cannot be empty' });
    const long = scoreBody(closed[4]!);
    (long.manualAngles[0]!.manualRules[1] as { reason: string }).reason = '慢'.repeat(101);
    expect((await post(long)).json()).toMatchObject({
      field: 'manualAngles[0].manualRules[1].reason',
      message: 'manualAngles[0].manualRules[1].reason：不能超过 100 个字符',
    });
    const high = scoreBody(closed[4]!);
    high.manualAngles[0]!.manualRules[0]!.scoreNum = 101;
    expect((await post(high)).json()).toMatchObject({ field: 'manualAngles[0].manualRules[0].scoreNum' });
    const elsewhere = scoreBody(closed[4]!);
    elsewhere.manualAngles[1]!.manualRules[0]!.ruleId = score.polite;
    const wrong = await post(elsewhere);
    expect(wrong.json()).toMatchObject({
      field: 'manualAngles[1].manualRules[0].ruleId',
      message: `规则 ${score.polite} 未关联在维度 ${score.skill} 中`,
    });
    const veto = await post(scoreBody(closed[4]!, { vetoList: [{ vetoName: '迟到' }] }));
    expect(veto.json()).toMatchObject({ field: 'vetoList[0].vetoName' });
    expect(await statusOf(closed[4]!)).toBe('UNCHECKED');
  });

  it('refuses a stale version (409), an AI scheme (400), 403 without the key, 404 across organisations', async () => {
    const current = await ok(detail(closed[0]!));
    const stale = await inspector.post(
      '/v3/chats/qc-manual-result/create',
      scoreBody(closed[0]!, { version: current.version - 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: '数据已被他人修改，请刷新后重试' });
    expect((await ok(detail(closed[0]!))).version).toBe(current.version);
    // an existing (here already checked) result is never overwritten by a body that does not say what it read
    const blind = await inspector.post(
      '/v3/chats/qc-manual-result/create',
      scoreBody(closed[0]!, { manualAngles: [] }),
    );
    expect(blind.statusCode).toBe(400);
    expect(blind.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'version', message: '修改时须提供版本号' });
    expect(await ok(detail(closed[0]!))).toMatchObject({ version: current.version, manualScore: 45 });
    const { id: aiSchemeId } = await ok(
      admin.post('/v3/chats/qc-scheme/create', { name: '智能', type: 'TEXT', targetType: 'AI' }),
    );
    const ai = await inspector.post(
      '/v3/chats/qc-manual-result/create',
      scoreBody(closed[5]!, { schemeId: aiSchemeId }),
    );
    expect(ai.statusCode).toBe(400);
    expect(ai.json()).toMatchObject({ field: 'schemeId', code: 'NOT_PERSON_SCHEME' });
    expect((await viewer.post('/v3/chats/qc-manual-result/create', scoreBody(closed[5]!))).statusCode).toBe(403);
    expect((await outsider.post('/v3/chats/qc-manual-result/create', scoreBody(closed[5]!))).statusCode).toBe(404);
  });

  it('keeps an assessed result out of "move to be inspected"', async () => {
    const res = await move([closed[0]!], 'READY_CHECKED');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`已质检的结果不能移至待质检：会话 ${closed[0]}`);
  });
});

describe('manual assessment, PASS style', () => {
  const passBody = (sessionId: string, fails: number, fatal = false) => {
    const verdict = (i: number) => i >= fails;
    return {
      schemeId: passScheme.schemeId,
      sessionId,
      manualAngles: [
        {
          angleId: passScheme.attitude,
          manualRules: [
            { angleId: passScheme.attitude, ruleId: passScheme.polite, pass: verdict(0) },
            { angleId: passScheme.attitude, ruleId: passScheme.quick, pass: verdict(1), fatalError: fatal },
          ],
        },
        {
          angleId: passScheme.skill,
          manualRules: [{ angleId: passScheme.skill, ruleId: passScheme.accurate, pass: verdict(2) }],
        },
      ],
      appraises: [{ title: '总体评价', appraise: '合格' }],
    };
  };

  it('is not up to standard when failures >= the vote count, or on a fatal error', async () => {
    const s = closed.slice(0, 3);
    await ok(inspector.post('/v3/chats/qc-manual-result/create', passBody(s[0]!, 1)));
    await ok(inspector.post('/v3/chats/qc-manual-result/create', passBody(s[1]!, 2)));
    await ok(inspector.post('/v3/chats/qc-manual-result/create', passBody(s[2]!, 0, true)));
    const verdicts = await Promise.all(s.map(async (id) => (await ok(detail(id, viewer, passScheme.schemeId))).pass));
    expect(verdicts).toEqual([true, false, false]);
    const one = await ok(detail(s[0]!, viewer, passScheme.schemeId));
    expect(one).toMatchObject({ style: 'PASS', manualScore: null, manualStatus: 'CHECKED' });
    expect(one.manualAngles[0].angleScore).toBeNull();
    expect(one.manualAngles[0].manualRules.map((r: Json) => r.pass)).toEqual([false, true]);
    const passed = await page({ schemeId: passScheme.schemeId, pass: 'true' });
    expect(passed.records.map((r: Json) => r.sessionId)).toEqual([s[0]]);
    expect((await page({ schemeId: passScheme.schemeId, pass: 'false' })).total).toBe(2);
  });

  it('asks for pass or fail on every rule', async () => {
    const body = passBody(closed[4]!, 0);
    delete (body.manualAngles[1]!.manualRules[0] as { pass?: boolean }).pass;
    const res = await inspector.post('/v3/chats/qc-manual-result/create', body);
    expect(res.json()).toMatchObject({
      field: 'manualAngles[1].manualRules[0].pass',
      message: 'manualAngles[1].manualRules[0].pass：请选择是否合格',
    });
  });
});

describe('manual result detail', () => {
  it('answers a session without a manual result with no angles, so the screen offers the scheme picker', async () => {
    const active = sessions[N - 1]!.sessionId;
    expect(await ok(detail(active))).toMatchObject({
      id: null,
      sessionId: active,
      manualStatus: 'UNCHECKED',
      manualAngles: [],
    });
    expect((await detail('no-such-session')).statusCode).toBe(404);
  });
});
