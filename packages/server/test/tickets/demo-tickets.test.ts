import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// a short STC-3 sample instead of the 4,090 dialogues: read when the demo seeder's module loads
vi.hoisted(() => {
  process.env.QCDESK_SESSIONS = new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url).pathname;
  delete process.env.QCDESK_MODEL_SERVER_PORT;
});

import { seedStore } from '../../src/seed/seed-store.js';
import { type Caller, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let log: string[];

beforeAll(async () => {
  t = await startTestApp();
  log = [];
  await seedStore(t.database.db, { ...t.config, demo: true, adminPassword: 'demo-admin-password' }, (line) =>
    log.push(line),
  );
  admin = await signIn(t, 'admin', 'demo-admin-password');
}, 300_000);
afterAll(async () => t?.close());

const all = async (body: Json = {}) =>
  (await ok(admin.post('/v3/feed/ticket/page', body, { query: { page: '1', size: '100' } }))).records as Json[];
const detail = (ticketId: string) => ok(admin.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));

describe('the demo tickets', () => {
  it('are opened from the lowest-scoring AI results, each linked to its session', async () => {
    const records = await all();
    expect(records).toHaveLength(4);
    const results = await ok(admin.post('/v3/chats/ai-result/list', {}));
    const lowest = [...results].sort((a: Json, b: Json) => a.aiScore - b.aiScore).slice(0, 4);
    expect(records.map((r) => r.aiResultId).sort()).toEqual(lowest.map((r: Json) => r.id).sort());
    for (const record of records) {
      const result = results.find((r: Json) => r.id === record.aiResultId);
      expect(record.sessionId).toBe(result.sessionId);
      expect(record.title).toContain(result.sessionId);
      expect(record.creatorName).toBe('质检员小李');
    }
    expect(log.some((line) => line.startsWith('演示工单 demo tickets: 4 张'))).toBe(true);
  });

  it('went along the demo flows: one closed through 处理中 and 已解决, one refunded, and they were routed in 售后一组', async () => {
    const [closed] = await all({ stateCode: 'CLOSED' });
    const history = (await detail(closed.id)).events;
    expect(history.filter((e: Json) => e.type === 'MOVED').map((e: Json) => e.toStateName)).toEqual([
      '处理中',
      '已解决',
      '已关闭',
    ]);
    const routed = history.find((e: Json) => e.type === 'ASSIGNED' && e.routed);
    expect(routed).toMatchObject({ groupName: '售后一组' });
    expect(['系统管理员', '主管老周', '坐席小王']).toContain(routed.handlerName);
    const [refunded] = await all({ stateCode: 'REFUNDED' });
    expect(refunded).toMatchObject({ kindName: '退换货', handlerName: '主管老周', statusGroup: 'RESOLVED' });
    expect((await all({ stateCode: 'PROCESSING' })).map((r) => r.groupName)).toEqual(['售后一组']);
  });

  it('has one ticket overdue: still 待处理, past its alarm and its timeout', async () => {
    const overdue = await all({ overdue: 'TIMEOUT' });
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ stateCode: 'PENDING', alarmed: true, timedOut: true, groupName: '售后一组' });
    expect(overdue[0].handlerId).not.toBeNull();
  });
});
