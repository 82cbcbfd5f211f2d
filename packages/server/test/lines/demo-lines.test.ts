import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// a short STC-3 sample instead of the 4,090 dialogues: read when the demo seeder's module loads
vi.hoisted(() => {
  process.env.QCDESK_SESSIONS = new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url).pathname;
  delete process.env.QCDESK_MODEL_SERVER_PORT;
});

import { and, asc, eq } from 'drizzle-orm';
import { csGroups, csLines, grants, users } from '../../src/db/schema/index.js';
import { seedStore } from '../../src/seed/seed-store.js';
import { type Caller, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let organizationId: number;
const log: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await seedStore(t.database.db, { ...t.config, demo: true, adminPassword: 'demo-admin-password' }, (l) => log.push(l));
  admin = await signIn(t, 'admin', 'demo-admin-password');
  const [demo] = await t.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.username, 'admin'));
  organizationId = demo!.organizationId;
}, 300_000);
afterAll(async () => t?.close());

const demoLines = () =>
  t.database.db
    .select()
    .from(csLines)
    .where(and(eq(csLines.organizationId, organizationId), eq(csLines.deleted, 'NONE')))
    .orderBy(asc(csLines.id));

describe('the demo AI platform and chatbots', () => {
  it('has the platform of `qcdesk model-server` on this machine, and 小Q and 坐席助手 on it', async () => {
    const [platform] = await ok(admin.post('/v3/feed/ai-platform/list', { keyword: '本机模型服务' }));
    expect(platform).toMatchObject({ name: '本机模型服务', provider: 'HTTP', baseUrl: 'http://127.0.0.1:8765' });
    const bots = await ok(admin.post('/v3/chats/chatbot/list', {}));
    const byName = new Map(bots.map((b: Json) => [b.name, b]));
    expect(byName.get('小Q')).toMatchObject({ mode: 'QA', status: 'ACTIVE', platformName: '本机模型服务' });
    expect((byName.get('小Q') as Json).spaceIds).toHaveLength(1);
    expect(byName.get('坐席助手')).toMatchObject({ mode: 'AI', status: 'ACTIVE', platformName: '本机模型服务' });
  });
});

describe('the demo lines', () => {
  it('configures the STC-3 online line through every block', async () => {
    const line = (await demoLines()).find((l) => l.id === 1)!;
    expect(line).toMatchObject({ name: '微博客服-通信', type: 'ONLINE', status: 'ACTIVE', code: 'weibo-tel' });
    for (const key of ['appId', 'customerChatbotId', 'agentChatbotId', 'replySpaceId', 'ticketSpaceId'] as const)
      expect(line[key], key).not.toBeNull();
    expect(line.basicConfig).toEqual({ login: true });
    expect(line.navs).toEqual([]);
    // the defaults of a new line (reminders 3, reassignment 10 minutes) with the demo agent taking the overflow
    expect(line.agentConfig).toMatchObject({
      overloadServe: 'AGENT',
      overloadAgentId: '1001',
      enterTimeoutRemind: { minutes: 3 },
      enterTimeoutAssign: { minutes: 10 },
      sessionTimeoutRemind: { minutes: 3 },
      sessionTimeoutAssign: { minutes: 10 },
    });
    expect(line.waitingConfig).toMatchObject({ prompt: '您前面还有{X}位访客，请耐心等待', vipFirst: true });
    expect(line.promptConfig).toMatchObject({ welcome: '您好，我是客服{X}，很高兴为您服务' });
    expect(line.messageConfig).toMatchObject({ recall: true, recallMinutes: 2 });
    expect(line.noteConfig).toMatchObject({
      ticketSpaceId: String(line.ticketSpaceId),
      ticketKinds: [
        { kindName: '投诉处理', kindCode: 'COMPLAINT' },
        { kindName: '退换货', kindCode: 'RETURN' },
      ],
    });
  });

  it('has the hotline 售后热线 with two hotline skill groups and every block', async () => {
    const hotline = (await demoLines()).find((l) => l.name === '售后热线')!;
    expect(hotline).toMatchObject({ type: 'HOTLINE', status: 'ACTIVE', code: 'after-sales-hotline' });
    expect(hotline.id).toBeGreaterThan(2);
    for (const key of ['appId', 'ticketSpaceId', 'agentConfig', 'waitingConfig', 'noteConfig'] as const)
      expect(hotline[key], key).not.toBeNull();
    for (const key of ['promptConfig', 'messageConfig'] as const) expect(hotline[key], key).not.toBeNull();
    const groups = await t.database.db
      .select({ name: csGroups.name, type: csGroups.type })
      .from(csGroups)
      .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.type, 'HOTLINE')));
    expect(groups.map((g) => g.name).sort()).toEqual(['售后热线一组', '售后热线二组']);
    expect(hotline.hotlineGroupIds).toHaveLength(2);
  });

  it('answers both lines in the console with the names of what they bind', async () => {
    const hotline = (await demoLines()).find((l) => l.name === '售后热线')!;
    const detail = (lineId: string) => ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));
    expect(await detail('1')).toMatchObject({
      appName: '在线客服',
      customerChatbotNick: '小Q',
      agentChatbotNick: '坐席助手',
      replySpaceName: '常用快捷回复',
      ticketSpaceName: '售后工单',
      navs: [],
    });
    const answered = await detail(String(hotline.id));
    expect(answered).toMatchObject({ type: 'HOTLINE', ticketSpaceName: '售后工单' });
    expect(answered.hotlineGroups.map((g: Json) => g.groupName)).toEqual(['售后热线一组', '售后热线二组']);
  });

  it('grants both lines to the supervisor and the demo agent', async () => {
    const granted = await t.database.db
      .select({ targetId: grants.targetId, username: users.username })
      .from(grants)
      .innerJoin(users, eq(users.id, grants.memberId))
      .where(
        and(eq(grants.organizationId, organizationId), eq(grants.targetType, 'LINE'), eq(grants.memberType, 'STAFF')),
      )
      .orderBy(asc(grants.targetId), asc(users.username));
    const hotline = (await demoLines()).find((l) => l.name === '售后热线')!;
    expect(granted).toEqual([
      { targetId: 1, username: 'agent' },
      { targetId: 1, username: 'supervisor' },
      { targetId: hotline.id, username: 'agent' },
      { targetId: hotline.id, username: 'supervisor' },
    ]);
  });

  it('offers the demo lines to the task form and the result filters', async () => {
    const lines = await ok(admin.post('/v3/chats/session/directory', { kind: 'LINE' }));
    expect(lines.map((l: Json) => l.name)).toEqual(
      expect.arrayContaining(['微博客服-通信', '微博客服-支付与其他', '售后热线']),
    );
    expect(log.some((l) => l.startsWith('演示服务线路 demo lines:'))).toBe(true);
  });
});
