import { parseArgs } from 'node:util';
import { readServerConfig } from '../config/server-config.js';
import { databaseReason } from '../ingest/database-refusal.js';
import { importCommand } from './import-command.js';
import { modelServerCommand } from './model-server-command.js';
import { orgCreateCommand, userCreateCommand } from './people-commands.js';
import { runCommand } from './run-command.js';
import { parseDuration, simulateCommand, simulatePassword } from './simulate-command.js';
import { workerCommand } from './worker-command.js';

const USAGE = `qcdesk — 质检控制台命令行 / the console's command line

  qcdesk import <file.jsonl> [--org <id>]   导入会话 (JSON Lines, 按 sessionId 幂等) / import sessions, idempotent on sessionId
  qcdesk run [--task <id>]                  运行启用的质检任务直到完成 / run the active QC tasks (or one) to the end
  qcdesk worker [--size <threads>]          从 Redis 队列取评估任务 (需要 REDIS_URL; 有 DATABASE_URL 时也处理实时接入) / evaluate jobs from the Redis queue (and live feed batches with DATABASE_URL)
  qcdesk model-server [--port <n>] [--host <addr>] [--api-key <key>]
                                            以 HTTP 提供内置词库模型 (默认 127.0.0.1:8400) / serve the built-in model over
                                            HTTP (POST /classify, GET /health; docs/model-protocol.md)
  qcdesk simulate (--data [--org <id>] | --url <url> [--user <name>] [--password-file <file>] [--token <t>])
         [--file <sessions.jsonl>] [--speed <n>] [--agents <n>] [--arrivals <n>] [--duration <30m>] [--seed <n>]
                                            模拟实时坐席台：按到达率回放对话（默认 STC-3）经实时接入，坐席随机小休，
                                            容量不足时排队 / a live desk: replays dialogues (default STC-3) through
                                            the live feed at --arrivals per minute, --speed × real time, agents taking
                                            breaks; in process (--data) or against a console (--url); Ctrl-C stops
  qcdesk org create <name> --admin <username> [--admin-name <name>] [--password-file <file>]
                                            新建组织、内置角色和它的第一位管理员 / a new organisation, its built-in roles
                                            and its first administrator; prints the organisation id (and, without
                                            --password-file, a generated password, shown only this once)
  qcdesk user create <username> --org <id> --name <name> --role <code> [--role <code>…] [--password-file <file>]
                                            在组织中新建用户 / a new user of the organisation with these roles
  退出码 exit codes: 0 成功 done, 1 被拒绝 refused (用户名已被使用、组织或角色不存在 name taken, unknown
  organisation or role), 2 用法错误 usage

数据库 database: DATABASE_URL (PostgreSQL), 否则 otherwise PGlite in QCDESK_DATA (default ./.qcdesk)`;

/** Runs one command; answers the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = readServerConfig();
  try {
    switch (command) {
      case 'import': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { org: { type: 'string' } },
        });
        if (positionals.length !== 1) return usage('import 需要一个文件 / import needs one file');
        return await importCommand(config, positionals[0]!, values.org === undefined ? null : Number(values.org));
      }
      case 'run': {
        const { values } = parseArgs({ args: rest, options: { task: { type: 'string' } } });
        return await runCommand(config, values.task === undefined ? null : Number(values.task));
      }
      case 'worker': {
        const { values } = parseArgs({ args: rest, options: { size: { type: 'string' } } });
        return await workerCommand(config, values.size === undefined ? undefined : Number(values.size));
      }
      case 'model-server':
        return await modelServer(rest);
      case 'simulate':
        return await simulate(config, rest);
      case 'org':
        return await orgCommand(config, rest);
      case 'user':
        return await userCommand(config, rest);
      default:
        return usage(
          command === undefined || command === '--help' || command === 'help'
            ? null
            : `未知命令 unknown command: ${command}`,
        );
    }
  } catch (error) {
    console.error(`qcdesk: ${describe(error)}`);
    return 1;
  }
}

type Parsed = ReturnType<typeof parseArgs>;
/** parseArgs, with an unknown or incomplete option answered as a usage error (exit 2) rather than thrown. */
function parseOr(
  args: readonly string[],
  options: NonNullable<Parameters<typeof parseArgs>[0]>['options'],
): Parsed | string {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function modelServer(args: readonly string[]): Promise<number> {
  const parsed = parseOr(args, {
    port: { type: 'string', default: '8400' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string' },
  });
  if (typeof parsed === 'string') return usage(parsed);
  const values = parsed.values as { port: string; host: string; 'api-key'?: string };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return usage(`--port 应为端口号 / --port must be a port number, not '${values.port}'`);
  return modelServerCommand({ port, host: values.host, apiKey: values['api-key'] ?? null });
}

async function simulate(config: ReturnType<typeof readServerConfig>, args: readonly string[]): Promise<number> {
  const parsed = parseOr(args, {
    data: { type: 'boolean' },
    org: { type: 'string' },
    url: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    'password-file': { type: 'string' },
    token: { type: 'string' },
    file: { type: 'string' },
    speed: { type: 'string', default: '1' },
    agents: { type: 'string', default: '6' },
    arrivals: { type: 'string', default: '2' },
    duration: { type: 'string' },
    seed: { type: 'string', default: '1' },
    quiet: { type: 'boolean' },
  });
  if (typeof parsed === 'string') return usage(parsed);
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if ((v.data === true) === (v.url !== undefined))
    return usage('simulate 需要 --data 或 --url 之一 / simulate needs one of --data and --url');
  const number = (name: string, min: number) => {
    const n = Number(v[name]);
    return Number.isFinite(n) && n >= min ? n : null;
  };
  const speed = v.speed === 'max' ? Number.POSITIVE_INFINITY : number('speed', 0.001);
  const agents = number('agents', 1);
  const arrivals = number('arrivals', 0);
  const seed = number('seed', 0);
  const org = v.org === undefined ? null : number('org', 1);
  const duration = v.duration === undefined ? null : parseDuration(String(v.duration));
  if (speed === null) return usage(`--speed 应为正数或 max / --speed must be a positive number or max`);
  if (agents === null || !Number.isInteger(agents))
    return usage('--agents 应为正整数 / --agents must be a whole number ≥ 1');
  if (arrivals === null) return usage('--arrivals 应为非负数 / --arrivals must be a number ≥ 0');
  if (seed === null) return usage('--seed 应为非负数 / --seed must be a number ≥ 0');
  if (v.org !== undefined && org === null) return usage('--org 应为组织编号 / --org must be an organisation id');
  if (v.duration !== undefined && duration === null)
    return usage('--duration 应如 30m、2h、90s / --duration must be like 30m, 2h, 90s');
  return simulateCommand(config, {
    target: v.data === true ? { data: true, org } : { url: String(v.url) },
    user: String(v.user),
    password: simulatePassword(v['password-file'] as string | undefined),
    token: (v.token as string | undefined) ?? null,
    file: (v.file as string | undefined) ?? null,
    speed,
    agents,
    arrivals,
    durationMs: duration,
    seed,
    quiet: v.quiet === true,
  });
}

async function orgCommand(config: ReturnType<typeof readServerConfig>, args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create') return usage(`未知命令 unknown command: org ${sub ?? ''}`.trim());
  const parsed = parseOr(rest, {
    admin: { type: 'string' },
    'admin-name': { type: 'string' },
    'password-file': { type: 'string' },
  });
  if (typeof parsed === 'string') return usage(parsed);
  const { values, positionals } = parsed as {
    values: { admin?: string; 'admin-name'?: string; 'password-file'?: string };
    positionals: string[];
  };
  if (positionals.length !== 1) return usage('org create 需要一个组织名称 / org create needs one organisation name');
  if (values.admin === undefined)
    return usage('org create 需要 --admin <用户名> / org create needs --admin <username>');
  return orgCreateCommand(config, {
    name: positionals[0]!,
    admin: values.admin,
    adminName: values['admin-name'],
    passwordFile: values['password-file'],
  });
}

async function userCommand(config: ReturnType<typeof readServerConfig>, args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create') return usage(`未知命令 unknown command: user ${sub ?? ''}`.trim());
  const parsed = parseOr(rest, {
    org: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', multiple: true },
    'password-file': { type: 'string' },
  });
  if (typeof parsed === 'string') return usage(parsed);
  const { values, positionals } = parsed as {
    values: { org?: string; name?: string; role?: string[]; 'password-file'?: string };
    positionals: string[];
  };
  if (positionals.length !== 1) return usage('user create 需要一个用户名 / user create needs one user name');
  const org = values.org === undefined ? Number.NaN : Number(values.org);
  if (!Number.isSafeInteger(org) || org < 1)
    return usage('user create 需要 --org <组织编号> / user create needs --org <organisation id>');
  if (values.name === undefined) return usage('user create 需要 --name <姓名> / user create needs --name <name>');
  if (values.role === undefined || values.role.length === 0)
    return usage('user create 至少需要一个 --role <角色编码> / user create needs at least one --role <code>');
  return userCreateCommand(config, {
    username: positionals[0]!,
    org,
    name: values.name,
    roles: values.role,
    passwordFile: values['password-file'],
  });
}

/** An error for a person: a failed query's reason, never drizzle's message (the whole statement and its values). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message.startsWith('Failed query:') ? databaseReason(error) : error.message;
}

function usage(problem: string | null): number {
  if (problem !== null) console.error(problem);
  console.log(USAGE);
  return problem === null ? 0 : 2;
}
