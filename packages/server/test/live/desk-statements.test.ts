/**
 * A batch reads its desk in one statement (load-desk.ts: the sessions as raw rows, the rest as JSON) and writes it in
 * one (write-desk.ts: new sessions, messages and censor log rows refer to each other's new ids inside it). What it
 * reads must be what the tables hold, as the query builder reads them (dates, arrays, JSON columns); ids with any
 * characters (they travel as array parameters) must still find their rows; and each log row names its message.
 */
import { type FeedEvent, feedEventSchema } from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentLive, censorLogs, chatMessages, chatSessions, liveQueue } from '../../src/db/schema/index.js';
import { loadDesk } from '../../src/live/load-desk.js';
import { library } from '../censor/censor-fixtures.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ev, feedTables, MAY_1_10AM, MINUTE, makeDesk, send, type TestDesk } from './live-fixtures.js';

let t: TestApp;
let feeder: Caller;
let admin: Caller;
let org: number;
let desk: TestDesk;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;
const parse = (events: readonly unknown[]): FeedEvent[] => events.map((e) => feedEventSchema.parse(e));

beforeAll(async () => {
  t = await startTestApp();
  ({
    feeder,
    admin,
    organizationId: org,
  } = await organisationWith(t, 'live-load-desk', { feeder: ['live-feed.push'], admin: ['*'] }));
  desk = await makeDesk(t.database.db, org, {
    agents: [{ capacity: 1 }, { capacity: 1 }],
    groups: [{ name: '售后', agents: [0, 1] }],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('loadDesk', () => {
  it('reads the sessions, queue, agents, lines, groups and last receivers as the tables hold them', async () => {
    const [a1, a2] = desk.agentIds as [number, number];
    const said = ev.say('ld-1', 'AGENT', '您好', T(2));
    const first = [
      ev.status(a1, 'ONLINE', T(0)),
      ev.open('ld-1', desk.lineId, T(1), { customerId: 'cust-back' }),
      said,
      ev.open('ld-2', desk.lineId, T(3)),
    ];
    await send(feeder, first);
    // ld-2 waits (the only online agent is full); a2 has no live row yet
    const next = parse([
      ev.say('ld-1', 'CUSTOMER', '还在吗', T(4)),
      ev.say('ld-1', 'AGENT', '您好', T(4), { messageId: said.messageId }),
      ev.open('ld-3', desk.lineId, T(5), { customerId: 'cust-back' }),
      ev.status(a2, 'ONLINE', T(5)),
    ]);
    const { desk: loaded, stored } = await loadDesk(t.database.db, org, t.config.timeZone, [
      ...next,
      ...parse([first[1]]),
    ]);

    expect([...stored]).toEqual([first[1]!.eventId]);
    const db = t.database.db;
    const rows = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, org), inArray(chatSessions.sessionId, ['ld-1', 'ld-2'])));
    // ld-2 comes with the queue, ld-3 is not stored yet
    expect(rows).toHaveLength(2);
    expect(new Map([...loaded.sessions].map(([id, s]) => [id, s.row]))).toEqual(
      new Map(rows.map((row) => [row.sessionId, row])),
    );
    expect(rows.find((r) => r.sessionId === 'ld-1')!.groupIds).toEqual([desk.groupIds[0]]);

    const queue = await db.select().from(liveQueue).where(eq(liveQueue.organizationId, org));
    expect(loaded.queue.map(({ isNew: _, ...entry }) => entry)).toEqual(queue);
    expect(loaded.queue.map((entry) => entry.sessionId)).toEqual(['ld-2']);

    const lives = await db.select().from(agentLive).where(eq(agentLive.organizationId, org)).orderBy(agentLive.agentId);
    expect(lives).toHaveLength(1);
    expect(loaded.agents.get(a1)!.live).toEqual(lives[0]);
    // without a live row, an agent starts from his record
    expect(loaded.agents.get(a2)!.live).toMatchObject({ agentId: a2, day: '', receptions: 0 });
    expect(loaded.agents.get(a2)!.nick).toBe('坐席2');

    expect(loaded.lines.get(desk.lineId)).toEqual({ lineId: desk.lineId, name: '在线客服', groupIds: desk.groupIds });
    expect([...loaded.groups.keys()]).toEqual(desk.groupIds);
    expect(loaded.groups.get(desk.groupIds[0]!)!.agentIds).toEqual([a1, a2]);
    expect(loaded.lastReceiver.get('cust-back')).toBe(a1);
    expect([...loaded.messageKeys]).toEqual([`ld-1\u0000${said.messageId}`]);
  });

  it('finds stored events, sessions and messages whatever characters their ids hold', async () => {
    const odd = ['q"uote', 'back\\slash', 'com,ma', '{brace}', 'sp ace', 'NULL', '会话'];
    const batch = odd.flatMap((id, i) => [
      { ...ev.open(id, desk.lineId, T(10 + i)), eventId: `open ${id}` },
      { ...ev.say(id, 'CUSTOMER', '你好', T(10 + i)), eventId: `say ${id}`, messageId: `m ${id}` },
    ]);
    const answer = await send(feeder, batch);
    expect(answer.accepted).toBe(batch.length);
    const before = await feedTables(t.database.db, org);

    // the same events again, and the same messages under new event ids: each is known, nothing is stored twice
    const again = await send(feeder, batch);
    expect(again.duplicate).toBe(batch.length);
    const resent = await send(
      feeder,
      odd.map((id, i) => ({ ...ev.say(id, 'CUSTOMER', '你好', T(20 + i)), messageId: `m ${id}` })),
    );
    expect(resent.results.map((r) => ('code' in r ? r.code : r.outcome))).toEqual(odd.map(() => 'MESSAGE_EXISTS'));
    const after = await feedTables(t.database.db, org);
    expect(after.messages).toBe(before.messages);
    expect(after.sessions).toBe(before.sessions);

    const messages = await t.database.db
      .select({ sessionId: chatMessages.sessionId, messageId: chatMessages.messageId })
      .from(chatMessages)
      .where(and(eq(chatMessages.organizationId, org), inArray(chatMessages.sessionId, odd)))
      .orderBy(asc(chatMessages.id));
    expect(messages).toEqual(odd.map((id) => ({ sessionId: id, messageId: `m ${id}` })));
  });

  it('writes new sessions, their messages and the censor log rows in one go, each row naming its own', async () => {
    const banId = await library(admin, {
      name: '客诉',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['投诉', '差评'],
    });
    const batch = ['wd-1', 'wd-2'].flatMap((id, i) => [
      ev.open(id, desk.lineId, T(30 + i)),
      ev.say(id, 'CUSTOMER', '我要投诉', T(30 + i)),
      ev.say(id, 'CUSTOMER', '你好', T(30 + i)),
      ev.say(id, 'CUSTOMER', '差评，还要投诉', T(31 + i)),
    ]);
    expect((await send(feeder, batch)).accepted).toBe(batch.length);
    const db = t.database.db;
    const sessions = await db
      .select({ id: chatSessions.id, sessionId: chatSessions.sessionId })
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, org), inArray(chatSessions.sessionId, ['wd-1', 'wd-2'])));
    const refOf = new Map(sessions.map((s) => [s.sessionId, s.id]));
    const messages = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.organizationId, org), inArray(chatMessages.sessionId, ['wd-1', 'wd-2'])))
      .orderBy(asc(chatMessages.id));
    expect(messages.map((m) => [m.sessionRef, m.seq])).toEqual(
      ['wd-1', 'wd-2'].flatMap((id) => [0, 1, 2].map((seq) => [refOf.get(id), seq])),
    );
    const logs = await db
      .select()
      .from(censorLogs)
      .where(and(eq(censorLogs.organizationId, org), inArray(censorLogs.sessionId, ['wd-1', 'wd-2'])))
      .orderBy(asc(censorLogs.id));
    const messageOf = new Map(messages.map((m) => [m.id, m]));
    // in the batch's order: the first and the third message of each session hit
    expect(logs.map((l) => [l.sessionId, messageOf.get(l.messageRef)!.seq, l.censorWords])).toEqual([
      ['wd-1', 0, ['投诉']],
      ['wd-1', 2, ['差评', '投诉']],
      ['wd-2', 0, ['投诉']],
      ['wd-2', 2, ['差评', '投诉']],
    ]);
    for (const log of logs) {
      const message = messageOf.get(log.messageRef)!;
      expect(log).toMatchObject({
        censorBanId: Number(banId),
        censorBanName: '客诉',
        censorOperation: 'REPORT',
        lineId: desk.lineId,
        lineName: '在线客服',
        chatId: message.chatId,
        messageId: message.messageId,
        senderRole: 'CUSTOMER',
        sendTime: new Date(message.sendTime),
      });
      expect(log.censorSpans.map((span) => log.text.slice(span.start, span.end))).toEqual(
        log.censorWords.length === 1 ? ['投诉'] : ['差评', '投诉'],
      );
    }
  });
});
