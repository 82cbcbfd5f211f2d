import { readFileSync } from 'node:fs';
import type { ServerConfig } from '../config/server-config.js';
import { openDatabase } from '../db/connect.js';
import { LiveFeed } from '../live/live-feed.js';
import { httpDriver, inProcessDriver } from '../live/simulate/desk-drivers.js';
import { readDialogues } from '../live/simulate/dialogues.js';
import { type SimulationProgress, simulateDesk } from '../live/simulate/simulate-desk.js';
import { STC3_SESSIONS_FILE } from '../seed/stc3-sessions-file.js';
import { commandOrganization } from './organization.js';

export interface SimulateArgs {
  /** in process against the configured store (`--data`), or over HTTP against a console (`--url`) */
  readonly target: { readonly data: true; readonly org: number | null } | { readonly url: string };
  readonly user: string;
  readonly password: string | null;
  readonly token: string | null;
  readonly file: string | null;
  readonly speed: number;
  readonly agents: number;
  readonly arrivals: number;
  readonly durationMs: number | null;
  readonly seed: number;
  readonly quiet: boolean;
}

/**
 * `qcdesk simulate`: replays dialogues through the live feed with a progress line on stderr, until `--duration` of
 * desk time has passed and the sessions under way have ended (or until Ctrl-C), then prints what it sent and the
 * messages per second the feed took.
 */
export async function simulateCommand(config: ServerConfig, args: SimulateArgs): Promise<number> {
  const file = args.file ?? STC3_SESSIONS_FILE;
  const dialogues = await readDialogues(file);
  if (dialogues.length === 0) {
    console.error(`${file}: 没有可回放的会话 / no sessions to replay`);
    return 1;
  }
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const database =
    'data' in args.target ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : null;
  try {
    let driver: ReturnType<typeof httpDriver>;
    if (database !== null && 'data' in args.target) {
      const organizationId = await commandOrganization(database.db, args.target.org);
      const feed = new LiveFeed(database.db, { timeZone: config.timeZone });
      driver = inProcessDriver({ db: database.db, feed, organizationId, build: true });
    } else {
      const { url } = args.target as { url: string };
      driver = httpDriver({
        url,
        username: args.user,
        ...(args.password === null ? {} : { password: args.password }),
        ...(args.token === null ? {} : { token: args.token }),
      });
    }
    const line = progressLine(args.quiet);
    const summary = await simulateDesk({
      driver,
      dialogues,
      agents: args.agents,
      arrivalsPerMinute: args.arrivals,
      speed: args.speed,
      durationMs: args.durationMs,
      seed: args.seed,
      signal: abort.signal,
      onProgress: line.update,
      progressEveryMs: 1000,
    });
    line.done();
    console.log(
      `模拟结束 simulation ended (${driver.where}): 会话 sessions ${summary.opened}, 结束 closed ${summary.closed} (排队放弃 left the queue ${summary.abandoned}), 消息 messages ${summary.messages}, 事件 events ${summary.events}, 拒绝 refused ${summary.refused}; ${summary.messagesPerSecond.toFixed(0)} 条消息/秒 messages/s over ${(summary.wallMs / 1000).toFixed(1)} s`,
    );
    return summary.refused === 0 ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    await database?.close();
  }
}

/** The progress line: redrawn in place on a terminal, a line every 5 s when piped into a log. */
function progressLine(quiet: boolean): { update: (p: SimulationProgress) => void; done: () => void } {
  const tty = process.stderr.isTTY === true;
  let lastLogged = 0;
  let drawn = false;
  return {
    update: (p) => {
      if (quiet) return;
      const online = Object.values(p.agentStatus).filter((s) => s === 'ONLINE').length;
      const text = `模拟 simulate ${new Date(p.deskTime).toLocaleTimeString('zh-CN', { hour12: false })} · 会话 sessions ${p.opened} (服务中 serving ${p.serving}, 排队 waiting ${p.waiting}) · 消息 messages ${p.messages} · ${p.messagesPerSecond.toFixed(0)} 条/秒 msg/s · 坐席在线 agents online ${online}/${Object.keys(p.agentStatus).length}`;
      if (tty) {
        process.stderr.write(`\r\u001b[2K${text}`);
        drawn = true;
      } else if (p.wallMs - lastLogged >= 5000) {
        lastLogged = p.wallMs;
        process.stderr.write(`${text}\n`);
      }
    },
    done: () => {
      if (drawn) process.stderr.write('\n');
    },
  };
}

/** `30m`, `2h`, `90s`, `500ms`, or a plain number of minutes; null when not one of those. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 'm']!;
  return Number(match[1]) * unit;
}

/** A password from `--password-file`, else QCDESK_SIMULATE_PASSWORD, else QCDESK_ADMIN_PASSWORD. */
export function simulatePassword(file: string | undefined, env: NodeJS.ProcessEnv = process.env): string | null {
  if (file !== undefined) return readFileSync(file, 'utf8').trim();
  return env.QCDESK_SIMULATE_PASSWORD || env.QCDESK_ADMIN_PASSWORD || null;
}
