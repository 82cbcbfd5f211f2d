/**
 * queue suite (`npm run bench -- --suite queue`; issue 21 "Scale-out"): a QC task over the STC-3 sessions spread
 * through BullMQ on Redis. The demo store (api-store.ts `seedDemoStore`: 4,090 STC-3 sessions, the demo schemes, its
 * censor libraries; PostgreSQL with DATABASE_URL, else PGlite in a folder), a server app in this process, and a new
 * OFFLINE_TEXT task on the demo's active AI scheme over both demo lines: time from its activation (the status call)
 * to its run's end (`tasks.whenIdle()`), sessions/s — with 1 and with 2 `qcdesk worker --size 1` processes taking
 * the chunks off the queue (the server only queues them and writes the answers), and the in-process pool (no Redis)
 * as the reference. Workers need REDIS_URL only: a job carries its sessions and definition, the server writes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { qcSchemes } from '../../packages/server/src/db/schema/qc-config.js';
import { aiResults } from '../../packages/server/src/db/schema/qc-results.js';
import { buildApp } from '../../packages/server/src/http/build-app.js';
import { importSessions } from '../../packages/server/src/ingest/import-sessions.js';
import { recordsOfLinesFile } from '../../packages/server/src/ingest/read-lines-file.js';
import type { RawRecord } from '../../packages/server/src/ingest/read-records.js';
import { DEMO_AGENT_ID } from '../../packages/server/src/seed/seed-store.js';
import { DEMO_LINES, dressDemoSession, STC3_FILE } from '../../packages/server/src/tasks/demo-seeder.js';
import { type Caller, signIn } from '../../packages/server/test/helpers/accounts.js';
import { fmt, log, median } from '../lib/common.js';
import { check, type Figure, figure, type SuiteResult } from '../lib/report.js';
import { type DemoStore, seedDemoStore } from './api-store.js';

const SUITE = 'queue';
const BIN = fileURLToPath(new URL('../../packages/server/bin/qcdesk.js', import.meta.url));

/** where a run's chunks are evaluated: the server's own pool, or that many `qcdesk worker` processes */
const SETUPS = [
  { label: 'in process (pool, 1 thread)', workers: 0 },
  { label: '1 qcdesk worker (--size 1)', workers: 1 },
  { label: '2 qcdesk workers (--size 1 each)', workers: 2 },
] as const;
type SetupLabel = (typeof SETUPS)[number]['label'];

interface TaskRun {
  readonly setup: SetupLabel;
  readonly round: number;
  readonly seconds: number;
  readonly state: string;
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  /** AI results with the run's task id, and of how many distinct sessions */
  readonly results: number;
  readonly resultSessions: number;
  /** sessions of the task's scope without a result of this task */
  readonly missing: number;
  /** sessions each worker process evaluated (its log lines), in spawn order */
  readonly perWorker: readonly number[];
  /** each worker's job times in order, ms (its first job compiles the scheme and the libraries) */
  readonly jobMs: readonly (readonly number[])[];
  /** CPU seconds (user + system) over the timed run: this process (the server, with its pool's thread in process) */
  readonly serverCpu: number;
  /** …and each worker process (null where /proc cannot tell) */
  readonly workerCpu: readonly (number | null)[];
  readonly load: readonly number[];
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name in parentheses: state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

interface QueueWorker {
  readonly child: ChildProcess;
  /** sessions evaluated so far, from its `N sessions in M ms` lines */
  sessions: number;
  readonly jobMs: number[];
  /** resolves once the process exited and its output is read */
  readonly closed: Promise<void>;
}

/** A `qcdesk worker` on the suite's queue prefix, answered once it waits for jobs. */
function startQueueWorker(prefix: string): Promise<QueueWorker> {
  // no DATABASE_URL: evaluation needs none (and without it the worker does not take live feed batches too)
  const env = { ...process.env, DATABASE_URL: '', QCDESK_QUEUE_PREFIX: prefix, QCDESK_LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [BIN, 'worker', '--size', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const worker: QueueWorker = { child, sessions: 0, jobMs: [], closed };
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const done = /(\d+) sessions in (\d+) ms/.exec(line);
      if (done !== null) {
        worker.sessions += Number(done[1]);
        worker.jobMs.push(Number(done[2]));
      } else if (line.includes('waiting for evaluation jobs')) resolve(worker);
    });
    child.once('exit', (code) => reject(new Error(`queue suite: qcdesk worker exited (${code}): ${stderr}`)));
  });
}

async function answer(caller: Caller, path: string, body: unknown, query?: Record<string, string>) {
  const res = await caller.post(path, body, query === undefined ? {} : { query });
  if (res.statusCode !== 200) throw new Error(`queue suite: ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

/**
 * Makes the desk `copies` times as big: every STC-3 session again, dressed as the demo seed dresses it, under the
 * ids `<sessionId>~<copy>` (a longer run than the 4,090 sessions' few seconds). Answers the sessions now stored.
 */
async function addCopies(store: DemoStore, copies: number): Promise<number> {
  const raw: Record<string, unknown>[] = [];
  for await (const r of recordsOfLinesFile(STC3_FILE)) if (r.ok) raw.push(r.value as Record<string, unknown>);
  const now = Date.now();
  let stored = store.sessions;
  for (let copy = 1; copy < copies; copy++) {
    const records = raw.map((value, i): RawRecord => {
      const dressed = dressDemoSession(value, i, raw.length, now, DEMO_AGENT_ID);
      const renamed = {
        ...dressed,
        sessionId: `${String(value.sessionId)}~${copy}`,
        chatId: `${String(value.chatId)}~${copy}`,
      };
      return { line: i + 1, ok: true, value: renamed, bytes: 0 };
    });
    const summary = await importSessions(store.database.db, store.organizationId, records);
    if (summary.created !== raw.length) throw new Error(`queue suite: copy ${copy}: ${JSON.stringify(summary)}`);
    stored += summary.created;
  }
  return stored;
}

/** The demo's active AI scheme (the one its task inspects the sessions with). */
async function demoAiScheme(store: DemoStore): Promise<number> {
  const [scheme] = await store.database.db
    .select({ id: qcSchemes.id })
    .from(qcSchemes)
    .where(
      and(
        eq(qcSchemes.organizationId, store.organizationId),
        eq(qcSchemes.targetType, 'AI'),
        eq(qcSchemes.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  if (scheme === undefined) throw new Error('queue suite: the demo seed made no active AI scheme');
  return scheme.id;
}

/**
 * One timed run: a server app on the store (evaluating in process, or queueing on Redis for `workers` processes
 * started beforehand), a new task on the scheme over both demo lines, activated; timed until its run ended.
 */
async function runOnce(
  store: DemoStore,
  schemeId: number,
  setup: (typeof SETUPS)[number],
  round: number,
  redisUrl: string | null,
  prefix: string,
): Promise<TaskRun> {
  const db = store.database.db;
  const queued = setup.workers > 0;
  const config = {
    ...store.config,
    redisUrl: queued ? redisUrl : null,
    demo: false,
    simulate: false,
    liveConsumer: false,
  };
  const app = await buildApp({ db, config, logStream: { write: () => {} } });
  await app.ready();
  const workers: QueueWorker[] = [];
  try {
    // the tasks the app resumed at start (the demo task, earlier runs' tasks) have nothing pending: let them end
    await app.tasks.whenIdle();
    for (let i = 0; i < setup.workers; i++) workers.push(await startQueueWorker(prefix));
    const admin = await signIn(
      { app, database: store.database, config, close: () => app.close() },
      'admin',
      store.password,
    );
    // each run writes its results as a first run does (inserts): the scheme's earlier results go first
    await db.delete(aiResults).where(eq(aiResults.schemeId, schemeId));
    const task = await answer(admin, '/v3/chats/qc-task/create', {
      name: `bench queue ${round}: ${setup.label}`,
      type: 'OFFLINE_TEXT',
      schemeId: String(schemeId),
      lineIds: DEMO_LINES.map((l) => String(l.lineId)),
    });
    const taskId = String(task.id);
    const workerCpuBefore = workers.map((w) => cpuSecondsOf(w.child.pid));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await answer(admin, '/v3/chats/qc-task/status', { ids: [taskId], status: 'ACTIVE' });
    await app.tasks.whenIdle();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const workerCpu = workers.map((w, i) => {
      const [before, after] = [workerCpuBefore[i], cpuSecondsOf(w.child.pid)];
      return before === null || before === undefined || after === null ? null : after - before;
    });
    const load = loadavg().map((l) => Math.round(l * 100) / 100);
    const progress = await answer(admin, '/v3/chats/qc-task/progress', {}, { taskId });
    const {
      rows: [counted],
    } = (await db.execute(sql`
      select
        (select count(*)::int from ai_results where task_id = ${Number(taskId)}) as results,
        (select count(distinct session_ref)::int from ai_results where task_id = ${Number(taskId)}) as "resultSessions",
        (select count(*)::int from qc_task_sessions s where s.task_id = ${Number(taskId)} and not exists
          (select 1 from ai_results a where a.session_ref = s.session_ref and a.task_id = s.task_id)) as missing
    `)) as unknown as { rows: { results: number; resultSessions: number; missing: number }[] };
    // switched off, so that the next app does not resume it
    await answer(admin, '/v3/chats/qc-task/status', { ids: [taskId], status: 'INACTIVE' });
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.closed));
    return {
      setup: setup.label,
      round,
      seconds,
      state: String(progress.state),
      total: Number(progress.total),
      done: Number(progress.done),
      failed: Number(progress.failed),
      results: counted!.results,
      resultSessions: counted!.resultSessions,
      missing: counted!.missing,
      perWorker: workers.map((w) => w.sessions),
      jobMs: workers.map((w) => w.jobMs),
      serverCpu: (cpu.user + cpu.system) / 1e6,
      workerCpu,
      load,
    };
  } finally {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.closed));
    await app.close();
  }
}

function checkRun(run: TaskRun, sessions: number): void {
  const name = `${run.setup}, run ${run.round}`;
  check(
    SUITE,
    `${name}: DONE, every session of the desk in scope and done, 0 failed`,
    run.state === 'DONE' && run.total === sessions && run.done === sessions && run.failed === 0,
    `state ${run.state}, total ${run.total}, done ${run.done}, failed ${run.failed} (${sessions} sessions)`,
  );
  check(
    SUITE,
    `${name}: exactly one AI result of the task per in-scope session`,
    run.results === run.total && run.resultSessions === run.total && run.missing === 0,
    `${run.results} results of ${run.resultSessions} sessions, ${run.missing} in scope without one`,
  );
  if (run.perWorker.length === 0) return;
  const evaluated = run.perWorker.reduce((a, b) => a + b, 0);
  check(
    SUITE,
    `${name}: the workers evaluated every session once, each worker some`,
    evaluated === run.total && run.perWorker.every((n) => n > 0),
    `per worker ${run.perWorker.join(' + ')} = ${evaluated} of ${run.total}`,
  );
}

function pending(note: string): SuiteResult {
  log(`queue: ${note}`);
  return {
    figures: SETUPS.filter((s) => s.workers > 0).map((s) =>
      figure({ suite: SUITE, name: `${s.label}: sessions/s`, value: null, unit: 'sessions/s', note }),
    ),
    details: { status: note },
  };
}

export async function queueSuite(options: { quick: boolean }): Promise<SuiteResult> {
  const redisUrl = process.env.REDIS_URL ?? '';
  if (redisUrl === '')
    return pending('pending: needs REDIS_URL (a Redis such as redis://127.0.0.1:6379) for the BullMQ queue');
  const rounds = options.quick ? 1 : Number(process.env.QCDESK_BENCH_QUEUE_RUNS ?? 3);
  // the STC-3 sessions this many times over (4,090 each): 4 makes a run of about 20 s on 2 cores
  const copies = options.quick ? 1 : Number(process.env.QCDESK_BENCH_QUEUE_COPIES ?? 4);
  const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  if (driver === 'pglite') log('queue: DATABASE_URL not set, the store is PGlite in a folder');
  const prefix = `qcdesk-bench-${randomBytes(4).toString('hex')}`;
  // the server's evaluator and the workers meet on this prefix, apart from any other queue on the Redis
  process.env.QCDESK_QUEUE_PREFIX = prefix;
  const store = await seedDemoStore(driver, SUITE);
  const runs: TaskRun[] = [];
  let sessions = store.sessions;
  try {
    const schemeId = await demoAiScheme(store);
    const copying = Date.now();
    sessions = await addCopies(store, copies);
    if (copies > 1) log(`queue: ${sessions} sessions (${copies} copies) in ${fmt((Date.now() - copying) / 1000, 1)} s`);
    // rounds of the three setups in turn, so that load from other work on the machine falls on all three alike
    for (let round = 1; round <= rounds; round++)
      for (const setup of SETUPS) {
        const run = await runOnce(store, schemeId, setup, round, redisUrl, prefix);
        runs.push(run);
        checkRun(run, sessions);
        log(
          `queue: ${store.driver} run ${round}, ${setup.label}: ${run.done} sessions in ${fmt(run.seconds, 2)} s (${fmt(run.done / run.seconds, 0)}/s)${run.perWorker.length > 0 ? `, per worker ${run.perWorker.join(' + ')}` : ''}; CPU s: server ${fmt(run.serverCpu, 1)}${run.workerCpu.map((c) => ` + worker ${fmt(c, 1)}`).join('')}${run.jobMs
            .map((ms) => `; a worker's first job ${ms[0]} ms, then median ${fmt(median(ms.slice(1)), 0)} ms`)
            .join('')}; load ${run.load.join(' ')}`,
        );
      }
  } finally {
    await store.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    delete process.env.QCDESK_QUEUE_PREFIX;
  }
  const rate = (label: SetupLabel) => median(runs.filter((r) => r.setup === label).map((r) => r.done / r.seconds));
  const rates = new Map(SETUPS.map((s) => [s.label, rate(s.label)]));
  const inProcess = rates.get(SETUPS[0].label)!;
  const one = rates.get(SETUPS[1].label)!;
  // CPU seconds per 1,000 sessions (median over the runs): the figure other load on the machine disturbs least
  const cpuPerThousand = (own: readonly TaskRun[], of: (run: TaskRun) => number) =>
    fmt(median(own.map((run) => (of(run) / run.done) * 1000)), 2);
  const figures: Figure[] = SETUPS.map((s) => {
    const own = runs.filter((r) => r.setup === s.label);
    const r = rates.get(s.label)!;
    const workerCpu = (run: TaskRun) => run.workerCpu.reduce<number>((sum, c) => sum + (c ?? Number.NaN), 0);
    return figure({
      suite: SUITE,
      name: `${store.driver}: ${s.label}: sessions/s, task activation → DONE`,
      value: r,
      unit: 'sessions/s',
      note: `median of ${own.length} (${own.map((x) => fmt(x.seconds, 2)).join(', ')} s for ${sessions} sessions); ${
        s.workers === 2 ? `${fmt(r / one, 2)}× 1 worker; ` : ''
      }${fmt(r / inProcess, 2)}× in process; CPU s per 1,000 sessions: server ${cpuPerThousand(own, (run) => run.serverCpu)}${
        s.workers > 0 ? `, workers ${cpuPerThousand(own, workerCpu)}` : ''
      }`,
    });
  });
  figures.push(
    figure({
      suite: SUITE,
      name: `${store.driver}: 2 qcdesk workers vs 1`,
      value: rates.get(SETUPS[2].label)! / one,
      unit: '×',
      note: `2 cores shared by the server, its database and the workers; load average at the end of the runs ${runs.at(-1)?.load.join(' ')}`,
    }),
  );
  return {
    figures,
    details: {
      driver: store.driver,
      sessions,
      copies,
      scheme: 'the demo active AI scheme',
      rounds,
      runs,
    },
  };
}
