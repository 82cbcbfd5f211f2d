/**
 * The api suite's store: a console server as a first start makes it with the demo data (the STC-3 sessions dressed
 * and inspected by the demo task on the active AI scheme), plus a second task on the draft AI scheme, so that every
 * session has two AI results (about 8,000) — on PGlite in a temp folder, or on a PostgreSQL database of its own
 * (created on the server DATABASE_URL names, dropped afterwards). Then the real HTTP server on 127.0.0.1.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { readServerConfig, type ServerConfig } from '../../packages/server/src/config/server-config.js';
import { type OpenDatabase, openDatabase } from '../../packages/server/src/db/connect.js';
import { qcSchemes } from '../../packages/server/src/db/schema/qc-config.js';
import { aiResults } from '../../packages/server/src/db/schema/qc-results.js';
import { qcTasks } from '../../packages/server/src/db/schema/qc-tasks.js';
import { chatSessions } from '../../packages/server/src/db/schema/sessions.js';
import { buildApp } from '../../packages/server/src/http/build-app.js';
import { createPoolEvaluator } from '../../packages/server/src/queue/pool-evaluator.js';
import { seedStore } from '../../packages/server/src/seed/seed-store.js';
import { STC3_FILE } from '../../packages/server/src/tasks/demo-seeder.js';
import { runTask } from '../../packages/server/src/tasks/run-task.js';
import { type ScratchDatabase, scratchDatabase } from '../../packages/server/test/helpers/scratch-database.js';
import { log } from '../lib/common.js';

export type StoreDriver = 'pglite' | 'postgres';

export interface ApiStore {
  readonly driver: StoreDriver;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** the admin's session cookie (`name=value`) */
  readonly cookie: string;
  readonly sessions: number;
  readonly aiResults: number;
  readonly buildSeconds: number;
  /**
   * Grows the store to about `target` AI results: copies of every session, each started within the last 90 days
   * and inspected as its original was, by the same schemes (the overview's aggregates at scale). Answers the new
   * count.
   */
  inflate(target: number): Promise<number>;
  close(): Promise<void>;
}

async function inflateResults(database: OpenDatabase, organizationId: number, target: number): Promise<number> {
  const db = database.db;
  const [before] = await db.select({ n: count() }).from(aiResults);
  const have = before?.n ?? 0;
  const copies = have === 0 ? 0 : Math.ceil((target - have) / have);
  for (let i = 1; i <= copies; i++) {
    // copies of the sessions (their columns the results and the filters read, without the texts), each with a
    // session start moved back by up to 90 days, so the desk grows as a real one does: more sessions, same schemes
    await db.execute(sql`
      insert into chat_sessions (organization_id, session_id, chat_id, source, status, line_id, line_name, agent_id,
        agent_name, agent_nick, customer_id, customer_nick, groups, group_ids, track_client, begin_time, close_time,
        duration, message_count, content_hash)
      select organization_id, session_id || '~' || ${i}, chat_id || '~' || ${i}, source, status, line_id, line_name,
        agent_id, agent_name, agent_nick, customer_id, customer_nick, groups, group_ids, track_client,
        now() - (random() * interval '90 days'), close_time, duration, message_count, content_hash
      from chat_sessions where organization_id = ${organizationId} and session_id not like '%~%'`);
    // each copied session inspected as its original was, by the same schemes
    await db.execute(sql`
      insert into ai_results (session_ref, session_id, chat_id, line_id, agent_id, agent_name, agent_nick,
        customer_id, customer_nick, groups, group_ids, track_client, satisfaction, resolved, duration,
        session_begin_time, close_time, scheme_id, scheme_name, task_id, ai_score, ai_status, is_veto, result_rules,
        censor_ban_ids, review_score, is_review, review_veto, is_complaint, comments, organization_id, deleted,
        version)
      select c.id, c.session_id, c.chat_id, a.line_id, a.agent_id, a.agent_name, a.agent_nick, a.customer_id,
        a.customer_nick, a.groups, a.group_ids, a.track_client, a.satisfaction, a.resolved, a.duration,
        c.begin_time, a.close_time, a.scheme_id, a.scheme_name, a.task_id, a.ai_score, a.ai_status,
        a.is_veto, a.result_rules, a.censor_ban_ids, a.review_score, a.is_review, a.review_veto, a.is_complaint,
        a.comments, a.organization_id, a.deleted, a.version
      from ai_results a
      join chat_sessions c on c.organization_id = a.organization_id and c.session_id = a.session_id || '~' || ${i}
      where a.organization_id = ${organizationId} and a.session_id not like '%~%'`);
  }
  await db.execute(sql`analyze ai_results`);
  const [after] = await db.select({ n: count() }).from(aiResults);
  return after?.n ?? 0;
}

const PASSWORD = 'bench-password-1';

/** Every session inspected by the draft AI scheme as well: a second result per session. */
async function secondSchemeResults(database: OpenDatabase, organizationId: number): Promise<void> {
  const db = database.db;
  const [draft] = await db
    .select({ id: qcSchemes.id })
    .from(qcSchemes)
    .where(
      and(
        eq(qcSchemes.organizationId, organizationId),
        eq(qcSchemes.targetType, 'AI'),
        eq(qcSchemes.status, 'INACTIVE'),
      ),
    )
    .limit(1);
  if (draft === undefined) throw new Error('api suite: the demo seed made no draft AI scheme');
  const [demoTask] = await db
    .select({ lineIds: qcTasks.lineIds, lines: qcTasks.lines, creatorId: qcTasks.creatorId })
    .from(qcTasks)
    .where(eq(qcTasks.organizationId, organizationId))
    .limit(1);
  if (demoTask === undefined) throw new Error('api suite: the demo seed made no task');
  const [task] = await db
    .insert(qcTasks)
    .values({
      organizationId,
      name: 'bench: second AI scheme',
      type: 'OFFLINE_TEXT',
      status: 'ACTIVE',
      schemeId: draft.id,
      lineIds: demoTask.lineIds,
      lines: demoTask.lines,
      creatorId: demoTask.creatorId,
      creatorName: 'bench',
      modifierId: demoTask.creatorId,
      modifierName: 'bench',
    })
    .returning({ id: qcTasks.id });
  const evaluator = createPoolEvaluator();
  try {
    const outcome = await runTask(db, evaluator, task!.id);
    if (outcome !== 'DONE') throw new Error(`api suite: the second task ended ${outcome}`);
  } finally {
    await evaluator.close();
  }
}

/**
 * A console store as a first start makes it with the demo data (the STC-3 sessions dressed, the demo schemes, the
 * demo task run on the in-process pool), not yet served: on PGlite in a temp folder, or on a PostgreSQL database of
 * its own. The api suite serves it over HTTP; the queue suite runs QC tasks on it.
 */
export interface DemoStore {
  readonly driver: StoreDriver;
  readonly database: OpenDatabase;
  readonly config: ServerConfig;
  readonly organizationId: number;
  readonly sessions: number;
  /** the demo administrator (`admin`)'s password */
  readonly password: string;
  /** closes the database, drops it (PostgreSQL), removes the folder */
  close(): Promise<void>;
}

export async function seedDemoStore(driver: StoreDriver, suite: string): Promise<DemoStore> {
  if (STC3_FILE === '' || !existsSync(STC3_FILE))
    throw new Error(
      `${suite} suite: the STC-3 sessions file is missing (QCDESK_SESSIONS, or fixtures/sessions/stc3-helpdesk-sessions.jsonl.gz)`,
    );
  const folder = mkdtempSync(join(tmpdir(), `qcdesk-bench-${suite}-`));
  let scratch: ScratchDatabase | null = null;
  if (driver === 'postgres') {
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl === undefined || adminUrl === '') throw new Error(`${suite} suite: postgres needs DATABASE_URL`);
    scratch = await scratchDatabase(adminUrl, 'qcdesk_bench');
  }
  const config: ServerConfig = {
    ...readServerConfig({ QCDESK_ADMIN_PASSWORD: PASSWORD, QCDESK_DEMO_PASSWORD: PASSWORD }),
    host: '127.0.0.1',
    port: 0,
    databaseUrl: scratch?.url ?? null,
    redisUrl: null,
    dataDir: join(folder, 'data'),
    filesDir: join(folder, 'files'),
    demo: true,
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const close = async () => {
    await database.close();
    if (scratch !== null) await scratch.drop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    log(`${suite} suite (${driver}): seeding the demo store from ${STC3_FILE}`);
    await seedStore(database.db, config, { log: (line) => log(`  ${line}`) });
    const [organization] = await database.db
      .select({ id: chatSessions.organizationId, n: count() })
      .from(chatSessions)
      .groupBy(chatSessions.organizationId);
    if (organization === undefined) throw new Error(`${suite} suite: the demo seed imported no session`);
    return {
      driver,
      database,
      config,
      organizationId: organization.id,
      sessions: organization.n,
      password: PASSWORD,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function buildApiStore(driver: StoreDriver): Promise<ApiStore> {
  const started = Date.now();
  const store = await seedDemoStore(driver, 'api');
  const { database, config } = store;
  try {
    await secondSchemeResults(database, store.organizationId);
    const [results] = await database.db.select({ n: count() }).from(aiResults);
    // the request log is formatted as in production (its cost counts) but not printed over the results
    const app = await buildApp({ db: database.db, config, logStream: { write: () => {} } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('api suite: no TCP address');
    const origin = `http://127.0.0.1:${address.port}`;
    const login = await fetch(`${origin}/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || cookie === undefined)
      throw new Error(`api suite: admin sign-in failed: ${login.status} ${await login.text()}`);
    const buildSeconds = (Date.now() - started) / 1000;
    log(
      `api suite (${driver}): ${store.sessions} sessions, ${results?.n ?? 0} AI results in ${buildSeconds.toFixed(1)} s`,
    );
    return {
      driver,
      origin,
      cookie,
      sessions: store.sessions,
      aiResults: results?.n ?? 0,
      buildSeconds,
      inflate: (target) => inflateResults(database, store.organizationId, target),
      async close() {
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
