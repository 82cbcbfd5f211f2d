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
    // the demo's four online navigations, not time-divided (ids as the wire keeps them)
    expect(line.navs.map((nav) => nav.navKind)).toEqual(['SELF', 'BOTTOM', 'SIDE', 'GROUP']);
    expect(line.navs.every((nav) => nav.timeId === null && /^\d+$/.test(nav.navId))).toBe(true);
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
    });
    const online = await detail('1');
    expect(online.navs.map((nav: Json) => nav.navName)).toEqual([
      '微博客服自助导航',
      '微博客服底部导航',
      '微博客服侧边导航',
      '微博客服技能组分流',
    ]);
    // the skill groups its GROUP navigation routes to are its online groups
    expect(online.onlineGroups.map((g: Json) => g.groupName)).toEqual(['售前咨询组', '售后服务组', '投诉处理组']);
    const answered = await detail(String(hotline.id));
    expect(answered).toMatchObject({ type: 'HOTLINE', ticketSpaceName: '售后工单' });
    expect(answered.navs).toMatchObject([{ navKind: 'IVR', navName: '售后热线IVR导航' }]);
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

describe('the demo navigations', () => {
  const navs = async (body: Json = {}) => ok(admin.post('/v3/chats/cs-nav/list', body));

  it('has one of each kind, each used by a demo line', async () => {
    const all = await navs();
    expect(all.map((nav: Json) => nav.kind).sort()).toEqual(['BOTTOM', 'GROUP', 'IVR', 'SELF', 'SIDE']);
    for (const nav of all) expect(nav.lines.length, nav.name).toBe(1);
    expect(all.find((nav: Json) => nav.kind === 'IVR').lines[0].lineName).toBe('售后热线');
  });

  it('builds SELF with two tabs and a menu of sub-menus, GROUP with weighted routes, IVR with a tree', async () => {
    const [self] = await navs({ kind: 'SELF' });
    expect(self.onlineConfig.tabs).toHaveLength(2);
    const menu = self.onlineConfig.tabs[0].menus.find((m: Json) => m.type === 'MENU');
    expect(menu.menus.length).toBeGreaterThan(1);
    const [group] = await navs({ kind: 'GROUP' });
    expect(group.onlineConfig.routes).toEqual([
      {
        id: 'route-1',
        name: '综合咨询',
        groups: [
          { groupId: '1', groupName: '售前咨询组', weight: 0.6 },
          { groupId: '2', groupName: '售后服务组', weight: 0.4 },
        ],
      },
      { id: 'route-2', name: '投诉建议', groups: [{ groupId: '3', groupName: '投诉处理组', weight: 1 }] },
    ]);
    const [ivr] = await navs({ kind: 'IVR', type: 'HOTLINE' });
    expect(ivr.hotlineConfig.ivrRoutes[0].nodes.map((n: Json) => n.dn)).toEqual(['8001', '8002']);
    expect(ivr.hotlineConfig.inScore).toMatchObject({ key: 'InScore' });
    expect(ivr.hotlineConfig.outScore).toMatchObject({ key: 'OutScore' });
    // the skill groups list the navigation routing to them
    const skill = await ok(admin.post('/v3/chats/cs-group/detail', {}, { query: { groupId: '3' } }));
    expect(skill.navs).toEqual([{ navId: group.id, navName: '微博客服技能组分流' }]);
    expect(log.some((l) => l.startsWith('演示导航 demo navigations:'))).toBe(true);
  });
});

describe('the demo satisfaction config', () => {
  it('binds both demo lines to one usable survey, which lists them and cannot go to the trash', async () => {
    const [config] = await ok(admin.post('/v3/chats/score-config/list', { keyword: '在线服务满意度' }));
    expect(config).toMatchObject({ status: 'ACTIVE', type: 'ONLINE', validDays: 3, agentVisible: true });
    expect(config.onlineConfig).toMatchObject({ style: 'STAR', positiveScore: 4, negativeScore: 2 });
    const hotline = (await demoLines()).find((l) => l.name === '售后热线')!;
    expect(config.lines).toEqual([
      { lineId: '1', lineName: '微博客服-通信' },
      { lineId: String(hotline.id), lineName: '售后热线' },
    ]);
    for (const lineId of ['1', String(hotline.id)]) {
      const line = await ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));
      expect(line).toMatchObject({ scoreConfigId: config.id, scoreConfigName: '在线服务满意度' });
      expect(await ok(admin.post('/v3/chats/score-config/check-issue', {}, { query: { lineId } }))).toEqual({
        usable: true,
        issues: [],
      });
    }
    const refused = await admin.post('/v3/chats/score-config/delete', { ids: [config.id], deleted: 'TRASH' });
    expect(refused.statusCode).toBe(400);
    expect(log.some((l) => l.startsWith('演示满意度配置 demo satisfaction config:'))).toBe(true);
  });
});

describe('the demo custom fields and service summary', () => {
  it('has the five summary fields and one summary of them, bound to both demo lines, which cannot go to the trash', async () => {
    const fields = await ok(admin.post('/v3/feed/field/list', {}));
    expect(fields.map((f: Json) => [f.name, f.type]).sort()).toEqual(
      [
        ['咨询类型', 'RADIO'],
        ['问题描述', 'TEXTAREA'],
        ['客户电话', 'PHONE'],
        ['是否解决', 'RADIO'],
        ['回访日期', 'DATE'],
      ].sort(),
    );
    expect(fields.find((f: Json) => f.name === '是否解决').options).toEqual([
      { label: '已解决', value: 'YES' },
      { label: '未解决', value: 'NO' },
    ]);
    const [summary] = await ok(admin.post('/v3/chats/summary-config/list', { keyword: '在线服务小结' }));
    expect(summary).toMatchObject({ status: 'ACTIVE', type: 'ONLINE' });
    expect(summary.fields.map((f: Json) => [f.fieldName, f.required, f.search])).toEqual([
      ['咨询类型', true, true],
      ['问题描述', false, false],
      ['客户电话', false, true],
      ['是否解决', true, false],
      ['回访日期', false, false],
    ]);
    const hotline = (await demoLines()).find((l) => l.name === '售后热线')!;
    expect(summary.lines).toEqual([
      { lineId: '1', lineName: '微博客服-通信' },
      { lineId: String(hotline.id), lineName: '售后热线' },
    ]);
    for (const lineId of ['1', String(hotline.id)])
      expect(await ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }))).toMatchObject({
        summaryConfigId: summary.id,
        summaryConfigName: '在线服务小结',
      });
    const refused = await admin.post('/v3/chats/summary-config/delete', { ids: [summary.id], deleted: 'TRASH' });
    expect(refused.json()).toMatchObject({ code: 'SUMMARY_IN_USE', field: 'ids[0]' });
    expect(log.some((l) => l.startsWith('演示服务小结 demo summary:'))).toBe(true);
  });
});
