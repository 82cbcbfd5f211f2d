import { TIMEOUT_BLOCK_DEFAULTS } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';
import { createAgent, createTime, createUsers, detail } from './helpers.js';

let t: TestApp;
let admin: Caller;
let timeId: string;
let agents: string[];

beforeAll(async () => {
  t = await startTestApp();
  let organizationId: number;
  ({ organizationId, admin } = await organisationWith(t, 'cs-group', { admin: ['*'] }));
  // sessions first: the import makes agents 101..103 and groups 11 and 12 with the desk's ids
  await ok(admin.post('/v3/chats/session/import', deskSessions(3)));
  timeId = await createTime(admin);
  const users = await createUsers(t, organizationId, ['张三', '李四']);
  agents = [await createAgent(admin, users[0]!, '小张'), await createAgent(admin, users[1]!, '小李')];
}, 60_000);
afterAll(async () => t?.close());

const save = (body: Json, lang?: 'en') =>
  admin.post(body.id ? '/v3/chats/cs-group/change' : '/v3/chats/cs-group/create', body, lang ? { lang } : {});
const group = (name: string, extra: Json = {}) => ({ name, type: 'ONLINE', timeId, agentIds: [agents[0]], ...extra });
const created = async (name: string, extra: Json = {}) => (await ok(save(group(name, extra)))).id as string;

describe('skill groups (cs-group): required fields', () => {
  it('asks for receivers with 请设置接待人 / Please set receivers, naming agentIds', async () => {
    for (const agentIds of [[], undefined]) {
      const res = await save(group('无人', { agentIds }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'agentIds', message: 'agentIds：请设置接待人' });
    }
    expect((await save(group('无人', { agentIds: [] }), 'en')).json().message).toBe('agentIds: Please set receivers');
  });

  it('requires type, name and the service time (timeId)', async () => {
    const res = await save({ agentIds: [agents[0]] });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: Json) => e.field)
        .sort(),
    ).toEqual(['name', 'timeId', 'type']);
    const team = await save(group('错类型', { type: 'TEAM' }));
    expect(team.json().field).toBe('type');
  });

  it('refuses a service time, a receiver or a group that is not a live record of the organisation', async () => {
    const noTime = await save(group('无时间', { timeId: '999999' }));
    expect(noTime.json()).toMatchObject({ field: 'timeId', message: '服务时间 999999 不存在' });
    const noAgent = await save(group('无坐席', { agentIds: [agents[0], '888888'] }));
    expect(noAgent.json()).toMatchObject({ field: 'agentIds[1]', message: '坐席 888888 不存在' });
    const noGroup = await save(group('无溢出组', { config: { overloadGroupId: '777777' } }), 'en');
    expect(noGroup.json()).toMatchObject({
      field: 'config.overloadGroupId',
      message: 'Skill group 777777 not found',
    });
  });
});

describe('skill groups (cs-group): assignment config', () => {
  it('starts with firstAssign IDLE_RATE, no second assignment and every timeout block unticked', async () => {
    const id = await created('默认');
    expect((await detail(admin, 'cs-group', id)).config).toEqual({
      firstAssign: 'IDLE_RATE',
      secondAssign: null,
      overloadGroupId: null,
      overloadGroupName: null,
      offlineGroupId: null,
      offlineGroupName: null,
      enterTimeoutRemind: null,
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('keeps secondAssign only after LAST_RECEIVER, clears it otherwise, and refuses it equal to the first', async () => {
    const kept = await created('上次接待', { config: { firstAssign: 'LAST_RECEIVER', secondAssign: 'ROUND_ROBIN' } });
    expect((await detail(admin, 'cs-group', kept)).config).toMatchObject({
      firstAssign: 'LAST_RECEIVER',
      secondAssign: 'ROUND_ROBIN',
    });
    const cleared = await created('空闲率', { config: { firstAssign: 'IDLE_RATE', secondAssign: 'ROUND_ROBIN' } });
    expect((await detail(admin, 'cs-group', cleared)).config.secondAssign).toBeNull();
    const same = await save(group('相同', { config: { firstAssign: 'LAST_RECEIVER', secondAssign: 'LAST_RECEIVER' } }));
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      field: 'config.secondAssign',
      message: 'config.secondAssign：第二分配方式不能与第一分配方式相同',
    });
  });

  it('never takes the group itself as its overflow or offline group: Cannot select the current group', async () => {
    const other = await created('溢出目标');
    const id = await created('本组', { config: { overloadGroupId: other, offlineGroupId: other } });
    const shown = await detail(admin, 'cs-group', id);
    expect(shown.config).toMatchObject({
      overloadGroupId: other,
      overloadGroupName: '溢出目标',
      offlineGroupId: other,
      offlineGroupName: '溢出目标',
    });
    for (const key of ['overloadGroupId', 'offlineGroupId']) {
      const res = await save({ ...group('本组'), id, version: shown.version, config: { [key]: id } }, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: `config.${key}`,
        message: `config.${key}: Cannot select the current group`,
      });
    }
  });

  it('keeps the timeout blocks that are ticked, each {minutes, prompt}; the defaults are 3 and 10 minutes', async () => {
    expect(Object.values(TIMEOUT_BLOCK_DEFAULTS).map((b) => b.minutes)).toEqual([3, 10, 3, 10]);
    const id = await created('超时', {
      config: { enterTimeoutRemind: { minutes: 3, prompt: '请稍候' }, sessionTimeoutAssign: null },
    });
    const { config } = await detail(admin, 'cs-group', id);
    expect(config.enterTimeoutRemind).toEqual({ minutes: 3, prompt: '请稍候' });
    expect(config.sessionTimeoutAssign).toBeNull();
    const zero = await save(group('零分钟', { config: { enterTimeoutAssign: { minutes: 0 } } }));
    expect(zero.json().field).toBe('config.enterTimeoutAssign.minutes');
  });

  it('keeps a config only for ONLINE and TICKET groups', async () => {
    const config = { firstAssign: 'ROUND_ROBIN' };
    const ticket = await created('工单组', { type: 'TICKET', config });
    expect((await detail(admin, 'cs-group', ticket)).config.firstAssign).toBe('ROUND_ROBIN');
    const hotline = await created('热线组', { type: 'HOTLINE', config });
    expect((await detail(admin, 'cs-group', hotline)).config).toBeNull();
  });
});

describe('skill groups (cs-group): categories', () => {
  it('takes a category parent only for ONLINE and HOTLINE groups; changing the type clears it', async () => {
    const category = await created('售后大类', { type: 'CATEGORY' });
    const id = await created('售后在线', { parentId: category });
    const shown = await detail(admin, 'cs-group', id);
    expect(shown).toMatchObject({ parentId: category, parentName: '售后大类' });
    const refused = await save(group('工单', { type: 'TICKET', parentId: category }));
    expect(refused.json()).toMatchObject({
      field: 'parentId',
      message: 'parentId：只有在线和热线技能组可以设置分类',
    });
    await ok(save({ ...group('售后在线'), id, version: shown.version, type: 'TICKET' }));
    expect((await detail(admin, 'cs-group', id)).parentId).toBeNull();
  });

  it('refuses a parent that is not an active top-level CATEGORY group, or the group itself', async () => {
    const online = await created('不是分类');
    const notCategory = await save(group('子', { parentId: online }));
    expect(notCategory.json()).toMatchObject({ field: 'parentId', code: 'INVALID_REFERENCE' });
    const inactive = await created('停用分类', { type: 'CATEGORY' });
    await ok(admin.post('/v3/chats/cs-group/status', { ids: [inactive], status: 'INACTIVE' }));
    expect((await save(group('子', { parentId: inactive }))).json().field).toBe('parentId');
    const self = await detail(admin, 'cs-group', online);
    const itself = await save({ ...group('不是分类'), id: online, version: self.version, parentId: online }, 'en');
    expect(itself.json()).toMatchObject({ field: 'parentId', message: 'parentId: Cannot select the current group' });
  });

  it('top list: the active top-level groups of a type, by keyword', async () => {
    const a = await created('顶级分类甲', { type: 'CATEGORY' });
    const b = await created('顶级分类乙', { type: 'CATEGORY' });
    const off = await created('顶级分类丙', { type: 'CATEGORY' });
    await ok(admin.post('/v3/chats/cs-group/status', { ids: [off], status: 'INACTIVE' }));
    const gone = await created('顶级分类丁', { type: 'CATEGORY' });
    await ok(admin.post('/v3/chats/cs-group/delete', { ids: [gone], deleted: 'TRASH' }));
    await created('顶级分类下的在线组', { parentId: a });
    const top = await ok(admin.post('/v3/chats/cs-group/list/top', { type: 'CATEGORY', keyword: '顶级分类' }));
    // by name as a Chinese reader sorts (pinyin): 甲 jiǎ before 乙 yǐ
    expect(top.map((g: Json) => g.id)).toEqual([a, b]);
    expect(top[0]).toEqual({ id: a, name: '顶级分类甲', type: 'CATEGORY', online: true });
    const online = await ok(admin.post('/v3/chats/cs-group/list/top', { type: 'ONLINE', keyword: '顶级分类' }));
    expect(online).toEqual([]);
  });
});

describe('skill groups (cs-group): online, receivers, transfer targets', () => {
  it('shows receivers by name, today’s times, and counts a group online only with a live service time', async () => {
    const id = await created('展示', { agentIds: [agents[1], agents[0]] });
    const shown = await detail(admin, 'cs-group', id);
    expect(shown.agents).toEqual([
      { agentId: agents[1], agentName: '李四', agentNick: '小李' },
      { agentId: agents[0], agentName: '张三', agentNick: '小张' },
    ]);
    expect(shown).toMatchObject({ online: true, timeName: '工作日', navs: [] });
    // groups an import creates have no service time: shown, but not online
    expect(await detail(admin, 'cs-group', '11')).toMatchObject({ name: '售后组', online: false, todayTimes: [] });
  });

  it('/select?chatId: the active ONLINE groups the chat’s service line was served in; 404 for another chat', async () => {
    const sessions = deskSessions(3).map((s, i) => ({ ...s, sessionId: `sel-${i}`, chatId: `sel-chat-${i}` }));
    await ok(admin.post('/v3/chats/session/import', sessions));
    const chat = sessions[0]!;
    const answer = await ok(admin.post('/v3/chats/cs-group/select', {}, { query: { chatId: chat.chatId } }));
    // line 1's sessions were served in groups 11 and 12 (records the import made)
    expect(answer.map((g: Json) => g.id).sort()).toEqual(['11', '12']);
    await ok(admin.post('/v3/chats/cs-group/status', { ids: ['12'], status: 'INACTIVE' }));
    const fewer = await ok(admin.post('/v3/chats/cs-group/select', {}, { query: { chatId: chat.chatId } }));
    expect(fewer).toEqual([{ id: '11', name: '售后组', type: 'ONLINE', online: false }]);
    const missing = await admin.post('/v3/chats/cs-group/select', {}, { query: { chatId: 'no-such-chat' } });
    expect(missing.statusCode).toBe(404);
  });
});
