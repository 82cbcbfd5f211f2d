import { parseArgs } from 'node:util';
import { readServerConfig } from '../config/server-config.js';
import { databaseReason } from '../ingest/database-refusal.js';
import { importCommand } from './import-command.js';
import { runCommand } from './run-command.js';
import { workerCommand } from './worker-command.js';

const USAGE = `qcdesk — 质检控制台命令行 / the console's command line

  qcdesk import <file.jsonl> [--org <id>]   导入会话 (JSON Lines, 按 sessionId 幂等) / import sessions, idempotent on sessionId
  qcdesk run [--task <id>]                  运行启用的质检任务直到完成 / run the active QC tasks (or one) to the end
  qcdesk worker [--size <threads>]          从 Redis 队列取评估任务 (需要 REDIS_URL) / evaluate jobs from the Redis queue

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
