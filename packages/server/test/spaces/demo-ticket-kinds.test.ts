import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// a short STC-3 sample instead of the 4,090 dialogues: read when the demo seeder's module loads
vi.hoisted(() => {
  process.env.QCDESK_SESSIONS = new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url).pathname;
  delete process.env.QCDESK_MODEL_SERVER_PORT;
});

import { checkMove, flowProblems, initialState, type TicketFlow } from '@qcdesk/contracts';
import { seedStore } from '../../src/seed/seed-store.js';
import { type Caller, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await startTestApp();
  await seedStore(t.database.db, { ...t.config, demo: true, adminPassword: 'demo-admin-password' });
  admin = await signIn(t, 'admin', 'demo-admin-password');
}, 300_000);
afterAll(async () => t?.close());

const kindByName = async (name: string) => {
  const [row] = await ok(admin.post('/v3/feed/task-kind/list', { keyword: name }));
  return ok(admin.post('/v3/feed/task-kind/detail', {}, { query: { kindId: row.id } }));
};
const flowOf = (kind: Json): TicketFlow => ({ states: kind.stateCodes, nodes: kind.nodes });

describe('the demo ticket kinds', () => {
  it('投诉处理 and 退换货 are active, with two custom fields each, ordered states and a sound matrix of nodes', async () => {
    for (const name of ['投诉处理', '退换货']) {
      const kind = await kindByName(name);
      expect(kind.status, name).toBe('ACTIVE');
      expect(kind.fields, name).toHaveLength(2);
      expect(
        kind.states.map((s: Json) => s.code),
        name,
      ).toEqual(kind.stateCodes);
      expect(flowProblems(flowOf(kind)), name).toEqual([]);
      expect(initialState(flowOf(kind)), name).toBe('PENDING');
      // a ticket can get from the first state to 已关闭 along the nodes
      expect(checkMove(flowOf(kind), 'PENDING', 'PROCESSING').ok, name).toBe(true);
      expect(kind.stateCodes.at(-1), name).toBe('CLOSED');
    }
    const complaint = await kindByName('投诉处理');
    expect(complaint.fields.map((f: Json) => [f.label, f.fieldType, f.required])).toEqual([
      ['投诉内容', 'TEXTAREA', true],
      ['联系电话', 'PHONE', false],
    ]);
    // the organisation's own state 待回访 (the ticket groups and states step) joins the flow, with its nodes
    expect(complaint.states.map((s: Json) => s.name)).toEqual(['待处理', '处理中', '待回访', '已解决', '已关闭']);
    expect(
      complaint.nodes.map((n: Json) => [n.stateFrom, n.stateTo, n.handlerType, n.handlers.map((h: Json) => h.name)]),
    ).toEqual([
      ['PENDING', 'PROCESSING', 'GROUP', ['售后一组']],
      ['PROCESSING', 'PENDING', 'LAST', []],
      ['PROCESSING', 'CALLBACK', 'GROUP', ['回访组']],
      ['PROCESSING', 'RESOLVED', 'CREATOR', []],
      ['CALLBACK', 'CLOSED', 'LAST', []],
      ['RESOLVED', 'CLOSED', 'LAST', []],
    ]);
    const back = await kindByName('退换货');
    expect(back.states.map((s: Json) => s.name)).toEqual(['待处理', '处理中', '已退款', '已关闭']);
    const refund = back.nodes.find((n: Json) => n.stateTo === 'REFUNDED');
    expect(refund).toMatchObject({ handlerType: 'STAFF', handlers: [{ name: expect.any(String) }] });
  });

  it('refuses an edit of the active demo kind through the API, as the screen does', async () => {
    const kind = await kindByName('退换货');
    const res = await admin.post('/v3/feed/task-kind/states', { id: kind.id, stateCodes: ['PENDING'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'KIND_ACTIVE', message: '请先屏蔽，再编辑工单模版' });
  });
});
