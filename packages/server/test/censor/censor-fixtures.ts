import { expect } from 'vitest';
import type { Caller } from '../helpers/accounts.js';
import { type Json, ok } from '../tasks/fixtures.js';

/** 2024-05-01 10:00:00 in the console's time zone (Asia/Shanghai). */
export const MAY_1_10AM = Date.UTC(2024, 4, 1, 2, 0, 0);
export const MINUTE = 60_000;

export interface LibraryBody {
  name: string;
  flag: 'cs-agent' | 'cs-customer';
  operation: 'REPORT' | 'FUZZY' | 'ABORT';
  words?: string[];
  tempType?: 'CUSTOM' | 'SYS_WORDS';
  scopes?: { staffIds?: string[]; branchIds?: string[]; staffNames?: string[] };
  /** the library's matching options as the form sends them (`censorBanOptionsSchema`) */
  options?: Record<string, unknown>;
}

/** Creates a library through the console's own call and, unless `active` is false, switches it on. */
export async function library(admin: Caller, body: LibraryBody, active = true): Promise<string> {
  const { id } = await ok(admin.post('/v3/system/censor-ban/create', body));
  if (active) await ok(admin.post('/v3/system/censor-ban/status', { ids: [id], status: 'ACTIVE' }));
  return id as string;
}

/** One message of a session: who said it, what, and when (minutes after `start`). */
export type Line = readonly ['CUSTOMER' | 'AGENT', string];

/** A session as a desk sends it: text messages a minute (`step`) apart from `start`, on line 1 (支付微博), agent 101. */
export function session(
  sessionId: string,
  lines: readonly Line[],
  options: { start?: number; step?: number; lineId?: number; lineName?: string; agentId?: number } = {},
): Json {
  const start = options.start ?? MAY_1_10AM;
  return {
    sessionId,
    lineId: options.lineId ?? 1,
    lineName: options.lineName ?? '支付微博',
    agentId: options.agentId ?? 101,
    agentName: '张三',
    messages: lines.map(([role, text], k) => ({
      messageId: `${sessionId}-${k + 1}`,
      senderRole: role,
      senderNick: role === 'AGENT' ? '小张' : '王先生',
      senderAvatar: role === 'AGENT' ? 'https://img.example/agent.png' : null,
      sendTime: start + k * (options.step ?? MINUTE),
      content: JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: text } }]),
    })),
  };
}

export async function importSessions(admin: Caller, sessions: readonly Json[]): Promise<Json> {
  const summary = await ok(admin.post('/v3/chats/session/import', sessions));
  expect(summary.failed, JSON.stringify(summary.errors)).toBe(0);
  return summary;
}

/** The log page for a line (every filter optional but the line). */
export async function logPage(caller: Caller, filter: Record<string, unknown>, size = 100): Promise<Json> {
  return ok(caller.post('/v3/system/censor-log/page', filter, { query: { page: '1', size: String(size) } }));
}

export async function messagesOf(caller: Caller, sessionId: string, censor?: boolean): Promise<Json[]> {
  const body = censor === undefined ? { sessionId } : { sessionId, censor };
  return (await ok(caller.post('/v3/chats/message/query', body, { query: { page: '1', size: '100' } }))).records;
}

/** The text a stored content carries (one TIM text element). */
export function textOf(content: string): string {
  return JSON.parse(content)[0].MsgContent.Text;
}

/**
 * Follows a job's progress call until it leaves RUNNING, as the screen does; answers every progress seen (the
 * last is the final one).
 */
export async function followJob(caller: Caller, path: string, jobId: string): Promise<Json[]> {
  const seen: Json[] = [];
  for (let i = 0; i < 600; i++) {
    const progress = await ok(caller.post(path, {}, { query: { jobId } }));
    seen.push(progress);
    if (progress.state !== 'RUNNING') return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${jobId} still running`);
}
