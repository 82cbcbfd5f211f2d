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
  /**
   * Whether a reverse proxy stands in front (QCDESK_TRUST_PROXY, off by default): 'true' or a number N trusts the
   * last N hops of X-Forwarded-For / X-Forwarded-Proto ('true' = 1, the one proxy in front); anything else is a
   * comma-separated list of proxy addresses or CIDR ranges. Off (false), the client address is the TCP peer's and
   * forwarded headers are ignored, so nobody can pose as another address or as HTTPS.
   */
  readonly trustProxy: false | number | string;
  /** bytes of uploads one organisation may keep (QCDESK_UPLOAD_QUOTA_MB, default 1024 MB) */
  readonly uploadQuotaBytes: number;
  /**
   * Origins besides the console's own that may send cookie-signed requests (QCDESK_ALLOWED_ORIGINS, comma-separated,
   * e.g. `https://qc.example.com`): for a proxy that does not pass the Host header on. Empty by default.
   */
  readonly allowedOrigins: readonly string[];
  /** pino log level (QCDESK_LOG_LEVEL, default info): JSON lines on stdout, every 5xx with its request id and stack */
  readonly logLevel: string;
  /**
   * Serve the built-in model over HTTP in process, on 127.0.0.1 at this port, as `qcdesk model-server` does: an AI
   * platform can point at it (the demo's does). QCDESK_MODEL_SERVER_PORT; unset: 8765 with the demo data, else not
   * served; `off`: not served.
   */
  readonly modelServerPort: number | null;
  /**
   * With the demo data, `npm start` plays a living desk through the live feed (`qcdesk simulate` at a gentle rate:
   * 2 arrivals a minute, real time); QCDESK_SIMULATE=0 turns it off.
   */
  readonly simulate: boolean;
  /**
   * With the live feed on the Redis queue (REDIS_URL and DATABASE_URL), whether this server also applies batches
   * from it (QCDESK_LIVE_CONSUMER, on by default; 0 leaves them to `qcdesk worker` processes).
   */
  readonly liveConsumer: boolean;
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
    trustProxy: trustProxy(env.QCDESK_TRUST_PROXY),
    uploadQuotaBytes: megabytes('QCDESK_UPLOAD_QUOTA_MB', env.QCDESK_UPLOAD_QUOTA_MB, 1024),
    allowedOrigins: origins(env.QCDESK_ALLOWED_ORIGINS),
    logLevel: logLevel(env.QCDESK_LOG_LEVEL),
    modelServerPort: modelServerPort(env),
    simulate: env.QCDESK_SIMULATE !== '0',
    liveConsumer: env.QCDESK_LIVE_CONSUMER !== '0',
  };
}

/** The demo's AI platform points at the model server on this port unless QCDESK_MODEL_SERVER_PORT names another. */
export const DEMO_MODEL_SERVER_PORT = 8765;

function modelServerPort(env: NodeJS.ProcessEnv): number | null {
  const given = nonEmpty(env.QCDESK_MODEL_SERVER_PORT);
  if (given === 'off') return null;
  if (given === null) return env.QCDESK_DEMO === '0' ? null : DEMO_MODEL_SERVER_PORT;
  return port(given, 'QCDESK_MODEL_SERVER_PORT');
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}

function port(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name} must be a port number, not '${value}' / ${name} 应为端口号`);
  return n;
}

function trustProxy(value: string | undefined): false | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  // never Fastify's `true` (trust every hop): the left-most X-Forwarded-For entry is whatever the client wrote
  if (v.toLowerCase() === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function megabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback * 1024 * 1024;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number of MB, not '${value}' / ${name} 应为正数（MB）`);
  return Math.floor(n * 1024 * 1024);
}

function origins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        throw new Error(
          `QCDESK_ALLOWED_ORIGINS: '${o}' is not an origin such as https://qc.example.com / 不是合法的来源`,
        );
      }
    });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string | undefined): string {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return 'info';
  if (!LOG_LEVELS.includes(v))
    throw new Error(`QCDESK_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${value}' / 日志级别无效`);
  return v;
}
