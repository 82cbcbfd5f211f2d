import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csLines } from '../../src/db/schema/lines.js';
import { anonymous, type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type AiSchemeFixture, activeTask, aiScheme, deskSessions, ok } from './fixtures.js';

let t: TestApp;
let admin: Caller;
let viewer: Caller;
let outsider: Caller;
let homeOrganizationId: number;
let outsiderOrganizationId: number;
let scheme: AiSchemeFixture;
const N = 60;

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({
    organizationId: homeOrganizationId,
    admin,
    viewer,
  } = await organisationWith(t, 'task-home', {
    admin: ['*'],
    viewer: ['qc-task.view'],
  }));
  ({ organizationId: outsiderOrganizationId, outsider } = await organisationWith(t, 'task-away', { outsider: ['*'] }));
  await ok(admin.post('/v3/chats/session/import', deskSessions(N)));
  scheme = await aiScheme(admin);
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

const progress = (taskId: string, who = admin) => ok(who.post('/v3/chats/qc-task/progress', {}, { query: { taskId } }));
const count = async (query: string) =>
  Number(((await t.database.db.execute(sql.raw(query))) as unknown as { rows: { n: string }[] }).rows[0]!.n);

describe('QC task save, detail, list', () => {
  it('creates an inactive task with its scheme and lines', async () => {
    const { id } = await ok(
      admin.post('/v3/chats/qc-task/create', {
        name: '支付线路质检',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['1'],
      }),
    );
    const detail = await ok(viewer.post('/v3/chats/qc-task/detail', {}, { query: { taskId: id } }));
    expect(detail).toMatchObject({
      id,
      name: '支付线路质检',
      type: 'OFFLINE_TEXT',
      status: 'INACTIVE',
      schemeId: scheme.schemeId,
      schemeName: '微博客服质检',
      lineIds: ['1'],
      lines: [{ lineId: '1', lineName: '支付微博' }],
      version: 1,
      progress: { state: 'IDLE', total: 0, done: 0, failed: 0, pending: 0 },
    });
    const page = await ok(viewer.post('/v3/chats/qc-task/page', { keyword: '支付', fields: ['name'] }, { query: {} }));
    expect(page.records).toEqual([{ id, name: '支付线路质检' }]);
  });

  it('refuses a body without name, lines, or with a scheme of another organisation (400 naming the field)', async () => {
    const noName = await admin.post('/v3/chats/qc-task/create', {
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: ['1'],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'name', message: 'name：此项为必填项' });
    const noLines = await admin.post('/v3/chats/qc-task/create', {
      name: 'x',
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: [],
    });
    expect(noLines.json()).toMatchObject({ field: 'lineIds' });
    const theirs = await outsider.post('/v3/chats/qc-task/create', {
      name: 'x',
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: ['1'],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ field: 'schemeId', message: `schemeId：质检方案 ${scheme.schemeId} 不存在` });
  });

  it('takes only live lines of the organisation (400 naming lineIds[i]), each with its record’s name', async () => {
    const db = t.database.db;
    // a line of another organisation, and one of ours in the trash
    const [foreign] = await db
      .insert(csLines)
      .values({ organizationId: outsiderOrganizationId, name: '别家线路' })
      .returning({ id: csLines.id });
    const [trashed] = await db
      .insert(csLines)
      .values({ organizationId: homeOrganizationId, name: '停用线路', deleted: 'TRASH' })
      .returning({ id: csLines.id });
    const create = (lineIds: string[], lang?: 'en') =>
      admin.post(
        '/v3/chats/qc-task/create',
        { name: '线路校验', type: 'OFFLINE_TEXT', schemeId: scheme.schemeId, lineIds },
        lang === undefined ? {} : { lang },
      );
    for (const [lineIds, field, id] of [
      [['1', '99'], 'lineIds[1]', '99'],
      [[String(foreign!.id)], 'lineIds[0]', String(foreign!.id)],
      [['2', String(trashed!.id)], 'lineIds[1]', String(trashed!.id)],
    ] as const) {
      const refused = await create([...lineIds]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'INVALID_FIELD', field, message: `${field}：服务线路 ${id} 不存在` });
    }
    expect((await create(['99'], 'en')).json().message).toBe('lineIds[0]: service line 99 not found');

    const { id } = await ok(create(['2', '1']));
    await db
      .update(csLines)
      .set({ name: '电信微博线路' })
      .where(and(eq(csLines.organizationId, homeOrganizationId), eq(csLines.id, 2)));
    const detail = await ok(admin.post('/v3/chats/qc-task/detail', {}, { query: { taskId: id } }));
    expect(detail.lines).toEqual([
      { lineId: '2', lineName: '电信微博线路' },
      { lineId: '1', lineName: '支付微博' },
    ]);
    await ok(admin.post('/v3/chats/qc-task/delete', { ids: [id], deleted: 'TRASH' }));
  });

  it('answers 403 without qc-task.edit, 401 signed out, 404 for a task of another organisation', async () => {
    const denied = await viewer.post('/v3/chats/qc-task/create', {
      name: 'x',
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: ['1'],
    });
    expect(denied.statusCode).toBe(403);
    expect((await anonymous(t).post('/v3/chats/qc-task/page', {}, { query: {} })).statusCode).toBe(401);
    const { id } = await ok(
      admin.post('/v3/chats/qc-task/create', {
        name: 'mine',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['2'],
      }),
    );
    const foreign = await outsider.post('/v3/chats/qc-task/detail', {}, { query: { taskId: id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`质检任务 ${id} 不存在`);
    const foreignStatus = await outsider.post('/v3/chats/qc-task/status', { ids: [id], status: 'ACTIVE' });
    expect(foreignStatus.statusCode).toBe(404);
  });

  it('keeps the type fixed and checks the version on change', async () => {
    const { id } = await ok(
      admin.post('/v3/chats/qc-task/create', {
        name: 'fixed',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['1'],
      }),
    );
    const retype = await admin.post('/v3/chats/qc-task/change', {
      id,
      version: 1,
      name: 'fixed',
      type: 'REAL_TIME_TEXT',
      schemeId: scheme.schemeId,
      lineIds: ['1'],
    });
    expect(retype.json()).toMatchObject({ field: 'type' });
    await ok(
      admin.post('/v3/chats/qc-task/change', {
        id,
        version: 1,
        name: 'renamed',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['1'],
      }),
    );
    const stale = await admin.post('/v3/chats/qc-task/change', {
      id,
      version: 1,
      name: 'again',
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: ['1'],
    });
    expect(stale.statusCode).toBe(409);
    await ok(admin.post('/v3/chats/qc-task/delete', { ids: [id], deleted: 'TRASH' }));
    const gone = await ok(admin.post('/v3/chats/qc-task/list', { keyword: 'renamed' }));
    expect(gone).toEqual([]);
  });
});

describe('deleting a task', () => {
  it('moves it to the trash, restores it (TRASH→NONE), and empties it (TRASH→BUFFER) for good', async () => {
    const { id } = await ok(
      admin.post('/v3/chats/qc-task/create', {
        name: '回收站任务',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['2'],
      }),
    );
    const listed = async () =>
      (await ok(viewer.post('/v3/chats/qc-task/list', { keyword: '回收站' }))).map((r: { id: string }) => r.id);
    const detail = () => viewer.post('/v3/chats/qc-task/detail', {}, { query: { taskId: id } });
    const move = (deleted: string, lang?: 'en') =>
      admin.post('/v3/chats/qc-task/delete', { ids: [id], deleted }, lang === undefined ? {} : { lang });

    // straight to BUFFER is no move of the lifecycle
    const skip = await move('BUFFER');
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toEqual({ code: 'BAD_DELETE_MOVE', message: '不能从 NONE 移到 BUFFER', field: 'ids[0]' });

    expect(await ok(move('TRASH'))).toEqual({ ids: [id], deleted: 'TRASH' });
    expect(await listed()).toEqual([]);
    expect((await ok(detail())).deleted).toBe('TRASH');

    expect(await ok(move('NONE'))).toEqual({ ids: [id], deleted: 'NONE' });
    expect(await listed()).toEqual([id]);
    expect(await ok(detail())).toMatchObject({ deleted: 'NONE', name: '回收站任务', version: 3 });

    await ok(move('TRASH'));
    expect(await ok(move('BUFFER'))).toEqual({ ids: [id], deleted: 'BUFFER' });
    const gone = await detail();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`质检任务 ${id} 不存在`);
    // emptied is for good: nothing restores it
    const back = await move('NONE', 'en');
    expect(back.statusCode).toBe(404);
    expect(back.json().message).toBe(`QC task ${id} not found`);
    expect(await listed()).toEqual([]);
    // another organisation cannot move ours; a viewer may not at all
    const { id: other } = await ok(
      admin.post('/v3/chats/qc-task/create', {
        name: '别动',
        type: 'OFFLINE_TEXT',
        schemeId: scheme.schemeId,
        lineIds: ['2'],
      }),
    );
    expect((await outsider.post('/v3/chats/qc-task/delete', { ids: [other], deleted: 'TRASH' })).statusCode).toBe(404);
    expect((await viewer.post('/v3/chats/qc-task/delete', { ids: [other], deleted: 'TRASH' })).statusCode).toBe(403);
    await ok(admin.post('/v3/chats/qc-task/delete', { ids: [other], deleted: 'TRASH' }));
  });
});

describe('running a task', () => {
  it('inspects every closed session of its lines once, with evidence, veto and scores', async () => {
    const taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
    await t.app.tasks.whenIdle();
    // the last session is still ACTIVE: not inspected
    expect(await progress(taskId)).toMatchObject({ state: 'DONE', total: N - 1, done: N - 1, failed: 0, pending: 0 });
    expect(await count(`select count(*) n from ai_results where task_id = ${taskId}`)).toBe(N - 1);
    expect(
      await count(
        'select count(*) n from (select session_ref, scheme_id from ai_results group by 1, 2 having count(*) > 1) d',
      ),
    ).toBe(0);

    const results = await ok(admin.post('/v3/chats/ai-result/list', { schemeId: scheme.schemeId }));
    expect(results).toHaveLength(N - 1);
    for (const r of results) {
      const ruleIds = r.resultRules.map((x: { ruleId: string }) => x.ruleId);
      if (r.isVeto) {
        expect(ruleIds).toContain(scheme.veto);
        expect(r.aiScore).toBe(0);
        continue;
      }
      // the scheme's own arithmetic: 60 − 10 per apology hit (not below 0) + 40 − 20 once for a complaint
      const apology = r.resultRules.find((x: { ruleId: string }) => x.ruleId === scheme.apology);
      const complaint = r.resultRules.find((x: { ruleId: string }) => x.ruleId === scheme.complaint);
      const expected = Math.max(0, 60 - 10 * (apology?.hitCount ?? 0)) + (complaint ? 20 : 40);
      expect(r.aiScore).toBe(expected);
    }
    const withApology = results.find((r: { resultRules: { ruleId: string }[] }) =>
      r.resultRules.some((x) => x.ruleId === scheme.apology),
    );
    const rule = withApology.resultRules.find((x: { ruleId: string }) => x.ruleId === scheme.apology);
    expect(rule).toMatchObject({ ruleName: '致歉用语', ruleScoreType: 'SUB', scoreNum: 10 * rule.hitCount });
    const info = rule.conditions.conditionHitInfo[0];
    expect(info.keyWords.keyWord[0].val).toMatch(/^(抱歉|对不起)$/);
    expect(info.phrase.words.slice(info.keyWords.keyWord[0].from, info.keyWords.keyWord[0].to)).toBe(
      info.keyWords.keyWord[0].val,
    );
  });

  it('runs again without doubling anything, and re-inspects re-imported sessions', async () => {
    const before = await count('select count(*) n from ai_results');
    const [task] = await ok(admin.post('/v3/chats/qc-task/list', { keyword: '微博离线质检' }));
    await ok(admin.post('/v3/chats/qc-task/rerun', { ids: [task.id] }));
    await t.app.tasks.whenIdle();
    expect(await count('select count(*) n from ai_results')).toBe(before);
    expect(await progress(task.id)).toMatchObject({ state: 'DONE', done: N - 1 });

    // a session re-imported with other words is inspected again: now it says 投诉
    const [first] = deskSessions(N);
    const msgs = first!.messages;
    const changed = {
      ...first,
      messages: [
        { ...msgs[0], content: JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: '我要投诉你们' } }]) },
      ],
    };
    await ok(admin.post('/v3/chats/session/import', [changed]));
    await t.app.tasks.whenIdle();
    const [result] = await ok(admin.post('/v3/chats/ai-result/list', { sessionId: first!.sessionId }));
    expect(result.resultRules.map((r: { ruleId: string }) => r.ruleId)).toEqual([scheme.complaint]);
    expect(result.aiScore).toBe(80);
    expect(await count('select count(*) n from ai_results')).toBe(before);
  });

  it('lets a session re-imported onto another line leave the task, keeping its result', async () => {
    const [task] = await ok(admin.post('/v3/chats/qc-task/list', { keyword: '微博离线质检' }));
    const moved = deskSessions(N)[1]!;
    await ok(admin.post('/v3/chats/session/import', [{ ...moved, lineId: 9, lineName: '别的线路' }]));
    await t.app.tasks.whenIdle();
    expect(await progress(task.id)).toMatchObject({ state: 'DONE', total: N - 2, done: N - 2, pending: 0 });
    const kept = await ok(admin.post('/v3/chats/ai-result/list', { sessionId: moved.sessionId }));
    expect(kept).toHaveLength(1);
  });

  it('gives a PERSON scheme task an UNCHECKED manual result per session', async () => {
    const { id: schemeId } = await ok(
      admin.post('/v3/chats/qc-scheme/create', {
        name: '人工抽检',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'SCORE',
      }),
    );
    const taskId = await activeTask(admin, schemeId, ['2'], '人工任务');
    await t.app.tasks.whenIdle();
    const onLine2 = deskSessions(N).filter((s) => s.lineId === 2 && s.status === 'CLOSED').length;
    expect(await progress(taskId)).toMatchObject({ state: 'DONE', total: onLine2, done: onLine2 });
    expect(
      await count(
        `select count(*) n from manual_results where scheme_id = ${schemeId} and manual_status = 'UNCHECKED'`,
      ),
    ).toBe(onLine2);
  });

  it('reports a rule the engine cannot compile as a FAILED run and keeps the sessions pending', async () => {
    const { id: schemeId } = await ok(
      admin.post('/v3/chats/qc-scheme/create', { name: '坏方案', type: 'TEXT', targetType: 'AI' }),
    );
    const { id: ruleId } = await ok(
      admin.post('/v3/chats/qc-rule/create', {
        name: '好规则',
        type: 'AI',
        conditionConfig: {
          conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['好'] } }] }],
        },
      }),
    );
    const { id: angleId } = await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: 'a', score: 100 }));
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] }));
    // break the stored rule behind the API's back, as an older version might have left it
    await t.database.db.execute(
      sql.raw(`update qc_rules set condition_config = '{"conditions": []}' where id = ${ruleId}`),
    );
    const taskId = await activeTask(admin, schemeId, ['2'], '坏任务');
    await t.app.tasks.whenIdle();
    const p = await progress(taskId);
    expect(p.state).toBe('FAILED');
    expect(p.error).toContain('conditions');
    expect(p.pending).toBe(p.total);
  });
});
