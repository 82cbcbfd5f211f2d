/**
 * The rules of ticket states the server keeps whatever the screen does (tickets spec "Ticket states", §5, §6, §8):
 * system states are listed but never changed or moved ('系统状态不能修改'); code and status group are fixed once a
 * state exists; a code names one state of the organisation; a state in a kind's flow stays out of the trash; restore
 * and empty need field.delete while remove needs ticket-state.edit.
 */
import { SYSTEM_TICKET_STATES, TICKET_STATE_COLORS } from '@qcdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskKinds } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let organizationId: number;
/** people of the home organisation holding one side of the trash keys each, and a reader */
let editor: Caller;
let trashKeeper: Caller;
let reader: Caller;

const BASE = '/v3/feed/task-state';
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

async function create(body: Json, as: Caller = admin): Promise<string> {
  return String((await ok(as.post(`${BASE}/create`, body))).id);
}
async function detail(id: string, as: Caller = admin) {
  return ok(as.post(`${BASE}/detail`, {}, { query: { stateId: id } }));
}
async function refused(
  res: Promise<{ statusCode: number; json(): Json }>,
  expected: { code?: string; field?: string; zh?: string; en?: string },
  en?: Promise<{ statusCode: number; json(): Json }>,
) {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  const body = answer.json();
  if (expected.code) expect(body.code).toBe(expected.code);
  if (expected.field !== undefined) expect(body.field).toBe(expected.field);
  if (expected.zh) expect(body.message).toContain(expected.zh);
  // the English call is always awaited: left running, it could land after the test has changed what it refuses
  if (en) {
    const english = await en;
    expect(english.statusCode).toBe(400);
    if (expected.en) expect(english.json().message).toContain(expected.en);
  }
}
/** a kind of the home organisation whose flow lists these codes (written as the kinds' flow editor stores it) */
async function kindWith(name: string, stateCodes: string[], deleted: 'NONE' | 'TRASH' | 'BUFFER' = 'NONE') {
  const [row] = await t.database.db
    .insert(taskKinds)
    .values({ organizationId, name, stateCodes, deleted })
    .returning({ id: taskKinds.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, editor, trashKeeper, reader, organizationId } = await organisationWith(t, 'states', {
    admin: ['*'],
    editor: ['ticket-state.view', 'ticket-state.edit'],
    trashKeeper: ['ticket-state.view', 'field.delete'],
    reader: ['ticket-state.view'],
  }));
  ({ admin: outsider } = await organisationWith(t, 'states-other', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

describe('system states (tenantId 0)', () => {
  it('every organisation lists the five, one per status group, named as the group, with tenantId 0', async () => {
    const list = (await ok(admin.post(`${BASE}/list`, { system: true }))) as Json[];
    expect(list.map((s) => s.code).sort()).toEqual(SYSTEM_TICKET_STATES.map((s) => s.code).sort());
    const pending = list.find((s) => s.code === 'PENDING');
    expect(pending).toMatchObject({ name: '待处理', status: 'PENDING', tenantId: '0', system: true, color: '#1677ff' });
    // the other organisation has its own five, never these
    const theirs = (await ok(outsider.post(`${BASE}/list`, { system: true }))) as Json[];
    expect(theirs).toHaveLength(5);
    expect(theirs.map((s) => s.id)).not.toContain(pending.id);
    expect((await outsider.post(`${BASE}/detail`, {}, { query: { stateId: pending.id } })).statusCode).toBe(404);
  });

  it('refuses any change of a system state with 系统状态不能修改, in Chinese and English, and keeps it', async () => {
    const [closed] = (await ok(admin.post(`${BASE}/list`, { system: true, keyword: 'CLOSED' }))) as Json[];
    const body = { id: closed.id, version: closed.version, name: '改名', code: 'CLOSED', status: 'CLOSED' };
    await refused(
      admin.post(`${BASE}/change`, body),
      { code: 'SYSTEM_STATE', zh: '系统状态不能修改', en: 'System states cannot be changed' },
      admin.post(`${BASE}/change`, body, { lang: 'en' }),
    );
    expect(await detail(closed.id)).toMatchObject({ name: '已关闭', version: closed.version });
  });

  it('never moves a system state to the trash; a batch with one moves nothing, naming it', async () => {
    const own = await create({ name: unique('批量'), code: unique('BATCH'), status: 'PENDING' });
    const [system] = (await ok(admin.post(`${BASE}/list`, { system: true, status: 'SUSPENDED' }))) as Json[];
    await refused(admin.post(`${BASE}/remove`, { ids: [own, system.id] }), {
      code: 'SYSTEM_STATE',
      field: 'ids[1]',
      zh: '系统状态不能修改',
    });
    expect((await detail(own)).deleted).toBe('NONE');
    // restore and empty refuse it too (it is never in the trash to begin with)
    for (const call of ['restore', 'empty'])
      await refused(admin.post(`${BASE}/${call}`, { ids: [system.id] }), { code: 'SYSTEM_STATE', field: 'ids[0]' });
  });
});

describe('the fields of a state', () => {
  it('needs name ≤ 30, code ≤ 20 of letters, digits, _ and -, and a status group', async () => {
    const good = { name: '待回访', code: unique('CB'), status: 'PROCESSING' };
    const cases: [Json, string, string][] = [
      [{ ...good, name: '' }, 'name', '此项为必填项'],
      [{ ...good, name: '长'.repeat(31) }, 'name', '30'],
      [{ ...good, code: undefined }, 'code', '此项为必填项'],
      [{ ...good, code: 'C'.repeat(21) }, 'code', '20'],
      [{ ...good, code: '回 访' }, 'code', '状态编码只能包含字母、数字和 _ -'],
      [{ ...good, status: undefined }, 'status', ''],
      [{ ...good, status: 'WAITING' }, 'status', ''],
    ];
    for (const [body, field, text] of cases) {
      const res = await admin.post(`${BASE}/create`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(text);
    }
  });

  it('takes a colour of the 18 presets only, the first when none is given', async () => {
    expect(TICKET_STATE_COLORS).toHaveLength(18);
    const plain = await create({ name: unique('无色'), code: unique('NOCOLOR'), status: 'PENDING' });
    expect((await detail(plain)).color).toBe(TICKET_STATE_COLORS[0]);
    const last = await create({ name: unique('灰'), code: unique('GREY'), status: 'PENDING', color: '#8C8C8C' });
    expect((await detail(last)).color).toBe('#8c8c8c');
    await refused(
      admin.post(`${BASE}/create`, { name: unique('紫'), code: unique('PURPLE'), status: 'PENDING', color: '#123456' }),
      { field: 'color', zh: '请从预设颜色中选择' },
    );
  });

  it('keeps code and status group once created: a change of either is refused at its field; name and colour change', async () => {
    const code = unique('REFUND');
    const id = await create({ name: '已退款', code, status: 'RESOLVED', color: '#52c41a' });
    const stored = await detail(id);
    const change = { id, version: stored.version, name: '已退款', code, status: 'RESOLVED' };
    await refused(
      admin.post(`${BASE}/change`, { ...change, code: `${code}X` }),
      { field: 'code', zh: '状态编码创建后不能修改', en: 'A state keeps the code it was created with' },
      admin.post(`${BASE}/change`, { ...change, code: `${code}X` }, { lang: 'en' }),
    );
    await refused(admin.post(`${BASE}/change`, { ...change, status: 'CLOSED' }), {
      field: 'status',
      zh: '状态分组创建后不能修改',
    });
    await ok(admin.post(`${BASE}/change`, { ...change, name: '退款完成', color: '#fa8c16' }));
    expect(await detail(id)).toMatchObject({ name: '退款完成', color: '#fa8c16', code, status: 'RESOLVED' });
  });

  it('refuses a code the organisation already has (a system one, one in the trash) but not another organisation’s', async () => {
    const code = unique('DUP');
    const first = await create({ name: '第一', code, status: 'PENDING' });
    await refused(admin.post(`${BASE}/create`, { name: '第二', code, status: 'CLOSED' }), {
      code: 'DUPLICATE',
      field: 'code',
      zh: `状态编码已被使用：${code}`,
    });
    await refused(admin.post(`${BASE}/create`, { name: '待处理二', code: 'PENDING', status: 'PENDING' }), {
      code: 'DUPLICATE',
      field: 'code',
    });
    await ok(admin.post(`${BASE}/remove`, { ids: [first] }));
    await refused(admin.post(`${BASE}/create`, { name: '第二', code, status: 'CLOSED' }), { field: 'code' });
    // another organisation's codes are its own
    await create({ name: '别家', code, status: 'PENDING' }, outsider);
    // emptied, the code is free again
    await ok(admin.post(`${BASE}/empty`, { ids: [first] }));
    await create({ name: '第二', code, status: 'CLOSED' });
  });
});

describe('a state in a kind’s flow', () => {
  it('cannot go to the trash while a kind that is not emptied lists it; the answer names the kinds', async () => {
    const code = unique('FLOW');
    const id = await create({ name: '待回访', code, status: 'PROCESSING' });
    await kindWith('投诉处理', ['PENDING', code, 'CLOSED']);
    const trashedKind = await kindWith('旧模版', [code], 'TRASH');
    await kindWith('已清空模版', [code], 'BUFFER');
    await refused(
      admin.post(`${BASE}/remove`, { ids: [id] }),
      { code: 'STATE_IN_USE', field: 'ids[0]', zh: '状态“待回访”正被工单模版使用，不能删除：投诉处理, 旧模版' },
      admin.post(`${BASE}/remove`, { ids: [id] }, { lang: 'en' }),
    );
    expect((await detail(id)).deleted).toBe('NONE');
    // the kind in the trash is emptied, the other leaves the state out of its flow: now it may go
    await t.database.db.update(taskKinds).set({ deleted: 'BUFFER' }).where(eq(taskKinds.id, trashedKind));
    await t.database.db
      .update(taskKinds)
      .set({ stateCodes: ['PENDING', 'CLOSED'] })
      .where(and(eq(taskKinds.organizationId, organizationId), eq(taskKinds.name, '投诉处理')));
    expect(await ok(admin.post(`${BASE}/remove`, { ids: [id] }))).toEqual({ ids: [id], deleted: 'TRASH' });
  });

  it('names the first five kinds and counts the rest', async () => {
    const code = unique('MANY');
    const id = await create({ name: '多用', code, status: 'PENDING' });
    for (let i = 1; i <= 7; i++) await kindWith(`模版${i}`, [code]);
    const res = await admin.post(`${BASE}/remove`, { ids: [id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('状态“多用”正被工单模版使用，不能删除：模版1, 模版2, 模版3, 模版4, 模版5 等 7 个');
    const en = await admin.post(`${BASE}/remove`, { ids: [id] }, { lang: 'en' });
    expect(en.json().message).toMatch(/and 2 more$/);
  });
});

describe('who may do what', () => {
  it('remove needs ticket-state.edit, restore and empty need field.delete (the spec’s key index)', async () => {
    const a = await create({ name: unique('甲'), code: unique('KEYA'), status: 'PENDING' });
    const b = await create({ name: unique('乙'), code: unique('KEYB'), status: 'PENDING' });
    // the field.delete holder cannot remove, the ticket-state.edit holder can
    const denied = await trashKeeper.post(`${BASE}/remove`, { ids: [a] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('ticket-state.edit');
    await ok(editor.post(`${BASE}/remove`, { ids: [a, b] }));
    // the ticket-state.edit holder cannot restore or empty; the field.delete holder can
    for (const call of ['restore', 'empty']) {
      const res = await editor.post(`${BASE}/${call}`, { ids: [a] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('没有权限执行此操作（需要权限 field.delete）');
    }
    expect(await ok(trashKeeper.post(`${BASE}/restore`, { ids: [a] }))).toEqual({ ids: [a], deleted: 'NONE' });
    expect(await ok(trashKeeper.post(`${BASE}/empty`, { ids: [b] }))).toEqual({ ids: [b], deleted: 'BUFFER' });
    expect((await detail(a)).deleted).toBe('NONE');
    expect((await admin.post(`${BASE}/detail`, {}, { query: { stateId: b } })).statusCode).toBe(404);
  });

  it('a restore sent to remove is refused, never turned into a removal', async () => {
    const id = await create({ name: unique('丙'), code: unique('KEYC'), status: 'PENDING' });
    await refused(admin.post(`${BASE}/remove`, { ids: [id], deleted: 'NONE' }), { field: 'deleted' });
    expect((await detail(id)).deleted).toBe('NONE');
  });

  it('the view key reads the states and nothing more', async () => {
    expect((await reader.post(`${BASE}/list`, {})).statusCode).toBe(200);
    const res = await reader.post(`${BASE}/create`, { name: '读者', code: 'READER', status: 'PENDING' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('ticket-state.edit');
  });
});

describe('the list', () => {
  it('filters by status group, system or own, and keyword on name or code', async () => {
    const code = unique('LISTX');
    const id = await create({ name: '列表专用', code, status: 'SUSPENDED' });
    const suspended = (await ok(admin.post(`${BASE}/list`, { status: 'SUSPENDED' }))) as Json[];
    expect(suspended.every((s) => s.status === 'SUSPENDED')).toBe(true);
    expect(suspended.map((s) => s.id)).toContain(id);
    const own = (await ok(admin.post(`${BASE}/list`, { system: false }))) as Json[];
    expect(own.every((s) => s.system === false && s.tenantId === String(organizationId))).toBe(true);
    expect(((await ok(admin.post(`${BASE}/list`, { keyword: code }))) as Json[]).map((s) => s.id)).toEqual([id]);
    expect(((await ok(admin.post(`${BASE}/list`, { keyword: '列表专' }))) as Json[]).map((s) => s.id)).toEqual([id]);
    // the tree asks for every state at once: up to 500
    expect((await admin.post(`${BASE}/list`, { limit: 500 })).statusCode).toBe(200);
    expect((await admin.post(`${BASE}/list`, { limit: 501 })).json().field).toBe('limit');
  });
});
