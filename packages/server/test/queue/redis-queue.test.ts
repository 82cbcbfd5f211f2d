import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

if (redisUrl === '') {
  describe('BullMQ evaluation queue', () => {
    it.skip('needs REDIS_URL (a Redis such as redis://127.0.0.1:6379) — skipped because it is not set', () => {});
  });
} else {
  const prefix = `qcdesk-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let admin: Caller;
  const workers: { child: ChildProcess; sessions: number; exit: Promise<unknown> }[] = [];

  beforeAll(async () => {
    process.env.QCDESK_QUEUE_PREFIX = prefix;
    t = await startTestApp({ redisUrl });
    ({ admin } = await organisationWith(t, 'queue', { admin: ['*'] }));
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, [BIN, 'worker', '--size', '1'], {
        env: { ...process.env, REDIS_URL: redisUrl, QCDESK_QUEUE_PREFIX: prefix },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const worker = { child, sessions: 0, exit: new Promise((resolve) => child.on('exit', resolve)) };
      child.stdout!.on('data', (chunk: Buffer) => {
        for (const m of chunk.toString().matchAll(/(\d+) sessions in/g)) worker.sessions += Number(m[1]);
      });
      workers.push(worker);
    }
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGTERM');
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
  });
}
