import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreConfigs } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let organizationId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, organizationId } = await organisationWith(t, 'score-config', { admin: ['*'] }));
  ({ admin: outsider } = await organisationWith(t, 'score-config-other', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

const BASE = '/v3/chats/score-config';
const save = (body: Json, lang?: 'en', as: Caller = admin) =>
  as.post(body.id ? `${BASE}/change` : `${BASE}/create`, body, lang ? { lang } : {});
const detail = (configId: string): Promise<Json> => ok(admin.post(`${BASE}/detail`, {}, { query: { configId } }));
const create = async (name: string, extra: Json = {}, as: Caller = admin) =>
  (await ok(save({ name, ...extra }, undefined, as))).id as string;
const refusal = async (res: Promise<{ statusCode: number; json(): Json }>) => {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  return answer.json();
};
/** a change of the config's survey: the stored one with `patch` over it */
const changeSurvey = async (configId: string, patch: Json, lang?: 'en') => {
  const config = await detail(configId);
  return save(
    { id: configId, version: config.version, name: config.name, onlineConfig: { ...config.onlineConfig, ...patch } },
    lang,
  );
};
const replies = (reply: (score: number) => string = (s) => `${s} 分的回复`) =>
  [5, 4, 3, 2, 1].map((score) => ({ score, reply: reply(score) }));

const lineApi = {
  create: async (name: string, extra: Json = {}) =>
    (await ok(admin.post('/v3/chats/cs-line/create', { name, ...extra }))).id as string,
  detail: (lineId: string): Promise<Json> => ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } })),
  check: (lineId: string, lang?: 'en') =>
    ok(admin.post(`${BASE}/check-issue`, {}, { query: { lineId }, ...(lang ? { lang } : {}) })),
};

describe('satisfaction configs: create (O-V31, O-V33, O-V36)', () => {
  it('starts ACTIVE, ONLINE, valid 3 days, hidden from agents, with a survey that can run (O-V32, O-V37)', async () => {
    const config = await detail(await create('默认评价'));
    expect(config).toMatchObject({
      name: '默认评价',
      type: 'ONLINE',
      status: 'ACTIVE',
      validDays: 3,
      agentVisible: false,
      lines: [],
      tenantId: String(organizationId),
    });
    expect(config.onlineConfig).toMatchObject({
      agentEnable: true,
      style: 'STAR',
      autoSend: true,
      handSend: true,
      positiveScore: 4,
      negativeScore: 2,
    });
    expect(config.onlineConfig.replies.map((r: Json) => r.score)).toEqual([5, 4, 3, 2, 1]);
    expect(config.onlineConfig.replies.every((r: Json) => r.reply.length > 0)).toBe(true);
  });

  it('keeps the create modal’s fields: agentVisible and a validity of 1 or 7 days', async () => {
    expect(await detail(await create('七天', { agentVisible: true, validDays: 7 }))).toMatchObject({
      agentVisible: true,
      validDays: 7,
    });
    expect((await detail(await create('一天', { validDays: 1 }))).validDays).toBe(1);
  });

  it('needs a name ≤ 100 and a validity of 1, 3 or 7 days, said in zh and en', async () => {
    expect(await refusal(save({ name: ' ' }))).toMatchObject({ field: 'name', message: 'name：此项为必填项' });
    expect(await refusal(save({ name: '名'.repeat(101) }, 'en'))).toMatchObject({
      field: 'name',
      message: 'name: At most 100 characters',
    });
    expect(await refusal(save({ name: '五天', validDays: 5 }))).toMatchObject({
      field: 'validDays',
      message: 'validDays：有效期只能是 1、3 或 7 天',
    });
    expect(await refusal(save({ name: '热线', type: 'HOTLINE' }, 'en'))).toMatchObject({ field: 'type' });
    await ok(save({ name: '名'.repeat(100) }));
  });
});

describe('satisfaction configs: the survey (O-V34, O-V35, O-V37, O-B16, O-B17)', () => {
  let configId: string;
  beforeAll(async () => {
    configId = await create('规则测试');
  });

  it('saves every field of the survey and answers it as saved, tags and replies 5 → 1', async () => {
    const survey = {
      chatbotEnable: true,
      agentEnable: false,
      invite: false,
      style: 'EMOJI',
      tag: true,
      feedback: true,
      resolved: true,
      feedbackRequired: true,
      tags: [{ score: 1, tags: ['态度差', '态度差', '慢'] }],
      replies: [...replies()].reverse(),
      autoSend: true,
      handSend: false,
      visitorNoSpeak: true,
      sessionByAgent: false,
      agentNoMessage: true,
      sessionTimeout: false,
      customerCloseSession: true,
      userInitiated: true,
      userInitiatedSend: 45,
      positiveScore: 5,
      negativeScore: 1,
    };
    await ok(changeSurvey(configId, survey));
    const saved = (await detail(configId)).onlineConfig;
    expect(saved).toEqual({
      ...survey,
      tags: [
        { score: 5, tags: [] },
        { score: 4, tags: [] },
        { score: 3, tags: [] },
        { score: 2, tags: [] },
        { score: 1, tags: ['态度差', '慢'] },
      ],
      replies: replies(),
    });
  });

  it('clears feedbackRequired unless feedback and resolved are both on (O-B17)', async () => {
    for (const [feedback, resolved, kept] of [
      [true, false, false],
      [false, true, false],
      [false, false, false],
      [true, true, true],
    ] as const) {
      await ok(changeSurvey(configId, { feedback, resolved, feedbackRequired: true }));
      expect((await detail(configId)).onlineConfig.feedbackRequired, `${feedback}/${resolved}`).toBe(kept);
    }
  });

  it('needs all five scene replies (请填写场景回复语), each ≤ 200', async () => {
    const blank = replies((s) => (s === 2 ? '' : `回复${s}`));
    expect(await refusal(changeSurvey(configId, { replies: blank }))).toMatchObject({
      field: 'onlineConfig.replies[3].reply',
      message: 'onlineConfig.replies[3].reply：请填写场景回复语',
    });
    const four = replies().slice(0, 4);
    expect(await refusal(changeSurvey(configId, { replies: four }, 'en'))).toMatchObject({
      field: 'onlineConfig.replies',
      message: 'onlineConfig.replies: Please fill in the scene replies',
    });
    const long = replies((s) => (s === 5 ? '好'.repeat(201) : `回复${s}`));
    expect((await refusal(changeSurvey(configId, { replies: long }))).message).toBe(
      'onlineConfig.replies[0].reply：不能超过 200 个字符',
    );
    await ok(changeSurvey(configId, { replies: replies(() => '好'.repeat(200)) }));
  });

  it('needs tags that are not empty (请填写标签) and ≤ 50', async () => {
    expect(await refusal(changeSurvey(configId, { tags: [{ score: 3, tags: ['一般', '  '] }] }))).toMatchObject({
      field: 'onlineConfig.tags[0].tags[1]',
      message: 'onlineConfig.tags[0].tags[1]：请填写标签',
    });
    expect(
      (await refusal(changeSurvey(configId, { tags: [{ score: 3, tags: ['长'.repeat(51)] }] }, 'en'))).message,
    ).toBe('onlineConfig.tags[0].tags[0]: At most 50 characters');
    await ok(changeSurvey(configId, { tags: [{ score: 3, tags: ['长'.repeat(50)] }] }));
  });

  it('keeps the positive threshold above the negative one', async () => {
    for (const [positiveScore, negativeScore] of [
      [3, 3],
      [2, 4],
    ]) {
      expect(await refusal(changeSurvey(configId, { positiveScore, negativeScore }))).toMatchObject({
        field: 'onlineConfig.positiveScore',
        message: 'onlineConfig.positiveScore：好评分值须高于差评分值',
      });
    }
    await ok(changeSurvey(configId, { positiveScore: 3, negativeScore: 2 }));
    expect((await detail(configId)).onlineConfig).toMatchObject({ positiveScore: 3, negativeScore: 2 });
  });

  it('sends automatically, by hand or both, never neither (O-B16)', async () => {
    expect(await refusal(changeSurvey(configId, { autoSend: false, handSend: false }, 'en'))).toMatchObject({
      field: 'onlineConfig.handSend',
      message: 'onlineConfig.handSend: Turn on automatic or manual sending (or both)',
    });
    await ok(changeSurvey(configId, { autoSend: false, handSend: true }));
    expect((await detail(configId)).onlineConfig).toMatchObject({ autoSend: false, handSend: true });
  });

  it('a change without the survey keeps it; the type stays as created', async () => {
    const before = await detail(configId);
    await ok(
      save({ id: configId, version: before.version, name: '规则测试（改名）', validDays: 7, agentVisible: true }),
    );
    const after = await detail(configId);
    expect(after).toMatchObject({ name: '规则测试（改名）', validDays: 7, agentVisible: true, type: 'ONLINE' });
    expect(after.onlineConfig).toEqual(before.onlineConfig);
  });
});

describe('satisfaction configs and the lines that bind them', () => {
  it('a line takes only a live config of its organisation (400 INVALID_REFERENCE naming scoreConfigId)', async () => {
    const trashed = await create('回收站里的');
    await ok(admin.post(`${BASE}/delete`, { ids: [trashed], deleted: 'TRASH' }));
    const foreign = await create('别家的', {}, outsider);
    for (const id of [trashed, foreign, '999999', 'abc']) {
      const answer = await refusal(admin.post('/v3/chats/cs-line/create', { name: '引用', scoreConfigId: id }));
      expect(answer, id).toMatchObject({
        code: 'INVALID_REFERENCE',
        field: 'scoreConfigId',
        message: `满意度配置 ${id} 不存在`,
      });
    }
    // an inactive one may be bound (the check says why it cannot run)
    const inactive = await create('停用的');
    await ok(admin.post(`${BASE}/status`, { ids: [inactive], status: 'INACTIVE' }));
    const lineId = await lineApi.create('绑停用', { scoreConfigId: inactive });
    expect(await lineApi.detail(lineId)).toMatchObject({ scoreConfigId: inactive, scoreConfigName: '停用的' });
  });

  it('lists the live lines binding a config, finds configs by line, and keeps a used config out of the trash', async () => {
    const configId = await create('绑定测试');
    const first = await lineApi.create('评价线路一', { scoreConfigId: configId });
    const second = await lineApi.create('评价线路二', { scoreConfigId: configId });
    const gone = await lineApi.create('评价线路三', { scoreConfigId: configId });
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [gone], deleted: 'TRASH' }));
    expect((await detail(configId)).lines).toEqual([
      { lineId: first, lineName: '评价线路一' },
      { lineId: second, lineName: '评价线路二' },
    ]);
    const byLine = await ok(admin.post(`${BASE}/page`, { lineId: second }));
    expect(byLine.records.map((r: Json) => r.id)).toEqual([configId]);
    expect(await ok(admin.post(`${BASE}/list`, { lineId: '999999' }))).toEqual([]);

    const refused = await refusal(admin.post(`${BASE}/delete`, { ids: [configId], deleted: 'TRASH' }));
    expect(refused).toMatchObject({
      code: 'SCORE_CONFIG_IN_USE',
      field: 'ids[0]',
      message: '满意度配置“绑定测试”仍被服务线路 评价线路一、评价线路二 使用，请先为这些线路更换满意度配置再删除',
    });
    expect((await detail(configId)).deleted).toBe('NONE');
    // once the lines survey with another config (or none), it may go
    for (const lineId of [first, second]) {
      const line = await lineApi.detail(lineId);
      await ok(
        admin.post('/v3/chats/cs-line/change', {
          id: lineId,
          name: line.name,
          version: line.version,
          scoreConfigId: null,
        }),
      );
    }
    await ok(admin.post(`${BASE}/delete`, { ids: [configId], deleted: 'TRASH' }));
  });
});

describe('the satisfaction check of a line (O-R08)', () => {
  const issuesOf = async (lineId: string, lang?: 'en') => (await lineApi.check(lineId, lang)).issues as Json[];

  it('a line with a live, active config surveying agent sessions with five replies is usable', async () => {
    const lineId = await lineApi.create('可评价', { scoreConfigId: await create('可用的') });
    expect(await lineApi.check(lineId)).toEqual({ usable: true, issues: [] });
  });

  it('says a line without a config cannot survey', async () => {
    const lineId = await lineApi.create('没有评价');
    expect(await lineApi.check(lineId)).toEqual({
      usable: false,
      issues: [{ code: 'line.score.none', zh: '该线路未配置满意度', en: 'The line has no satisfaction configuration' }],
    });
  });

  it('says an inactive config, and one surveying neither chatbot nor agent sessions, cannot run', async () => {
    const configId = await create('有问题的');
    const lineId = await lineApi.create('问题线路', { scoreConfigId: configId });
    await ok(admin.post(`${BASE}/status`, { ids: [configId], status: 'INACTIVE' }));
    expect(await issuesOf(lineId)).toEqual([
      {
        code: 'line.score.inactive',
        zh: '满意度配置“有问题的”已停用',
        en: 'Satisfaction configuration "有问题的" is inactive',
      },
    ]);
    await ok(admin.post(`${BASE}/status`, { ids: [configId], status: 'ACTIVE' }));
    await ok(changeSurvey(configId, { chatbotEnable: false, agentEnable: false }));
    expect(await issuesOf(lineId)).toEqual([
      {
        code: 'line.score.noChannel',
        zh: '满意度配置“有问题的”未开启机器人会话评价或人工会话评价',
        en: 'Satisfaction configuration "有问题的" surveys neither chatbot nor agent sessions',
      },
    ]);
    await ok(changeSurvey(configId, { chatbotEnable: true }));
    expect((await lineApi.check(lineId)).usable).toBe(true);
  });

  it('says which scene replies a stored config lacks', async () => {
    const configId = await create('缺回复');
    const lineId = await lineApi.create('缺回复线路', { scoreConfigId: configId });
    // written before the rule held (or by hand in the database): the check still tells
    const [row] = await t.database.db
      .select()
      .from(scoreConfigs)
      .where(eq(scoreConfigs.id, Number(configId)));
    const replies = row!.onlineConfig.replies.map((r) => (r.score === 4 ? { ...r, reply: ' ' } : r));
    await t.database.db
      .update(scoreConfigs)
      .set({ onlineConfig: { ...row!.onlineConfig, replies: replies.filter((r) => r.score !== 1) } })
      .where(and(eq(scoreConfigs.id, Number(configId)), eq(scoreConfigs.organizationId, organizationId)));
    expect(await issuesOf(lineId, 'en')).toEqual([
      {
        code: 'line.score.replyMissing',
        zh: '满意度配置“缺回复”缺少 4 分评价的场景回复语',
        en: 'Satisfaction configuration "缺回复" has no scene reply for a rating of 4',
      },
      expect.objectContaining({ code: 'line.score.replyMissing', zh: '满意度配置“缺回复”缺少 1 分评价的场景回复语' }),
    ]);
  });

  it('says a config in the trash cannot run, and one emptied from it no longer exists', async () => {
    // the line went to the trash first (a live line keeps its config out of the trash), then came back
    const configId = await create('回收的');
    const lineId = await lineApi.create('回收线路', { scoreConfigId: configId });
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'TRASH' }));
    await ok(admin.post(`${BASE}/delete`, { ids: [configId], deleted: 'TRASH' }));
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'NONE' }));
    expect(await issuesOf(lineId)).toEqual([
      {
        code: 'line.score.trashed',
        zh: '满意度配置“回收的”在回收站中',
        en: 'Satisfaction configuration "回收的" is in the trash',
      },
    ]);
    expect((await lineApi.detail(lineId)).scoreConfigName).toBe('回收的');
    await ok(admin.post(`${BASE}/delete`, { ids: [configId], deleted: 'BUFFER' }));
    expect(await issuesOf(lineId)).toEqual([
      {
        code: 'line.score.missing',
        zh: `满意度配置 ${configId} 不存在或已被清空`,
        en: `Satisfaction configuration ${configId} does not exist (or was emptied from the trash)`,
      },
    ]);
  });
});
