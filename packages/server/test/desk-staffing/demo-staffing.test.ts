import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// a short STC-3 sample instead of the 4,090 dialogues: read when the demo seeder's module loads
vi.hoisted(() => {
  process.env.QCDESK_SESSIONS = new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url).pathname;
});

import { seedStore } from '../../src/seed/seed-store.js';
import { type Caller, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
const log: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await seedStore(t.database.db, { ...t.config, demo: true, adminPassword: 'demo-admin-password' }, (l) => log.push(l));
  admin = await signIn(t, 'admin', 'demo-admin-password');
}, 300_000);
afterAll(async () => t?.close());

describe('the demo desk is staffed', () => {
  it('has two service times and the STC-3 groups under a category, each online with receivers', async () => {
    const times = await ok(admin.post('/v3/chats/cs-time/list', {}));
    expect(times.map((x: Json) => x.name).sort()).toEqual(['周末与节假日', '工作日']);
    const groups = await ok(admin.post('/v3/chats/cs-group/list', {}));
    const byName = new Map(groups.map((g: Json) => [g.name, g]));
    expect(byName.get('微博客服')).toMatchObject({ type: 'CATEGORY', online: true });
    for (const name of ['售前咨询组', '售后服务组', '投诉处理组']) {
      const group = byName.get(name) as Json;
      expect(group).toMatchObject({ type: 'ONLINE', parentName: '微博客服', online: true });
      expect(group.agents.length).toBeGreaterThan(0);
      expect(group.agents.every((a: Json) => typeof a.agentNick === 'string')).toBe(true);
    }
    expect((byName.get('投诉处理组') as Json).config).toMatchObject({
      firstAssign: 'LAST_RECEIVER',
      secondAssign: 'IDLE_RATE',
      enterTimeoutRemind: { minutes: 3 },
    });
    expect((byName.get('售前咨询组') as Json).config).toMatchObject({ offlineGroupName: '售后服务组' });
  });

  it('has the STC-3 agents as records (the demo agent bound to his user) and the demo platform’s agents pulled', async () => {
    const agents = await ok(admin.post('/v3/chats/cs-agent/list', {}));
    const desk = agents.filter((a: Json) => a.callPlatform == null);
    expect(desk.map((a: Json) => a.id).sort()).toEqual(['1001', '1002', '1003', '1004', '1005', '1006']);
    expect(desk.find((a: Json) => a.id === '1001')).toMatchObject({ name: '王晓', nick: '小王' });
    expect(desk.find((a: Json) => a.id === '1001').userId).not.toBeNull();
    const pulled = agents.filter((a: Json) => a.callPlatform === 'demo-tel');
    expect(pulled.map((a: Json) => a.platformAgentId).sort()).toEqual(['T-1001', 'T-1002', 'T-1003']);
    expect(log.some((l) => l.startsWith('演示坐席 demo staffing'))).toBe(true);
  });
});
