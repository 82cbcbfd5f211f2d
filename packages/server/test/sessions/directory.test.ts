import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../src/seed/accounts.js';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, ok } from '../tasks/fixtures.js';

let t: TestApp;
let inspector: Caller;
let agent: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  let organizationId: number;
  let admin: Caller;
  ({ organizationId, admin, inspector } = await organisationWith(t, 'dir-home', {
    admin: ['*'],
    // the directory needs no key of its own: whoever signs in may name who and where the sessions are
    inspector: [],
  }));
  ({ outsider } = await organisationWith(t, 'dir-away', { outsider: ['*'] }));
  const roleId = await createRole(t.database.db, organizationId, { code: 'agent', name: '坐席', permissions: [] });
  await createUser(t.database.db, organizationId, {
    username: 'dir-agent',
    name: '李四',
    password: 'test-password-1',
    roleIds: [roleId],
    agentId: 102,
  });
  agent = await signIn(t, 'dir-agent', 'test-password-1');
  // agents 101..103 (小张, 小李, 小王), lines 1 支付微博 and 2 电信微博, groups 11 售后组 and 12 投诉组
  const sessions = deskSessions(9);
  // a session whose agent has no nick goes by his name; a group without a name by its id
  sessions[0] = { ...sessions[0]!, agentId: 104, agentNick: '', agentName: '赵六', groups: [{ groupId: 13 }] };
  await ok(admin.post('/v3/chats/session/import', sessions));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const directory = (who: Caller, body: Record<string, unknown>) => ok(who.post('/v3/chats/session/directory', body));

describe('POST /v3/chats/session/directory', () => {
  it('names each agent (name and nick), group, line and channel of the sessions once, in pinyin order of their names', async () => {
    expect(await directory(inspector, { kind: 'AGENT' })).toEqual([
      { id: '102', name: '李四（小李）' },
      { id: '103', name: '王五（小王）' },
      { id: '101', name: '张三（小张）' },
      { id: '104', name: '赵六' },
    ]);
    expect(await directory(inspector, { kind: 'GROUP' })).toEqual([
      { id: '13', name: '13' },
      { id: '11', name: '售后组' },
      { id: '12', name: '投诉组' },
    ]);
    expect(await directory(inspector, { kind: 'LINE' })).toEqual([
      { id: '2', name: '电信微博' },
      { id: '1', name: '支付微博' },
    ]);
    // the channels are the sessions' own words, each once
    expect(await directory(inspector, { kind: 'CHANNEL' })).toEqual([
      { id: 'APP', name: 'APP' },
      { id: 'WEIBO', name: 'WEIBO' },
    ]);
  });

  it('narrows by part of the name or the id, taking % and _ literally', async () => {
    // an agent is found by his name or by his nick
    expect(await directory(inspector, { kind: 'AGENT', keyword: '王' })).toEqual([{ id: '103', name: '王五（小王）' }]);
    expect(await directory(inspector, { kind: 'AGENT', keyword: '五' })).toEqual([{ id: '103', name: '王五（小王）' }]);
    expect(await directory(inspector, { kind: 'CHANNEL', keyword: 'we' })).toEqual([{ id: 'WEIBO', name: 'WEIBO' }]);
    expect(await directory(inspector, { kind: 'GROUP', keyword: '12' })).toEqual([{ id: '12', name: '投诉组' }]);
    expect(await directory(inspector, { kind: 'LINE', keyword: '%' })).toEqual([]);
  });

  it('shows an agent only himself and where he served; another organisation nothing', async () => {
    expect(await directory(agent, { kind: 'AGENT' })).toEqual([{ id: '102', name: '李四（小李）' }]);
    expect((await directory(agent, { kind: 'LINE' })).map((l: { id: string }) => l.id)).toEqual(['1']);
    expect(await directory(outsider, { kind: 'AGENT' })).toEqual([]);
  });

  it('names the AI rules for the hit-rule filter, not the manual ones nor another organisation’s', async () => {
    const config = {
      conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] }],
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
    };
    const ai = await ok(
      outsider.post('/v3/chats/qc-rule/create', { name: '投诉风险', type: 'AI', conditionConfig: config }),
    );
    await ok(outsider.post('/v3/chats/qc-rule/create', { name: '礼貌用语', type: 'PERSON' }));
    expect(await directory(outsider, { kind: 'RULE' })).toEqual([{ id: ai.id, name: '投诉风险' }]);
    expect(await directory(outsider, { kind: 'RULE', keyword: '礼貌' })).toEqual([]);
    expect(await directory(inspector, { kind: 'RULE' })).toEqual([]);
  });

  it('refuses an unknown kind naming the field, and a caller who has not signed in', async () => {
    const bad = await inspector.post('/v3/chats/session/directory', { kind: 'TEAM' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'kind' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/v3/chats/session/directory', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
