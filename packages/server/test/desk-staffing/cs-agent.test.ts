import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clampBatchCapacity } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import { createAgent, createTime, createUsers, detail } from './helpers.js';

const DEMO_EXPORT = (ext: 'csv' | 'json') =>
  fileURLToPath(new URL(`../../../../fixtures/call-platform/demo-agents.${ext}`, import.meta.url));

let t: TestApp;
let admin: Caller;
let puller: Caller;
let noPull: Caller;
let organizationId: number;
let scratch: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin, puller, noPull } = await organisationWith(t, 'cs-agent', {
    admin: ['*'],
    puller: ['csAgent.view', 'csAgent.pull'],
    noPull: ['csAgent.view', 'csAgent.edit', 'csAgent.delete'],
  }));
  scratch = mkdtempSync(join(tmpdir(), 'qcdesk-platform-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});
const platformsBefore = process.env.QCDESK_CALL_PLATFORMS;
afterEach(() => {
  if (platformsBefore === undefined) delete process.env.QCDESK_CALL_PLATFORMS;
  else process.env.QCDESK_CALL_PLATFORMS = platformsBefore;
});

const create = (body: Json, lang?: 'en') => admin.post('/v3/chats/cs-agent/create', body, lang ? { lang } : {});
const oneUser = async (name: string) => (await createUsers(t, organizationId, [name]))[0]!;

describe('agents (cs-agent): the form’s rules', () => {
  it('capacity: 20 by default on create, 1 to 1000, whole', async () => {
    const id = await createAgent(admin, await oneUser('默认'), '默认');
    expect((await detail(admin, 'cs-agent', id)).capacity).toBe(20);
    for (const capacity of [0, 1001, 2.5]) {
      const res = await create({ userId: await oneUser(`上限${capacity}`), nick: '越界', capacity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'capacity', message: 'capacity：接待上限须为 1 到 1000 的整数' });
    }
    for (const capacity of [1, 1000]) {
      const edge = await createAgent(admin, await oneUser(`边界${capacity}`), '边界', { capacity });
      expect((await detail(admin, 'cs-agent', edge)).capacity).toBe(capacity);
    }
  });

  it('user required on create, a user of the organisation, once; bound both ways', async () => {
    const missing = await create({ nick: '无用户' }, 'en');
    expect(missing.json()).toMatchObject({ field: 'userId', message: 'userId: Please select a user' });
    const unknown = await create({ userId: '999999', nick: '查无此人' });
    expect(unknown.json()).toMatchObject({ field: 'userId', message: '用户 999999 不存在' });
    const userId = await oneUser('王晓');
    const id = await createAgent(admin, userId, '小王');
    expect(await detail(admin, 'cs-agent', id)).toMatchObject({ userId, name: '王晓', nick: '小王' });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(userId)));
    expect(user!.agentId).toBe(Number(id));
    const again = await create({ userId, nick: '又一个' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'USER_TAKEN', field: 'userId', message: `用户 王晓 已是坐席 ${id}` });
  });

  it('a change keeps the user: userId is read-only after create', async () => {
    const userId = await oneUser('只读');
    const id = await createAgent(admin, userId, '只读');
    const before = await detail(admin, 'cs-agent', id);
    await ok(
      admin.post('/v3/chats/cs-agent/change', {
        id,
        version: before.version,
        userId: await oneUser('别人'),
        nick: '改了',
      }),
    );
    expect(await detail(admin, 'cs-agent', id)).toMatchObject({ userId, nick: '改了' });
  });

  it('nick required (at most 100), mobile at most 15, softNumber at most 20', async () => {
    const userId = await oneUser('长度');
    const fieldOf = async (body: Json) => (await create({ userId, nick: '长度', ...body })).json().field;
    expect(await fieldOf({ nick: '' })).toBe('nick');
    expect(await fieldOf({ nick: 'x'.repeat(101) })).toBe('nick');
    expect(await fieldOf({ mobile: '1'.repeat(16) })).toBe('mobile');
    expect(await fieldOf({ softNumber: '1'.repeat(21) })).toBe('softNumber');
    const id = await createAgent(admin, userId, 'x'.repeat(100), {
      mobile: '1'.repeat(15),
      softNumber: '2'.repeat(20),
    });
    expect(await detail(admin, 'cs-agent', id)).toMatchObject({ mobile: '1'.repeat(15), softNumber: '2'.repeat(20) });
  });

  it('lists an agent with his groups, and filters by group and status', async () => {
    const id = await createAgent(admin, await oneUser('有组'), '有组');
    const other = await createAgent(admin, await oneUser('无组'), '无组');
    const timeId = await createTime(admin);
    const { id: groupId } = await ok(
      admin.post('/v3/chats/cs-group/create', { name: '投诉组', type: 'ONLINE', timeId, agentIds: [id] }),
    );
    expect((await detail(admin, 'cs-agent', id)).groups).toEqual([{ groupId, groupName: '投诉组', agentId: id }]);
    const inGroup = await ok(admin.post('/v3/chats/cs-agent/page', { groupId }));
    expect(inGroup.records.map((r: Json) => r.id)).toEqual([id]);
    const offline = await ok(admin.post('/v3/chats/cs-agent/list', { status: 'OFFLINE', keyword: '组' }));
    expect(offline.map((r: Json) => r.id).sort()).toEqual([id, other].sort());
    expect(await ok(admin.post('/v3/chats/cs-agent/list', { status: 'ONLINE', keyword: '组' }))).toEqual([]);
  });
});

describe('agents (cs-agent): batches', () => {
  it('createBatch: one agent per selected user (nick = name, capacity 20), skipping users who are agents', async () => {
    const empty = await admin.post('/v3/chats/cs-agent/createBatch', { userIds: [] });
    expect(empty.json()).toMatchObject({ field: 'userIds', message: 'userIds：请选择员工' });
    const [a, b, c] = await createUsers(t, organizationId, ['批量甲', '批量乙', '批量丙']);
    const already = await createAgent(admin, c!, '丙');
    const answer = await ok(admin.post('/v3/chats/cs-agent/createBatch', { userIds: [a, b, c] }));
    expect(answer.skipped).toEqual([c]);
    expect(answer.ids).toHaveLength(2);
    const made = await Promise.all(answer.ids.map((id: string) => detail(admin, 'cs-agent', id)));
    expect(made.map((m) => [m.userId, m.nick, m.capacity])).toEqual([
      [a, '批量甲', 20],
      [b, '批量乙', 20],
    ]);
    expect(answer.ids).not.toContain(already);
    const unknown = await admin.post('/v3/chats/cs-agent/createBatch', { userIds: [a, '999999'] });
    expect(unknown.json()).toMatchObject({ field: 'userIds[1]' });
  });

  it('changeBatch: capacity keeps its digits and is clamped to 1..1000; rows without a nick are skipped', async () => {
    const ids = [];
    for (const name of ['行一', '行二', '行三', '行四']) ids.push(await createAgent(admin, await oneUser(name), name));
    const versions = await Promise.all(ids.map(async (id) => (await detail(admin, 'cs-agent', id)).version));
    const answer = await ok(
      admin.post('/v3/chats/cs-agent/changeBatch', {
        agents: [
          { id: ids[0], nick: '一', capacity: '1a2b3', callPlatform: 'tel-a' },
          { id: ids[1], nick: '二', capacity: '5000' },
          { id: ids[2], nick: '三', capacity: 0 },
          { id: ids[3], nick: '  ', capacity: 50 },
        ],
      }),
    );
    expect(answer).toEqual({ ids: ids.slice(0, 3), skipped: [ids[3]] });
    const after = await Promise.all(ids.map((id) => detail(admin, 'cs-agent', id)));
    expect(after.map((a) => [a.nick, a.capacity])).toEqual([
      ['一', 123],
      ['二', 1000],
      ['三', 1],
      ['行四', 20],
    ]);
    expect(after[0].callPlatform).toBe('tel-a');
    expect(after.map((a) => a.version)).toEqual([versions[0] + 1, versions[1] + 1, versions[2] + 1, versions[3]]);
    const noDigits = await admin.post('/v3/chats/cs-agent/changeBatch', {
      agents: [{ id: ids[0], nick: '一', capacity: 'abc' }],
    });
    expect(noDigits.json().field).toBe('agents[0].capacity');
    const missing = await admin.post('/v3/chats/cs-agent/changeBatch', {
      agents: [{ id: '999999', nick: '无', capacity: 3 }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the batch capacity input drops everything but digits and clamps (the screen uses the same helper)', () => {
    expect(['12', '0', '1500', 'a7b', '', '-5', 999.9].map((v) => clampBatchCapacity(v))).toEqual([
      12,
      1,
      1000,
      7,
      null,
      5,
      1000,
    ]);
  });
});

describe('agents (cs-agent): pull from a call platform', () => {
  it('creates agents from the CSV export, answers the rows that failed with their line, and updates on the next pull', async () => {
    process.env.QCDESK_CALL_PLATFORMS = `tel-a=${DEMO_EXPORT('csv')};tel-b=${DEMO_EXPORT('json')}`;
    const first = await ok(puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-a' } }));
    expect(first).toEqual({
      platform: 'tel-a',
      created: 3,
      updated: 0,
      failed: [
        { line: 5, platformAgentId: null, reason: 'platformAgentId is missing' },
        { line: 6, platformAgentId: 'T-1005', reason: 'capacity 5000 is outside 1–1000' },
      ],
    });
    const pulled = await ok(admin.post('/v3/chats/cs-agent/list', { keyword: '张伟' }));
    expect(pulled).toHaveLength(1);
    expect(pulled[0]).toMatchObject({
      nick: '张伟, 夜班',
      workNo: '8003',
      capacity: 25,
      softNumber: '6003',
      callPlatform: 'tel-a',
      platformAgentId: 'T-1003',
    });
    const again = await ok(puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-a' } }));
    expect(again).toMatchObject({ created: 0, updated: 3 });
    // the same ids on another platform are other agents; JSON records count from 1
    const json = await ok(puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-b' } }));
    expect(json).toEqual({
      platform: 'tel-b',
      created: 2,
      updated: 0,
      failed: [{ line: 3, platformAgentId: 'T-1007', reason: 'capacity is not a whole number: twenty' }],
    });
  });

  it('matches an agent by its platform id: a changed export changes him, not a new one', async () => {
    const file = join(scratch, 'agents.csv');
    writeFileSync(file, 'id,nick,capacity\nX-1,甲,10\n');
    process.env.QCDESK_CALL_PLATFORMS = `tel-x=${file}`;
    await ok(puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-x' } }));
    writeFileSync(file, 'id,nick,capacity\r\nX-1,甲改,11\r\nX-1,重复,12\r\n');
    const answer = await ok(puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-x' } }));
    expect(answer).toEqual({
      platform: 'tel-x',
      created: 0,
      updated: 1,
      failed: [{ line: 3, platformAgentId: 'X-1', reason: 'duplicate platformAgentId' }],
    });
    const [agent] = await ok(admin.post('/v3/chats/cs-agent/list', { keyword: '甲改' }));
    expect(agent).toMatchObject({ capacity: 11, platformAgentId: 'X-1', callPlatform: 'tel-x' });
  });

  it('refuses a platform that is not configured (naming it and the configured ones), an unreadable export, and a caller without csAgent.pull', async () => {
    process.env.QCDESK_CALL_PLATFORMS = `tel-a=${DEMO_EXPORT('csv')};tel-gone=${join(scratch, 'missing.csv')}`;
    const unknown = await puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-z' }, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'platform',
      message: 'No call platform tel-z is configured (configured: tel-a, tel-gone)',
    });
    const gone = await puller.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-gone' } });
    expect(gone.statusCode).toBe(502);
    expect(gone.json()).toMatchObject({ code: 'PLATFORM_UNREADABLE', field: 'platform' });
    // the file by its name only: a caller learns nothing of the server's folders
    expect(gone.json().message).toMatch(/^无法读取呼叫平台 tel-gone 的坐席导出：missing\.csv: ENOENT/);
    const missing = await puller.post('/v3/chats/cs-agent/pull', {});
    expect(missing.json()).toMatchObject({ field: 'platform' });
    expect((await noPull.post('/v3/chats/cs-agent/pull', {}, { query: { platform: 'tel-a' } })).statusCode).toBe(403);
  });
});
