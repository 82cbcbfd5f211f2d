import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

const conditionConfig = (word: string) => ({
  conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [word] } }] }],
  ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
});

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, viewer } = await organisationWith(t, 's-home', { admin: ['*'], viewer: ['qc-scheme.view'] }));
  ({ outsider } = await organisationWith(t, 's-away', { outsider: ['*'] }));
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const aiScheme = async (name: string, who = admin): Promise<string> =>
  (await ok(who.post('/v3/chats/qc-scheme/create', { name, type: 'TEXT', targetType: 'AI' }))).id;
const rule = async (name: string, config: object | null = conditionConfig(name), who = admin): Promise<string> =>
  (await ok(who.post('/v3/chats/qc-rule/create', { name, conditionConfig: config }))).id;
const angle = async (schemeId: string, name: string, score: number): Promise<string> =>
  (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name, score }))).id;
const detail = (schemeId: string, who = admin) => who.post('/v3/chats/qc-scheme/detail', {}, { query: { schemeId } });
const setStatus = (ids: string[], status: string, lang?: 'en') =>
  admin.post('/v3/chats/qc-scheme/status', { ids, status }, lang === undefined ? {} : { lang });

describe('QC scheme save and detail', () => {
  it('creates an inactive AI scheme and shows it with no angles', async () => {
    const id = await aiScheme('售后质检');
    const res = await detail(id);
    expect(res.json()).toMatchObject({
      id,
      name: '售后质检',
      type: 'TEXT',
      targetType: 'AI',
      status: 'INACTIVE',
      style: null,
      version: 1,
      deleted: 'NONE',
      schemeAngles: [],
    });
  });

  it('requires the PERSON style, and for PASS the compare operator and vote count', async () => {
    const noStyle = await admin.post('/v3/chats/qc-scheme/create', { name: 'p', type: 'TEXT', targetType: 'PERSON' });
    expect(noStyle.statusCode).toBe(400);
    expect(noStyle.json()).toMatchObject({ field: 'style', message: 'style：请选择评分方式' });
    const pass = await admin.post('/v3/chats/qc-scheme/create', {
      name: 'p',
      type: 'TEXT',
      targetType: 'PERSON',
      style: 'PASS',
      schemeConfig: { appraises: [] },
    });
    expect(pass.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['schemeConfig.compareOperator', '请选择比较运算符'],
      ['schemeConfig.num', '请填写投票数'],
    ]);
    const good = await ok(
      admin.post('/v3/chats/qc-scheme/create', {
        name: '人工方案',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'PASS',
        startTime: '2024-05-01 08:00:00',
        schemeConfig: {
          compareOperator: '>=',
          num: 2,
          appraises: [{ appraise: '服务态度', required: true }],
          veto: ['辱骂客户'],
        },
      }),
    );
    expect((await detail(good.id)).json()).toMatchObject({
      style: 'PASS',
      startTime: '2024-05-01 08:00:00',
      endTime: null,
      schemeConfig: {
        compareOperator: '>=',
        num: 2,
        appraises: [{ appraise: '服务态度', required: true }],
        veto: ['辱骂客户'],
      },
    });
  });

  it('keeps targetType as stored on change, and refuses a stale version with 409', async () => {
    const id = await aiScheme('改名前');
    await ok(
      admin.post('/v3/chats/qc-scheme/change', { id, version: 1, name: '改名后', type: 'VOICE', targetType: 'AI' }),
    );
    const stale = await admin.post(
      '/v3/chats/qc-scheme/change',
      { id, version: 1, name: '晚了', type: 'TEXT', targetType: 'AI' },
      { lang: 'en' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'STALE_VERSION',
      message: 'This record was changed by someone else; reload it and try again',
      field: 'version',
    });
    expect((await detail(id)).json()).toMatchObject({ name: '改名后', type: 'VOICE', targetType: 'AI', version: 2 });
  });

  it('refuses an end time before the start time', async () => {
    const res = await admin.post('/v3/chats/qc-scheme/create', {
      name: 'x',
      type: 'TEXT',
      targetType: 'AI',
      startTime: '2024-05-02 00:00:00',
      endTime: '2024-05-01 00:00:00',
    });
    expect(res.json()).toMatchObject({ field: 'endTime', message: 'endTime：结束时间不能早于开始时间' });
  });
});

describe('angles, rule links and activation', () => {
  it('activates an AI scheme only when its angle scores total 100', async () => {
    const id = await aiScheme('合计方案');
    const r1 = await rule('合计规则一');
    const a1 = await angle(id, '服务规范', 30);
    await angle(id, '服务态度', 30);
    await angle(id, '业务处理', 30);
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a1, ruleIds: [r1] }));
    const refused = await setStatus([id], 'ACTIVE');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'SCHEME_TOTAL_NOT_100',
      message: '智能质检方案的维度分值合计须为 100 才能启用（当前为 90）',
      field: 'ids[0]',
    });
    const en = await setStatus([id], 'ACTIVE', 'en');
    expect(en.json().message).toBe('An AI scheme can be activated only when its angle scores total 100 (now 90)');
    expect((await detail(id)).json().status).toBe('INACTIVE');

    await angle(id, '合规', 10);
    expect(await ok(setStatus([id], 'ACTIVE'))).toEqual({ ids: [id], status: 'ACTIVE' });
    expect((await detail(id)).json().status).toBe('ACTIVE');

    // while active, angle changes must keep the total at 100
    const change = await admin.post('/v3/chats/qc-angle/change', {
      id: a1,
      version: 1,
      schemeId: id,
      name: '服务规范',
      score: 20,
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().code).toBe('SCHEME_ACTIVE_TOTAL');
    const rename = await admin.post('/v3/chats/qc-angle/change', {
      id: a1,
      version: 1,
      schemeId: id,
      name: '规范',
      score: 30,
    });
    expect(rename.json()).toEqual({ id: a1 });
    // an active scheme cannot go to the trash
    const trash = await admin.post('/v3/chats/qc-scheme/delete', { ids: [id], deleted: 'TRASH' });
    expect(trash.json()).toMatchObject({ code: 'SCHEME_ACTIVE', field: 'ids[0]' });
    await ok(setStatus([id], 'INACTIVE'));
    await ok(admin.post('/v3/chats/qc-angle/change', { id: a1, version: 2, schemeId: id, name: '规范', score: 20 }));
  });

  it('activates a PERSON scheme whatever its total', async () => {
    const id = (
      await ok(
        admin.post('/v3/chats/qc-scheme/create', { name: '人工', type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
      )
    ).id;
    await angle(id, '态度', 40);
    expect(await ok(setStatus([id], 'ACTIVE'))).toEqual({ ids: [id], status: 'ACTIVE' });
  });

  it('refuses to activate an AI scheme whose rule the engine cannot run, naming the rule', async () => {
    const id = await aiScheme('未配置规则方案');
    const bare = await rule('空规则', null);
    const a = await angle(id, '全部', 100);
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a, ruleIds: [bare] }));
    const res = await setStatus([id], 'ACTIVE');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('规则“空规则”无法启用');
  });

  it('allows at most 10 angles per scheme', async () => {
    const id = await aiScheme('十个维度');
    for (let i = 0; i < 10; i++) await angle(id, `维度${i}`, 10);
    const res = await admin.post(
      '/v3/chats/qc-angle/create',
      { schemeId: id, name: '第十一个', score: 0 },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'TOO_MANY_ANGLES', message: 'A scheme has at most 10 angles' });
    expect((await detail(id)).json().schemeAngles).toHaveLength(10);
  });

  it('refuses an angle change on a stale version with 409, leaving the angle as it was', async () => {
    const id = await aiScheme('维度版本');
    const a = await angle(id, '服务态度', 40);
    await ok(admin.post('/v3/chats/qc-angle/change', { id: a, version: 1, schemeId: id, name: '态度', score: 50 }));
    // a second editor still holding version 1
    const stale = await admin.post('/v3/chats/qc-angle/change', {
      id: a,
      version: 1,
      schemeId: id,
      name: '服务态度（旧）',
      score: 10,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'STALE_VERSION',
      message: '数据已被他人修改，请刷新后重试',
      field: 'version',
    });
    const en = await admin.post(
      '/v3/chats/qc-angle/change',
      { id: a, version: 1, schemeId: id, name: 'x', score: 10 },
      { lang: 'en' },
    );
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('This record was changed by someone else; reload it and try again');
    const shown = await ok(admin.post('/v3/chats/qc-angle/detail', {}, { query: { angleId: a } }));
    expect(shown).toMatchObject({ name: '态度', score: 50, version: 2 });
  });

  it('takes angle scores as integers from 0 to 100 and names as required text', async () => {
    const id = await aiScheme('分值校验');
    for (const score of [101, -1, 12.5]) {
      const res = await admin.post('/v3/chats/qc-angle/create', { schemeId: id, name: 'x', score });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'score', message: 'score：分值须为 0-100 的整数' });
    }
    const noName = await admin.post('/v3/chats/qc-angle/create', { schemeId: id, score: 5 }, { lang: 'en' });
    expect(noName.json()).toMatchObject({ field: 'name', message: 'name: This field is required' });
  });

  it('links rules (at least one), shows them under the angle, and unlinks them', async () => {
    const id = await aiScheme('关联方案');
    const a = await angle(id, '态度', 100);
    const r1 = await rule('关联一');
    const r2 = await rule('关联二');
    const none = await admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a, ruleIds: [] });
    expect(none.json()).toMatchObject({ field: 'ruleIds', message: 'ruleIds：请选择检测规则' });
    const linked = await ok(
      admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a, ruleIds: [r1, r2] }),
    );
    expect(linked.ids).toHaveLength(2);
    // linking again keeps the existing links
    const again = await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a, ruleIds: [r2] }));
    expect(again.ids).toEqual([linked.ids[1]]);
    const angleDetail = await ok(admin.post('/v3/chats/qc-angle/detail', {}, { query: { angleId: a } }));
    expect(angleDetail).toMatchObject({
      id: a,
      angleId: a,
      angleName: '态度',
      score: 100,
      version: 1,
      angleRules: [
        { id: linked.ids[0], ruleId: r1, ruleName: '关联一', conditionConfig: conditionConfig('关联一') },
        { id: linked.ids[1], ruleId: r2, ruleName: '关联二' },
      ],
    });

    // an AI veto rule must be linked; unlinking drops it from the veto list
    const stray = await admin.post('/v3/chats/qc-scheme/change', {
      id,
      version: 1,
      name: '关联方案',
      type: 'TEXT',
      targetType: 'AI',
      schemeConfig: { veto: [r1, '999999'] },
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ code: 'VETO_NOT_LINKED', field: 'schemeConfig.veto[1]' });
    await ok(
      admin.post('/v3/chats/qc-scheme/change', {
        id,
        version: 1,
        name: '关联方案',
        type: 'TEXT',
        targetType: 'AI',
        schemeConfig: { veto: [r1] },
      }),
    );
    // a linked rule cannot go to the trash
    const inUse = await admin.post('/v3/chats/qc-rule/delete', { ids: [r1], deleted: 'TRASH' });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toMatchObject({ code: 'RULE_IN_USE', field: 'ids[0]' });
    expect(inUse.json().message).toBe('规则“关联一”已关联在质检方案“关联方案”中，请先取消关联再删除');

    await ok(admin.post('/v3/chats/qc-angle-rule/delete', { ids: [linked.ids[0]], deleted: 'TRASH' }));
    const after = (await detail(id)).json();
    expect(after.schemeAngles[0].angleRules.map((l: { ruleId: string }) => l.ruleId)).toEqual([r2]);
    expect(after.schemeConfig.veto).toEqual([]);
    expect(after.version).toBe(3);
    expect((await admin.post('/v3/chats/qc-rule/delete', { ids: [r1], deleted: 'TRASH' })).statusCode).toBe(200);
  });

  it('links only rules of the scheme’s kind: AI rules into an AI scheme, manual rules into a manual one', async () => {
    const ai = await aiScheme('只收智能规则');
    const manual = (
      await ok(
        admin.post('/v3/chats/qc-scheme/create', {
          name: '只收人工规则',
          type: 'TEXT',
          targetType: 'PERSON',
          style: 'SCORE',
        }),
      )
    ).id;
    const aiRule = await rule('智能规则甲');
    const manualRule = (await ok(admin.post('/v3/chats/qc-rule/create', { name: '人工规则乙', type: 'PERSON' }))).id;
    const intoAi = await admin.post('/v3/chats/qc-angle-rule/create', {
      schemeId: ai,
      angleId: await angle(ai, '态度', 100),
      ruleIds: [aiRule, manualRule],
    });
    expect(intoAi.statusCode).toBe(400);
    expect(intoAi.json()).toEqual({
      code: 'RULE_TYPE_MISMATCH',
      message: '智能质检方案只能加入智能规则：人工规则乙',
      field: 'ruleIds',
    });
    const manualAngle = await angle(manual, '礼貌', 40);
    const intoManual = await admin.post(
      '/v3/chats/qc-angle-rule/create',
      { schemeId: manual, angleId: manualAngle, ruleIds: [aiRule] },
      { lang: 'en' },
    );
    expect(intoManual.json()).toMatchObject({ message: 'A manual scheme takes manual rules only: 智能规则甲' });
    // nothing was linked by the refused calls; the right kind links
    expect((await detail(ai)).json().schemeAngles[0].angleRules).toEqual([]);
    await ok(
      admin.post('/v3/chats/qc-angle-rule/create', { schemeId: manual, angleId: manualAngle, ruleIds: [manualRule] }),
    );
  });

  it('deletes and restores an angle with its links, and counts only live angles', async () => {
    const id = await aiScheme('维度删除');
    const a = await angle(id, '甲', 60);
    const r = await rule('维度删除规则');
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId: id, angleId: a, ruleIds: [r] }));
    await ok(admin.post('/v3/chats/qc-angle/delete', { ids: [a], deleted: 'TRASH' }));
    expect((await detail(id)).json().schemeAngles).toEqual([]);
    await ok(admin.post('/v3/chats/qc-angle/delete', { ids: [a], deleted: 'NONE' }));
    const back = (await detail(id)).json().schemeAngles;
    expect(back).toHaveLength(1);
    expect(back[0].angleRules[0].ruleId).toBe(r);
  });
});

describe('QC scheme lists, tabs and soft delete', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (let i = 1; i <= 7; i++) ids.push(await aiScheme(`分页方案${i}`));
    await ok(
      admin.post('/v3/chats/qc-scheme/create', {
        name: '分页方案人工',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'SCORE',
      }),
    );
  });

  it('pages the AI tab by default, newest first, with only the requested fields', async () => {
    const res = await viewer.post(
      '/v3/chats/qc-scheme/page',
      { keyword: '分页方案', fields: ['name', 'status'] },
      { query: { page: '1', size: '3' } },
    );
    expect(res.json()).toEqual({
      records: [
        { id: ids[6], name: '分页方案7', status: 'INACTIVE' },
        { id: ids[5], name: '分页方案6', status: 'INACTIVE' },
        { id: ids[4], name: '分页方案5', status: 'INACTIVE' },
      ],
      total: 7,
      page: 1,
      size: 3,
    });
  });

  it('shows the PERSON tab and filters by status', async () => {
    const person = await viewer.post('/v3/chats/qc-scheme/page', { keyword: '分页方案', targetType: 'PERSON' });
    expect(person.json().records.map((r: { name: string }) => r.name)).toEqual(['分页方案人工']);
    const active = await viewer.post('/v3/chats/qc-scheme/page', { keyword: '分页方案', status: 'ACTIVE' });
    expect(active.json().total).toBe(0);
    const list = await viewer.post('/v3/chats/qc-scheme/list', { keyword: '分页方案', fields: ['name'] });
    expect(list.json()).toHaveLength(7);
  });

  it('moves schemes through the trash and back, then empties them', async () => {
    const [a, b] = [ids[0]!, ids[1]!];
    expect(await ok(admin.post('/v3/chats/qc-scheme/delete', { ids: [a, b], deleted: 'TRASH' }))).toEqual({
      ids: [a, b],
      deleted: 'TRASH',
    });
    const trash = await viewer.post('/v3/chats/qc-scheme/page', { keyword: '分页方案', deleted: 'TRASH' });
    expect(
      trash
        .json()
        .records.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    const angleInTrash = await admin.post('/v3/chats/qc-angle/create', { schemeId: a, name: 'x', score: 1 });
    expect(angleInTrash.json().code).toBe('IN_TRASH');
    await ok(admin.post('/v3/chats/qc-scheme/delete', { ids: [a], deleted: 'NONE' }));
    await ok(admin.post('/v3/chats/qc-scheme/delete', { ids: [b], deleted: 'BUFFER' }));
    expect((await detail(a)).json().deleted).toBe('NONE');
    expect((await detail(b)).statusCode).toBe(404);
  });

  it('checks keys: viewers read, only editors write, nobody anonymous', async () => {
    expect((await anonymous(t).post('/v3/chats/qc-scheme/page')).statusCode).toBe(401);
    const res = await viewer.post(
      '/v3/chats/qc-scheme/create',
      { name: 'x', type: 'TEXT', targetType: 'AI' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this (needs qc-scheme.edit)');
    expect((await viewer.post('/v3/chats/qc-angle/create', { schemeId: ids[2], name: 'x', score: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('QC schemes across organisations', () => {
  it("answers 404 for another organisation's scheme, angle and rules", async () => {
    const id = await aiScheme('我的方案');
    const a = await angle(id, '我的维度', 50);
    const theirRule = await rule('他们的规则', conditionConfig('x'), outsider);
    expect((await detail(id, outsider)).statusCode).toBe(404);
    expect((await outsider.post('/v3/chats/qc-angle/detail', {}, { query: { angleId: a } })).statusCode).toBe(404);
    expect((await outsider.post('/v3/chats/qc-angle/create', { schemeId: id, name: 'x', score: 1 })).statusCode).toBe(
      404,
    );
    expect((await outsider.post('/v3/chats/qc-scheme/status', { ids: [id], status: 'ACTIVE' })).statusCode).toBe(404);
    expect((await outsider.post('/v3/chats/qc-angle/delete', { ids: [a], deleted: 'TRASH' })).statusCode).toBe(404);
    const foreignRule = await admin.post('/v3/chats/qc-angle-rule/create', {
      schemeId: id,
      angleId: a,
      ruleIds: [theirRule],
    });
    expect(foreignRule.statusCode).toBe(404);
    expect((await outsider.post('/v3/chats/qc-scheme/page', { keyword: '我的方案' })).json().total).toBe(0);
  });
});
