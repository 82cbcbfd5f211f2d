import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/server-config.js';
import { type OpenDatabase, openDatabase } from './db/connect.js';
import { buildApp } from './http/build-app.js';
import { applyAdminPassword } from './seed/admin-password.js';
import { type SeededAccount, seedStore } from './seed/seed-store.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  readonly url: string;
  close(): Promise<void>;
}

/** Opens the database (migrating it), builds the app and listens; prints where it is. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = (line: string) => console.log(line);
  // before anything long (finishing an interrupted demo seed), so the way back in never waits on it
  if (config.adminPassword !== null && (await applyAdminPassword(database.db, config.adminPassword)) === 'reset')
    log('管理员 admin 的密码已按 QCDESK_ADMIN_PASSWORD 重置 / admin password reset from QCDESK_ADMIN_PASSWORD');
  // the passwords are shown as soon as the people exist, before the demo sessions are imported and inspected
  await seedStore(database.db, config, { log, onAccounts: printAccounts });
  const app = await buildApp({ db: database.db, config });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}/`;
  console.log(
    `qcdesk 控制台已启动 console running: ${url}  (数据库 database: ${database.driver} ${database.location})`,
  );
  return {
    app,
    database,
    url,
    async close() {
      await app.close();
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
