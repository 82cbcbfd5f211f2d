/**
 * live suite (`npm run bench -- --suite live`; issue 20 "Scale"): the live desk at full speed. The simulator
 * (`simulateDesk`, the STC-3 dialogues, 50 agents, 600 arrivals a desk minute, no waiting) drives the feed of a
 * server whose organisation has two ACTIVE censor libraries and an ACTIVE REAL_TIME_TEXT task on the desk's line (three
 * keyword rules on what the agent says). Every message goes feed → censor → stored → real-time QC. Figures: messages
 * per second the feed took, messages per second until real-time QC had inspected the last batch, and the delay from a
 * message's send to the alarm it raised (p50, p99). On PGlite (a folder on disk, as `npm start` runs), and with
 * DATABASE_URL on PostgreSQL in process, and with REDIS_URL as well on PostgreSQL through the Redis feed queue with
 * two `qcdesk worker` processes applying the batches (the server only queues them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeedEventInput } from '@qcdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { readServerConfig, type ServerConfig } from '../../packages/server/src/config/server-config.js';
import { openDatabase } from '../../packages/server/src/db/connect.js';
import { agentAlarms, chatMessages } from '../../packages/server/src/db/schema/index.js';
import { buildApp } from '../../packages/server/src/http/build-app.js';
import { type DeskDriver, inProcessDriver } from '../../packages/server/src/live/simulate/desk-drivers.js';
import { readDialogues } from '../../packages/server/src/live/simulate/dialogues.js';
import { simulateDesk } from '../../packages/server/src/live/simulate/simulate-desk.js';
import { STC3_SESSIONS_FILE } from '../../packages/server/src/seed/stc3-sessions-file.js';
import { type Caller, organisationWith } from '../../packages/server/test/helpers/accounts.js';
import { scratchDatabase } from '../../packages/server/test/helpers/scratch-database.js';
import { fmt, log } from '../lib/common.js';
import { check, figure, type SuiteResult } from '../lib/report.js';

const BIN = fileURLToPath(new URL('../../packages/server/bin/qcdesk.js', import.meta.url));
const SUITE = 'live';
const AGENTS = 50;
const ARRIVALS_PER_MINUTE = 600;
/** desk time one batch gathers (QCDESK_BENCH_LIVE_WINDOW_MS, default 5 s: about 230 messages at this rate) */
const WINDOW_MS = Number(process.env.QCDESK_BENCH_LIVE_WINDOW_MS ?? 5000);

type Setup = 'PGlite' | 'PostgreSQL' | 'PostgreSQL + Redis, 2 workers';
/** the setups' names in QCDESK_BENCH_LIVE_SETUPS */
const SETUP_KEYS: Record<Setup, string> = {
  PGlite: 'pglite',
  PostgreSQL: 'postgres',
  'PostgreSQL + Redis, 2 workers': 'redis',
};

interface LiveRun {
  readonly setup: Setup;
  readonly messages: number;
  readonly sessions: number;
  readonly feedSeconds: number;
  /** until real-time QC had inspected the last batch */
  readonly totalSeconds: number;
  readonly alarms: number;
  readonly alarmMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly stored: number;
}

async function answer(caller: Caller, path: string, body: unknown): Promise<{ id: string; version?: number }> {
  const res = await caller.post(path, body);
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; version?: number };
}

/** Three rules on the agent's words, as a desk would watch live: apologies, brush-offs, promises of compensation. */
async function realtimeTask(admin: Caller, lineIds: readonly string[]): Promise<void> {
  const scheme = await answer(admin, '/v3/chats/qc-scheme/create', {
    name: '实时压测',
    type: 'TEXT',
    targetType: 'AI',
  });
  const agentSays = (words: string[]) => ({
    conditions: [
      {
        cid: 'a',
        checkRange: { role: 'AGENT' },
        operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: words } }],
      },
    ],
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
  });
  const rules: string[] = [];
  for (const [name, words] of [
    ['致歉', ['抱歉', '对不起', '不好意思']],
    ['推诿', ['不知道', '没办法', '不清楚']],
    ['承诺', ['补偿', '赔偿', '退款']],
  ] as const)
    rules.push(
      (await answer(admin, '/v3/chats/qc-rule/create', { name, type: 'AI', conditionConfig: agentSays([...words]) }))
        .id,
    );
  const angle = await answer(admin, '/v3/chats/qc-angle/create', { schemeId: scheme.id, name: '服务', score: 100 });
  await answer(admin, '/v3/chats/qc-angle-rule/create', { schemeId: scheme.id, angleId: angle.id, ruleIds: rules });
  await answer(admin, '/v3/chats/qc-scheme/status', { ids: [scheme.id], status: 'ACTIVE' });
  const task = await answer(admin, '/v3/chats/qc-task/create', {
    name: '实时压测',
    type: 'REAL_TIME_TEXT',
    schemeId: scheme.id,
    lineIds,
  });
  await answer(admin, '/v3/chats/qc-task/status', { ids: [task.id], status: 'ACTIVE' });
  for (const [name, flag, words] of [
    ['客户敏感词', 'cs-customer', ['投诉', '差评', '垃圾', '骗子']],
    ['坐席敏感词', 'cs-agent', ['不知道', '没办法']],
  ] as const) {
    const lib = await answer(admin, '/v3/system/censor-ban/create', { name, flag, operation: 'REPORT', words });
    await answer(admin, '/v3/system/censor-ban/status', { ids: [lib.id], status: 'ACTIVE' });
  }
}

function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'worker', '--size', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('live feed batches')) resolve(child);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => reject(new Error(`qcdesk worker exited (${code}): ${output}`)));
  });
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function runSetup(setup: Setup, durationMs: number): Promise<LiveRun> {
  const onDisk = setup === 'PGlite' ? mkdtempSync(join(tmpdir(), 'qcdesk-bench-live-')) : null;
  const scratch = onDisk === null ? await scratchDatabase(process.env.DATABASE_URL!) : null;
  const queued = setup === 'PostgreSQL + Redis, 2 workers';
  const prefix = `qcdesk-bench-${randomBytes(4).toString('hex')}`;
  if (queued) process.env.QCDESK_QUEUE_PREFIX = prefix;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: onDisk });
  const config: ServerConfig = {
    ...readServerConfig({ QCDESK_DEMO: '0', QCDESK_LOG_LEVEL: 'warn' }),
    databaseUrl: scratch?.url ?? null,
    redisUrl: queued ? process.env.REDIS_URL! : null,
    dataDir: onDisk ?? tmpdir(),
    demo: false,
    simulate: false,
    liveConsumer: false,
  };
  const app = await buildApp({ db: database.db, config });
  await app.ready();
  const workers: ChildProcess[] = [];
  try {
    const t = { app, database, config, close: async () => app.close() };
    const { admin, organizationId } = await organisationWith(t, 'bench-live', { admin: ['*'] });
    const inner = inProcessDriver({ db: database.db, feed: app.liveFeed, organizationId, build: true });
    const desk = await inner.prepare(AGENTS);
    await realtimeTask(admin, desk.lineIds);
    if (queued) {
      const env = { ...process.env, DATABASE_URL: scratch!.url, QCDESK_QUEUE_PREFIX: prefix, QCDESK_LOG_LEVEL: 'warn' };
      workers.push(...(await Promise.all([startWorker(env), startWorker(env)])));
    }
    // when each message left the desk (its batch's send), by session and message id
    const sentAt = new Map<string, number>();
    const driver: DeskDriver = {
      ...inner,
      prepare: (n) => inner.prepare(n),
      send: (events: readonly FeedEventInput[]) => {
        const now = Date.now();
        for (const e of events) if (e.type === 'MESSAGE') sentAt.set(`${e.sessionId}\u0000${e.messageId}`, now);
        return inner.send(events);
      },
    };
    const dialogues = await readDialogues(STC3_SESSIONS_FILE);
    const started = Date.now();
    const summary = await simulateDesk({
      driver,
      dialogues,
      agents: AGENTS,
      arrivalsPerMinute: ARRIVALS_PER_MINUTE,
      speed: Number.POSITIVE_INFINITY,
      durationMs,
      drain: true,
      seed: 1,
      startAt: Date.now() - durationMs - 10 * 60_000,
      fastWindowMs: WINDOW_MS,
    });
    const feedSeconds = (Date.now() - started) / 1000;
    // real-time QC done: in process, its queue idle; with workers, the alarm count still for a second
    if (queued) {
      let last = -1;
      for (;;) {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(agentAlarms)
          .where(eq(agentAlarms.organizationId, organizationId));
        if (row!.n === last) break;
        last = row!.n;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } else await app.realtimeQc.whenIdle();
    const raised = await database.db
      .select({ alarmTime: agentAlarms.alarmTime, sessionId: agentAlarms.sessionId, messageId: chatMessages.messageId })
      .from(agentAlarms)
      .innerJoin(
        chatMessages,
        and(
          eq(chatMessages.organizationId, agentAlarms.organizationId),
          eq(chatMessages.sessionId, agentAlarms.sessionId),
          eq(chatMessages.seq, agentAlarms.messageSeq),
        ),
      )
      .where(eq(agentAlarms.organizationId, organizationId));
    const lastAlarm = Math.max(started, ...raised.map((a) => a.alarmTime.getTime()));
    const delays = raised
      .map((a) => a.alarmTime.getTime() - (sentAt.get(`${a.sessionId}\u0000${a.messageId}`) ?? Number.NaN))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    const [stored] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.organizationId, organizationId));
    return {
      setup,
      messages: summary.messages,
      sessions: summary.opened,
      feedSeconds,
      totalSeconds: Math.max(feedSeconds, (lastAlarm - started) / 1000),
      alarms: raised.length,
      alarmMs: { p50: quantile(delays, 0.5), p99: quantile(delays, 0.99), max: delays.at(-1) ?? Number.NaN },
      stored: stored!.n,
    };
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(
      workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once('exit', resolve) : resolve(null)))),
    );
    await app.close();
    await database.close();
    if (queued) {
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      delete process.env.QCDESK_QUEUE_PREFIX;
    }
    await scratch?.drop();
    if (onDisk !== null) rmSync(onDisk, { recursive: true, force: true });
  }
}

export async function liveSuite(options: { quick: boolean }): Promise<SuiteResult> {
  const durationMs = (options.quick ? 1 : 3) * 60_000;
  let setups: Setup[] = ['PGlite'];
  if (process.env.DATABASE_URL) setups.push('PostgreSQL');
  if (process.env.DATABASE_URL && process.env.REDIS_URL) setups.push('PostgreSQL + Redis, 2 workers');
  else log('live: PostgreSQL / Redis rows need DATABASE_URL and REDIS_URL');
  // QCDESK_BENCH_LIVE_SETUPS=pglite,postgres,redis: only these rows (iterating on one setup need not wait for the others)
  const only = process.env.QCDESK_BENCH_LIVE_SETUPS?.split(',').map((s) => s.trim().toLowerCase());
  if (only !== undefined) setups = setups.filter((s) => only.includes(SETUP_KEYS[s]));
  const runs: LiveRun[] = [];
  const figures = [];
  for (const setup of setups) {
    log(
      `live: ${setup}, ${AGENTS} agents, ${ARRIVALS_PER_MINUTE} arrivals a desk minute, ${durationMs / 60_000} desk minutes`,
    );
    const run = await runSetup(setup, durationMs);
    runs.push(run);
    log(
      `live: ${setup}: ${run.messages} messages in ${fmt(run.feedSeconds, 1)} s (${fmt(run.messages / run.feedSeconds, 0)}/s), QC done at ${fmt(run.totalSeconds, 1)} s; ${run.alarms} alarms, p50 ${run.alarmMs.p50} ms, p99 ${run.alarmMs.p99} ms`,
    );
    check(
      SUITE,
      `${setup}: every message the feed accepted is stored`,
      run.stored === run.messages,
      `${run.stored} stored, ${run.messages} accepted`,
    );
    check(SUITE, `${setup}: real-time QC raised alarms`, run.alarms > 0, `${run.alarms} alarms`);
    const postgres = setup === 'PostgreSQL';
    figures.push(
      figure({
        suite: SUITE,
        name: `${setup}: messages/s, feed → censor → stored → real-time QC`,
        value: run.messages / run.totalSeconds,
        unit: 'msg/s',
        target: postgres ? '≥ 2000' : '',
        met: postgres ? run.messages / run.totalSeconds >= 2000 : null,
        note: `${run.messages} messages, ${run.sessions} sessions; the feed alone ${fmt(run.messages / run.feedSeconds, 0)}/s`,
      }),
      figure({
        suite: SUITE,
        name: `${setup}: message → alarm p99`,
        value: run.alarmMs.p99,
        unit: 'ms',
        target: postgres ? '< 1000' : '',
        met: postgres ? run.alarmMs.p99 < 1000 : null,
        note: `p50 ${run.alarmMs.p50} ms, max ${run.alarmMs.max} ms, ${run.alarms} alarms`,
      }),
    );
  }
  return {
    figures,
    details: { agents: AGENTS, arrivalsPerMinute: ARRIVALS_PER_MINUTE, durationMs, windowMs: WINDOW_MS, runs },
  };
}
