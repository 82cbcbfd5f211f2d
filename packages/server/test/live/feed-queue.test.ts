/**
 * The live feed over Redis (issue 20 "Scale"): with REDIS_URL and a shared PostgreSQL, batches go onto a Redis stream
 * and consumers — the server's own, `qcdesk worker` processes — apply them. The caller gets the answer the pipeline
 * gives in process; the monitors hear the changes through Redis; a batch taken again answers what it answered; and a
 * worker killed with SIGKILL in the middle of a batch loses no event and duplicates none. Needs both services (the
 * CI's test:pg has them); without them this file is skipped, saying why.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FeedAnswer, LiveChange } from '@qcdesk/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatSessions, liveBatches, liveEvents } from '../../src/db/schema/index.js';
import { agentStates } from '../../src/live/desk-state.js';
import { FeedFront } from '../../src/live/redis-feed/feed-front.js';
import { feedKeys } from '../../src/live/redis-feed/feed-keys.js';
import { inProcessDriver } from '../../src/live/simulate/desk-drivers.js';
import { readDialogues } from '../../src/live/simulate/dialogues.js';
import { simulateDesk } from '../../src/live/simulate/simulate-desk.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ev, feedTables, MAY_1_10AM, MINUTE, makeDesk, send } from './live-fixtures.js';

const redisUrl = process.env.REDIS_URL ?? '';
const pg = (process.env.DATABASE_URL ?? '') !== '';
const BIN = fileURLToPath(new URL('../../bin/qcdesk.js', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url));
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;

if (redisUrl === '' || !pg) {
  describe('the live feed on Redis', () => {
    it.skip('needs REDIS_URL and DATABASE_URL (npm run test:pg with a Redis) — skipped because one is not set', () => {});
  });
} else {
  // the server's own queue, and the one only the worker processes consume
  const prefix = `qcdesk-test-${randomBytes(4).toString('hex')}`;
  const workersPrefix = `${prefix}-workers`;
  let t: TestApp;
  let feeder: Caller;
  let org: number;
  const workers: { child: ChildProcess; output: string; exit: Promise<unknown> }[] = [];
  let front: FeedFront | null = null;
  let redis: Redis;

  beforeAll(async () => {
    process.env.QCDESK_QUEUE_PREFIX = prefix;
    t = await startTestApp({ redisUrl, liveConsumer: true });
    ({ feeder, organizationId: org } = await organisationWith(t, 'feed-queue', { feeder: ['live-feed.push'] }));
    redis = new Redis(redisUrl);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exit));
    await front?.close();
    await t?.close();
    for (const p of [prefix, workersPrefix]) {
      const keys = await redis.keys(`${p}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
    delete process.env.QCDESK_QUEUE_PREFIX;
  });

  describe('the live feed on Redis', () => {
    it('answers a batch sent to the server as the pipeline does, and tells the monitors through Redis', async () => {
      expect(t.app.liveFeed.front).not.toBeNull();
      const desk = await makeDesk(t.database.db, org, {
        agents: [{ capacity: 1 }],
        groups: [{ name: '售前', agents: [0] }],
      });
      const heard: LiveChange[] = [];
      const stop = t.app.liveUpdates.subscribe(org, (changes) => heard.push(...changes));
      const answer = await send(feeder, [
        ev.status(desk.agentIds[0]!, 'ONLINE', T(0)),
        ev.open('q-1', desk.lineId, T(1)),
        ev.say('q-1', 'CUSTOMER', '你好，我的快递到哪了？', T(1.2)),
        ev.open('q-2', desk.lineId, T(2)),
      ]);
      expect(answer).toMatchObject({ accepted: 4, duplicate: 0, refused: 0 });
      expect(answer.results.map((r) => r.seq ?? null)).toEqual([null, 0, 2, 0]);
      // one place: the first is given to the agent, the second waits
      expect(answer.desk.map((d) => [d.type, d.sessionId])).toEqual([
        ['SESSION_ASSIGNED', 'q-1'],
        ['SESSION_QUEUED', 'q-2'],
      ]);
      await expect.poll(() => heard.map((c) => c.kind).sort()).toEqual(['agent', 'queue', 'session']);
      expect(heard.find((c) => c.kind === 'session')?.ids?.sort()).toEqual(['q-1', 'q-2']);
      stop();
    });

    it('answers a batch taken again what it answered the first time, and stores its events once', async () => {
      const desk = await makeDesk(t.database.db, org, {
        agents: [{ capacity: 2 }],
        groups: [{ name: '售后', agents: [0] }],
      });
      const events = [
        ev.status(desk.agentIds[0]!, 'ONLINE', T(10)),
        ev.open('r-1', desk.lineId, T(11)),
        ev.say('r-1', 'CUSTOMER', '退货怎么办理', T(11.5)),
      ];
      const first = await t.app.liveFeed.apply(org, events, 'zh', 'replayed-batch');
      const before = await feedTables(t.database.db, org);
      const second = await t.app.liveFeed.apply(org, events, 'zh', 'replayed-batch');
      expect(second).toEqual(first);
      expect(first.accepted).toBe(3);
      expect(await feedTables(t.database.db, org)).toEqual(before);
      // without the batch id the same events are duplicates: the stored answer is what keeps the seqs and decisions
      const plain = await t.app.liveFeed.apply(org, events, 'zh');
      expect(plain).toMatchObject({ accepted: 0, duplicate: 3, desk: [] });
    });

    it('loses no event and duplicates none when a worker process is killed mid-batch', async () => {
      const spawnWorker = () => {
        const child = spawn(process.execPath, [BIN, 'worker', '--size', '1'], {
          env: {
            ...process.env,
            DATABASE_URL: t.config.databaseUrl!,
            REDIS_URL: redisUrl,
            QCDESK_QUEUE_PREFIX: workersPrefix,
            QCDESK_FEED_CLAIM_MS: '2000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const worker = { child, output: '', exit: new Promise((resolve) => child.on('exit', resolve)) };
        child.stdout!.on('data', (chunk: Buffer) => {
          worker.output += chunk.toString();
        });
        child.stderr!.on('data', (chunk: Buffer) => {
          worker.output += chunk.toString();
        });
        workers.push(worker);
        return worker;
      };
      const [doomed, survivor] = [spawnWorker(), spawnWorker()];
      await expect
        .poll(() => workers.every((w) => w.output.includes('live feed batches')), { timeout: 60_000, interval: 200 })
        .toBe(true);

      const { organizationId: simOrg } = await organisationWith(t, 'feed-queue-kill', { feeder: ['live-feed.push'] });
      await makeDesk(t.database.db, simOrg, {
        agents: [{ capacity: 3 }, { capacity: 3 }, { capacity: 2 }, { capacity: 2 }],
        groups: [
          { name: '售前', agents: [0, 1, 2] },
          { name: '售后', agents: [2, 3] },
        ],
      });
      front = new FeedFront({ redisUrl, prefix: workersPrefix });
      const local = inProcessDriver({ db: t.database.db, feed: t.app.liveFeed, organizationId: simOrg });
      const keys = feedKeys(workersPrefix);
      let killedBatch: string | null = null;
      let batches = 0;
      const driver = {
        ...local,
        prepare: local.prepare,
        send: async (events: Parameters<typeof local.send>[0]): Promise<FeedAnswer> => {
          batches += 1;
          const answer = front!.accept(simOrg, events, 'zh');
          // after a few batches, the next one the doomed worker takes is killed in his hands
          if (killedBatch === null && batches >= 5) killedBatch = await killWhenHolding(doomed.child, keys, answer);
          return answer;
        },
      };
      const dialogues = await readDialogues(SAMPLE);
      const summary = await simulateDesk({
        driver,
        dialogues,
        agents: 4,
        arrivalsPerMinute: 6,
        speed: Number.POSITIVE_INFINITY,
        durationMs: 30 * MINUTE,
        drain: true,
        seed: 7,
        startAt: T(60),
        patienceMs: 5 * MINUTE,
        fastWindowMs: 20_000,
      });
      expect(killedBatch, doomed.output).not.toBeNull();
      expect(doomed.child.signalCode).toBe('SIGKILL');
      expect(summary.refused).toBe(0);
      expect(batches).toBeGreaterThan(20);

      const db = t.database.db;
      const count = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
      // every event the simulator was told was accepted is stored, once, and nothing else
      expect(
        await count(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(liveEvents)
            .where(and(eq(liveEvents.organizationId, simOrg), eq(liveEvents.origin, 'FEED'))),
        ),
      ).toBe(summary.events);
      expect(
        await count(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(chatMessages)
            .where(eq(chatMessages.organizationId, simOrg)),
        ),
      ).toBe(summary.messages);
      expect(
        await count(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(chatSessions)
            .where(and(eq(chatSessions.organizationId, simOrg), isNotNull(chatSessions.liveSeq))),
        ),
      ).toBe(summary.opened);
      // each session's history has no gap and no repeat
      const gaps = (await db.execute(sql`
        select session_id from live_events where organization_id = ${simOrg} and session_id is not null
        group by session_id having count(*) <> max(seq) + 1 or count(distinct seq) <> count(*)`)) as unknown as {
        rows: unknown[];
      };
      expect(gaps.rows).toEqual([]);
      // the batch in the killed worker's hands was applied once, by whoever finished it
      const [held] = await db
        .select({ batchId: liveBatches.batchId })
        .from(liveBatches)
        .where(and(eq(liveBatches.organizationId, simOrg), eq(liveBatches.batchId, killedBatch!)));
      expect(held).toBeDefined();
      // after a drained run every agent is free, as the simulator counted
      const agents = await agentStates(db, simOrg, { timeZone: 'Asia/Shanghai', now: new Date(summary.deskTime) });
      expect(Object.fromEntries(agents.map((a) => [String(a.agentId), a.totalReceptions]))).toEqual(
        Object.fromEntries(Object.entries(summary.byAgent).map(([id, a]) => [id, a.taken])),
      );
      expect(agents.every((a) => a.receptions === 0)).toBe(true);
      // nothing left pending on the queue
      const pending = (await redis.call('XPENDING', keys.stream, keys.group)) as [number, ...unknown[]];
      expect(pending[0]).toBe(0);
      survivor.child.kill('SIGTERM');
      await survivor.exit;
      expect(Number(/(\d+) live batches applied/.exec(survivor.output)?.[1] ?? 0)).toBeGreaterThan(0);
    }, 180_000);
  });
}

/**
 * Kills `child` with SIGKILL as soon as it holds a batch (pending for its consumer name in the group), unless the
 * batch just sent is answered first (another worker took it); answers the held batch's stream id, or null.
 */
async function killWhenHolding(
  child: ChildProcess,
  keys: ReturnType<typeof feedKeys>,
  answered: Promise<unknown>,
): Promise<string | null> {
  const redis = new Redis(process.env.REDIS_URL!);
  const name = `${hostname()}:${child.pid}`;
  let done = false;
  const stop = () => {
    done = true;
  };
  answered.then(stop, stop);
  try {
    while (!done) {
      const held = (await redis.call('XPENDING', keys.stream, keys.group, '-', '+', 10, name)) as [
        string,
        ...unknown[],
      ][];
      if (held.length > 0) {
        child.kill('SIGKILL');
        return held[0]![0];
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return null;
  } finally {
    redis.disconnect();
  }
}
