/**
 * Tickets on the server: opening one from an ACTIVE kind (fields, attachment rule, QC origin), routing into ticket
 * groups, moving only along the kind's flow with the node's handler and deadlines, claiming, assigning, comments and
 * the list's filters. The templates are written straight into the store (ticket-fixtures.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskKinds, tickets } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { multipartFile } from '../helpers/uploads.js';
import { inspectedDesk, type Json, ok } from '../tasks/fixtures.js';
import { userIdOf, writeField, writeGroup, writeKind, writeStates } from './ticket-fixtures.js';

let t: TestApp;
let organizationId: number;
let admin: Caller;
let lead: Caller;
let reader: Caller;
let outsider: Caller;
const agent: Record<'a' | 'b' | 'c', Caller> = {} as never;
const id = { admin: 0, lead: 0, a: 0, b: 0, c: 0 };
const kind = { complaint: 0, inactive: 0, trashed: 0, empty: 0, withFile: 0, outsider: 0 };
const field = { phone: 0, topic: 0, note: 0, amount: 0 };
let group = 0;
let aiRows: Json[] = [];

/** 投诉处理: 待处理 → 处理中 (the group) ⇄ 待客户回复 (STAFF c, back: LAST) → 已解决 (CREATOR) → 已关闭 */
const FLOW = ['PENDING', 'PROCESSING', 'WAIT_CUSTOMER', 'RESOLVED', 'CLOSED'];

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const made = await organisationWith(t, 'tickets', {
    admin: ['*'],
    lead: ['ticket.view', 'ticket.edit', 'ticket.manage'],
    reader: ['ticket.view'],
    a: ['ticket.view', 'ticket.edit'],
    b: ['ticket.view', 'ticket.edit'],
    c: ['ticket.view', 'ticket.edit'],
  });
  ({ organizationId, admin, lead, reader } = made);
  agent.a = made.a;
  agent.b = made.b;
  agent.c = made.c;
  const other = await organisationWith(t, 'tickets-other', { admin: ['*'] });
  outsider = other.admin;
  for (const who of ['admin', 'lead'] as const) id[who] = await userIdOf(made[who]);
  for (const who of ['a', 'b', 'c'] as const) id[who] = await userIdOf(agent[who]);
  await writeStates(db, organizationId, [{ code: 'WAIT_CUSTOMER', name: '待客户回复', statusGroup: 'SUSPENDED' }]);
  await writeStates(db, other.organizationId);
  group = await writeGroup(db, organizationId, { name: '售后组', staffIds: [id.a, id.b], capacity: 2 });
  field.phone = await writeField(db, organizationId, { name: '客户电话', code: 'phone', type: 'PHONE' });
  field.topic = await writeField(db, organizationId, {
    name: '问题类型',
    code: 'topic',
    type: 'RADIO',
    options: [
      { label: '物流', value: 'SHIP' },
      { label: '质量', value: 'QUALITY' },
    ],
  });
  field.note = await writeField(db, organizationId, { name: '说明', code: 'note', type: 'TEXTAREA' });
  field.amount = await writeField(db, organizationId, { name: '金额', code: 'amount', type: 'NUMBER' });
  kind.complaint = (
    await writeKind(db, organizationId, {
      name: '投诉处理',
      taskCode: 'TS',
      states: FLOW,
      fields: [
        { fieldId: field.phone, label: '联系电话', required: true },
        { fieldId: field.topic, required: true },
        { fieldId: field.note },
        { fieldId: field.amount },
      ],
      nodes: [
        {
          from: 'PENDING',
          to: 'PROCESSING',
          name: '受理',
          handlerType: 'GROUP',
          handlerIds: [group],
          alarmMinutes: 30,
          timeoutMinutes: 120,
        },
        {
          from: 'PROCESSING',
          to: 'WAIT_CUSTOMER',
          name: '等客户',
          handlerType: 'STAFF',
          handlerIds: [id.c],
          alarmMinutes: 60,
          timeoutMinutes: 1440,
        },
        { from: 'WAIT_CUSTOMER', to: 'PROCESSING', name: '客户已回复', handlerType: 'LAST' },
        { from: 'PROCESSING', to: 'RESOLVED', name: '解决', handlerType: 'CREATOR' },
        { from: 'RESOLVED', to: 'CLOSED', name: '关闭', handlerType: 'CREATOR' },
      ],
    })
  ).kindId;
  kind.inactive = (await writeKind(db, organizationId, { name: '停用模版', status: 'INACTIVE', states: FLOW })).kindId;
  kind.trashed = (await writeKind(db, organizationId, { name: '回收站模版', states: FLOW })).kindId;
  await db.update(taskKinds).set({ deleted: 'TRASH' }).where(eq(taskKinds.id, kind.trashed));
  kind.empty = (await writeKind(db, organizationId, { name: '空模版', states: [] })).kindId;
  kind.withFile = (
    await writeKind(db, organizationId, { name: '退换货', taskCode: 'RT', states: FLOW, attachmentRequired: true })
  ).kindId;
  kind.outsider = (await writeKind(db, other.organizationId, { name: '别家模版', states: FLOW })).kindId;
  ({ aiRows } = await inspectedDesk(t, admin));
}, 240_000);
afterAll(async () => t?.close());

const good = () => ({
  kindId: String(kind.complaint),
  title: '快递三天未送达',
  fieldValues: { [field.phone]: '138 0013 8000', [field.topic]: 'SHIP' },
});
const open = async (body: Json = {}, as: Caller = agent.a) =>
  (await ok(as.post('/v3/feed/ticket/create', { ...good(), ...body }))).id as string;
const detail = (ticketId: string, as: Caller = admin) =>
  ok(as.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));
const move = (ticketId: string, version: number, stateTo: string, as: Caller, remark?: string) =>
  as.post('/v3/feed/ticket/move', { id: ticketId, version, stateTo, remark });
const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

describe('opening a ticket', () => {
  it('starts in the first state of an ACTIVE kind, numbered by the kind’s prefix, handled by its creator', async () => {
    const first = await open();
    const second = await open({ title: '第二张' });
    const d = await detail(first);
    expect(d).toMatchObject({
      title: '快递三天未送达',
      kindName: '投诉处理',
      stateCode: 'PENDING',
      stateName: '待处理',
      statusGroup: 'PENDING',
      handlerId: String(id.a),
      handlerName: 'a',
      groupId: null,
      fieldValues: { [field.phone]: '138 0013 8000', [field.topic]: 'SHIP' },
    });
    expect(d.number).toMatch(/^TS\d{6}$/);
    const next = await detail(second);
    expect(Number(next.number.slice(2))).toBe(Number(d.number.slice(2)) + 1);
    // no node brought it into its first state: the node defaults watch it (10 and 720 minutes)
    expect(minutesBetween(d.stateSince, d.alarmAt)).toBe(10);
    expect(minutesBetween(d.stateSince, d.timeoutAt)).toBe(720);
    expect(d.events.map((e: Json) => e.type)).toEqual(['CREATED', 'ASSIGNED']);
    expect(d.events[0]).toMatchObject({ toState: 'PENDING', toStateName: '待处理', actorName: 'a' });
    expect(d.events[1]).toMatchObject({ handlerId: String(id.a), routed: false });
    // the moves the flow allows from 待处理: one, into the group
    expect(d.moves).toEqual([
      expect.objectContaining({
        stateTo: 'PROCESSING',
        stateName: '处理中',
        nodeName: '受理',
        handlerType: 'GROUP',
        handlers: [{ id: String(group), name: '售后组' }],
        alarmMinutes: 30,
        timeoutMinutes: 120,
      }),
    ]);
    // its handler may move and hand it on; another agent only comment; a manager (admin) may do both
    expect((await detail(first, agent.a)).actions).toEqual({ move: true, claim: false, assign: true, comment: true });
    expect((await detail(first, agent.b)).actions).toEqual({ move: false, claim: false, assign: false, comment: true });
    expect((await detail(first, reader)).actions).toMatchObject({ move: false, comment: false });
    expect(d.actions).toMatchObject({ move: true, assign: true });
  });

  it('refuses kinds that are shielded, in the trash, without states, unknown or another organisation’s', async () => {
    const refuse = async (kindId: number | string, code: string, text: string) => {
      const res = await agent.a.post('/v3/feed/ticket/create', { ...good(), kindId: String(kindId) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, field: 'kindId' });
      expect(res.json().message).toContain(text);
    };
    await refuse(kind.inactive, 'KIND_INACTIVE', '工单模版“停用模版”未启用，不能新建工单');
    await refuse(kind.trashed, 'KIND_INACTIVE', '未启用');
    await refuse(kind.empty, 'KIND_NO_STATES', '还没有状态');
    await refuse(kind.outsider, 'INVALID_FIELD', `工单模版 ${kind.outsider} 不存在`);
    await refuse('x1', 'INVALID_FIELD', '不存在');
    const en = await agent.a.post(
      '/v3/feed/ticket/create',
      { ...good(), kindId: String(kind.inactive) },
      { lang: 'en' },
    );
    expect(en.json().message).toBe('Ticket kind "停用模版" is not active; no tickets can be opened from it');
  });

  it('checks the kind’s fields: required ones, each type’s values, options, fields the kind does not have', async () => {
    const refuse = async (fieldValues: Json, field: string, text: string) => {
      const res = await agent.a.post('/v3/feed/ticket/create', { ...good(), fieldValues });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FIELD', field });
      expect(res.json().message).toBe(`${field}：${text}`);
    };
    await refuse({ [field.topic]: 'SHIP' }, `fieldValues.${field.phone}`, '此项为必填项');
    await refuse({ [field.phone]: '   ', [field.topic]: 'SHIP' }, `fieldValues.${field.phone}`, '此项为必填项');
    await refuse(
      { [field.phone]: 'call me', [field.topic]: 'SHIP' },
      `fieldValues.${field.phone}`,
      '电话号码格式不正确',
    );
    await refuse(
      { [field.phone]: '13800138000', [field.topic]: 'PRICE' },
      `fieldValues.${field.topic}`,
      '选项 PRICE 不存在',
    );
    await refuse(
      { ...good().fieldValues, [field.amount]: 'twelve' },
      `fieldValues.${field.amount}`,
      '取值不符合字段类型',
    );
    await refuse({ ...good().fieldValues, 99999: 'x' }, 'fieldValues.99999', '工单模版没有字段 99999');
    const blank = await agent.a.post('/v3/feed/ticket/create', { ...good(), title: '  ' });
    expect(blank.json()).toMatchObject({ field: 'title', message: 'title：请填写工单标题' });
    // optional fields left empty are not kept; filled ones are, text trimmed
    const kept = await open({
      fieldValues: { ...good().fieldValues, [field.note]: '  客户很着急 ', [field.amount]: '' },
    });
    expect((await detail(kept)).fieldValues).toEqual({
      [field.phone]: '138 0013 8000',
      [field.topic]: 'SHIP',
      [field.note]: '客户很着急',
    });
    // the detail lists the kind's fields with their labels, types and options for the screen
    expect((await detail(kept)).fields.map((f: Json) => [f.label, f.type, f.required])).toEqual([
      ['联系电话', 'PHONE', true],
      ['问题类型', 'RADIO', true],
      ['说明', 'TEXTAREA', false],
      ['金额', 'NUMBER', false],
    ]);
  });

  it('needs an attachment when the kind says so: the caller’s own upload under ticket/attachment', async () => {
    const body = { kindId: String(kind.withFile), title: '换货', fieldValues: {} };
    const missing = await agent.a.post('/v3/feed/ticket/create', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'attachments', message: '该工单模版须上传附件' });
    const upload = async (who: Caller) => {
      const file = multipartFile('发票.txt', '发票号 123');
      const res = await t.app.inject({
        method: 'POST',
        url: '/v3/worker/center/upload?dir=ticket/attachment',
        payload: file.payload,
        headers: { ...file.headers, cookie: who.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().path as string;
    };
    const others = await upload(agent.b);
    const notMine = await agent.a.post('/v3/feed/ticket/create', {
      ...body,
      attachments: [{ name: '发票.txt', path: others }],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachments[0].path' });
    const mine = await upload(agent.a);
    const ticketId = await open({ ...body, attachments: [{ name: '发票.txt', path: mine }] });
    const d = await detail(ticketId);
    expect(d.number).toMatch(/^RT\d{6}$/);
    expect(d.attachments).toEqual([{ name: '发票.txt', path: mine }]);
    // whoever may view tickets may download it; another organisation may not
    const download = (who: Caller) =>
      t.app.inject({
        method: 'GET',
        url: `/v3/worker/center/download?path=${encodeURIComponent(mine)}`,
        headers: { cookie: who.cookie },
      });
    expect((await download(reader)).statusCode).toBe(200);
    expect((await download(outsider)).statusCode).toBe(404);
  });

  it('opens a ticket from an AI result: the session follows from the result; both must be the organisation’s', async () => {
    const result = aiRows[0];
    const ticketId = await open({ title: `会话 ${result.sessionId} 跟进`, aiResultId: result.id }, admin);
    expect(await detail(ticketId)).toMatchObject({ sessionId: result.sessionId, aiResultId: result.id });
    const bySession = await ok(admin.post('/v3/feed/ticket/page', { sessionId: result.sessionId }));
    expect(bySession.records.map((r: Json) => r.id)).toEqual([ticketId]);
    const mismatch = await admin.post('/v3/feed/ticket/create', {
      ...good(),
      aiResultId: result.id,
      sessionId: aiRows[1].sessionId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ field: 'aiResultId' });
    expect(mismatch.json().message).toContain(`不属于会话 ${aiRows[1].sessionId}`);
    const foreign = await outsider.post('/v3/feed/ticket/create', {
      kindId: String(kind.outsider),
      title: '越权',
      aiResultId: result.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: 'aiResultId', message: `智能质检结果 ${result.id} 不存在` });
    const noSession = await admin.post('/v3/feed/ticket/create', { ...good(), sessionId: 'no-such-session' });
    expect(noSession.json()).toMatchObject({ field: 'sessionId' });
  });
});

describe('routing into a ticket group', () => {
  it('LOAD gives each ticket to the member with the fewest, never above capacity; then tickets wait, and a member claims one', async () => {
    const db = t.database.db;
    const capped = await writeGroup(db, organizationId, { name: '两人组', staffIds: [id.b, id.c], capacity: 1 });
    const routed: Json[] = [];
    for (let i = 0; i < 3; i++) routed.push(await detail(await open({ title: `路由 ${i}`, groupId: String(capped) })));
    expect(routed.map((r) => r.handlerId)).toEqual([String(id.b), String(id.c), null]);
    expect(routed.map((r) => r.groupName)).toEqual(['两人组', '两人组', '两人组']);
    expect(routed[2].events[1]).toMatchObject({ type: 'ASSIGNED', groupName: '两人组', handlerId: null, routed: true });
    const waiting = routed[2];
    // the list's tabs: waiting in my groups
    const mine = await ok(agent.b.post('/v3/feed/ticket/page', { handler: 'MY_GROUPS' }));
    expect(mine.records.map((r: Json) => r.id)).toContain(waiting.id);
    expect(mine.waitingNum).toBeGreaterThanOrEqual(1);
    const waitingTab = await ok(agent.c.post('/v3/feed/ticket/page', { view: 'WAITING' }));
    expect(waitingTab.records.map((r: Json) => r.id)).toContain(waiting.id);
    expect(waitingTab.total).toBe(waitingTab.waitingNum);
    expect((await detail(waiting.id, agent.b)).actions.claim).toBe(true);
    // not a member: refused; a member may claim above capacity (a person's choice)
    const stranger = await agent.a.post('/v3/feed/ticket/claim', { id: waiting.id, version: waiting.version });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'NOT_MEMBER', message: '只有工单组“两人组”的成员可以认领' });
    await ok(agent.b.post('/v3/feed/ticket/claim', { id: waiting.id, version: waiting.version }));
    const claimed = await detail(waiting.id);
    expect(claimed.handlerId).toBe(String(id.b));
    expect(claimed.events.at(-1)).toMatchObject({ type: 'CLAIMED', handlerName: 'b', groupName: '两人组' });
    // the list's tabs move it from 待认领 to the claimer's 我的待办
    const tab = async (view: string) =>
      (await ok(agent.b.post('/v3/feed/ticket/page', { view }))).records.map((r: Json) => r.id);
    expect(await tab('WAITING')).not.toContain(waiting.id);
    expect(await tab('MINE')).toContain(waiting.id);
    const again = await agent.c.post('/v3/feed/ticket/claim', { id: waiting.id });
    expect(again.json()).toMatchObject({ code: 'NOT_WAITING', message: '该工单已有处理人，不能认领' });
  });

  it('refuses a group that is not live and enabled', async () => {
    const off = await writeGroup(t.database.db, organizationId, {
      name: '停用组',
      staffIds: [id.a],
      status: 'INACTIVE',
    });
    const res = await agent.a.post('/v3/feed/ticket/create', { ...good(), groupId: String(off) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'groupId', message: `工单组 ${off} 不存在或未启用` });
  });
});

describe('moving along the kind’s flow', () => {
  it('refuses what the matrix does not allow, even when the screen is bypassed, and leaves the ticket as it was', async () => {
    const ticketId = await open();
    const before = await detail(ticketId);
    const tries: [string, string][] = [
      ['RESOLVED', '模版的状态流不允许这一步流转'],
      ['CLOSED', '模版的状态流不允许这一步流转'],
      ['PENDING', '工单已在该状态'],
      ['NOWHERE', '状态不在模版的状态流中'],
    ];
    for (const [stateTo, text] of tries) {
      const res = await move(ticketId, before.version, stateTo, agent.a);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MOVE_REFUSED', field: 'stateTo', message: text });
    }
    const en = await agent.a.post(
      '/v3/feed/ticket/move',
      { id: ticketId, version: before.version, stateTo: 'RESOLVED' },
      { lang: 'en' },
    );
    expect(en.json().message).toBe('The ticket kind’s flow does not allow this move');
    const after = await detail(ticketId);
    expect(after).toMatchObject({ stateCode: 'PENDING', version: before.version });
    expect(after.events).toEqual(before.events);
  });

  it('lets only the handler move it, or a holder of ticket.manage', async () => {
    const ticketId = await open();
    const d = await detail(ticketId);
    const viewer = await move(ticketId, d.version, 'PROCESSING', reader);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toContain('ticket.edit');
    const other = await move(ticketId, d.version, 'PROCESSING', agent.b);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'NOT_HANDLER', message: '只有当前处理人可以处理该工单' });
    expect((await detail(ticketId, agent.b)).actions).toMatchObject({ move: false, assign: false });
    await ok(move(ticketId, d.version, 'PROCESSING', lead));
    const stale = await move(ticketId, d.version, 'PROCESSING', lead);
    expect(stale.statusCode).toBe(409);
  });

  it('follows each node: GROUP routes, STAFF takes the least loaded, LAST goes back, CREATOR at the end; deadlines from the node', async () => {
    const ticketId = await open({ title: '全流程' }, agent.c);
    let d = await detail(ticketId);
    // 受理 (GROUP 售后组, LOAD): a or b, whoever has fewer open tickets in the group
    await ok(move(ticketId, d.version, 'PROCESSING', agent.c, '转售后'));
    d = await detail(ticketId);
    expect([String(id.a), String(id.b)]).toContain(d.handlerId);
    expect(d).toMatchObject({ stateCode: 'PROCESSING', groupName: '售后组', lastHandlerId: String(id.c) });
    expect(minutesBetween(d.stateSince, d.alarmAt)).toBe(30);
    expect(minutesBetween(d.stateSince, d.timeoutAt)).toBe(120);
    expect(d.events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'MOVED',
        fromState: 'PENDING',
        toState: 'PROCESSING',
        nodeName: '受理',
        remark: '转售后',
      }),
      expect.objectContaining({ type: 'ASSIGNED', groupName: '售后组', handlerId: d.handlerId, routed: true }),
    ]);
    const processor = d.handlerId === String(id.a) ? agent.a : agent.b;
    // 等客户 (STAFF c)
    await ok(move(ticketId, d.version, 'WAIT_CUSTOMER', processor));
    d = await detail(ticketId);
    expect(d).toMatchObject({ handlerId: String(id.c), groupId: null, statusGroup: 'SUSPENDED' });
    expect(minutesBetween(d.stateSince, d.timeoutAt)).toBe(1440);
    // 客户已回复 (LAST): back to who processed it
    await ok(move(ticketId, d.version, 'PROCESSING', agent.c));
    d = await detail(ticketId);
    expect(d.handlerId).toBe(processor === agent.a ? String(id.a) : String(id.b));
    // 解决 (CREATOR): back to c, who opened it; resolved tickets raise no alarms
    await ok(move(ticketId, d.version, 'RESOLVED', processor));
    d = await detail(ticketId);
    expect(d).toMatchObject({ handlerId: String(id.c), statusGroup: 'RESOLVED', alarmAt: null, timeoutAt: null });
    await ok(move(ticketId, d.version, 'CLOSED', agent.c));
    d = await detail(ticketId);
    expect(d).toMatchObject({ stateCode: 'CLOSED', stateName: '已关闭', moves: [] });
    expect(d.actions).toMatchObject({ move: false, assign: false });
    expect(d.events.filter((e: Json) => e.type === 'MOVED').map((e: Json) => e.toState)).toEqual([
      'PROCESSING',
      'WAIT_CUSTOMER',
      'PROCESSING',
      'RESOLVED',
      'CLOSED',
    ]);
    const ended = await agent.c.post('/v3/feed/ticket/assign', {
      id: ticketId,
      version: d.version,
      handlerId: String(id.a),
    });
    expect(ended.json()).toMatchObject({ code: 'TICKET_ENDED', message: '工单已结束' });
  });
});

describe('assigning and commenting', () => {
  it('hands a ticket to a person or into a group; only the handler or a manager', async () => {
    const ticketId = await open();
    let d = await detail(ticketId);
    const notMine = await agent.b.post('/v3/feed/ticket/assign', {
      id: ticketId,
      version: d.version,
      handlerId: String(id.b),
    });
    expect(notMine.statusCode).toBe(403);
    const both = await agent.a.post('/v3/feed/ticket/assign', {
      id: ticketId,
      version: d.version,
      handlerId: String(id.b),
      groupId: String(group),
    });
    expect(both.json()).toMatchObject({ field: 'handlerId', message: 'handlerId：请选择处理人或工单组（二选一）' });
    await ok(
      agent.a.post('/v3/feed/ticket/assign', {
        id: ticketId,
        version: d.version,
        handlerId: String(id.c),
        remark: '请协助',
      }),
    );
    d = await detail(ticketId);
    expect(d).toMatchObject({ handlerId: String(id.c), lastHandlerId: String(id.a) });
    expect(d.events.at(-1)).toMatchObject({
      type: 'ASSIGNED',
      handlerName: 'c',
      routed: false,
      remark: '请协助',
      actorName: 'a',
    });
    await ok(lead.post('/v3/feed/ticket/assign', { id: ticketId, version: d.version, groupId: String(group) }));
    d = await detail(ticketId);
    expect(d.groupName).toBe('售后组');
    expect(d.events.at(-1)).toMatchObject({ type: 'ASSIGNED', groupName: '售后组', routed: true, actorName: 'lead' });
    const unknown = await lead.post('/v3/feed/ticket/assign', {
      id: ticketId,
      version: d.version,
      handlerId: '999999',
    });
    expect(unknown.json()).toMatchObject({ field: 'handlerId', message: '员工 999999 不存在' });
  });

  it('adds remarks to the history without changing the ticket', async () => {
    const ticketId = await open();
    const before = await detail(ticketId);
    await ok(agent.b.post('/v3/feed/ticket/comment', { id: ticketId, remark: '客户来电催促' }));
    const after = await detail(ticketId);
    expect(after.version).toBe(before.version);
    expect(after.events.at(-1)).toMatchObject({ type: 'COMMENTED', remark: '客户来电催促', actorName: 'b' });
    const empty = await agent.b.post('/v3/feed/ticket/comment', { id: ticketId, remark: ' ' });
    expect(empty.json()).toMatchObject({ field: 'remark', message: 'remark：请填写备注' });
    expect((await outsider.post('/v3/feed/ticket/comment', { id: ticketId, remark: 'x' })).statusCode).toBe(404);
  });
});

describe('the ticket list', () => {
  it('filters by keyword, kind, state, status group, handler, overdue; counts my open tickets', async () => {
    const db = t.database.db;
    const late = await open({ title: '超时未处理的投诉' }, agent.b);
    const alarmed = await open({ title: '已预警的投诉' }, agent.b);
    await db
      .update(tickets)
      .set({ alarmAt: sql`now() - interval '2 hours'`, timeoutAt: sql`now() - interval '1 hour'` })
      .where(eq(tickets.id, Number(late)));
    await db
      .update(tickets)
      .set({ alarmAt: sql`now() - interval '1 minute'` })
      .where(eq(tickets.id, Number(alarmed)));
    const ids = async (body: Json, as: Caller = agent.b) =>
      (await ok(as.post('/v3/feed/ticket/page', body, { query: { page: '1', size: '500' } }))).records.map(
        (r: Json) => r.id,
      );
    expect(await ids({ overdue: 'TIMEOUT' })).toEqual([late]);
    expect((await ids({ overdue: 'ALARM' })).sort()).toEqual([alarmed, late].sort());
    const row = (await ok(agent.b.post('/v3/feed/ticket/page', { keyword: '超时未处理' }))).records[0];
    expect(row).toMatchObject({ id: late, alarmed: true, timedOut: true, stateName: '待处理', kindName: '投诉处理' });
    const number = row.number as string;
    expect(await ids({ keyword: number.toLowerCase() })).toEqual([late]);
    const mine = await ids({ handler: 'ME', open: true });
    expect(mine).toEqual(expect.arrayContaining([late, alarmed]));
    const page = await ok(agent.b.post('/v3/feed/ticket/page', { handler: 'ME', open: true }));
    expect(page.myNum).toBe(page.total);
    expect(await ids({ kindId: String(kind.withFile) }, admin)).toHaveLength(1);
    expect((await ids({ statusGroup: 'CLOSED' }, admin)).length).toBeGreaterThanOrEqual(1);
    expect(await ids({ stateCode: 'CLOSED', open: true }, admin)).toEqual([]);
    const bad = await agent.b.post('/v3/feed/ticket/page', { overdue: 'SOON' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('overdue');
    // another organisation sees none of them
    expect((await ok(outsider.post('/v3/feed/ticket/page', {}))).total).toBe(0);
    expect((await outsider.post('/v3/feed/ticket/detail', {}, { query: { ticketId: late } })).statusCode).toBe(404);
  });

  it('answers the create form’s choices: ACTIVE kinds with their fields, the groups with members, the staff', async () => {
    const options = await ok(agent.a.post('/v3/feed/ticket/options', {}));
    expect(options.kinds.map((k: Json) => k.name)).toEqual(['投诉处理', '退换货']);
    expect(options.kinds[1]).toMatchObject({ attachmentRequired: true, initialState: 'PENDING', taskCode: 'RT' });
    expect(options.kinds[0].fields[1]).toMatchObject({
      label: '问题类型',
      type: 'RADIO',
      options: [
        { label: '物流', value: 'SHIP' },
        { label: '质量', value: 'QUALITY' },
      ],
    });
    const shop = options.groups.find((g: Json) => g.name === '售后组');
    expect(shop.staff.map((s: Json) => s.name)).toEqual(['a', 'b']);
    expect(options.groups.map((g: Json) => g.name)).not.toContain('停用组');
    expect(options.states.map((s: Json) => s.code)).toContain('WAIT_CUSTOMER');
  });
});
