import { resolve } from 'node:path';

/** Everything the server reads from its environment, read once at start. */
export interface ServerConfig {
  /** HTTP port (PORT, default 8080) */
  readonly port: number;
  readonly host: string;
  /** PGlite data folder (QCDESK_DATA, default ./.qcdesk/), used when databaseUrl is null */
  readonly dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL); null runs the embedded PGlite */
  readonly databaseUrl: string | null;
  /** Redis for the job queue (REDIS_URL); null runs jobs on the in-process worker pool */
  readonly redisUrl: string | null;
  /** the administrator's password at first start (QCDESK_ADMIN_PASSWORD); generated and printed when absent */
  readonly adminPassword: string | null;
  /** the password of the demo inspector, supervisor and agent (QCDESK_DEMO_PASSWORD); generated when absent */
  readonly demoPassword: string | null;
  /** time zone of the quick date filters YESTERDAY/TODAY/DAY7/DAY30 (QCDESK_TIME_ZONE, default Asia/Shanghai) */
  readonly timeZone: string;
  /** attachments and other files (QCDESK_FILES, default <dataDir>/files) */
  readonly filesDir: string;
  /** load the demo data into an empty store (QCDESK_DEMO=0 turns it off) */
  readonly demo: boolean;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // npm runs workspace scripts inside the package; paths are relative to where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, env.QCDESK_DATA ?? '.qcdesk');
  return {
    port: port(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    adminPassword: nonEmpty(env.QCDESK_ADMIN_PASSWORD),
    demoPassword: nonEmpty(env.QCDESK_DEMO_PASSWORD),
    timeZone: nonEmpty(env.QCDESK_TIME_ZONE) ?? 'Asia/Shanghai',
    filesDir: resolve(base, env.QCDESK_FILES ?? resolve(dataDir, 'files')),
    demo: env.QCDESK_DEMO !== '0',
  };
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`PORT must be a port number, not '${value}' / PORT 应为端口号`);
  return n;
}
