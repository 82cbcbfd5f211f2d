import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith, signedInAgent } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';
import { createTime, createUsers, detail } from './helpers.js';

let t: TestApp;
let admin: Caller;
let agent102: Caller;
let outsider: Caller;
let organizationId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin } = await organisationWith(t, 'imported-staff', { admin: ['*'] }));
  ({ outsider } = await organisationWith(t, 'imported-staff-away', { outsider: ['*'] }));
  // a console user who is the desk's agent 102 before any session names him
  agent102 = await signedInAgent(t, organizationId, { username: 'staff-102', name: '李四', agentId: 102 });
  // agents 101..103 (小张, 小李, 小王) on lines 1 and 2, groups 11 售后组 and 12 投诉组
  await ok(admin.post('/v3/chats/session/import', deskSessions(9)));
}, 60_000);
afterAll(async () => t?.close());

const ids = (records: Json[]) => records.map((r) => r.id).sort();

describe('imported sessions name agents and groups that exist as records', () => {
  it('creates the agents and groups the sessions name, with the desk’s ids and names', async () => {
    const agents = await ok(admin.post('/v3/chats/cs-agent/list', {}));
    expect(agents.map((a: Json) => [a.id, a.name, a.nick, a.capacity, a.status])).toEqual(
      expect.arrayContaining([
        ['101', '张三', '小张', 20, 'OFFLINE'],
        ['102', '李四', '小李', 20, 'OFFLINE'],
        ['103', '王五', '小王', 20, 'OFFLINE'],
      ]),
    );
    const groups = await ok(admin.post('/v3/chats/cs-group/list', {}));
    expect(groups.map((g: Json) => [g.id, g.name, g.type, g.status, g.online])).toEqual(
      expect.arrayContaining([
        ['11', '售后组', 'ONLINE', 'ACTIVE', false],
        ['12', '投诉组', 'ONLINE', 'ACTIVE', false],
      ]),
    );
    // an agent's sessions and his open ones (the last desk session is still ACTIVE: agent 103)
    expect(await detail(admin, 'cs-agent', '101')).toMatchObject({ sessions: 3, receptions: 0 });
    expect(await detail(admin, 'cs-agent', '103')).toMatchObject({ sessions: 3, receptions: 1 });
  });

  it('binds a new agent to the console user who already is that agent', async () => {
    expect((await detail(admin, 'cs-agent', '102')).userId).not.toBeNull();
    expect((await detail(admin, 'cs-agent', '101')).userId).toBeNull();
  });

  it('leaves records the console changed as they are on a re-import, and creates no second record', async () => {
    const group = await detail(admin, 'cs-group', '11');
    const timeId = await createTime(admin);
    await ok(
      admin.post('/v3/chats/cs-group/change', {
        id: '11',
        version: group.version,
        name: '售后一组',
        type: 'ONLINE',
        timeId,
        agentIds: ['101'],
      }),
    );
    const again = deskSessions(9).map((s) => ({ ...s, groups: [{ groupId: 11, groupName: '旧名字' }] }));
    await ok(admin.post('/v3/chats/session/import', again));
    expect(await detail(admin, 'cs-group', '11')).toMatchObject({ name: '售后一组', online: true });
    const all = await ok(admin.post('/v3/chats/cs-group/list', {}));
    expect(all.filter((g: Json) => g.id === '11')).toHaveLength(1);
  });

  it('gives records made in the console ids past the desk’s, so an import never lands on one', async () => {
    const [userId] = await createUsers(t, organizationId, ['新同事']);
    const { id } = await ok(admin.post('/v3/chats/cs-agent/create', { userId, nick: '新人' }));
    expect(Number(id)).toBeGreaterThan(103);
    const timeId = await createTime(admin);
    const { id: groupId } = await ok(
      admin.post('/v3/chats/cs-group/create', { name: '新组', type: 'ONLINE', timeId, agentIds: [id] }),
    );
    expect(Number(groupId)).toBeGreaterThan(12);
  });

  it('keeps each organisation’s records apart: the same desk ids make records of its own', async () => {
    await ok(outsider.post('/v3/chats/session/import', deskSessions(3)));
    expect(await detail(outsider, 'cs-agent', '101')).toMatchObject({ nick: '小张' });
    expect(ids(await ok(outsider.post('/v3/chats/cs-group/list', {})))).toEqual(['11', '12']);
    expect((await detail(admin, 'cs-group', '11')).name).toBe('售后一组');
  });
});

describe('the session directory answers from the records', () => {
  it('names agents and groups made in the console too, by their record names', async () => {
    const agents = await ok(admin.post('/v3/chats/session/directory', { kind: 'AGENT' }));
    expect(agents).toEqual(
      // an agent by his name with his nick, as the result rows show him
      expect.arrayContaining([
        { id: '101', name: '张三（小张）' },
        expect.objectContaining({ name: expect.stringContaining('新人') }),
      ]),
    );
    const groups = await ok(admin.post('/v3/chats/session/directory', { kind: 'GROUP', keyword: '组' }));
    expect(groups.map((g: Json) => g.name)).toEqual(expect.arrayContaining(['售后一组', '投诉组', '新组']));
  });

  it('drops emptied records, and shows an agent only himself and the groups he served in', async () => {
    const [userId] = await createUsers(t, organizationId, ['走人']);
    const { id } = await ok(admin.post('/v3/chats/cs-agent/create', { userId, nick: '要清空的人' }));
    await ok(admin.post('/v3/chats/cs-agent/delete', { ids: [id], deleted: 'TRASH' }));
    expect(await ok(admin.post('/v3/chats/session/directory', { kind: 'AGENT', keyword: '要清空' }))).toHaveLength(1);
    await ok(admin.post('/v3/chats/cs-agent/delete', { ids: [id], deleted: 'BUFFER' }));
    expect(await ok(admin.post('/v3/chats/session/directory', { kind: 'AGENT', keyword: '要清空' }))).toEqual([]);

    expect(await ok(agent102.post('/v3/chats/session/directory', { kind: 'AGENT' }))).toEqual([
      { id: '102', name: '李四（小李）' },
    ]);
    const his = await ok(agent102.post('/v3/chats/session/directory', { kind: 'GROUP' }));
    expect(his.map((g: Json) => g.id)).toEqual(['11']);
  });
});
