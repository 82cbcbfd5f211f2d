/**
 * The monitors (issue 20, H6): /v3/chats/monitor/{page, group-page, agent-detail, today-data, today-session,
 * longest-session, channel, queue} answer what the live feed was sent — a simulated desk's receptions, group counters
 * and queue, and a hand-made day of one agent — and the agent page stays on its indexes with 200 agents and 2,000
 * live sessions.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAlarms } from '../../src/db/schema/index.js';
import { dayKey } from '../../src/live/live-desk.js';
import { agentPageQuery } from '../../src/live/monitor-state.js';
import { inProcessDriver } from '../../src/live/simulate/desk-drivers.js';
import { type Dialogue, readDialogues } from '../../src/live/simulate/dialogues.js';
import { simulateDesk } from '../../src/live/simulate/simulate-desk.js';
import { organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import { ev, MINUTE, makeDesk, send } from './live-fixtures.js';

const SAMPLE = fileURLToPath(new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url));
const TZ = 'Asia/Shanghai';
const MONITOR_KEYS = ['monitor-agent.view', 'monitor-group.view', 'monitor-queue.view'];
let t: TestApp;
let dialogues: Dialogue[];

beforeAll(async () => {
  t = await startTestApp();
  dialogues = await readDialogues(SAMPLE);
});
afterAll(async () => {
  await t?.close();
});

/** A desk time `minutes` before now that is still today in the console's time zone (the monitors read today). */
function earlierToday(minutes: number): number {
  const now = Date.now();
  const at = now - minutes * MINUTE;
  if (dayKey(new Date(at), TZ) === dayKey(new Date(now), TZ)) return at;
  // just after midnight: start at midnight (the desk then runs a little ahead of the clock)
  let midnight = now;
  while (dayKey(new Date(midnight - 1000), TZ) === dayKey(new Date(now), TZ)) midnight -= 1000;
  return midnight;
}

describe('the monitors answer what the feed was sent', () => {
  it('a simulated desk: agent receptions, group counters and the queue equal the simulation', async () => {
    const { organizationId: org, watcher } = await organisationWith(t, 'mon-sim', { watcher: MONITOR_KEYS });
    const desk = await makeDesk(t.database.db, org, {
      agents: [{ capacity: 2 }, { capacity: 2 }, { capacity: 1 }],
      groups: [
        { name: '售前', agents: [0, 1] },
        { name: '售后', agents: [1, 2], firstAssign: 'ROUND_ROBIN' },
      ],
    });
    const summary = await simulateDesk({
      driver: inProcessDriver({ db: t.database.db, feed: t.app.liveFeed, organizationId: org }),
      dialogues,
      agents: 3,
      arrivalsPerMinute: 8,
      speed: Number.POSITIVE_INFINITY,
      durationMs: 12 * MINUTE,
      drain: false,
      seed: 7,
      startAt: earlierToday(12),
      patienceMs: 4 * MINUTE,
    });
    expect(summary.refused).toBe(0);
    expect(summary.waiting).toBeGreaterThan(0);

    const page = await ok(watcher.post('/v3/chats/monitor/page', {}, { query: { page: '1', size: '100' } }));
    expect(page.total).toBe(3);
    expect(
      Object.fromEntries(page.records.map((a: Json) => [a.id, { serving: a.receptions, taken: a.totalReceptions }])),
    ).toEqual(summary.byAgent);
    expect(Object.fromEntries(page.records.map((a: Json) => [a.id, a.status]))).toEqual(summary.agentStatus);
    for (const a of page.records) {
      expect(a.receptions).toBeLessThanOrEqual(a.maxSession);
      // an agent serving someone has a longest session, one serving nobody none
      expect(a.longestSessionId !== null).toBe(a.receptions > 0);
      expect(a.type).toBe('ONLINE');
    }

    const groups = await ok(watcher.post('/v3/chats/monitor/group-page', {}, { query: { size: '10' } }));
    expect(groups.total).toBe(2);
    expect(
      Object.fromEntries(
        groups.records
          .filter((g: Json) => g.groupSessionCount > 0)
          .map((g: Json) => [g.id, { serving: g.groupReceptionCount, taken: g.groupSessionCount }]),
      ),
    ).toEqual(summary.byGroup);
    expect(groups.records.map((g: Json) => g.agents.map((a: Json) => a.id))).toEqual([
      [String(desk.agentIds[0]), String(desk.agentIds[1])],
      [String(desk.agentIds[1]), String(desk.agentIds[2])],
    ]);
    // no service time: neither group counts as online
    expect(groups.records.map((g: Json) => g.online)).toEqual([false, false]);

    const queue = await ok(watcher.post('/v3/chats/monitor/queue', {}));
    expect(queue.channelCounts.waitingCount).toBe(summary.waiting);
    expect(queue.channelCounts.chatCount).toBe(summary.serving);
    expect(queue.channelCounts.totalSessionCount).toBe(summary.opened);
    expect(queue.channelCounts.noteCount).toBeNull();
    const line = await ok(watcher.post('/v3/chats/monitor/channel', {}, { query: { lineId: String(desk.lineId) } }));
    expect(line).toEqual(queue.channels);
    expect(line.map((c: Json) => c.lineName)).toEqual(line.map(() => '在线客服'));
  });

  it("one agent's day: today-data, the session records with alarms, a session's profile and transcript", async () => {
    const {
      organizationId: org,
      watcher,
      feeder,
    } = await organisationWith(t, 'mon-day', {
      watcher: MONITOR_KEYS,
      feeder: ['live-feed.push'],
    });
    const desk = await makeDesk(t.database.db, org, {
      agents: [{ capacity: 3 }, { capacity: 3 }],
      groups: [{ name: '售前', agents: [0, 1] }],
      routed: [0],
    });
    const [a, b] = desk.agentIds as [number, number];
    const start = earlierToday(30);
    const at = (minutes: number) => start + minutes * MINUTE;
    await send(feeder, [
      ev.status(a, 'ONLINE', at(0), 'CHAT'),
      ev.open('d1', desk.lineId, at(1)),
      ev.say('d1', 'CUSTOMER', '你好，我的订单还没发货', at(2)),
      ev.say('d1', 'AGENT', '您好，我帮您查一下', at(3)),
      ev.say('d1', 'CUSTOMER', '好的', at(4)),
      ev.open('d2', desk.lineId, at(5)),
      ev.close('d1', at(10)),
    ]);
    await t.database.db.insert(agentAlarms).values({
      organizationId: org,
      agentId: a,
      sessionId: 'd2',
      type: 'MANUAL',
      source: '班长',
      reason: '客户等待过久',
      alarmTime: new Date(at(6)),
    });

    const data = await ok(watcher.post('/v3/chats/monitor/today-data', {}, { query: { agentId: String(a) } }));
    expect(data).toMatchObject({
      receptions: 2,
      answeredCount: 1,
      unansweredCount: 1,
      answeredPercent: 50,
      receivedCount: 2,
      sentCount: 1,
      totalMessages: 3,
      avgReceptionTime: 9 * 60,
      transferCount: 0,
      transferPercent: 0,
      satisfiedPercent: null,
    });
    // online since `start`: 30 minutes ago, or midnight when it is not yet half past (the day's time starts then)
    expect(data.totalOnlineTime).toBeGreaterThanOrEqual(
      Math.min(29 * 60, Math.floor((Date.now() - start) / 1000) - 60),
    );
    expect(data.totalRestTime).toBe(0);

    const records = await ok(watcher.post('/v3/chats/monitor/today-session', {}, { query: { agentId: String(a) } }));
    expect(records.total).toBe(2);
    expect(records.records.map((r: Json) => [r.sessionId, r.status, r.alarms.map((x: Json) => x.reason)])).toEqual([
      ['d2', 'ACTIVE', ['客户等待过久']],
      ['d1', 'CLOSED', []],
    ]);

    // the card carries the unhandled alarm's session, and the alarm filter finds him alone
    const alarmed = await ok(watcher.post('/v3/chats/monitor/page', { alarm: true }));
    expect(alarmed.records.map((r: Json) => [r.id, r.alarmSessionId, r.longestSessionId])).toEqual([
      [String(a), 'd2', 'd2'],
    ]);
    const calm = await ok(watcher.post('/v3/chats/monitor/page', { alarm: false }));
    expect(calm.records.map((r: Json) => r.id)).toEqual([String(b)]);
    const offline = await ok(watcher.post('/v3/chats/monitor/page', { statuses: ['OFFLINE'] }));
    expect(offline.records.map((r: Json) => r.id)).toEqual([String(b)]);
    const byNick = await ok(watcher.post('/v3/chats/monitor/page', { keyword: '坐席2' }));
    expect(byNick.records.map((r: Json) => r.id)).toEqual([String(b)]);

    const detail = await ok(watcher.post('/v3/chats/monitor/agent-detail', {}, { query: { agentId: String(a) } }));
    expect(detail).toMatchObject({ id: String(a), nick: '坐席1', status: 'ONLINE', mode: 'CHAT', receptions: 1 });
    expect(detail.boundGroups).toEqual([
      { groupId: String(desk.groupIds[0]), groupName: '售前', type: 'ONLINE', online: false },
    ]);
    expect(detail.alarms.map((x: Json) => [x.sessionId, x.source, x.reason])).toEqual([['d2', '班长', '客户等待过久']]);

    const session = await ok(watcher.post('/v3/chats/monitor/longest-session', {}, { query: { sessionId: 'd1' } }));
    expect(session).toMatchObject({ sessionId: 'd1', status: 'CLOSED', agentId: String(a), nick: '坐席1' });
    expect([session.arrivalTime, session.joinTime, session.firstReplyTime].every((x) => typeof x === 'string')).toBe(
      true,
    );
    expect(session.firstReplyTime > session.joinTime).toBe(true);
    expect(session.messages.map((m: Json) => [m.senderRole, JSON.parse(m.content)[0].MsgContent.Text])).toEqual([
      ['CUSTOMER', '你好，我的订单还没发货'],
      ['AGENT', '您好，我帮您查一下'],
      ['CUSTOMER', '好的'],
    ]);
    // the transcript grows as messages arrive
    await send(feeder, [ev.say('d2', 'AGENT', '请稍等', at(12))]);
    const growing = await ok(watcher.post('/v3/chats/monitor/longest-session', {}, { query: { sessionId: 'd2' } }));
    expect(growing.messageCount).toBe(1);
  });

  it('refuses page sizes over 100 and answers 404 for an agent, session or line it does not have', async () => {
    const { watcher } = await organisationWith(t, 'mon-refuse', { watcher: MONITOR_KEYS });
    const big = await watcher.post('/v3/chats/monitor/page', {}, { query: { size: '101' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].field).toBe('size');
    for (const [path, query] of [
      ['/v3/chats/monitor/agent-detail', { agentId: '999999' }],
      ['/v3/chats/monitor/longest-session', { sessionId: 'nope' }],
      ['/v3/chats/monitor/channel', { lineId: '999999' }],
    ] as const)
      expect((await watcher.post(path, {}, { query })).statusCode).toBe(404);
  });
});

describe('a desk of 200 agents and 2,000 live sessions', () => {
  it('the agent page reads its indexes, and a page holds only its agents', async () => {
    const { organizationId: org, watcher } = await organisationWith(t, 'mon-big', { watcher: MONITOR_KEYS });
    const db = t.database.db;
    await db.execute(sql`insert into cs_agents (organization_id, nick, name, capacity)
      select ${org}, '坐席' || i, 'Agent ' || i, 20 from generate_series(1, 200) i`);
    await db.execute(sql`insert into cs_groups (organization_id, name, type, agent_ids)
      select ${org}, '组' || g, 'ONLINE',
        (select array_agg(a.id) from cs_agents a where a.organization_id = ${org} and a.id % 10 = g)
      from generate_series(0, 9) g`);
    await db.execute(sql`insert into chat_sessions (organization_id, session_id, chat_id, status, agent_id, begin_time,
        join_time, content_hash, live_seq)
      select ${org}, 'big-' || i, 'big-' || i, 'ACTIVE', a.id, now() - (i || ' seconds')::interval,
        now() - (i || ' seconds')::interval, 'h' || i, 1
      from generate_series(1, 2000) i
      join lateral (select id from cs_agents where organization_id = ${org} order by id offset (i % 200) limit 1) a on true`);
    // an alarm on every fifth session, half of them handled
    await db.execute(sql`insert into agent_alarms (organization_id, agent_id, session_id, type, reason, alarm_time,
        handled_time)
      select s.organization_id, s.agent_id, s.session_id, 'MANUAL', '测试', now(),
        case when s.id % 2 = 0 then now() end
      from chat_sessions s where s.organization_id = ${org} and s.id % 5 = 0`);
    await db.execute(sql`analyze`);

    const plan = (
      (await db.execute(
        sql`explain ${agentPageQuery(org, { timeZone: TZ, filter: { statuses: ['OFFLINE'] }, limit: 20, offset: 40 })}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] }
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using chat_sessions_org_agent_status_idx/);
    expect(plan).not.toMatch(/Seq Scan on chat_sessions/);
    expect(plan).not.toMatch(/Seq Scan on agent_alarms/);

    const started = performance.now();
    const page = await ok(watcher.post('/v3/chats/monitor/page', {}, { query: { page: '3', size: '20' } }));
    const ms = performance.now() - started;
    expect(page.total).toBe(200);
    expect(page.records).toHaveLength(20);
    expect(page.records.every((r: Json) => r.receptions === 0 && r.longestSessionId !== null)).toBe(true);
    expect(page.records.some((r: Json) => r.alarmSessionId !== null)).toBe(true);
    console.log(`agent monitor page 3 of 200 agents with 2,000 live sessions: ${ms.toFixed(0)} ms`);
  });
});
