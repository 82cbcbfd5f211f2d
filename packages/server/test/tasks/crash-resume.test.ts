import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/config/server-config.js';
import { type OpenDatabase, openDatabase } from '../../src/db/connect.js';
import { qcTasks } from '../../src/db/schema/index.js';
import { buildApp } from '../../src/http/build-app.js';
import { importSessions } from '../../src/ingest/import-sessions.js';
import { recordsOfArray } from '../../src/ingest/read-records.js';
import { organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { aiScheme, deskSessions } from './fixtures.js';

/**
 * The crash test: a task over every STC-3 session runs in a child process (`qcdesk run`), is killed
 * with SIGKILL mid-run, and is run again; afterwards every session in scope has exactly one result.
 */
const BIN = fileURLToPath(new URL('../../bin/qcdesk.js', import.meta.url));
const SESSIONS = 4090;
const pg = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

let dataDir: string | null = null;
let pgApp: TestApp | null = null;
let childEnv: NodeJS.ProcessEnv;
let inScope = 0;
let taskId = 0;

/** Opens the store the child uses (PGlite allows one process at a time, so only between runs). */
async function open(): Promise<OpenDatabase> {
  if (pgApp !== null) return pgApp.database;
  return openDatabase({ databaseUrl: null, dataDir });
}
async function release(d: OpenDatabase) {
  if (pgApp === null) await d.close();
}

beforeAll(async () => {
  let database: OpenDatabase;
  let t: TestApp;
  if (pg) {
    pgApp = await startTestApp({ redisUrl: null });
    t = pgApp;
    database = pgApp.database;
    childEnv = { ...process.env, DATABASE_URL: pgApp.config.databaseUrl!, REDIS_URL: '' };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-crash-'));
    database = await openDatabase({ databaseUrl: null, dataDir });
    const config = { ...readServerConfig({ QCDESK_DEMO: '0' }), databaseUrl: null, redisUrl: null, dataDir };
    const app = await buildApp({ db: database.db, config });
    await app.ready();
    t = { app, database, config, close: async () => app.close() };
    const { DATABASE_URL: _omit, ...rest } = process.env;
    childEnv = { ...rest, QCDESK_DATA: dataDir, REDIS_URL: '' };
  }
  const { admin, organizationId } = await organisationWith(t, 'crash', { admin: ['*'] });
  const sessions = deskSessions(SESSIONS);
  const summary = await importSessions(database.db, organizationId, recordsOfArray(sessions));
  expect(summary.created).toBe(SESSIONS);
  inScope = sessions.filter((s) => s.status === 'CLOSED').length;
  const scheme = await aiScheme(admin, '崩溃测试方案');
  // inserted directly: activating through the API would start the run in this process
  const [task] = await database.db
    .insert(qcTasks)
    .values({
      organizationId,
      name: '崩溃测试',
      type: 'OFFLINE_TEXT',
      status: 'ACTIVE',
      schemeId: Number(scheme.schemeId),
      lineIds: [1, 2],
    })
    .returning({ id: qcTasks.id });
  taskId = task!.id;
  if (!pg) {
    await t.app.close();
    await database.close();
  }
}, 300_000);

afterAll(async () => {
  await pgApp?.close();
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
});

function run(): { child: ChildProcess; progress: (atLeast: number) => Promise<number>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, 'run', '--task', String(taskId)], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let done = 0;
  let output = '';
  const waiters: { atLeast: number; resolve: (n: number) => void }[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const m of chunk.toString().matchAll(/progress (\d+)\/(\d+)/g)) done = Number(m[1]);
    for (const w of waiters.splice(0))
      if (done >= w.atLeast) w.resolve(done);
      else waiters.push(w);
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exit.then((code) => {
    if (code !== 0 && code !== null) console.error(output);
  });
  return {
    child,
    exit,
    progress: (atLeast) => new Promise((resolve) => waiters.push({ atLeast, resolve })),
  };
}

async function counts() {
  const d = await open();
  try {
    const q = async (text: string) =>
      Number(((await d.db.execute(sql.raw(text))) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    return {
      results: await q(`select count(*) n from ai_results where task_id = ${taskId}`),
      distinctSessions: await q(`select count(distinct session_ref) n from ai_results where task_id = ${taskId}`),
      done: await q(`select count(*) n from qc_task_sessions where task_id = ${taskId} and state = 'DONE'`),
      pending: await q(`select count(*) n from qc_task_sessions where task_id = ${taskId} and state = 'PENDING'`),
      unresulted: await q(
        `select count(*) n from qc_task_sessions t where t.task_id = ${taskId} and not exists (select 1 from ai_results r where r.session_ref = t.session_ref)`,
      ),
    };
  } finally {
    await release(d);
  }
}

describe(`a task killed mid-run (${pg ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('resumes after kill -9 and ends with exactly one result per session', async () => {
    const first = run();
    const seen = await Promise.race([first.progress(Math.floor(inScope / 4)), first.exit.then(() => -1)]);
    expect(seen, 'the run ended before it could be killed').toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exit).toBe(null);

    const killed = await counts();
    expect(killed.done).toBeGreaterThan(0);
    expect(killed.pending).toBeGreaterThan(0);
    // whatever was committed is whole: results and DONE marks together
    expect(killed.results).toBe(killed.distinctSessions);
    expect(killed.results).toBeGreaterThanOrEqual(killed.done);

    const second = run();
    expect(await second.exit).toBe(0);
    const after = await counts();
    expect(after).toEqual({ results: inScope, distinctSessions: inScope, done: inScope, pending: 0, unresulted: 0 });
  }, 600_000);
});
