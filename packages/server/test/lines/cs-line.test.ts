import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createTime, createUsers } from '../desk-staffing/helpers.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import { lineFixtures } from './line-fixtures.js';

let t: TestApp;
let admin: Caller;
let organizationId: number;
/** the home organisation's records a line binds */
const home = {
  appId: '',
  botId: '',
  helperBotId: '',
  quickSpaceId: '',
  ticketSpaceId: '',
  kindIds: [] as string[],
  hotline: [] as string[],
  onlineGroupId: '',
  times: [] as string[],
  agentId: '',
  scoreConfigId: '',
  summaryId: '',
  /** navigations of each kind (two of SELF and GROUP, for time-divided rows) */
  navs: { bottom: '', side: '', self: [] as string[], group: [] as string[], ivr: '' },
};
/** the same kinds of records of another organisation */
const away = { appId: '', botId: '', quickSpaceId: '', groupId: '', timeId: '', navId: '' };

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin } = await organisationWith(t, 'cs-line', { admin: ['*'] }));
  const f = lineFixtures(t, organizationId);
  home.appId = await f.app('官网');
  home.botId = (await ok(admin.post('/v3/chats/chatbot/create', { name: '售前机器人', nick: '小售' }))).id;
  home.helperBotId = (await ok(admin.post('/v3/chats/chatbot/create', { name: '辅助机器人', nick: '小助' }))).id;
  home.quickSpaceId = await f.space('快捷回复', 'CS_QUICK');
  home.kindIds = [await f.kind('退款', 'REFUND'), await f.kind('投诉', 'COMPLAIN'), await f.kind('其他', 'OTHER')];
  // the third kind is not a template of the space
  home.ticketSpaceId = await f.space('售后工单', 'TICKET', home.kindIds.slice(0, 2));
  home.hotline = [await f.group('热线一组'), await f.group('热线二组')];
  home.onlineGroupId = await f.group('在线组', 'ONLINE');
  home.navs = {
    bottom: await f.nav('BOTTOM', '底部栏'),
    side: await f.nav('SIDE', '侧边栏'),
    self: [await f.nav('SELF', '工作日自助'), await f.nav('SELF', '周末自助')],
    group: [await f.nav('GROUP', '工作日路由'), await f.nav('GROUP', '周末路由')],
    ivr: await f.nav('IVR', '热线按键'),
  };
  home.times = [await createTime(admin, '工作日'), await createTime(admin, '周末')];
  const [userId] = await createUsers(t, organizationId, ['张三']);
  home.agentId = await createAgent(admin, userId!, '小张');
  home.scoreConfigId = (await ok(admin.post('/v3/chats/score-config/create', { name: '售前满意度' }))).id;
  home.summaryId = (await ok(admin.post('/v3/chats/summary-config/create', { name: '售前小结' }))).id;

  const other = await organisationWith(t, 'cs-line-other', { admin: ['*'] });
  const g = lineFixtures(t, other.organizationId);
  away.appId = await g.app();
  away.botId = (await ok(other.admin.post('/v3/chats/chatbot/create', { name: '别家', nick: '别家' }))).id;
  away.quickSpaceId = await g.space('别家快捷', 'CS_QUICK');
  away.groupId = await g.group('别家热线');
  away.timeId = await createTime(other.admin, '别家时间');
  away.navId = await g.nav('SELF', '别家自助');
}, 90_000);
afterAll(async () => t?.close());

const save = (body: Json, lang?: 'en') =>
  admin.post(body.id ? '/v3/chats/cs-line/change' : '/v3/chats/cs-line/create', body, lang ? { lang } : {});
const detail = (lineId: string): Promise<Json> => ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));
const create = async (name: string, extra: Json = {}) => (await ok(save({ name, ...extra }))).id as string;
/** a change of the line carrying only `block` (besides id, name, version), as each config screen sends it */
const saveBlock = async (lineId: string, block: Json, lang?: 'en') => {
  const line = await detail(lineId);
  return save({ id: lineId, name: line.name, version: line.version, ...block }, lang);
};
const refusal = async (res: Promise<{ statusCode: number; json(): Json }>) => {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  return answer.json();
};

/** every block of a line, filled, with the home organisation's records */
const fullLine = () => ({
  code: 'presale',
  intro: '售前咨询',
  appId: home.appId,
  customerChatbotId: home.botId,
  agentChatbotId: home.helperBotId,
  replySpaceId: home.quickSpaceId,
  ticketSpaceId: home.ticketSpaceId,
  scoreConfigId: home.scoreConfigId,
  summaryConfigId: home.summaryId,
  basicConfig: { login: true },
  navs: [
    { navKind: 'BOTTOM', navId: home.navs.bottom },
    { navKind: 'GROUP', navId: home.navs.group[0], timeId: home.times[0] },
    { navKind: 'GROUP', navId: home.navs.group[1], timeId: home.times[1] },
  ],
  hotlineGroups: [{ groupId: home.hotline[1] }, { groupId: home.hotline[0] }],
  agentConfig: { offlineServe: 'HINT', offlinePrompt: '下班了', enterTimeoutRemind: { minutes: 5, prompt: '稍等' } },
  waitingConfig: { prompt: '前面还有 {X} 人', longQueuePersons: 20, overloadNote: 0 },
  noteConfig: { prompt: '请留言', ticketSpaceId: home.ticketSpaceId, ticketKinds: [{ kindId: home.kindIds[0] }] },
  promptConfig: { welcome: '您好，我是 {X}', transfer: '正在转给 {X}' },
  messageConfig: { customerRead: true, recall: true, recallMinutes: 5 },
});

describe('service lines: create (spec §2.1, §9)', () => {
  it('starts a line ACTIVE, ONLINE, with the agent-config defaults 3 / 10 / 3 / 10 and no other block', async () => {
    const line = await detail(await create('新线路', { intro: '简介' }));
    expect(line).toMatchObject({
      name: '新线路',
      intro: '简介',
      status: 'ACTIVE',
      type: 'ONLINE',
      tenantId: String(organizationId),
      basicConfig: { login: false },
      navs: [],
      hotlineGroups: [],
      onlineGroups: [],
      groupIds: [],
      waitingConfig: null,
      noteConfig: null,
      promptConfig: null,
      messageConfig: null,
    });
    const config = line.agentConfig;
    expect(
      [
        config.enterTimeoutRemind,
        config.enterTimeoutAssign,
        config.sessionTimeoutRemind,
        config.sessionTimeoutAssign,
      ].map((b: Json) => b.minutes),
    ).toEqual([3, 10, 3, 10]);
    expect(config.enterTimeoutRemind.prompt).toMatch(/\S/);
  });

  it('takes a type and anything else on create, and keeps a given agent config instead of the defaults', async () => {
    const line = await detail(
      await create('热线', { type: 'HOTLINE', code: 'hot', agentConfig: { offlineServe: 'NOTE' } }),
    );
    expect(line).toMatchObject({ type: 'HOTLINE', code: 'hot' });
    expect(line.agentConfig).toMatchObject({
      offlineServe: 'NOTE',
      enterTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('needs a name of at most 100 characters and a code of at most 50 (O-V01, O-V02)', async () => {
    expect(await refusal(save({ intro: '无名' }))).toMatchObject({ field: 'name', message: 'name：此项为必填项' });
    expect(await refusal(save({ name: '名'.repeat(101) }, 'en'))).toMatchObject({
      field: 'name',
      message: 'name: At most 100 characters',
    });
    expect(await refusal(save({ name: '线路', code: 'c'.repeat(51) }))).toMatchObject({
      field: 'code',
      message: 'code：不能超过 50 个字符',
    });
    await ok(save({ name: '名'.repeat(100), code: 'c'.repeat(50) }));
  });
});

describe('service lines: a save writes only the blocks it carries (O-B20)', () => {
  let lineId: string;
  beforeAll(async () => {
    lineId = await create('全配置', fullLine());
  });

  it('answers every block with the names of what it binds', async () => {
    const line = await detail(lineId);
    expect(line).toMatchObject({
      appName: '官网',
      customerChatbotNick: '小售',
      agentChatbotNick: '小助',
      replySpaceName: '快捷回复',
      ticketSpaceName: '售后工单',
      scoreConfigId: home.scoreConfigId,
      scoreConfigName: '售前满意度',
      summaryConfigId: home.summaryId,
      summaryConfigName: '售前小结',
      basicConfig: { login: true },
      hotlineGroups: [
        { groupId: home.hotline[1], groupName: '热线二组' },
        { groupId: home.hotline[0], groupName: '热线一组' },
      ],
      groupIds: [home.hotline[1], home.hotline[0]],
      navs: [
        { navKind: 'BOTTOM', navId: home.navs.bottom, navName: '底部栏', timeId: null },
        {
          navKind: 'GROUP',
          navId: home.navs.group[0],
          navName: '工作日路由',
          timeId: home.times[0],
          timeName: '工作日',
        },
        { navKind: 'GROUP', navId: home.navs.group[1], navName: '周末路由', timeId: home.times[1], timeName: '周末' },
      ],
      noteConfig: { ticketKinds: [{ kindId: home.kindIds[0], kindName: '退款', kindCode: 'REFUND' }] },
      messageConfig: { customerRead: true, recall: true, recallMinutes: 5 },
    });
  });

  it('saving the waiting config alone leaves the agent config, the navigations and the basic fields as they were', async () => {
    const before = await detail(lineId);
    await ok(saveBlock(lineId, { waitingConfig: { prompt: '排队第 {X} 位', longQueuePersons: 3 } }));
    const after = await detail(lineId);
    expect(after.waitingConfig).toMatchObject({ prompt: '排队第 {X} 位', longQueuePersons: 3 });
    expect(after.version).toBe(before.version + 1);
    for (const field of ['agentConfig', 'navs', 'hotlineGroups', 'code', 'intro', 'appId', 'noteConfig', 'basicConfig'])
      expect(after[field], field).toEqual(before[field]);
  });

  // functions: the home records exist only once beforeAll ran
  it.each([
    ['agentConfig', () => ({ agentConfig: { offlineServe: 'QUEUE', closeTimeout: 15 } })],
    ['waitingConfig', () => ({ waitingConfig: { guide: '请稍候', vipFirst: true } })],
    [
      'noteConfig',
      () => ({ noteConfig: { ticketSpaceId: home.ticketSpaceId, ticketKinds: [{ kindId: home.kindIds[1] }] } }),
    ],
    ['promptConfig', () => ({ promptConfig: { welcome: '你好 {X}' } })],
    ['messageConfig', () => ({ messageConfig: { agentInput: true } })],
    ['navs', () => ({ navs: [{ navKind: 'SIDE', navId: home.navs.side }] })],
    ['hotlineGroups', () => ({ hotlineGroups: [{ groupId: home.hotline[0] }] })],
    ['basicConfig', () => ({ basicConfig: { login: false } })],
    ['code', () => ({ code: 'renamed' })],
  ])('changes %s alone and nothing else', async (field, blockOf) => {
    const block = blockOf();
    const before = await detail(lineId);
    await ok(saveBlock(lineId, block));
    const after = await detail(lineId);
    expect(after[field]).not.toEqual(before[field]);
    const unchanged = (line: Json) => {
      const { [field]: _changed, version: _v, modifyTime: _m, modifierId: _i, modifierName: _n, ...rest } = line;
      // the block's derived fields change with it
      if (field === 'hotlineGroups') delete rest.groupIds;
      return rest;
    };
    expect(unchanged(after)).toEqual(unchanged(before));
  });

  it('clears a field sent as null', async () => {
    await ok(saveBlock(lineId, { appId: null, intro: null, scoreConfigId: null }));
    expect(await detail(lineId)).toMatchObject({ appId: null, appName: null, intro: null, scoreConfigId: null });
    expect((await detail(lineId)).customerChatbotId).toBe(home.botId);
  });

  it('answers 409 to a stale version even when the two saves carry different blocks, and keeps the first', async () => {
    const read = await detail(lineId);
    const base = { id: lineId, name: read.name, version: read.version };
    await ok(save({ ...base, waitingConfig: { guide: '第一次' } }));
    const stale = await save({ ...base, promptConfig: { welcome: '第二次' } }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', field: 'version' });
    const after = await detail(lineId);
    expect(after.waitingConfig.guide).toBe('第一次');
    expect(after.promptConfig).toEqual(read.promptConfig);
  });
});

describe('service lines: agent config (O-V42, O-B08)', () => {
  it('keeps only the ticked timeout blocks: an unticked one (null or left out) stays null', async () => {
    const lineId = await create('超时');
    await ok(
      saveBlock(lineId, {
        agentConfig: { enterTimeoutRemind: { minutes: 5, prompt: '稍等' }, enterTimeoutAssign: null },
      }),
    );
    expect((await detail(lineId)).agentConfig).toMatchObject({
      enterTimeoutRemind: { minutes: 5, prompt: '稍等' },
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('needs a live agent of the organisation when the overload goes to a chosen agent', async () => {
    const lineId = await create('溢出');
    const missing = await refusal(saveBlock(lineId, { agentConfig: { overloadServe: 'AGENT' } }));
    expect(missing).toMatchObject({
      field: 'agentConfig.overloadAgentId',
      message: 'agentConfig.overloadAgentId：请选择指定坐席',
    });
    const unknown = await refusal(
      saveBlock(lineId, { agentConfig: { overloadServe: 'AGENT', overloadAgentId: '999999' } }),
    );
    expect(unknown).toMatchObject({ field: 'agentConfig.overloadAgentId', message: '坐席 999999 不存在' });
    await ok(saveBlock(lineId, { agentConfig: { overloadServe: 'AGENT', overloadAgentId: home.agentId } }));
    expect((await detail(lineId)).agentConfig.overloadAgentId).toBe(home.agentId);
  });
});

describe('service lines: waiting config (O-V41)', () => {
  it('refuses numbers below 0 and takes 0', async () => {
    const lineId = await create('排队');
    for (const field of ['longQueuePersons', 'overloadNote', 'relaxMinutes', 'timeoutNote']) {
      const answer = await refusal(saveBlock(lineId, { waitingConfig: { [field]: -1 } }, 'en'));
      expect(answer).toMatchObject({
        field: `waitingConfig.${field}`,
        message: `waitingConfig.${field}: Must be 0 or more`,
      });
    }
    await ok(saveBlock(lineId, { waitingConfig: { longQueuePersons: 0, overloadNote: 0 } }));
    expect((await detail(lineId)).waitingConfig).toMatchObject({ longQueuePersons: 0, overloadNote: 0 });
  });
});

describe('service lines: navigations (O-B09)', () => {
  it('drops rows without a navigation and keeps the time-divided rows with their times', async () => {
    const lineId = await create('导航');
    await ok(
      saveBlock(lineId, {
        navs: [
          { navKind: 'SIDE', navId: null },
          { navKind: 'SELF', navId: '', timeId: home.times[0] },
          { navKind: 'SELF', navId: home.navs.self[0], timeId: home.times[0] },
          { navKind: 'SELF', navId: home.navs.self[1], timeId: home.times[1] },
          { navKind: 'IVR', navId: home.navs.ivr },
        ],
      }),
    );
    expect((await detail(lineId)).navs).toEqual([
      { navKind: 'SELF', navId: home.navs.self[0], navName: '工作日自助', timeId: home.times[0], timeName: '工作日' },
      { navKind: 'SELF', navId: home.navs.self[1], navName: '周末自助', timeId: home.times[1], timeName: '周末' },
      { navKind: 'IVR', navId: home.navs.ivr, navName: '热线按键', timeId: null, timeName: null },
    ]);
  });

  it('refuses a kind saved both time-divided and not, and a time on a bottom, side or IVR navigation', async () => {
    const lineId = await create('导航二');
    const mixed = await refusal(
      saveBlock(lineId, {
        navs: [
          { navKind: 'GROUP', navId: home.navs.group[0] },
          { navKind: 'GROUP', navId: home.navs.group[1], timeId: home.times[0] },
        ],
      }),
    );
    expect(mixed.message).toContain('同一种导航只能选择分时段或不分时段其中之一');
    const ivr = await refusal(
      saveBlock(lineId, { navs: [{ navKind: 'IVR', navId: home.navs.ivr, timeId: home.times[0] }] }, 'en'),
    );
    expect(ivr).toMatchObject({
      field: 'navs[0].timeId',
      message: 'navs[0].timeId: Bottom, side and IVR navigations are not time-divided',
    });
    expect((await detail(lineId)).navs).toEqual([]);
  });

  it('needs a live service time of the organisation', async () => {
    const lineId = await create('导航三');
    const foreign = await refusal(
      saveBlock(lineId, { navs: [{ navKind: 'SELF', navId: home.navs.self[0], timeId: away.timeId }] }),
    );
    expect(foreign).toMatchObject({ field: 'navs[0].timeId', message: `服务时间 ${away.timeId} 不存在` });
  });

  it('needs a live navigation of the organisation of the row’s kind, naming navs[i].navId', async () => {
    const lineId = await create('导航四');
    const rows = (navId: string, navKind = 'BOTTOM') => ({
      navs: [
        { navKind: 'SIDE', navId: home.navs.side },
        { navKind, navId },
      ],
    });
    for (const navId of ['abc', '999999', away.navId]) {
      const unknown = await refusal(saveBlock(lineId, rows(navId), 'en'));
      expect(unknown, navId).toMatchObject({ field: 'navs[1].navId', message: `Navigation ${navId} not found` });
    }
    const wrongKind = await refusal(saveBlock(lineId, rows(home.navs.self[0]!)));
    expect(wrongKind).toMatchObject({ field: 'navs[1].navId', message: `导航 ${home.navs.self[0]} 不是底部导航` });
    // the hotline section binds an IVR navigation only
    const notIvr = await refusal(saveBlock(lineId, rows(home.navs.bottom, 'IVR'), 'en'));
    expect(notIvr).toMatchObject({
      field: 'navs[1].navId',
      message: `Navigation ${home.navs.bottom} is not of kind IVR`,
    });
    expect((await detail(lineId)).navs).toEqual([]);
  });
});

describe('service lines: hotline groups (O-B10)', () => {
  it('ignores a group already in the list and keeps the order', async () => {
    const lineId = await create('热线组');
    const [a, b] = home.hotline;
    await ok(saveBlock(lineId, { hotlineGroups: [{ groupId: b }, { groupId: a }, { groupId: b }] }));
    const line = await detail(lineId);
    expect(line.hotlineGroups.map((g: Json) => g.groupId)).toEqual([b, a]);
    expect(line.groupIds).toEqual([b, a]);
  });

  it('takes only live HOTLINE groups of the organisation', async () => {
    const lineId = await create('热线组二');
    const online = await refusal(
      saveBlock(lineId, { hotlineGroups: [{ groupId: home.hotline[0] }, { groupId: home.onlineGroupId }] }),
    );
    expect(online).toMatchObject({
      field: 'hotlineGroups[1].groupId',
      message: `技能组 ${home.onlineGroupId} 不是热线技能组`,
    });
    const foreign = await refusal(saveBlock(lineId, { hotlineGroups: [{ groupId: away.groupId }] }, 'en'));
    expect(foreign).toMatchObject({
      field: 'hotlineGroups[0].groupId',
      message: `Skill group ${away.groupId} not found`,
    });
  });
});

describe('service lines: note config (O-V40)', () => {
  it('needs a ticket space (请选择工单空间) and at least one template (请选择工单空间模版)', async () => {
    const lineId = await create('留言');
    const noSpace = await refusal(saveBlock(lineId, { noteConfig: { ticketKinds: [{ kindId: home.kindIds[0] }] } }));
    expect(noSpace).toMatchObject({
      field: 'noteConfig.ticketSpaceId',
      message: 'noteConfig.ticketSpaceId：请选择工单空间',
    });
    const noKind = await refusal(
      saveBlock(lineId, { noteConfig: { ticketSpaceId: home.ticketSpaceId, ticketKinds: [] } }),
    );
    expect(noKind).toMatchObject({
      field: 'noteConfig.ticketKinds',
      message: 'noteConfig.ticketKinds：请选择工单空间模版',
    });
    const en = await refusal(saveBlock(lineId, { noteConfig: { ticketSpaceId: '', ticketKinds: [] } }, 'en'));
    expect(en.errors.map((e: Json) => [e.field, e.message])).toEqual([
      ['noteConfig.ticketSpaceId', 'Please select a ticket space'],
      ['noteConfig.ticketKinds', 'Please select a ticket-space template'],
    ]);
  });

  it('keeps a template chosen twice once, and answers the templates with their current name and code', async () => {
    const lineId = await create('留言二');
    const [refund, complain] = home.kindIds;
    await ok(
      saveBlock(lineId, {
        noteConfig: {
          ticketSpaceId: home.ticketSpaceId,
          ticketKinds: [{ kindId: complain }, { kindId: refund, kindName: '旧名' }, { kindId: complain }],
        },
      }),
    );
    await lineFixtures(t, organizationId).renameKind(refund!, '退款退货', 'REFUND2');
    expect((await detail(lineId)).noteConfig.ticketKinds).toEqual([
      { kindId: complain, kindName: '投诉', kindCode: 'COMPLAIN' },
      { kindId: refund, kindName: '退款退货', kindCode: 'REFUND2' },
    ]);
  });

  it('takes only templates of the chosen space, and only a TICKET space', async () => {
    const lineId = await create('留言三');
    const outside = await refusal(
      saveBlock(lineId, {
        noteConfig: { ticketSpaceId: home.ticketSpaceId, ticketKinds: [{ kindId: home.kindIds[2] }] },
      }),
    );
    expect(outside).toMatchObject({
      field: 'noteConfig.ticketKinds[0].kindId',
      message: `工单模版 ${home.kindIds[2]} 不是所选工单空间的模版`,
    });
    const quick = await refusal(
      saveBlock(lineId, {
        noteConfig: { ticketSpaceId: home.quickSpaceId, ticketKinds: [{ kindId: home.kindIds[0] }] },
      }),
    );
    expect(quick).toMatchObject({ field: 'noteConfig.ticketSpaceId', message: `工单空间 ${home.quickSpaceId} 不存在` });
  });
});

describe('service lines: references of the basic info', () => {
  it.each([
    ['appId', "another organisation's app", () => away.appId, (id: string) => `应用 ${id} 不存在`],
    ['customerChatbotId', "another organisation's bot", () => away.botId, (id: string) => `机器人 ${id} 不存在`],
    ['agentChatbotId', 'an unknown bot', () => '999999', (id: string) => `机器人 ${id} 不存在`],
    [
      'replySpaceId',
      "another organisation's space",
      () => away.quickSpaceId,
      (id: string) => `快捷回复空间 ${id} 不存在`,
    ],
    ['replySpaceId', 'a ticket space', () => home.ticketSpaceId, (id: string) => `快捷回复空间 ${id} 不存在`],
    ['ticketSpaceId', 'a quick-reply space', () => home.quickSpaceId, (id: string) => `工单空间 ${id} 不存在`],
    ['scoreConfigId', 'an unknown satisfaction config', () => '999999', (id: string) => `满意度配置 ${id} 不存在`],
    ['summaryConfigId', 'an unknown summary', () => '999999', (id: string) => `服务小结 ${id} 不存在`],
  ])('refuses as %s %s, naming the field', async (field, _what, id, message) => {
    const answer = await refusal(save({ name: '引用', [field]: id() }));
    expect(answer).toMatchObject({ code: 'INVALID_REFERENCE', field, message: message(id()) });
  });

  it('refuses a chatbot in the trash', async () => {
    const { id } = await ok(admin.post('/v3/chats/chatbot/create', { name: '旧机器人', nick: '旧' }));
    await ok(admin.post('/v3/chats/chatbot/delete', { ids: [id], deleted: 'TRASH' }));
    expect((await refusal(save({ name: '引用', customerChatbotId: id }))).field).toBe('customerChatbotId');
  });
});

describe('service lines: filters and bulk status (O-V03, O-B01)', () => {
  it('finds lines by name or code, status and type', async () => {
    const a = await create('筛选甲', { code: 'FLT-A' });
    const b = await create('筛选乙', { code: 'FLT-B', type: 'HOTLINE' });
    const page = (body: Json) =>
      ok(admin.post('/v3/chats/cs-line/page', body)).then((p) => p.records.map((r: Json) => r.id));
    expect(await page({ keyword: 'flt-b' })).toEqual([b]);
    expect(await page({ keyword: '筛选', type: 'HOTLINE' })).toEqual([b]);
    await ok(admin.post('/v3/chats/cs-line/status', { ids: [a, b], status: 'INACTIVE' }));
    expect(await page({ keyword: '筛选', status: 'INACTIVE' })).toEqual([b, a]);
    expect(await page({ keyword: '筛选', status: 'ACTIVE' })).toEqual([]);
    await ok(admin.post('/v3/chats/cs-line/status', { ids: [a, b], status: 'ACTIVE' }));
    expect((await detail(a)).status).toBe('ACTIVE');
    expect((await refusal(admin.post('/v3/chats/cs-line/status', { ids: [a], status: 'PAUSED' }))).field).toBe(
      'status',
    );
  });
});

describe('chatbots: the lines that use them', () => {
  it('lists the live lines using a bot as customer or agent bot', async () => {
    const { id: botId } = await ok(admin.post('/v3/chats/chatbot/create', { name: '共用', nick: '共用' }));
    const first = await create('机器人线路一', { customerChatbotId: botId });
    const second = await create('机器人线路二', { agentChatbotId: botId, customerChatbotId: botId });
    const trashed = await create('机器人线路三', { agentChatbotId: botId });
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [trashed], deleted: 'TRASH' }));
    const bot = await ok(admin.post('/v3/chats/chatbot/detail', {}, { query: { chatbotId: botId } }));
    expect(bot.lines).toEqual([
      { lineId: first, lineName: '机器人线路一' },
      { lineId: second, lineName: '机器人线路二' },
    ]);
    const page = await ok(admin.post('/v3/chats/chatbot/page', { keyword: '共用' }));
    expect(page.records[0].lines).toHaveLength(2);
  });
});

describe('the satisfaction check of a line (/v3/chats/score-config/check-issue)', () => {
  const check = (lineId: string, lang?: 'en') =>
    admin.post('/v3/chats/score-config/check-issue', {}, { query: { lineId }, ...(lang ? { lang } : {}) });

  it('says a line without a satisfaction config cannot survey', async () => {
    const lineId = await create('无满意度');
    expect(await ok(check(lineId))).toEqual({
      usable: false,
      issues: [{ code: 'line.score.none', zh: '该线路未配置满意度', en: 'The line has no satisfaction configuration' }],
    });
  });

  it('says a line bound to a live, active config with its five replies can survey', async () => {
    const lineId = await create('有满意度', { scoreConfigId: home.scoreConfigId });
    expect(await ok(check(lineId))).toEqual({ usable: true, issues: [] });
  });

  it('answers 404 for an unknown line', async () => {
    const res = await check('999999', 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Service line 999999 not found' });
  });
});
