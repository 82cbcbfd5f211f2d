/**
 * The desk's rules as the feed applies them (issue 20): who takes an arriving session under each group rule, the
 * queue when nobody can, the oldest waiting session going to an agent who frees up or comes online, transfers, the
 * overflow group, and the day's counters; and what desk-state.ts answers the monitors afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentStates, channelCounts, groupCounters, queueByGroup, queueByLine } from '../../src/live/desk-state.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ev,
  type GroupSpec,
  MAY_1_10AM,
  MINUTE,
  makeDesk,
  send,
  servedBy,
  sessionRow,
  type TestDesk,
} from './live-fixtures.js';

let t: TestApp;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;
const TZ = 'Asia/Shanghai';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A desk in an organisation of its own, and its feeder. */
async function desk(spec: {
  agents: { capacity: number }[];
  groups: GroupSpec[];
  routed?: number[];
}): Promise<TestDesk & { feeder: Caller; org: number }> {
  const { feeder, organizationId } = await organisationWith(t, `rules-${++n}`, { feeder: ['live-feed.push'] });
  return { ...(await makeDesk(t.database.db, organizationId, spec)), feeder, org: organizationId };
}
const online = (ids: number[], at: number) => ids.map((id) => ev.status(id, 'ONLINE', at));
const assigned = (answer: { desk: { type: string; sessionId: string; agentId?: string | null }[] }) =>
  answer.desk.filter((d) => d.type === 'SESSION_ASSIGNED').map((d) => [d.sessionId, Number(d.agentId)]);

describe('assignment and the queue', () => {
  it('IDLE_RATE spreads sessions by load; when all are full sessions wait, and a freed agent takes the oldest', async () => {
    const d = await desk({ agents: [{ capacity: 2 }, { capacity: 2 }], groups: [{ name: '售前', agents: [0, 1] }] });
    const [a, b] = d.agentIds as [number, number];
    const first = await send(d.feeder, [
      ...online([a, b], T(0)),
      ...['s1', 's2', 's3', 's4', 's5', 's6'].map((id, i) => ev.open(id, d.lineId, T(1 + i))),
    ]);
    expect(assigned(first)).toEqual([
      ['s1', a],
      ['s2', b],
      ['s3', a],
      ['s4', b],
    ]);
    expect(first.desk.filter((x) => x.type === 'SESSION_QUEUED').map((x) => x.sessionId)).toEqual(['s5', 's6']);
    expect(await queueByLine(t.database.db, d.org, { timeZone: TZ, now: new Date(T(7)) })).toEqual([
      { lineId: d.lineId, lineName: '在线客服', waitingCount: 2, longestWaitSeconds: 120 },
    ]);
    // b's session s2 ends: b takes s5 (the oldest waiting), s6 waits on
    const second = await send(d.feeder, [ev.close('s2', T(10))]);
    expect(assigned(second)).toEqual([['s5', b]]);
    expect(await servedBy(t.database.db, d.org)).toEqual({ s1: a, s3: a, s4: b, s5: b, s6: null });
    const s5 = await sessionRow(t.database.db, d.org, 's5');
    expect(s5.queueSeconds).toBe(5 * 60);
    expect(s5.joinTime!.getTime()).toBe(T(10));
    const agents = await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(T(11)) });
    expect(agents.map((x) => [x.agentId, x.status, x.receptions, x.totalReceptions, x.sessions])).toEqual([
      [a, 'ONLINE', 2, 2, 0],
      [b, 'ONLINE', 2, 3, 1],
    ]);
  });

  it('never gives a session to an agent who is not ONLINE; one coming back online takes the waiting ones', async () => {
    const d = await desk({ agents: [{ capacity: 1 }, { capacity: 3 }], groups: [{ name: '售后', agents: [0, 1] }] });
    const [a, b] = d.agentIds as [number, number];
    const answer = await send(d.feeder, [
      ev.status(a, 'ONLINE', T(0)),
      ev.status(b, 'BREAK', T(0)),
      ev.open('w1', d.lineId, T(1)),
      ev.open('w2', d.lineId, T(2)),
      ev.open('w3', d.lineId, T(3)),
      ev.status(b, 'MEETING', T(4)),
    ]);
    expect(assigned(answer)).toEqual([['w1', a]]);
    const groups = await groupCounters(t.database.db, d.org, { timeZone: TZ, now: new Date(T(5)) });
    expect(groups).toEqual([
      expect.objectContaining({
        agentCount: 2,
        agentOnLineCount: 1,
        agentBreakCount: 1,
        groupReceptionCount: 1,
        groupSessionCount: 1,
        waitingCount: 2,
      }),
    ]);
    const back = await send(d.feeder, [ev.status(b, 'ONLINE', T(6), 'ALL')]);
    expect(assigned(back)).toEqual([
      ['w2', b],
      ['w3', b],
    ]);
    const [state] = await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(T(7)), agentIds: [b] });
    expect(state).toMatchObject({ status: 'ONLINE', mode: 'ALL', receptions: 2, restSeconds: 6 * 60 });
    expect(await queueByGroup(t.database.db, d.org)).toEqual(new Map());
  });

  it('ROUND_ROBIN takes the agents in turn; FEWEST_RECEPTIONS the one who took fewest today', async () => {
    const d = await desk({
      agents: [{ capacity: 5 }, { capacity: 5 }, { capacity: 5 }],
      groups: [
        { name: '轮流', agents: [0, 1, 2], firstAssign: 'ROUND_ROBIN' },
        { name: '最少', agents: [0, 1, 2], firstAssign: 'FEWEST_RECEPTIONS' },
      ],
      routed: [0],
    });
    const [a, b, c] = d.agentIds as [number, number, number];
    const answer = await send(d.feeder, [
      ...online([a, b, c], T(0)),
      ...['r1', 'r2', 'r3', 'r4'].map((id, i) => ev.open(id, d.lineId, T(1 + i))),
      ev.close('r1', T(6)),
      ev.close('r2', T(6)),
      // the customer chose the other group: a and b took 2 today, c took 1
      ev.open('f1', d.lineId, T(7), { groupId: String(d.groupIds[1]) }),
    ]);
    expect(assigned(answer)).toEqual([
      ['r1', a],
      ['r2', b],
      ['r3', c],
      ['r4', a],
      ['f1', b],
    ]);
    const f1 = await sessionRow(t.database.db, d.org, 'f1');
    expect(f1.groupId).toBe(d.groupIds[1]);
  });

  it('LAST_RECEIVER gives a returning customer his last agent while he can take him, else the second rule', async () => {
    const d = await desk({
      agents: [{ capacity: 2 }, { capacity: 2 }],
      groups: [{ name: '投诉', agents: [0, 1], firstAssign: 'LAST_RECEIVER', secondAssign: 'IDLE_RATE' }],
    });
    const [a, b] = d.agentIds as [number, number];
    const answer = await send(d.feeder, [
      ...online([a, b], T(0)),
      ev.open('l1', d.lineId, T(1), { customerId: 'zhang' }),
      ev.open('l2', d.lineId, T(2), { customerId: 'li' }),
      ev.close('l1', T(3)),
      ev.open('l3', d.lineId, T(4), { customerId: 'wang' }),
      // zhang comes back: a served him last (though b is as loaded), li is still with b
      ev.open('l4', d.lineId, T(5), { customerId: 'zhang' }),
      ev.open('l5', d.lineId, T(6), { customerId: 'li' }),
      // a is full now: zhang's next session goes to the second rule
      ev.open('l6', d.lineId, T(7), { customerId: 'zhang' }),
    ]);
    expect(assigned(answer)).toEqual([
      ['l1', a],
      ['l2', b],
      ['l3', a],
      ['l4', a],
      ['l5', b],
    ]);
    expect(answer.desk.at(-1)).toMatchObject({ type: 'SESSION_QUEUED', sessionId: 'l6' });
  });

  it('a full group overflows into its overflow group', async () => {
    const d = await desk({
      agents: [{ capacity: 1 }, { capacity: 1 }],
      groups: [
        { name: '一线', agents: [0], overload: 1 },
        { name: '二线', agents: [1] },
      ],
      routed: [0],
    });
    const [a, b] = d.agentIds as [number, number];
    const answer = await send(d.feeder, [
      ...online([a, b], T(0)),
      ev.open('o1', d.lineId, T(1)),
      ev.open('o2', d.lineId, T(2)),
      ev.open('o3', d.lineId, T(3)),
    ]);
    expect(answer.desk.map((x) => [x.type, x.sessionId, x.agentId ?? null, x.groupId ?? null])).toEqual([
      ['SESSION_ASSIGNED', 'o1', String(a), String(d.groupIds[0])],
      ['SESSION_ASSIGNED', 'o2', String(b), String(d.groupIds[1])],
      ['SESSION_QUEUED', 'o3', null, null],
    ]);
    expect(answer.desk.at(-1)!.groupIds).toEqual(d.groupIds.map(String));
  });
});

describe('transfers', () => {
  it('to a group: another agent of it takes the session (never the one it left); his freed place takes the queue', async () => {
    const d = await desk({
      agents: [{ capacity: 1 }, { capacity: 1 }, { capacity: 1 }],
      groups: [
        { name: '售前', agents: [0, 1] },
        { name: '专家', agents: [0, 2] },
      ],
      routed: [0],
    });
    const [a, b, c] = d.agentIds as [number, number, number];
    const first = await send(d.feeder, [
      ...online([a, b], T(0)),
      ev.open('t1', d.lineId, T(1)),
      ev.open('t2', d.lineId, T(2)),
      ev.open('t3', d.lineId, T(3)),
    ]);
    expect(assigned(first)).toEqual([
      ['t1', a],
      ['t2', b],
    ]);
    // a hands t1 to the experts: c is offline and a may not take it back, so it waits; a takes t3 from the queue
    const moved = await send(d.feeder, [ev.transfer('t1', { groupId: d.groupIds[1] }, T(5), '需要专家')]);
    expect(moved.results[0]).toMatchObject({ outcome: 'ACCEPTED' });
    expect(moved.desk.map((x) => [x.type, x.sessionId, x.agentId ?? null])).toEqual([
      ['SESSION_QUEUED', 't1', null],
      ['SESSION_ASSIGNED', 't3', String(a)],
    ]);
    // a frees up again: t1 still does not come back to him; c comes online and takes it
    const later = await send(d.feeder, [ev.close('t3', T(6)), ev.status(c, 'ONLINE', T(7))]);
    expect(assigned(later)).toEqual([['t1', c]]);
    const t1 = await sessionRow(t.database.db, d.org, 't1');
    expect(t1).toMatchObject({ agentId: c, groupId: d.groupIds[1], groupIds: [d.groupIds[0], d.groupIds[1]] });
    const [stateA] = await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(T(8)), agentIds: [a] });
    expect(stateA).toMatchObject({ receptions: 0, transfers: 1, totalReceptions: 2, sessions: 1 });
  });

  it('to an agent: he takes it at once, if he is online and below his ceiling', async () => {
    const d = await desk({ agents: [{ capacity: 2 }, { capacity: 1 }], groups: [{ name: '售前', agents: [0, 1] }] });
    const [a, b] = d.agentIds as [number, number];
    await send(d.feeder, [...online([a, b], T(0)), ev.open('x1', d.lineId, T(1)), ev.open('x2', d.lineId, T(2))]);
    expect(await servedBy(t.database.db, d.org)).toEqual({ x1: a, x2: b });
    const answer = await send(d.feeder, [
      ev.transfer('x1', { agentId: b }, T(3)),
      ev.transfer('x2', { agentId: b }, T(3)),
      ev.transfer('x2', { agentId: a }, T(4)),
    ]);
    expect(answer.results.map((r) => [r.outcome, r.code ?? null])).toEqual([
      ['REFUSED', 'AGENT_FULL'],
      ['REFUSED', 'SAME_AGENT'],
      ['ACCEPTED', null],
    ]);
    expect(await servedBy(t.database.db, d.org)).toEqual({ x1: a, x2: a });
    const offline = await send(d.feeder, [ev.status(b, 'OFFLINE', T(5)), ev.transfer('x1', { agentId: b }, T(6))]);
    expect(offline.results[1]).toMatchObject({
      outcome: 'REFUSED',
      code: 'AGENT_NOT_ONLINE',
      field: 'events[1].agentId',
    });
  });
});

describe('the day', () => {
  it("counts an agent's day and starts again at the console's midnight", async () => {
    const d = await desk({ agents: [{ capacity: 3 }], groups: [{ name: '夜班', agents: [0] }] });
    const [a] = d.agentIds as [number];
    // 23:00 on May 1st, Asia/Shanghai
    const late = Date.UTC(2024, 4, 1, 15, 0, 0);
    await send(d.feeder, [
      ev.status(a, 'ONLINE', late),
      ev.open('d1', d.lineId, late + MINUTE),
      ev.say('d1', 'CUSTOMER', '在吗', late + 2 * MINUTE),
      ev.say('d1', 'AGENT', '在的', late + 3 * MINUTE),
      ev.close('d1', late + 4 * MINUTE),
    ]);
    const may1 = await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(late + 30 * MINUTE) });
    expect(may1[0]).toMatchObject({ totalReceptions: 1, sessions: 1, sent: 1, received: 1 });
    // after midnight: yesterday's counters read as 0 until he does something, then count from 0
    const after = late + 90 * MINUTE;
    expect((await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(after) }))[0]).toMatchObject({
      totalReceptions: 0,
      sessions: 0,
      receptions: 0,
      status: 'ONLINE',
    });
    await send(d.feeder, [ev.open('d2', d.lineId, after), ev.status(a, 'BREAK', after + 30 * MINUTE)]);
    expect(
      (await agentStates(t.database.db, d.org, { timeZone: TZ, now: new Date(after + 31 * MINUTE) }))[0],
    ).toMatchObject({
      totalReceptions: 1,
      receptions: 1,
      sessions: 0,
      // online from midnight (00:00) to the break at 01:00
      onlineSeconds: 60 * 60,
    });
    const channels = await channelCounts(t.database.db, d.org, { timeZone: TZ, now: new Date(after + 31 * MINUTE) });
    expect(channels).toEqual([
      {
        lineId: d.lineId,
        trackClient: 'WEB',
        chatCount: 1,
        waitingCount: 0,
        totalSessionCount: 1,
        totalReceptions: 1,
        avgSessionTime: null,
      },
    ]);
  });
});
