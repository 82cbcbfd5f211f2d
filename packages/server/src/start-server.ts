import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/server-config.js';
import { type OpenDatabase, openDatabase } from './db/connect.js';
import { buildApp } from './http/build-app.js';
import { startDemoSimulation } from './live/simulate/demo-simulation.js';
import { type RunningModelServer, startModelServer } from './models/model-server.js';
import { applyAdminPassword } from './seed/admin-password.js';
import { type SeededAccount, seedStore } from './seed/seed-store.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  readonly url: string;
  /** the built-in model served over HTTP (QCDESK_MODEL_SERVER_PORT), null when not asked for */
  readonly modelServer: RunningModelServer | null;
  close(): Promise<void>;
}

/** Opens the database (migrating it), builds the app and listens; prints where it is. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = (line: string) => console.log(line);
  // before anything long (finishing an interrupted demo seed), so the way back in never waits on it
  if (config.adminPassword !== null && (await applyAdminPassword(database.db, config.adminPassword)) === 'reset')
    log('管理员 admin 的密码已按 QCDESK_ADMIN_PASSWORD 重置 / admin password reset from QCDESK_ADMIN_PASSWORD');
  // before the demo seed, whose QC run may ask an AI platform pointing at it
  const modelServer = await serveModel(config.modelServerPort, log);
  // the passwords are shown as soon as the people exist, before the demo sessions are imported and inspected
  await seedStore(database.db, config, { log, onAccounts: printAccounts });
  const app = await buildApp({ db: database.db, config });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}/`;
  console.log(
    `qcdesk 控制台已启动 console running: ${url}  (数据库 database: ${database.driver} ${database.location})`,
  );
  // with the demo data: a living desk through the live feed (QCDESK_SIMULATE=0 turns it off)
  const simulation = startDemoSimulation(database.db, app.liveFeed, config, log);
  return {
    app,
    database,
    url,
    modelServer,
    async close() {
      await simulation?.stop();
      await app.close();
      await modelServer?.close();
      await database.close();
    },
  };
}

/**
 * First start only: the accounts made and their passwords, shown once (only hashes are stored). No URL yet: the demo
 * data is loaded before the server listens, and the URL follows then.
 */
function printAccounts(accounts: readonly SeededAccount[]): void {
  console.log(
    '首次启动，已创建以下账号（密码只显示这一次）/ first start, accounts created (passwords shown only now):',
  );
  for (const a of accounts)
    console.log(
      `  ${a.username.padEnd(12)} ${a.password.padEnd(20)} ${a.name}${a.fromEnvironment ? '  (password from the environment)' : ''}`,
    );
}

/**
 * The built-in model over HTTP on the configured port. A port already taken (another qcdesk on this machine) is said
 * and passed over: platforms pointing at it are answered by whoever holds it, or fall back to the built-in model.
 */
async function serveModel(port: number | null, log: (line: string) => void): Promise<RunningModelServer | null> {
  if (port === null) return null;
  try {
    const server = await startModelServer({ port });
    log(`内置模型 HTTP 服务 model server: ${server.url} (POST /classify)`);
    return server;
  } catch (error) {
    log(
      `内置模型 HTTP 服务未启动（端口 ${port}：${(error as Error).message}）/ model server not started on port ${port}; set QCDESK_MODEL_SERVER_PORT`,
    );
    return null;
  }
}
