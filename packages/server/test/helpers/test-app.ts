import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readServerConfig, type ServerConfig } from '../../src/config/server-config.js';
import { type OpenDatabase, openDatabase } from '../../src/db/connect.js';
import { buildApp } from '../../src/http/build-app.js';
import { pgliteTemplate } from './pglite-template.js';
import { scratchDatabase } from './scratch-database.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  readonly config: ServerConfig;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database: PGlite in memory, or, when DATABASE_URL is set (npm run test:pg), a new
 * PostgreSQL database created for this test file and dropped afterwards.
 */
export async function startTestApp(
  overrides: Partial<ServerConfig> = {},
  options: {
    /** the app's log lines (JSON), instead of stdout */
    readonly logStream?: { write(line: string): void };
    /** more routes, added before the app is ready (a route that fails on purpose) */
    readonly beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  // the log shows what went wrong (5xx, warnings), not every request
  const base = readServerConfig({ QCDESK_LOG_LEVEL: 'warn', ...process.env, QCDESK_DEMO: '0' });
  const scratch = base.databaseUrl === null ? null : await scratchDatabase(base.databaseUrl);
  const databaseUrl = scratch?.url ?? null;
  // a file store of its own (the demo seed stores pictures), never the repository's .qcdesk
  const ownFiles = overrides.filesDir === undefined ? mkdtempSync(join(tmpdir(), 'qcdesk-test-files-')) : null;
  // QC tasks run in process unless a test asks for the queue (redisUrl): REDIS_URL in the environment (npm run
  // test:pg) would otherwise send every task to a queue no worker of the test consumes
  const config: ServerConfig = {
    ...base,
    databaseUrl,
    redisUrl: null,
    demo: false,
    filesDir: ownFiles ?? base.filesDir,
    ...overrides,
  };
  const database = await openDatabase({
    databaseUrl,
    dataDir: null,
    template: databaseUrl === null ? await pgliteTemplate() : null,
  });
  const app = await buildApp({ db: database.db, config, logStream: options.logStream, checkAnswers: true });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      if (ownFiles !== null) rmSync(ownFiles, { recursive: true, force: true });
    },
  };
}
