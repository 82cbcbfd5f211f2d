import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVALUATION_QUEUE } from '../../src/queue/redis-queue.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, aiScheme, deskSessions, ok } from '../tasks/fixtures.js';

/**
 * Scale-out: with REDIS_URL the server puts evaluation chunks on a BullMQ queue and `qcdesk worker` processes
 * evaluate them. Needs a Redis (the CI sets REDIS_URL); without one this file is skipped, saying why.
 */
const redisUrl = process.env.REDIS_URL ?? '';
const BIN = fileURLToPath(new URL('../../bin/qcdesk.js', import.meta.url));
const N = 800;
/** the kill run: every STC-3 session, about 20 chunks, so the kill lands mid-run */
const KILL_N = 4090;

if (redisUrl === '') {
  describe('BullMQ evaluation queue', () => {
    it.skip('needs REDIS_URL (a Redis such as redis://127.0.0.1:6379) — skipped because it is not set', () => {});
  });
} else {
  const prefix = `qcdesk-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let admin: Caller;
  const workers: { child: ChildProcess; sessions: number; started: number; ended: number; exit: Promise<unknown> }[] =
    [];

  beforeAll(async () => {
    process.env.QCDESK_QUEUE_PREFIX = prefix;
    t = await startTestApp({ redisUrl });
    ({ admin } = await organisationWith(t, 'queue', { admin: ['*'] }));
    for (let i = 0; i < 2; i++) spawnWorker();
  }, 60_000);

  /** A `qcdesk worker` evaluating from this file's queue (no database: the evaluation worker needs none). */
  const spawnWorker = () => {
    const child = spawn(process.execPath, [BIN, 'worker', '--size', '1'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: redisUrl,
        QCDESK_QUEUE_PREFIX: prefix,
        QCDESK_QUEUE_LOCK_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = {
      child,
      sessions: 0,
      started: 0,
      ended: 0,
      exit: new Promise((resolve) => child.on('exit', resolve)),
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const m of text.matchAll(/(\d+) sessions in/g)) {
        worker.sessions += Number(m[1]);
        worker.ended += 1;
      }
      worker.started += [...text.matchAll(/evaluating \d+ sessions/g)].length;
    });
    workers.push(worker);
    return worker;
  };

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exit));
    await t.close();
    delete process.env.QCDESK_QUEUE_PREFIX;
  });

  describe('BullMQ evaluation queue', () => {
    it('evaluates a task on worker processes: one result per session, every session evaluated by a worker', async () => {
      expect(t.app.tasks.evaluator.kind).toBe('queue');
      await ok(admin.post('/v3/chats/session/import', deskSessions(N)));
      const scheme = await aiScheme(admin);
      const taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
      await t.app.tasks.whenIdle();
      const progress = await ok(admin.post('/v3/chats/qc-task/progress', {}, { query: { taskId } }));
      expect(progress).toMatchObject({ state: 'DONE', total: N - 1, done: N - 1, failed: 0, pending: 0 });
      const { rows } = (await t.database.db.execute(
        sql.raw(`select count(*)::int n, count(distinct session_ref)::int s from ai_results where task_id = ${taskId}`),
      )) as unknown as { rows: { n: number; s: number }[] };
      expect(rows[0]).toEqual({ n: N - 1, s: N - 1 });
      // the workers log each job; give the last log line a moment to arrive
      await new Promise((r) => setTimeout(r, 300));
      expect(workers.reduce((sum, w) => sum + w.sessions, 0)).toBe(N - 1);
      const vetoed = await ok(admin.post('/v3/chats/ai-result/page', { isVeto: true }, { query: {} }));
      for (const r of vetoed.records) expect(r.aiScore).toBe(0);
    }, 120_000);

    it('finishes a task with one result per session when a worker is killed with SIGKILL mid-run', async () => {
      const { admin: owner } = await organisationWith(t, 'queue-kill', { admin: ['*'] });
      const sessions = deskSessions(KILL_N);
      await ok(owner.post('/v3/chats/session/import', sessions));
      const inScope = sessions.filter((s) => s.status === 'CLOSED').length;
      const scheme = await aiScheme(owner, '崩溃方案');
      const [doomed, survivor] = workers;
      const before = { doomed: doomed!.sessions, survivor: survivor!.sessions };
      const taskId = await activeTask(owner, scheme.schemeId, ['1', '2'], '队列崩溃质检');
      // killed while it holds chunks of this run: frozen (SIGSTOP) until BullMQ shows jobs it took (it names the
      // process that took a job), thawed and tried again a moment later if it holds none, then SIGKILL
      const queue = new Queue(EVALUATION_QUEUE, { connection: { url: redisUrl }, prefix });
      const doomedName = `${hostname()}:${doomed!.child.pid}`;
      const heldBy = async (name: string) =>
        (await queue.getJobs(['active'], 0, -1)).filter((job) => job.processedBy === name).map((job) => job.id!);
      let held: string[] = [];
      for (let i = 0; i < 1000 && held.length === 0; i++) {
        doomed!.child.kill('SIGSTOP');
        held = await heldBy(doomedName);
        if (held.length > 0) break;
        doomed!.child.kill('SIGCONT');
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(held.length).toBeGreaterThan(0);
      doomed!.child.kill('SIGKILL');
      await t.app.tasks.whenIdle();
      const progress = await ok(owner.post('/v3/chats/qc-task/progress', {}, { query: { taskId } }));
      expect(progress).toMatchObject({ state: 'DONE', total: inScope, done: inScope, failed: 0, pending: 0 });
      const { rows } = (await t.database.db.execute(
        sql.raw(`select count(*)::int n, count(distinct session_ref)::int s from ai_results where task_id = ${taskId}`),
      )) as unknown as { rows: { n: number; s: number }[] };
      expect(rows[0]).toEqual({ n: inScope, s: inScope });
      // the chunks the killed worker held were found stalled and evaluated again, by the survivor
      for (const id of held) {
        const retaken = await queue.getJob(id);
        expect(retaken?.finishedOn).toBeGreaterThan(0);
        expect(retaken?.stalledCounter).toBe(1);
        expect(retaken?.processedBy).toBe(`${hostname()}:${survivor!.child.pid}`);
      }
      await queue.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(survivor!.sessions - before.survivor).toBeGreaterThan(0);
      expect(survivor!.sessions - before.survivor + doomed!.sessions - before.doomed).toBeGreaterThanOrEqual(inScope);
    }, 180_000);
  });
}
