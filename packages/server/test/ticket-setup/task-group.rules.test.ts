/**
 * The rules of ticket groups the server keeps whatever the screen does (tickets spec "Ticket groups", §5, §6):
 * capacity 0..1000 (20 by default), routeType LOAD by default, agentTicket true by default, at least one processor
 * ('请设置处理人'), each a user of the organisation; restore and empty need csGroup.delete while create, change, status
 * and delete need ticket-group.edit; the handler lookups answer at most 100.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let editor: Caller;
let trashKeeper: Caller;
let reader: Caller;
/** user ids: the home admin, the editor, the other organisation's admin */
const staff = { admin: '', editor: '', outsider: '' };

const BASE = '/v3/feed/task-group';
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;
const me = async (who: Caller) => String((await ok(who.post('/v3/auth/me', {}))).user.id);

async function create(body: Json, as: Caller = admin): Promise<string> {
  return String((await ok(as.post(`${BASE}/create`, body))).id);
}
async function detail(id: string) {
  return ok(admin.post(`${BASE}/detail`, {}, { query: { groupId: id } }));
}

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, editor, trashKeeper, reader } = await organisationWith(t, 'tgroups', {
    admin: ['*'],
    editor: ['ticket-group.view', 'ticket-group.edit'],
    trashKeeper: ['ticket-group.view', 'csGroup.delete'],
    reader: ['ticket-group.view'],
  }));
  ({ admin: outsider } = await organisationWith(t, 'tgroups-other', { admin: ['*'] }));
  staff.admin = await me(admin);
  staff.editor = await me(editor);
  staff.outsider = await me(outsider);
}, 60_000);
afterAll(async () => t?.close());

describe('a new group', () => {
  it('takes capacity 20, routeType LOAD, agentTicket true and ACTIVE when the body leaves them out', async () => {
    const id = await create({ name: '售后一组', staffIds: [staff.admin, staff.editor] });
    expect(await detail(id)).toMatchObject({
      name: '售后一组',
      capacity: 20,
      routeType: 'LOAD',
      agentTicket: true,
      status: 'ACTIVE',
      staffIds: [staff.admin, staff.editor],
      staffs: [
        { staffId: staff.admin, staffName: 'admin', staffNick: null },
        { staffId: staff.editor, staffName: 'editor', staffNick: null },
      ],
    });
  });

  it('keeps what the body says: ROTATE, agentTicket off, capacity 0 and 1000, code and intro', async () => {
    for (const capacity of [0, 1000]) {
      const id = await create({
        name: unique('回访组'),
        code: 'CALLBACK',
        capacity,
        routeType: 'ROTATE',
        agentTicket: false,
        staffIds: [staff.admin],
        intro: '回访客户',
      });
      expect(await detail(id)).toMatchObject({
        capacity,
        routeType: 'ROTATE',
        agentTicket: false,
        code: 'CALLBACK',
        intro: '回访客户',
      });
    }
  });

  it('shows a processor who is an agent with his nick', async () => {
    await ok(admin.post('/v3/chats/cs-agent/create', { userId: staff.editor, nick: '小编', capacity: 10 }));
    const id = await create({ name: unique('坐席组'), staffIds: [staff.editor] });
    expect((await detail(id)).staffs).toEqual([{ staffId: staff.editor, staffName: 'editor', staffNick: '小编' }]);
  });
});

describe('the fields of a group', () => {
  it('refuses a capacity outside 0..1000 or not a whole number, at capacity (property)', async () => {
    const outside = fc.oneof(
      fc.integer({ min: -1_000_000, max: -1 }),
      fc.integer({ min: 1001, max: 1_000_000 }),
      fc.double({ min: 0, max: 1000, noNaN: true }).filter((x) => !Number.isInteger(x)),
    );
    await fc.assert(
      fc.asyncProperty(outside, async (capacity) => {
        const res = await admin.post(`${BASE}/create`, { name: '越界', capacity, staffIds: [staff.admin] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ field: 'capacity', message: 'capacity：容量须为 0 到 1000 的整数' });
      }),
      { numRuns: 15 },
    );
    const en = await admin.post(
      `${BASE}/create`,
      { name: '越界', capacity: '20', staffIds: [staff.admin] },
      { lang: 'en' },
    );
    expect(en.json().message).toBe('capacity: Capacity must be a whole number from 0 to 1000');
  });

  it('asks for processors with 请设置处理人 when there are none', async () => {
    for (const staffIds of [[], undefined, null]) {
      const res = await admin.post(`${BASE}/create`, { name: '空组', staffIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'staffIds', message: 'staffIds：请设置处理人' });
    }
    const en = await admin.post(`${BASE}/create`, { name: '空组', staffIds: [] }, { lang: 'en' });
    expect(en.json().message).toBe('staffIds: Please set the processors');
  });

  it('refuses a processor who is not a live user of the organisation, naming him', async () => {
    for (const stranger of [staff.outsider, '99999999', 'x']) {
      const res = await admin.post(`${BASE}/create`, { name: '外人', staffIds: [staff.admin, stranger] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_REFERENCE', field: 'staffIds[1]' });
      expect(res.json().message).toBe(`员工 ${stranger} 不是本组织的员工`);
    }
    const twice = await admin.post(`${BASE}/create`, { name: '重复', staffIds: [staff.admin, staff.admin] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().field).toBe('staffIds');
  });

  it('needs a name and a known route type', async () => {
    expect((await admin.post(`${BASE}/create`, { staffIds: [staff.admin] })).json().field).toBe('name');
    const bad = await admin.post(`${BASE}/create`, { name: '组', routeType: 'RANDOM', staffIds: [staff.admin] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('routeType');
  });
});

describe('who may do what', () => {
  it('create, change, status and delete need ticket-group.edit; restore and empty need csGroup.delete', async () => {
    const a = await create({ name: unique('甲组'), staffIds: [staff.admin] }, editor);
    const b = await create({ name: unique('乙组'), staffIds: [staff.admin] }, editor);
    expect((await ok(editor.post(`${BASE}/status`, { ids: [a], status: 'INACTIVE' }))).status).toBe('INACTIVE');
    const noStatus = await trashKeeper.post(`${BASE}/status`, { ids: [a], status: 'ACTIVE' });
    expect(noStatus.statusCode).toBe(403);
    const noDelete = await trashKeeper.post(`${BASE}/delete`, { ids: [a] });
    expect(noDelete.statusCode).toBe(403);
    expect(noDelete.json().message).toContain('ticket-group.edit');
    await ok(editor.post(`${BASE}/delete`, { ids: [a, b] }));
    for (const call of ['restore', 'empty']) {
      const res = await editor.post(`${BASE}/${call}`, { ids: [a] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('没有权限执行此操作（需要权限 csGroup.delete）');
    }
    expect(await ok(trashKeeper.post(`${BASE}/restore`, { ids: [a] }))).toEqual({ ids: [a], deleted: 'NONE' });
    expect(await ok(trashKeeper.post(`${BASE}/empty`, { ids: [b] }))).toEqual({ ids: [b], deleted: 'BUFFER' });
    expect((await detail(a)).deleted).toBe('NONE');
    expect((await admin.post(`${BASE}/detail`, {}, { query: { groupId: b } })).statusCode).toBe(404);
    const readOnly = await reader.post(`${BASE}/create`, { name: '读者组', staffIds: [staff.admin] });
    expect(readOnly.statusCode).toBe(403);
  });
});

describe('the lookups of the node editor (at most 100)', () => {
  it('lists groups by keyword and processor, never more than asked, refusing a limit over 100', async () => {
    const prefix = unique('查找');
    for (let i = 0; i < 3; i++) await create({ name: `${prefix}-${i}`, staffIds: [staff.editor] });
    const two = (await ok(admin.post(`${BASE}/list`, { keyword: prefix, limit: 2 }))) as Json[];
    expect(two).toHaveLength(2);
    const mine = (await ok(admin.post(`${BASE}/list`, { keyword: prefix, staffId: staff.editor }))) as Json[];
    expect(mine).toHaveLength(3);
    expect((await ok(admin.post(`${BASE}/list`, { keyword: prefix, staffId: staff.admin }))) as Json[]).toEqual([]);
    const over = await admin.post(`${BASE}/list`, { limit: 101 });
    expect(over.statusCode).toBe(400);
    expect(over.json().field).toBe('limit');
  });

  it('answers the staff top list: active live users of the organisation by keyword, at most 100', async () => {
    const all = (await ok(reader.post('/v3/users/staff/top', {}))) as Json[];
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([staff.admin, staff.editor]));
    expect(all.map((s) => s.id)).not.toContain(staff.outsider);
    const found = (await ok(admin.post('/v3/users/staff/top', { keyword: 'edit' }))) as Json[];
    expect(found).toEqual([{ id: staff.editor, name: 'editor', username: 'tgroups-editor', nick: '小编' }]);
    expect((await ok(admin.post('/v3/users/staff/top', { limit: 1 }))) as Json[]).toHaveLength(1);
    const over = await admin.post('/v3/users/staff/top', { limit: 101 });
    expect(over.statusCode).toBe(400);
    expect(over.json().field).toBe('limit');
  });
});
