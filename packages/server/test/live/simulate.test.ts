/**
 * `qcdesk simulate` / simulateDesk (issue 20): real dialogues replayed through the feed on a small desk short of
 * capacity. What the monitors will read (desk-state.ts: the queue per line, each agent's receptions and day, each
 * group's counters) equals a direct count of what the simulator sent and the feed answered; over HTTP, a drained run
 * leaves every session closed, the queue empty and the agents signed out.
 */
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseDuration } from '../../src/cli/simulate-command.js';
import { readServerConfig } from '../../src/config/server-config.js';
import { chatMessages, chatSessions } from '../../src/db/schema/index.js';
import { agentStates, groupCounters, queueByLine } from '../../src/live/desk-state.js';
import { startDemoSimulation } from '../../src/live/simulate/demo-simulation.js';
import { httpDriver, inProcessDriver } from '../../src/live/simulate/desk-drivers.js';
import { type Dialogue, readDialogues } from '../../src/live/simulate/dialogues.js';
import { simulateDesk } from '../../src/live/simulate/simulate-desk.js';
import { organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ok } from '../tasks/fixtures.js';
import { MAY_1_10AM, MINUTE, makeDesk } from './live-fixtures.js';

const SAMPLE = fileURLToPath(new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url));
const TZ = 'Asia/Shanghai';
let t: TestApp;
let dialogues: Dialogue[];

beforeAll(async () => {
  t = await startTestApp();
  dialogues = await readDialogues(SAMPLE);
});
afterAll(async () => {
  await t?.close();
});

describe('simulateDesk', () => {
  it('reads the STC-3 dialogues with both sides and the gaps between turns', () => {
    expect(dialogues.length).toBeGreaterThanOrEqual(20);
    for (const d of dialogues) {
      expect(d.turns.some((turn) => turn.role === 'AGENT')).toBe(true);
      for (const turn of d.turns) expect(turn.gapMs).toBeGreaterThanOrEqual(2000);
    }
  });

  it('builds a queue when capacity is short, and the desk state equals a count of what was sent', async () => {
    const { organizationId: org } = await organisationWith(t, 'sim-short', { feeder: ['live-feed.push'] });
    const desk = await makeDesk(t.database.db, org, {
      agents: [{ capacity: 2 }, { capacity: 2 }, { capacity: 1 }],
      groups: [
        { name: '售前', agents: [0, 1] },
        { name: '售后', agents: [1, 2], firstAssign: 'ROUND_ROBIN' },
      ],
    });
    const duration = 20 * MINUTE;
    const summary = await simulateDesk({
      driver: inProcessDriver({ db: t.database.db, feed: t.app.liveFeed, organizationId: org }),
      dialogues,
      agents: 3,
      arrivalsPerMinute: 8,
      speed: Number.POSITIVE_INFINITY,
      durationMs: duration,
      drain: false,
      seed: 11,
      startAt: MAY_1_10AM,
      patienceMs: 4 * MINUTE,
    });
    expect(summary.refused).toBe(0);
    expect(summary.opened).toBeGreaterThan(60);
    // 5 places for 8 arrivals a minute of dialogues lasting a minute or two: customers wait, some give up
    expect(summary.waiting).toBeGreaterThan(0);
    expect(summary.abandoned).toBeGreaterThan(0);

    const db = t.database.db;
    const now = new Date(MAY_1_10AM + duration);
    // what was stored is what was sent
    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, org), isNotNull(chatSessions.liveSeq)));
    expect(stored!.n).toBe(summary.opened);
    const [messages] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.organizationId, org));
    expect(messages!.n).toBe(summary.messages);

    const queues = await queueByLine(db, org, { timeZone: TZ, now });
    expect(Object.fromEntries(queues.map((q) => [String(q.lineId), q.waitingCount]))).toEqual(summary.waitingByLine);

    const agents = await agentStates(db, org, { timeZone: TZ, now });
    expect(
      Object.fromEntries(agents.map((a) => [String(a.agentId), { serving: a.receptions, taken: a.totalReceptions }])),
    ).toEqual(summary.byAgent);
    for (const a of agents) expect(a.receptions).toBeLessThanOrEqual(a.capacity);

    const groups = await groupCounters(db, org, { timeZone: TZ, now });
    expect(
      Object.fromEntries(
        groups
          .filter((g) => g.groupSessionCount > 0)
          .map((g) => [String(g.groupId), { serving: g.groupReceptionCount, taken: g.groupSessionCount }]),
      ),
    ).toEqual(summary.byGroup);
    expect(groups.map((g) => g.agentCount)).toEqual([2, 2]);
    // the session row and the tally agree on the total served
    expect(agents.reduce((sum, a) => sum + a.receptions, 0)).toBe(summary.serving);
    expect(desk.agentIds.map(String)).toEqual(Object.keys(summary.agentStatus));
  });

  it('is repeatable: the same seed sends the same desk', async () => {
    const run = async (name: string) => {
      const { organizationId } = await organisationWith(t, name, { feeder: ['live-feed.push'] });
      await makeDesk(t.database.db, organizationId, {
        agents: [{ capacity: 1 }, { capacity: 1 }],
        groups: [{ name: '组', agents: [0, 1] }],
      });
      const s = await simulateDesk({
        driver: inProcessDriver({ db: t.database.db, feed: t.app.liveFeed, organizationId }),
        dialogues,
        agents: 2,
        arrivalsPerMinute: 2,
        speed: Number.POSITIVE_INFINITY,
        durationMs: 10 * MINUTE,
        drain: false,
        seed: 5,
        startAt: MAY_1_10AM,
        runId: 'same',
      });
      return { opened: s.opened, messages: s.messages, waiting: s.waiting, closed: s.closed };
    };
    expect(await run('sim-a')).toEqual(await run('sim-b'));
  });

  it('plays over HTTP against a running console: drained, every session ends and the agents sign out', async () => {
    const { feeder, organizationId: org } = await organisationWith(t, 'sim-http', {
      feeder: ['live-feed.push', 'csLine.view', 'csGroup.view'],
    });
    await makeDesk(t.database.db, org, {
      agents: [{ capacity: 3 }, { capacity: 3 }],
      groups: [{ name: '售前', agents: [0, 1] }],
    });
    const { token } = await ok(feeder.post('/v3/auth/token/create', { name: '模拟器', expireDays: 1 }));
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const summary = await simulateDesk({
      driver: httpDriver({ url, token }),
      dialogues,
      agents: 2,
      arrivalsPerMinute: 3,
      speed: Number.POSITIVE_INFINITY,
      durationMs: 6 * MINUTE,
      seed: 3,
      startAt: MAY_1_10AM,
    });
    expect(summary.refused).toBe(0);
    expect(summary.opened).toBeGreaterThan(5);
    expect(summary.closed).toBe(summary.opened);
    expect(summary.serving + summary.waiting).toBe(0);
    const now = new Date(summary.deskTime);
    expect(await queueByLine(t.database.db, org, { timeZone: TZ, now })).toEqual([]);
    const agents = await agentStates(t.database.db, org, { timeZone: TZ, now });
    expect(agents.map((a) => [a.status, a.receptions])).toEqual([
      ['OFFLINE', 0],
      ['OFFLINE', 0],
    ]);
    expect(agents.reduce((sum, a) => sum + a.sessions, 0)).toBe(summary.closed - summary.abandoned);
  });
});

describe('qcdesk simulate --duration', () => {
  it('reads 30m, 2h, 90s, 500ms and plain minutes', () => {
    expect([
      parseDuration('30m'),
      parseDuration('2h'),
      parseDuration('90s'),
      parseDuration('500ms'),
      parseDuration('5'),
    ]).toEqual([1_800_000, 7_200_000, 90_000, 500, 300_000]);
    expect(parseDuration('soon')).toBeNull();
  });

  it('refuses what it cannot run with the usage and exit code 2', async () => {
    const errors: string[] = [];
    const error = console.error;
    const log = console.log;
    console.error = (line: string) => errors.push(line);
    console.log = () => {};
    try {
      expect(await main(['simulate'])).toBe(2);
      expect(await main(['simulate', '--data', '--url', 'http://localhost:8080'])).toBe(2);
      expect(await main(['simulate', '--data', '--speed', 'fast'])).toBe(2);
      expect(await main(['simulate', '--data', '--duration', 'soon'])).toBe(2);
    } finally {
      console.error = error;
      console.log = log;
    }
    expect(errors).toEqual([
      'simulate 需要 --data 或 --url 之一 / simulate needs one of --data and --url',
      'simulate 需要 --data 或 --url 之一 / simulate needs one of --data and --url',
      '--speed 应为正数或 max / --speed must be a positive number or max',
      '--duration 应如 30m、2h、90s / --duration must be like 30m, 2h, 90s',
    ]);
  });
});

describe('npm start', () => {
  it('plays the demo desk unless QCDESK_SIMULATE=0 or there is no demo data', async () => {
    expect(readServerConfig({}).simulate).toBe(true);
    expect(readServerConfig({ QCDESK_SIMULATE: '0' }).simulate).toBe(false);
    const log: string[] = [];
    const off = { ...t.config, demo: true, simulate: false };
    expect(startDemoSimulation(t.database.db, t.app.liveFeed, off, (l) => log.push(l))).toBeNull();
    expect(
      startDemoSimulation(t.database.db, t.app.liveFeed, { ...off, demo: false, simulate: true }, (l) => log.push(l)),
    ).toBeNull();
    expect(log).toEqual([]);
  });
});
