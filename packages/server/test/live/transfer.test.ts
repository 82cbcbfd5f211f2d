/**
 * Forced transfer (tickets spec §2 "Agent transfer dialog", §5 Transfer rules, §7 /v3/chatting/transfer and
 * /v3/chats/cs-group/select?chatId): the target is required with the spec's own texts, the remark is at most 200,
 * the chat moves through the live feed (both agents' receptions change, the session's history records the transfer)
 * and the answer says 'transfer succeeded'; what the desk cannot do is refused on the field it concerns.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAlarms, agentLive, csGroups, liveEvents } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';
import { ev, MAY_1_10AM, MINUTE, makeDesk, send, sessionRow, type TestDesk } from './live-fixtures.js';

let t: TestApp;
let feeder: Caller;
let boss: Caller;
let watcher: Caller;
let org: number;
let desk: TestDesk;
/** a group the line does not route to */
let elsewhere: number;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;

const receptions = async () => {
  const rows = await t.database.db
    .select({ agentId: agentLive.agentId, receptions: agentLive.receptions, transfers: agentLive.todayTransfers })
    .from(agentLive)
    .where(eq(agentLive.organizationId, org))
    .orderBy(asc(agentLive.agentId));
  return Object.fromEntries(rows.map((r) => [r.agentId, r.receptions]));
};
const transfer = (body: Record<string, unknown>, lang?: 'en') =>
  boss.post('/v3/chatting/transfer', body, lang === undefined ? {} : { lang });

beforeAll(async () => {
  t = await startTestApp();
  ({
    feeder,
    boss,
    watcher,
    organizationId: org,
  } = await organisationWith(t, 'transfer', {
    feeder: ['live-feed.push'],
    boss: ['monitor.transfer', 'csGroup.view', 'csAgent.view'],
    watcher: ['monitor-agent.view', 'csGroup.view'],
  }));
  // 售前 (agents 1, 2 of one session each) and 售后 (agent 3, two sessions): the line routes to both
  desk = await makeDesk(t.database.db, org, {
    agents: [{ capacity: 1 }, { capacity: 1 }, { capacity: 2 }],
    groups: [
      { name: '售前', agents: [0, 1] },
      { name: '售后', agents: [2] },
    ],
  });
  const [row] = await t.database.db
    .insert(csGroups)
    .values({ organizationId: org, name: '别的组', type: 'ONLINE', agentIds: [desk.agentIds[2]!] })
    .returning({ id: csGroups.id });
  elsewhere = row!.id;
  const [a1, a2, a3] = desk.agentIds;
  await send(feeder, [
    ev.status(a1!, 'ONLINE', T(0)),
    ev.status(a3!, 'ONLINE', T(0)),
    ev.status(a2!, 'OFFLINE', T(0)),
    ev.open('chat-1', desk.lineId, T(1), { chatId: 'chat-1' }),
    ev.say('chat-1', 'CUSTOMER', '我要退货', T(2)),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('/v3/chats/cs-group/select?chatId', () => {
  it('offers the groups the chat’s line routes to, by name, not another group; 404 for an unknown chat', async () => {
    const offered = await ok(boss.post('/v3/chats/cs-group/select', {}, { query: { chatId: 'chat-1' } }));
    expect(offered.map((g: Json) => g.id).sort()).toEqual(desk.groupIds.map(String).sort());
    expect(offered.map((g: Json) => g.id)).not.toContain(String(elsewhere));
    const missing = await boss.post('/v3/chats/cs-group/select', {}, { query: { chatId: 'no-such-chat' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/v3/chatting/transfer: the request', () => {
  it('needs monitor.transfer', async () => {
    const res = await watcher.post('/v3/chatting/transfer', { chatId: 'chat-1', groupId: String(desk.groupIds[1]) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('monitor.transfer');
  });

  it('requires the target with the spec’s texts, on the field, in both languages', async () => {
    const noGroup = await transfer({ chatId: 'chat-1', remark: '客户要求' }, 'en');
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'groupId' });
    expect(noGroup.json().message).toContain('Please select the target skill group');
    const zh = await transfer({ chatId: 'chat-1', transferTo: 'GROUP' });
    expect(zh.json().message).toContain('请选择目标技能组');
    const noAgent = await transfer({ chatId: 'chat-1', transferTo: 'AGENT', groupId: String(desk.groupIds[1]) }, 'en');
    expect(noAgent.statusCode).toBe(400);
    expect(noAgent.json()).toMatchObject({ field: 'agentId' });
    expect(noAgent.json().message).toContain('Please select the target agent');
    expect((await transfer({ chatId: 'chat-1', transferTo: 'AGENT' })).json().message).toContain('请选择目标坐席');
  });

  it('takes a remark of 200 characters, not 201', async () => {
    const long = await transfer({ chatId: 'chat-1', groupId: String(desk.groupIds[1]), remark: '备'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'remark' });
    // nothing moved
    expect((await sessionRow(t.database.db, org, 'chat-1')).agentId).toBe(desk.agentIds[0]);
  });

  it('refuses a group the chat may not go to, and an unknown chat', async () => {
    const refused = await transfer({ chatId: 'chat-1', groupId: String(elsewhere) }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REFERENCE', field: 'groupId' });
    const missing = await transfer({ chatId: 'no-such-chat', groupId: String(desk.groupIds[1]) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/v3/chatting/transfer: the chat moves through the feed', () => {
  it('offers the ONLINE agents below their ceiling of a group, never the one serving the chat', async () => {
    const [a1, , a3] = desk.agentIds;
    const ofSales = await ok(
      boss.post('/v3/chatting/transfer/agents', {}, { query: { chatId: 'chat-1', groupId: String(desk.groupIds[0]) } }),
    );
    // agent 1 serves it, agent 2 is OFFLINE
    expect(ofSales).toEqual([]);
    const ofService = await ok(
      boss.post('/v3/chatting/transfer/agents', {}, { query: { chatId: 'chat-1', groupId: String(desk.groupIds[1]) } }),
    );
    expect(ofService).toEqual([expect.objectContaining({ id: String(a3), receptions: 0, capacity: 2 })]);
    expect(ofService.map((a: Json) => a.id)).not.toContain(String(a1));
  });

  it('to an agent: he serves it now, both receptions change, the history has it with remark and who', async () => {
    const [a1, , a3] = desk.agentIds;
    expect(await receptions()).toMatchObject({ [a1!]: 1, [a3!]: 0 });
    // an alarm on the chat is handled by the transfer
    await t.database.db.insert(agentAlarms).values({
      organizationId: org,
      agentId: a1!,
      sessionId: 'chat-1',
      type: 'MANUAL',
      reason: '客户情绪激动',
      alarmTime: new Date(),
    });
    const answer = await ok(
      transfer(
        {
          chatId: 'chat-1',
          transferTo: 'AGENT',
          groupId: String(desk.groupIds[1]),
          agentId: String(a3),
          remark: '退货请售后处理',
        },
        'en',
      ),
    );
    expect(answer).toEqual({
      sessionId: 'chat-1',
      chatId: 'chat-1',
      agentId: String(a3),
      groupId: String(desk.groupIds[0]),
      queued: false,
      message: 'transfer succeeded',
    });
    expect(await receptions()).toMatchObject({ [a1!]: 0, [a3!]: 1 });
    const history = await t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.organizationId, org), eq(liveEvents.sessionId, 'chat-1')))
      .orderBy(asc(liveEvents.seq));
    expect(history.at(-1)).toMatchObject({
      type: 'SESSION_TRANSFERRED',
      origin: 'FEED',
      agentId: a1,
      payload: { agentId: String(a3), remark: '退货请售后处理', by: 'boss' },
    });
    const [alarm] = await t.database.db.select().from(agentAlarms).where(eq(agentAlarms.sessionId, 'chat-1'));
    expect(alarm!.handledTime).not.toBeNull();
    // the agent now serving it sends, as any desk message
    const said = await send(feeder, [ev.say('chat-1', 'AGENT', '您好，我是售后', T(3))]);
    expect(said.accepted).toBe(1);
  });

  it('to a group: an agent of it takes the chat by the group’s rule (never the one it left)', async () => {
    const [a1, , a3] = desk.agentIds;
    const answer = await ok(transfer({ chatId: 'chat-1', groupId: String(desk.groupIds[0]) }));
    expect(answer).toMatchObject({ agentId: String(a1), groupId: String(desk.groupIds[0]), queued: false });
    expect(answer.message).toBe('转接成功');
    expect(await receptions()).toMatchObject({ [a1!]: 1, [a3!]: 0 });
  });

  it('to a group with nobody free: the chat waits in its queue, served by nobody', async () => {
    const [a1, , a3] = desk.agentIds;
    // agent 3 leaves; 售后 has nobody
    await send(feeder, [ev.status(a3!, 'BREAK', T(4))]);
    const answer = await ok(transfer({ chatId: 'chat-1', groupId: String(desk.groupIds[1]) }));
    expect(answer).toMatchObject({ agentId: null, groupId: String(desk.groupIds[1]), queued: true });
    expect(await receptions()).toMatchObject({ [a1!]: 0, [a3!]: 0 });
    // he comes back and takes it from the queue
    await send(feeder, [ev.status(a3!, 'ONLINE', T(5))]);
    expect((await sessionRow(t.database.db, org, 'chat-1')).agentId).toBe(a3);
  });

  it('refuses on the agentId an agent who is not ONLINE or is full, and moves nothing', async () => {
    const [a1, a2, a3] = desk.agentIds;
    const offline = await transfer({ chatId: 'chat-1', agentId: String(a2) }, 'en');
    expect(offline.statusCode).toBe(400);
    expect(offline.json()).toMatchObject({ code: 'AGENT_NOT_ONLINE', field: 'agentId' });
    // agent 1 takes a chat of his own: he is at his ceiling of 1
    await send(feeder, [ev.open('chat-2', desk.lineId, T(6), { chatId: 'chat-2' })]);
    expect((await sessionRow(t.database.db, org, 'chat-2')).agentId).toBe(a1);
    const full = await transfer({ chatId: 'chat-1', agentId: String(a1) }, 'en');
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ code: 'AGENT_FULL', field: 'agentId' });
    expect(full.json().message).toContain('ceiling');
    expect((await sessionRow(t.database.db, org, 'chat-1')).agentId).toBe(a3);
  });

  it('refuses a closed chat and a chat the feed did not open, on chatId', async () => {
    await send(feeder, [ev.close('chat-2', T(7))]);
    const closed = await transfer({ chatId: 'chat-2', groupId: String(desk.groupIds[1]) }, 'en');
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({ code: 'SESSION_CLOSED', field: 'chatId' });
    // an imported session is history, not a live chat
    const [imported] = deskSessions(1).map((s) => ({ ...s, sessionId: 'imported-1', chatId: 'imported-chat-1' }));
    const { admin } = await organisationWith(t, 'transfer-import', { admin: ['*'] });
    await ok(admin.post('/v3/chats/session/import', [imported]));
    const res = await admin.post('/v3/chatting/transfer', { chatId: 'imported-chat-1', groupId: '11' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SESSION_UNKNOWN', field: 'chatId' });
  });
});

describe('the session’s detail shows its transfers', () => {
  it('each transfer in the feed’s order among the messages: from, to agent or group, remark and who', async () => {
    const [a1, , a3] = desk.agentIds;
    const [sales, service] = desk.groupIds;
    // a platform's own transfer through the feed, with the platform's clock and who it names
    await send(feeder, [
      ev.say('chat-1', 'CUSTOMER', '还在吗', T(8)),
      { ...ev.transfer('chat-1', { agentId: a1! }, T(9), '平台转回'), by: '平台机器人' },
    ]);
    const session = await ok(watcher.post('/v3/chats/monitor/longest-session', {}, { query: { sessionId: 'chat-1' } }));
    expect(session.messages.map((m: Json) => JSON.parse(m.content)[0].MsgContent.Text)).toEqual([
      '我要退货',
      '您好，我是售后',
      '还在吗',
    ]);
    // the console's transfers are stamped with the server's clock, the test's messages with May 1st 2024: the
    // place among the messages is the feed's order, not the clocks'
    const now = expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(session.transfers).toEqual([
      {
        time: now,
        messagesBefore: 1,
        fromAgentId: String(a1),
        fromAgentNick: '坐席1',
        toAgentId: String(a3),
        toAgentNick: '坐席3',
        toGroupId: null,
        toGroupName: null,
        takenByAgentId: null,
        takenByAgentNick: null,
        remark: '退货请售后处理',
        by: 'boss',
      },
      {
        time: now,
        messagesBefore: 2,
        fromAgentId: String(a3),
        fromAgentNick: '坐席3',
        toAgentId: null,
        toAgentNick: null,
        toGroupId: String(sales),
        toGroupName: '售前',
        takenByAgentId: String(a1),
        takenByAgentNick: '坐席1',
        remark: null,
        by: 'boss',
      },
      {
        time: now,
        messagesBefore: 2,
        fromAgentId: String(a1),
        fromAgentNick: '坐席1',
        toAgentId: null,
        toAgentNick: null,
        toGroupId: String(service),
        toGroupName: '售后',
        takenByAgentId: String(a3),
        takenByAgentNick: '坐席3',
        remark: null,
        by: 'boss',
      },
      {
        time: '2024-05-01 10:09:00',
        messagesBefore: 3,
        fromAgentId: String(a3),
        fromAgentNick: '坐席3',
        toAgentId: String(a1),
        toAgentNick: '坐席1',
        toGroupId: null,
        toGroupName: null,
        takenByAgentId: null,
        takenByAgentNick: null,
        remark: '平台转回',
        by: '平台机器人',
      },
    ]);
    // a renamed group is named as it is called now
    await t.database.db.update(csGroups).set({ name: '售后服务' }).where(eq(csGroups.id, service!));
    const renamed = await ok(watcher.post('/v3/chats/monitor/longest-session', {}, { query: { sessionId: 'chat-1' } }));
    expect(renamed.transfers[2].toGroupName).toBe('售后服务');
    // a session never transferred has none
    const plain = await ok(watcher.post('/v3/chats/monitor/longest-session', {}, { query: { sessionId: 'chat-2' } }));
    expect(plain.transfers).toEqual([]);
  });
});
