/**
 * Ticket kinds as the ticket area needs them (tickets spec "Ticket kinds", §4, §5, §7): the attachment switch, the
 * attached custom fields, the ordered states, the nodes of the matrix, a kind's place in spaces, and the shield gate
 * refusing every edit of an ACTIVE kind when the screen is bypassed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskGroups, taskKindNodes, taskStates } from '../../src/db/schema/index.js';
import { createSystemStates } from '../../src/routes/task-state/system-states.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let reader: Caller;
let organizationId: number;
let outsiderOrganization: number;
/** the home organisation's ticket groups (one in the trash) and a user of each organisation */
const group = { after: '', callback: '', trashed: '', foreign: '' };
const staff = { admin: '', outsider: '' };

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, reader, organizationId } = await organisationWith(t, 'kinds', {
    admin: ['*'],
    reader: ['ticket-kind.view', 'ticket-space.view'],
  }));
  ({ admin: outsider, organizationId: outsiderOrganization } = await organisationWith(t, 'kinds-other', {
    admin: ['*'],
  }));
  const db = t.database.db;
  for (const org of [organizationId, outsiderOrganization]) await createSystemStates(db, org);
  // the organisation's own states: one live, one in the trash; the other organisation has a code of its own
  await db.insert(taskStates).values([
    { organizationId, name: '待回访', code: 'CALLBACK', statusGroup: 'PROCESSING', color: '#13c2c2' },
    { organizationId, name: '作废', code: 'VOID', statusGroup: 'CLOSED', color: '#8c8c8c', deleted: 'TRASH' },
    {
      organizationId: outsiderOrganization,
      name: '别家状态',
      code: 'THEIRS',
      statusGroup: 'PENDING',
      color: '#1677ff',
    },
  ]);
  const groups = await db
    .insert(taskGroups)
    .values([
      { organizationId, name: '售后一组', staffIds: [] },
      { organizationId, name: '回访组', staffIds: [] },
      { organizationId, name: '旧组', staffIds: [], deleted: 'TRASH' },
      { organizationId: outsiderOrganization, name: '别家组', staffIds: [] },
    ])
    .returning({ id: taskGroups.id, name: taskGroups.name });
  const groupId = (name: string) => String(groups.find((g) => g.name === name)!.id);
  Object.assign(group, {
    after: groupId('售后一组'),
    callback: groupId('回访组'),
    trashed: groupId('旧组'),
    foreign: groupId('别家组'),
  });
  staff.admin = (await ok(admin.post('/v3/auth/me'))).user.id;
  staff.outsider = (await ok(outsider.post('/v3/auth/me'))).user.id;
}, 60_000);
afterAll(async () => t?.close());

let serial = 0;
/** A new shielded kind of the home organisation, with `states` in its flow. */
async function newKind(states: string[] = [], more: Json = {}): Promise<string> {
  serial += 1;
  const { id } = await ok(
    admin.post('/v3/feed/task-kind/create', { name: `模版${serial}`, code: `K${serial}`, ...more }),
  );
  if (states.length > 0) await ok(admin.post('/v3/feed/task-kind/states', { id, stateCodes: states }));
  return id;
}
const detail = (kindId: string, as: Caller = admin) =>
  ok(as.post('/v3/feed/task-kind/detail', {}, { query: { kindId } }));
const saveStates = (id: string, stateCodes?: string[], lang?: 'en', more: Json = {}) =>
  admin.post('/v3/feed/task-kind/states', { id, stateCodes, ...more }, lang ? { lang } : {});
const node = (kindId: string, more: Json = {}) => ({
  kindId,
  name: '受理',
  handlerType: 'CREATOR',
  stateFrom: 'PENDING',
  stateTo: 'PROCESSING',
  ...more,
});
const saveNode = (body: Json, lang?: 'en') => admin.post('/v3/feed/task-kind/node/save', body, lang ? { lang } : {});
const setStatus = (id: string, status: 'ACTIVE' | 'INACTIVE') =>
  ok(admin.post('/v3/feed/task-kind/status', { ids: [id], status }));
async function field(name: string, code: string): Promise<string> {
  return (await ok(admin.post('/v3/feed/field/create', { name, code, type: 'INPUT' }))).id;
}
/** 400 with `field` and the message (in Chinese unless the call asked for English). */
async function refused(res: Promise<{ statusCode: number; json(): Json }>, field: string | undefined, message: string) {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ message, ...(field === undefined ? {} : { field }) });
  return answer.json();
}

describe('ticket kind: the record and its save (T-E03, T-V03..T-V06)', () => {
  it('requires a code (≤ 20) as well as a name (≤ 30); taskCode at most 10', async () => {
    const create = (body: Json) => admin.post('/v3/feed/task-kind/create', body);
    await refused(create({ name: '模版' }), 'code', 'code：此项为必填项');
    await refused(create({ name: '模版', code: '  ' }), 'code', 'code：此项为必填项');
    await refused(create({ name: '', code: 'A' }), 'name', 'name：此项为必填项');
    await refused(create({ name: '名'.repeat(31), code: 'A' }), 'name', 'name：不能超过 30 个字符');
    await refused(create({ name: '模版', code: 'C'.repeat(21) }), 'code', 'code：不能超过 20 个字符');
    await refused(
      create({ name: '模版', code: 'A', taskCode: 'T'.repeat(11) }),
      'taskCode',
      'taskCode：不能超过 10 个字符',
    );
    const { id } = await ok(create({ name: '名'.repeat(30), code: 'C'.repeat(20), taskCode: 'T'.repeat(10) }));
    expect(await detail(id)).toMatchObject({
      type: 'TICKET',
      status: 'INACTIVE',
      attachmentRequired: 0,
      fileRequired: 0,
    });
  });

  it('saves the attachment switch as 1 or 0, reads fileRequired as its other name, refuses anything else', async () => {
    const on = await newKind([], { attachmentRequired: 1 });
    expect(await detail(on)).toMatchObject({ attachmentRequired: 1, fileRequired: 1 });
    const alias = await newKind([], { fileRequired: 1 });
    expect(await detail(alias)).toMatchObject({ attachmentRequired: 1, fileRequired: 1 });
    // a change that sends the switch off turns it off
    await ok(
      admin.post('/v3/feed/task-kind/change', { ...(await detail(on)), attachmentRequired: 0, fileRequired: 0 }),
    );
    expect(await detail(on)).toMatchObject({ attachmentRequired: 0 });
    for (const value of [2, true, '1'])
      await refused(
        admin.post('/v3/feed/task-kind/create', { name: '模版', code: 'A', attachmentRequired: value }),
        'attachmentRequired',
        'attachmentRequired：附件开关只能是 1 或 0',
      );
  });

  it('keeps the attached fields in order with their label and switches; a field chosen twice counts once (T-E04, T-V42)', async () => {
    const phone = await field('客户电话', 'kind_phone');
    const order = await field('订单号', 'kind_order');
    const id = await newKind([], {
      fields: [
        { fieldId: order, label: '原订单号', required: true, search: true },
        { fieldId: phone },
        { fieldId: order, label: '又一次', required: false },
      ],
    });
    expect((await detail(id)).fields).toEqual([
      {
        fieldId: order,
        fieldName: '订单号',
        fieldCode: 'kind_order',
        fieldType: 'INPUT',
        label: '原订单号',
        search: true,
        required: true,
      },
      // no label: the field's name
      {
        fieldId: phone,
        fieldName: '客户电话',
        fieldCode: 'kind_phone',
        fieldType: 'INPUT',
        label: '客户电话',
        search: false,
        required: false,
      },
    ]);
    // a field in the trash is left out of the kind (and comes back when restored)
    await ok(admin.post('/v3/feed/field/delete', { ids: [phone], deleted: 'TRASH' }));
    expect((await detail(id)).fields.map((f: Json) => f.fieldId)).toEqual([order]);
    await ok(admin.post('/v3/feed/field/delete', { ids: [phone], deleted: 'NONE' }));
    expect((await detail(id)).fields.map((f: Json) => f.fieldId)).toEqual([order, phone]);
  });

  it('refuses a field of another organisation, one in the trash and an unknown id, naming fields[i].fieldId', async () => {
    const mine = await field('备注', 'kind_note');
    const trashed = await field('旧字段', 'kind_old');
    await ok(admin.post('/v3/feed/field/delete', { ids: [trashed], deleted: 'TRASH' }));
    const foreign = (await ok(outsider.post('/v3/feed/field/create', { name: '别家', code: 'x', type: 'INPUT' }))).id;
    for (const id of [trashed, foreign, '999999'])
      await refused(
        admin.post('/v3/feed/task-kind/create', {
          name: '模版',
          code: 'A',
          fields: [{ fieldId: mine }, { fieldId: id }],
        }),
        'fields[1].fieldId',
        `自定义字段 ${id} 不存在`,
      );
  });

  it('serves the template’s field picker from the field list: live fields by keyword, not those in the trash (T-R32)', async () => {
    await field('投诉原因', 'pick_reason');
    const gone = await field('投诉渠道', 'pick_channel');
    await ok(admin.post('/v3/feed/field/delete', { ids: [gone], deleted: 'TRASH' }));
    const page = await ok(admin.post('/v3/feed/field/page', { keyword: '投诉' }, { query: { page: '1', size: '10' } }));
    expect(page.records.map((r: Json) => r.name)).toEqual(['投诉原因']);
  });
});

describe('the shield gate: an ACTIVE kind refuses every edit, whatever calls it (T-B01, T-B02)', () => {
  it('refuses save, states and nodes while ACTIVE with the spec’s two texts, and takes them once shielded', async () => {
    const id = await newKind(['PENDING', 'PROCESSING', 'CLOSED']);
    const { id: nodeId } = await ok(saveNode(node(id)));
    await setStatus(id, 'ACTIVE');
    const active = await detail(id);

    const change = await refused(
      admin.post('/v3/feed/task-kind/change', { ...active, name: '改名' }),
      undefined,
      '请先屏蔽，再编辑工单模版',
    );
    expect(change.code).toBe('KIND_ACTIVE');
    await refused(saveStates(id, ['PENDING', 'CLOSED']), undefined, '请先屏蔽，再编辑工单模版');
    await refused(saveNode(node(id, { stateTo: 'CLOSED' })), undefined, '请先屏蔽模版，再编辑模版节点');
    await refused(saveNode(node(id, { id: nodeId, name: '改名' })), undefined, '请先屏蔽模版，再编辑模版节点');
    await refused(
      admin.post('/v3/feed/task-kind/node/remove', { id: nodeId }),
      undefined,
      '请先屏蔽模版，再编辑模版节点',
    );
    const en = await saveNode(node(id, { stateTo: 'CLOSED' }), 'en');
    expect(en.json()).toMatchObject({
      code: 'KIND_ACTIVE',
      message: 'Deactivate the ticket kind before editing its nodes',
    });
    // nothing changed, and reading is fine
    const after = await detail(id);
    expect(after).toMatchObject({
      name: active.name,
      version: active.version,
      stateCodes: ['PENDING', 'PROCESSING', 'CLOSED'],
    });
    expect(after.nodes.map((n: Json) => n.name)).toEqual(['受理']);
    expect((await ok(saveStates(id))).stateCodes).toEqual(['PENDING', 'PROCESSING', 'CLOSED']);

    await setStatus(id, 'INACTIVE');
    await ok(admin.post('/v3/feed/task-kind/change', { ...(await detail(id)), name: '改名' }));
    await ok(saveNode(node(id, { id: nodeId, name: '受理并处理' })));
    await ok(saveStates(id, ['PENDING', 'PROCESSING']));
    expect(await detail(id)).toMatchObject({ name: '改名', stateCodes: ['PENDING', 'PROCESSING'] });
  });
});

describe('the ordered states of the flow: /v3/feed/task-kind/states (T-R09, T-V12, T-B03, T-B04)', () => {
  it('reads and saves the whole ordered list; the first state is the initial one; states answered as the organisation has them', async () => {
    const id = await newKind();
    expect(await ok(saveStates(id))).toMatchObject({ id, stateCodes: [], states: [] });
    const saved = await ok(saveStates(id, ['CALLBACK', 'PENDING', 'CLOSED']));
    expect(saved.stateCodes).toEqual(['CALLBACK', 'PENDING', 'CLOSED']);
    expect(saved.states).toEqual([
      expect.objectContaining({
        code: 'CALLBACK',
        name: '待回访',
        color: '#13c2c2',
        status: 'PROCESSING',
        tenantId: String(organizationId),
      }),
      expect.objectContaining({ code: 'PENDING', name: '待处理', color: '#1677ff', status: 'PENDING', tenantId: '0' }),
      expect.objectContaining({ code: 'CLOSED', name: '已关闭', status: 'CLOSED', tenantId: '0' }),
    ]);
    // reordered: saved as sent
    await ok(saveStates(id, ['PENDING', 'CALLBACK', 'CLOSED']));
    const shown = await detail(id);
    expect(shown.stateCodes).toEqual(['PENDING', 'CALLBACK', 'CLOSED']);
    expect(shown.states.map((s: Json) => s.name)).toEqual(['待处理', '待回访', '已关闭']);
    expect((await ok(reader.post('/v3/feed/task-kind/page', { keyword: shown.name }))).records[0].stateCodes).toEqual([
      'PENDING',
      'CALLBACK',
      'CLOSED',
    ]);
  });

  it('warns as the spec does: a state twice is “{state} 状态已经存在”, a blank one “请选择状态”', async () => {
    const id = await newKind(['PENDING']);
    await refused(saveStates(id, ['PENDING', 'CALLBACK', 'PENDING']), 'stateCodes[2]', '待处理 状态已经存在');
    await refused(saveStates(id, ['PENDING', '']), 'stateCodes[1]', '请选择状态');
    const en = await saveStates(id, ['CALLBACK', 'CALLBACK'], 'en');
    expect(en.json()).toMatchObject({ field: 'stateCodes[1]', message: 'The state 待回访 is already in the flow' });
    expect((await detail(id)).stateCodes).toEqual(['PENDING']);
  });

  it('takes only live states of the organisation: one in the trash, another organisation’s, an unknown code are refused', async () => {
    const id = await newKind();
    for (const code of ['VOID', 'THEIRS', 'NOPE'])
      await refused(saveStates(id, ['PENDING', code]), 'stateCodes[1]', `状态 ${code} 不存在`);
  });

  it('removes the nodes on a state that leaves the list, in the same save; reordering keeps them', async () => {
    const id = await newKind(['PENDING', 'PROCESSING', 'RESOLVED', 'CLOSED']);
    await ok(saveNode(node(id)));
    await ok(saveNode(node(id, { name: '解决', stateFrom: 'PROCESSING', stateTo: 'RESOLVED' })));
    await ok(saveNode(node(id, { name: '关闭', stateFrom: 'RESOLVED', stateTo: 'CLOSED', handlerType: 'LAST' })));
    await ok(saveStates(id, ['CLOSED', 'RESOLVED', 'PROCESSING', 'PENDING']));
    expect((await detail(id)).nodes).toHaveLength(3);
    await ok(saveStates(id, ['PENDING', 'RESOLVED', 'CLOSED']));
    expect((await detail(id)).nodes.map((n: Json) => n.name)).toEqual(['关闭']);
    const rows = await t.database.db
      .select()
      .from(taskKindNodes)
      .where(eq(taskKindNodes.kindId, Number(id)));
    expect(rows.map((r) => r.name)).toEqual(['关闭']);
  });

  it('moves the kind’s version on, checks the one sent (409 when stale), and answers 404 for another organisation’s kind', async () => {
    const id = await newKind();
    const { version } = await detail(id);
    const saved = await ok(saveStates(id, ['PENDING'], undefined, { version }));
    expect(saved.version).toBe(version + 1);
    const stale = await saveStates(id, ['PENDING', 'CLOSED'], undefined, { version });
    expect(stale.statusCode).toBe(409);
    const foreign = await outsider.post('/v3/feed/task-kind/states', { id, stateCodes: ['PENDING'] });
    expect(foreign.statusCode).toBe(404);
    expect((await outsider.post('/v3/feed/task-kind/states', { id })).statusCode).toBe(404);
  });

  it('needs ticket-kind.edit: a reader is refused (403) even for a read', async () => {
    const id = await newKind(['PENDING']);
    expect((await reader.post('/v3/feed/task-kind/states', { id })).statusCode).toBe(403);
    // the reader reads the flow from the detail
    expect((await detail(id, reader)).stateCodes).toEqual(['PENDING']);
  });
});

describe('the nodes of the matrix: /node/save and /node/remove (T-R07, T-R08, T-E05, T-V07..T-V11)', () => {
  it('creates a node with alarm 10 and timeout 720 by default, changes it by id, answers them in matrix order with handler names', async () => {
    const id = await newKind(['PENDING', 'PROCESSING', 'CLOSED']);
    const { id: closing } = await ok(
      saveNode(
        node(id, {
          name: '关闭',
          stateFrom: 'PROCESSING',
          stateTo: 'CLOSED',
          handlerType: 'STAFF',
          handlerIds: [staff.admin],
        }),
      ),
    );
    const { id: taking } = await ok(
      saveNode(node(id, { handlerType: 'GROUP', handlerIds: [group.after, group.callback, group.after] })),
    );
    const shown = await detail(id);
    expect(shown.nodes).toEqual([
      {
        id: taking,
        name: '受理',
        kindId: id,
        handlerType: 'GROUP',
        handlerIds: [group.after, group.callback],
        handlers: [
          { id: group.after, name: '售后一组' },
          { id: group.callback, name: '回访组' },
        ],
        stateFrom: 'PENDING',
        stateTo: 'PROCESSING',
        alarmMinutes: 10,
        timeoutMinutes: 720,
      },
      expect.objectContaining({ id: closing, handlerType: 'STAFF', handlers: [{ id: staff.admin, name: 'admin' }] }),
    ]);
    await ok(
      saveNode(node(id, { id: taking, name: '受理2', handlerType: 'LAST', alarmMinutes: 0, timeoutMinutes: 0 })),
    );
    expect((await detail(id)).nodes[0]).toMatchObject({
      id: taking,
      name: '受理2',
      handlerType: 'LAST',
      handlerIds: [],
      alarmMinutes: 0,
      timeoutMinutes: 0,
    });
  });

  it('checks name (required, ≤ 30), handler type (required), and the minutes (whole, ≥ 0)', async () => {
    const id = await newKind(['PENDING', 'PROCESSING']);
    await refused(saveNode(node(id, { name: ' ' })), 'name', 'name：此项为必填项');
    await refused(saveNode(node(id, { name: '节'.repeat(31) })), 'name', 'name：不能超过 30 个字符');
    const noType = await saveNode(node(id, { handlerType: undefined }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json().field).toBe('handlerType');
    const badType = await saveNode(node(id, { handlerType: 'ANYONE' }));
    expect(badType.json().field).toBe('handlerType');
    await refused(saveNode(node(id, { alarmMinutes: -1 })), 'alarmMinutes', 'alarmMinutes：不能小于 0');
    await refused(saveNode(node(id, { timeoutMinutes: -5 })), 'timeoutMinutes', 'timeoutMinutes：不能小于 0');
    await refused(saveNode(node(id, { alarmMinutes: 1.5 })), 'alarmMinutes', 'alarmMinutes：必须是整数');
    expect((await detail(id)).nodes).toEqual([]);
    await ok(saveNode(node(id, { name: '节'.repeat(30) })));
  });

  it('needs handlers for GROUP and STAFF, none for CREATOR and LAST; each a live ticket group or staff of the organisation', async () => {
    const id = await newKind(['PENDING', 'PROCESSING']);
    for (const handlerType of ['GROUP', 'STAFF'])
      await refused(saveNode(node(id, { handlerType, handlerIds: [] })), 'handlerIds', '请选择处理人');
    for (const handlerType of ['CREATOR', 'LAST'])
      await refused(
        saveNode(node(id, { handlerType, handlerIds: [group.after] })),
        'handlerIds',
        '创建人、上一处理人类型不选择处理人',
      );
    for (const other of [group.trashed, group.foreign, '999999'])
      await refused(
        saveNode(node(id, { handlerType: 'GROUP', handlerIds: [group.after, other] })),
        'handlerIds[1]',
        `工单组 ${other} 不存在`,
      );
    await refused(
      saveNode(node(id, { handlerType: 'STAFF', handlerIds: [staff.outsider] })),
      'handlerIds[0]',
      `员工 ${staff.outsider} 不存在`,
    );
    expect((await detail(id)).nodes).toEqual([]);
  });

  it('sits on a cell of the matrix: from ≠ to, both in the flow, one node a cell', async () => {
    const id = await newKind(['PENDING', 'PROCESSING']);
    await refused(saveNode(node(id, { stateTo: 'PENDING' })), 'stateTo', '起止状态不能相同');
    await refused(saveNode(node(id, { stateTo: 'CLOSED' })), 'stateTo', '状态 已关闭 不在模版的状态流中');
    await refused(saveNode(node(id, { stateFrom: 'THEIRS' })), 'stateFrom', '状态 THEIRS 不在模版的状态流中');
    await refused(saveNode(node(id, { stateFrom: '' })), 'stateFrom', 'stateFrom：请选择状态');
    const { id: first } = await ok(saveNode(node(id)));
    await refused(saveNode(node(id, { name: '又一个' })), 'stateTo', '待处理 → 处理中 已有节点');
    // the same node saved again on its own cell is no duplicate; the reverse cell is another cell
    await ok(saveNode(node(id, { id: first, name: '受理（改）' })));
    await ok(saveNode(node(id, { name: '退回', stateFrom: 'PROCESSING', stateTo: 'PENDING', handlerType: 'LAST' })));
    expect((await detail(id)).nodes.map((n: Json) => [n.stateFrom, n.stateTo, n.name])).toEqual([
      ['PENDING', 'PROCESSING', '受理（改）'],
      ['PROCESSING', 'PENDING', '退回'],
    ]);
  });

  it('keeps a node with its kind: another kind’s node id is refused, another organisation’s is 404', async () => {
    const a = await newKind(['PENDING', 'PROCESSING']);
    const b = await newKind(['PENDING', 'PROCESSING']);
    const { id: nodeOfA } = await ok(saveNode(node(a)));
    await refused(saveNode(node(b, { id: nodeOfA })), 'id', `节点 ${nodeOfA} 不属于该工单模版`);
    expect((await outsider.post('/v3/feed/task-kind/node/save', node(a, { id: nodeOfA }))).statusCode).toBe(404);
    expect((await outsider.post('/v3/feed/task-kind/node/remove', { id: nodeOfA })).statusCode).toBe(404);
    const unknown = await admin.post('/v3/feed/task-kind/node/remove', { id: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: '模版节点 999999 不存在' });
    await ok(admin.post('/v3/feed/task-kind/node/remove', { id: nodeOfA }));
    expect((await detail(a)).nodes).toEqual([]);
  });

  it('goes with its kind when the kind is emptied from the trash, and stays while the kind is only in the trash', async () => {
    const id = await newKind(['PENDING', 'PROCESSING']);
    await ok(saveNode(node(id)));
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(taskKindNodes)
          .where(eq(taskKindNodes.kindId, Number(id)))
      ).length;
    await ok(admin.post('/v3/feed/task-kind/delete', { ids: [id], deleted: 'TRASH' }));
    expect(await count()).toBe(1);
    // a kind in the trash takes no node
    const trashed = await saveNode(node(id, { stateFrom: 'PROCESSING', stateTo: 'PENDING' }));
    expect(trashed.json()).toMatchObject({ code: 'IN_TRASH' });
    await ok(admin.post('/v3/feed/task-kind/delete', { ids: [id], deleted: 'BUFFER' }));
    expect(await count()).toBe(0);
  });
});

describe('a kind in spaces: /space/save and /space/remove (T-R11, T-R12)', () => {
  const createSpace = async (name: string, type = 'TICKET', kindIds: string[] = []) =>
    (await ok(admin.post('/v3/feed/space/create', { name, type, taskKindIds: kindIds }))).id as string;
  const spaceDetail = (spaceId: string) => ok(admin.post('/v3/feed/space/detail', {}, { query: { spaceId } }));

  it('appends a kind to a ticket space’s list (once), takes it out again, and moves the space’s version on', async () => {
    const a = await newKind();
    const b = await newKind();
    const spaceId = await createSpace('售后空间', 'TICKET', [a]);
    const before = await spaceDetail(spaceId);
    expect(await ok(admin.post('/v3/feed/task-kind/space/save', { kindId: b, spaceId }))).toEqual({
      spaceId,
      kindIds: [a, b],
    });
    // listed already: stays where it is
    expect((await ok(admin.post('/v3/feed/task-kind/space/save', { kindId: a, spaceId }))).kindIds).toEqual([a, b]);
    const after = await spaceDetail(spaceId);
    expect(after.taskKinds.map((k: Json) => k.kindId)).toEqual([a, b]);
    expect(after.version).toBe(before.version + 1);
    expect((await detail(b)).spaces).toEqual([{ spaceId, spaceName: '售后空间' }]);

    expect(await ok(admin.post('/v3/feed/task-kind/space/remove', { kindId: a, spaceId }))).toEqual({
      spaceId,
      kindIds: [b],
    });
    expect((await detail(a)).spaces).toEqual([]);
    // not listed: nothing changes
    expect((await ok(admin.post('/v3/feed/task-kind/space/remove', { kindId: a, spaceId }))).kindIds).toEqual([b]);
  });

  it('refuses a space of another type, a kind in the trash, and another organisation’s space or kind (404)', async () => {
    const kind = await newKind();
    const quick = await createSpace('快捷回复', 'CS_QUICK');
    await refused(
      admin.post('/v3/feed/task-kind/space/save', { kindId: kind, spaceId: quick }),
      'spaceId',
      '只有工单空间可以设置工单模版',
    );
    const spaceId = await createSpace('工单空间');
    const trashed = await newKind();
    await ok(admin.post('/v3/feed/task-kind/delete', { ids: [trashed], deleted: 'TRASH' }));
    const inTrash = await admin.post('/v3/feed/task-kind/space/save', { kindId: trashed, spaceId });
    expect(inTrash.json()).toMatchObject({ code: 'IN_TRASH' });
    for (const call of ['save', 'remove']) {
      expect((await outsider.post(`/v3/feed/task-kind/space/${call}`, { kindId: kind, spaceId })).statusCode).toBe(404);
      const theirs = (await ok(outsider.post('/v3/feed/space/create', { name: '别家', type: 'TICKET' }))).id;
      expect((await admin.post(`/v3/feed/task-kind/space/${call}`, { kindId: kind, spaceId: theirs })).statusCode).toBe(
        404,
      );
    }
    // a reader may not change spaces
    expect((await reader.post('/v3/feed/task-kind/space/save', { kindId: kind, spaceId })).statusCode).toBe(403);
  });
});
