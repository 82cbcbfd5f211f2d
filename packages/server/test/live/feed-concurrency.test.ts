/**
 * Batches of one organisation sent at the same time (issue 20): each runs in a transaction under the organisation's
 * advisory lock (accept-events.ts), so no agent is ever given more sessions than his ceiling, however the batches
 * interleave, and an event sent in two batches at once is stored once. On PGlite (one connection) and, under
 * `npm run test:pg`, on PostgreSQL with a pool of connections, where the lock is what keeps them apart.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentLive, chatSessions, liveEvents, liveQueue } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ev, MAY_1_10AM, MINUTE, makeDesk, send, type TestDesk } from './live-fixtures.js';

let t: TestApp;
let feeder: Caller;
let org: number;
let desk: TestDesk;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;

beforeAll(async () => {
  t = await startTestApp();
  ({ feeder, organizationId: org } = await organisationWith(t, 'live-race', { feeder: ['live-feed.push'] }));
  desk = await makeDesk(t.database.db, org, {
    agents: [{ capacity: 3 }, { capacity: 2 }, { capacity: 1 }],
    groups: [{ name: '售前', agents: [0, 1, 2] }],
  });
  await send(
    feeder,
    desk.agentIds.map((id) => ev.status(id, 'ONLINE', T(0))),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('batches at the same time', () => {
  it('never give an agent more sessions than his ceiling, and keep the queue and receptions in step', async () => {
    const db = t.database.db;
    for (let round = 0; round < 3; round++) {
      // six batches of five arrivals each at once, then closes of some of them at once
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, b) =>
          send(
            feeder,
            Array.from({ length: 5 }, (_, i) => ev.open(`race-${round}-${b}-${i}`, desk.lineId, T(1 + round * 10 + i))),
          ),
        ),
      );
      for (const answer of answers) expect(answer.accepted).toBe(5);
      await Promise.all(
        [0, 1, 2].map((b) =>
          send(feeder, [
            ev.close(`race-${round}-${b}-0`, T(5 + round * 10)),
            ev.close(`race-${round}-${b}-1`, T(5 + round * 10)),
          ]),
        ),
      );
      const open = await db
        .select({ agentId: chatSessions.agentId, n: sql<number>`count(*)::int` })
        .from(chatSessions)
        .where(and(eq(chatSessions.organizationId, org), eq(chatSessions.status, 'ACTIVE')))
        .groupBy(chatSessions.agentId);
      const serving = new Map(open.map((r) => [r.agentId, r.n]));
      // every agent full (there are always more sessions waiting than places), never more
      expect(desk.agentIds.map((id) => serving.get(id) ?? 0)).toEqual([3, 2, 1]);
      const lives = await db.select().from(agentLive).where(eq(agentLive.organizationId, org));
      expect(new Map(lives.map((l) => [l.agentId, l.receptions]))).toEqual(
        new Map(desk.agentIds.map((id) => [id, serving.get(id) ?? 0])),
      );
      const [queued] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(liveQueue)
        .where(eq(liveQueue.organizationId, org));
      expect(queued!.n).toBe(serving.get(null) ?? 0);
    }
  });

  it('store an event sent in two batches at once once', async () => {
    const batch = [ev.open('race-twice', desk.lineId, T(50)), ev.say('race-twice', 'CUSTOMER', '你好', T(51))];
    const answers = await Promise.all([send(feeder, batch), send(feeder, batch), send(feeder, batch)]);
    expect(answers.map((a) => [a.accepted, a.duplicate]).sort()).toEqual([
      [0, 2],
      [0, 2],
      [2, 0],
    ]);
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveEvents)
      .where(and(eq(liveEvents.organizationId, org), eq(liveEvents.sessionId, 'race-twice')));
    // opened, queued (everyone is full), the message
    expect(stored!.n).toBe(3);
  });
});
