/**
 * The live feed (issue 20): POST /v3/feed/live/events stores each event once, applies a session's events in order,
 * refuses what cannot apply with the event's JSON path, and keeps the sessions, messages, agents' live rows and the
 * queue as a desk would.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, csAgents, liveEvents, liveQueue } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ev,
  feedTables,
  MAY_1_10AM,
  MINUTE,
  makeDesk,
  SECOND,
  send,
  sessionRow,
  type TestDesk,
} from './live-fixtures.js';

let t: TestApp;
let feeder: Caller;
let reader: Caller;
let org: number;
let desk: TestDesk;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;

beforeAll(async () => {
  t = await startTestApp();
  ({
    feeder,
    reader,
    organizationId: org,
  } = await organisationWith(t, 'live-feed', {
    feeder: ['live-feed.push'],
    reader: ['csAgent.view'],
  }));
  // two agents of two sessions each in one group
  desk = await makeDesk(t.database.db, org, {
    agents: [{ capacity: 2 }, { capacity: 2 }],
    groups: [{ name: '售前', agents: [0, 1] }],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /v3/feed/live/events', () => {
  it('needs live-feed.push', async () => {
    const res = await reader.post('/v3/feed/live/events', { events: [ev.status(desk.agentIds[0]!, 'ONLINE', T(0))] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('live-feed.push');
  });

  it('applies a session in order: opened, queued until an agent is online, assigned, messages, closed', async () => {
    const [a1] = desk.agentIds;
    const answer = await send(feeder, [
      ev.say('s-order', 'CUSTOMER', '还没开始', T(0)),
      ev.open('s-order', desk.lineId, T(1)),
      ev.say('s-order', 'CUSTOMER', '你好，我想咨询一下', T(1.5)),
      ev.status(a1!, 'ONLINE', T(2)),
      ev.say('s-order', 'AGENT', '您好，请讲', T(3)),
      ev.say('s-order', 'CUSTOMER', '谢谢', T(4)),
      ev.close('s-order', T(5)),
      ev.say('s-order', 'CUSTOMER', '还在吗', T(6)),
    ]);
    expect(answer.results.map((r) => [r.outcome, r.seq ?? null, r.field ?? null])).toEqual([
      ['REFUSED', null, 'events[0].sessionId'],
      ['ACCEPTED', 0, null],
      ['ACCEPTED', 2, null],
      ['ACCEPTED', null, null],
      ['ACCEPTED', 4, null],
      ['ACCEPTED', 5, null],
      ['ACCEPTED', 6, null],
      ['REFUSED', null, 'events[7].sessionId'],
    ]);
    expect(answer.results[0]!.code).toBe('SESSION_UNKNOWN');
    expect(answer.results[7]!.code).toBe('SESSION_CLOSED');
    // the desk queued it (seq 1: no agent online), then gave it to the agent who came online (seq 3)
    expect(answer.desk.map((d) => [d.type, d.seq, d.agentId ?? null])).toEqual([
      ['SESSION_QUEUED', 1, null],
      ['SESSION_ASSIGNED', 3, String(a1)],
    ]);
    const row = await sessionRow(t.database.db, org, 's-order');
    expect(row).toMatchObject({
      status: 'CLOSED',
      agentId: a1,
      messageCount: 3,
      closeWay: 'CUSTOMER',
      liveSeq: 6,
      queueSeconds: 60,
      duration: 240,
      customerText: '你好，我想咨询一下\n谢谢',
      agentText: '您好，请讲',
    });
    expect(row.arrivalTime!.getTime()).toBe(T(1));
    expect(row.joinTime!.getTime()).toBe(T(2));
    expect(row.firstReplyTime!.getTime()).toBe(T(3));
    const messages = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionRef, row.id))
      .orderBy(asc(chatMessages.seq));
    expect(messages.map((m) => [m.seq, m.senderRole, m.sendTime])).toEqual([
      [0, 'CUSTOMER', T(1.5)],
      [1, 'AGENT', T(3)],
      [2, 'CUSTOMER', T(4)],
    ]);
    // plain text is stored as one TIM text element
    expect(JSON.parse(messages[0]!.content)).toEqual([
      { MsgType: 'TIMTextElem', MsgContent: { Text: '你好，我想咨询一下' } },
    ]);
    const history = await t.database.db
      .select({ seq: liveEvents.seq, type: liveEvents.type, origin: liveEvents.origin })
      .from(liveEvents)
      .where(and(eq(liveEvents.organizationId, org), eq(liveEvents.sessionId, 's-order')))
      .orderBy(asc(liveEvents.seq));
    expect(history).toEqual([
      { seq: 0, type: 'SESSION_OPENED', origin: 'FEED' },
      { seq: 1, type: 'SESSION_QUEUED', origin: 'DESK' },
      { seq: 2, type: 'MESSAGE', origin: 'FEED' },
      { seq: 3, type: 'SESSION_ASSIGNED', origin: 'DESK' },
      { seq: 4, type: 'MESSAGE', origin: 'FEED' },
      { seq: 5, type: 'MESSAGE', origin: 'FEED' },
      { seq: 6, type: 'SESSION_CLOSED', origin: 'FEED' },
    ]);
    // the agent's record shows his presence too
    const [record] = await t.database.db.select().from(csAgents).where(eq(csAgents.id, a1!));
    expect(record).toMatchObject({ status: 'ONLINE', mode: 'CHAT' });
    const queue = await t.database.db.select().from(liveQueue).where(eq(liveQueue.organizationId, org));
    expect(queue).toEqual([]);
  });

  it('stores a batch once: the same batch again is answered DUPLICATE and changes nothing', async () => {
    const batch = [
      ev.open('s-twice', desk.lineId, T(10)),
      ev.say('s-twice', 'CUSTOMER', '在吗', T(10) + 5 * SECOND),
      ev.say('s-twice', 'AGENT', '在的', T(10) + 20 * SECOND),
    ];
    const first = await send(feeder, batch);
    expect(first).toMatchObject({ accepted: 3, duplicate: 0, refused: 0 });
    const before = await feedTables(t.database.db, org);
    const again = await send(feeder, batch);
    expect(again).toMatchObject({ accepted: 0, duplicate: 3, refused: 0, desk: [] });
    expect(again.results.map((r) => r.outcome)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    expect(await feedTables(t.database.db, org)).toEqual(before);
  });
});

describe('refusals', () => {
  it('refuses each bad event with its code, message and JSON path; the others go on', async () => {
    const [a1, a2] = desk.agentIds;
    const answer = await send(feeder, [
      { type: 'SESSION_OPENED', eventId: 'r-1', at: T(20), sessionId: 's-r', lineId: 5 },
      { type: 'NOT_A_TYPE', eventId: 'r-2', at: T(20) },
      { type: 'MESSAGE', at: T(20), sessionId: 's-r', messageId: 'm', senderRole: 'CUSTOMER', content: 'hi' },
      ev.open('s-r', 999_999, T(20)),
      ev.open('s-r', desk.lineId, T(20), { groupId: '999999' }),
      ev.open('s-r', desk.lineId, T(20)),
      ev.say('s-r', 'CUSTOMER', 'bad \u0000 text', T(20.5)),
      { ...ev.say('s-r', 'CUSTOMER', 'hi', T(20.5)), senderRole: 'BOT' },
      ev.transfer('s-r', { groupId: desk.groupIds[0], agentId: a2 }, T(21)),
      ev.transfer('s-r', {}, T(21)),
      ev.status(a1!, 'BREAK', T(21), 'CHAT'),
      ev.status(999_999, 'ONLINE', T(21)),
      { ...ev.status(a2!, 'ONLINE', T(21)), eventId: 'desk:mine' },
      ev.open('s-r', desk.lineId, T(22)),
    ]);
    const outcome = answer.results.map((r) => [r.outcome, r.code ?? null, r.field ?? null]);
    expect(outcome).toEqual([
      ['REFUSED', 'INVALID_FIELD', 'events[0].lineId'],
      ['REFUSED', 'INVALID_FIELD', 'events[1].type'],
      ['REFUSED', 'INVALID_FIELD', 'events[2].eventId'],
      ['REFUSED', 'INVALID_REFERENCE', 'events[3].lineId'],
      ['REFUSED', 'INVALID_REFERENCE', 'events[4].groupId'],
      ['ACCEPTED', null, null],
      ['REFUSED', 'INVALID_FIELD', 'events[6].content'],
      ['REFUSED', 'INVALID_FIELD', 'events[7].senderRole'],
      ['REFUSED', 'INVALID_FIELD', 'events[8].agentId'],
      ['REFUSED', 'INVALID_FIELD', 'events[9].groupId'],
      ['REFUSED', 'INVALID_FIELD', 'events[10].mode'],
      ['REFUSED', 'INVALID_REFERENCE', 'events[11].agentId'],
      ['REFUSED', 'INVALID_FIELD', 'events[12].eventId'],
      ['REFUSED', 'SESSION_EXISTS', 'events[13].sessionId'],
    ]);
    expect(answer).toMatchObject({ accepted: 1, refused: 13, duplicate: 0 });
    expect(answer.results[3]!.message).toBe('服务线路 999999 不存在或未启用');
    expect(answer.results[9]!.message).toBe('请指定目标技能组或目标坐席');
    expect(answer.results[6]!.message).toContain('U+0000');
    // a refused event is not stored: sent again once right, it goes in
    const fixed = await send(feeder, [ev.status(a2!, 'ONLINE', T(21))]);
    expect(fixed.accepted).toBe(1);
  });

  it('answers refusals in English when asked', async () => {
    const answer = await send(
      feeder,
      [ev.say('s-nowhere', 'CUSTOMER', 'hi', T(30)), ev.transfer('s-nowhere', {}, T(30))],
      'en',
    );
    expect(answer.results.map((r) => r.message)).toEqual([
      'Session s-nowhere was not opened through the feed',
      'Name the target skill group or the target agent',
    ]);
  });

  it('refuses an agent message before any agent joined, and a message id sent twice under new event ids', async () => {
    // nobody online in this organisation: the session waits
    const { feeder: other, organizationId } = await organisationWith(t, 'live-quiet', { feeder: ['live-feed.push'] });
    const quiet = await makeDesk(t.database.db, organizationId, {
      agents: [{ capacity: 1 }],
      groups: [{ name: '组', agents: [0] }],
    });
    const hello = ev.say('q-1', 'CUSTOMER', '有人吗', T(1));
    const answer = await send(other, [
      ev.open('q-1', quiet.lineId, T(0)),
      hello,
      ev.say('q-1', 'AGENT', '您好', T(2)),
      { ...hello, eventId: 'another-event-id' },
    ]);
    expect(answer.results.map((r) => [r.outcome, r.code ?? null, r.field ?? null])).toEqual([
      ['ACCEPTED', null, null],
      ['ACCEPTED', null, null],
      ['REFUSED', 'NO_AGENT', 'events[2].senderRole'],
      ['REFUSED', 'MESSAGE_EXISTS', 'events[3].messageId'],
    ]);
    expect(answer.desk.map((d) => d.type)).toEqual(['SESSION_QUEUED']);
    // in a later batch too
    const later = await send(other, [{ ...hello, eventId: 'yet-another-id' }]);
    expect(later.results[0]).toMatchObject({ outcome: 'REFUSED', code: 'MESSAGE_EXISTS' });
  });

  it('refuses a body that is not a batch (400) and more than 1,000 events', async () => {
    const empty = await feeder.post('/v3/feed/live/events', { events: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('events');
    const many = await feeder.post('/v3/feed/live/events', {
      events: Array.from({ length: 1001 }, (_, i) => ev.status(desk.agentIds[0]!, 'ONLINE', T(40) + i)),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ field: 'events' });
  });
});
