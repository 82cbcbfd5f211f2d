import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { STC3_SESSIONS_FILE } from '../../src/seed/stc3-sessions-file.js';
import type { Caller } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/test-app.js';

/** The STC-3 lines shipped with the project, decompressed once per test file (tests take them synchronously). */
let stc3Lines: string[] | undefined;

export interface StcMessage {
  messageId: string;
  senderRole: string;
  sendTime: number;
  content: string;
  [key: string]: unknown;
}
export interface StcSession {
  sessionId: string;
  chatId: string;
  messages: StcMessage[];
  [key: string]: unknown;
}

/** The first `n` real STC-3 sessions, as the file has them. */
export function stc3Sessions(n: number): StcSession[] {
  stc3Lines ??= gunzipSync(readFileSync(STC3_SESSIONS_FILE)).toString('utf8').split('\n').filter(Boolean);
  return stc3Lines.slice(0, n).map((l) => JSON.parse(l) as StcSession);
}

export const HOUR = 3600_000;

/**
 * STC-3 sessions dressed as a desk would send them: line 1 or 2 (every third on line 2), agent 101..103, groups,
 * satisfaction 1..5, channel, and session times `i` hours before `now` (so quick dates see some of them).
 */
export function deskSessions(n: number, now = Date.now()): StcSession[] {
  return stc3Sessions(n).map((s, i) => {
    const begin = now - (i + 1) * HOUR;
    const messages = s.messages.map((m, k) => ({ ...m, sendTime: begin + k * 20_000 }));
    return {
      ...s,
      lineId: i % 3 === 2 ? 2 : 1,
      lineName: i % 3 === 2 ? '电信微博' : '支付微博',
      agentId: 101 + (i % 3),
      agentName: ['张三', '李四', '王五'][i % 3],
      agentNick: ['小张', '小李', '小王'][i % 3],
      groups:
        i % 2 === 0
          ? [{ groupId: 11, groupName: '售后组' }]
          : [
              { groupId: 12, groupName: '投诉组' },
              { groupId: 11, groupName: '售后组' },
            ],
      trackClient: i % 2 === 0 ? 'WEIBO' : 'APP',
      scoreResult: { score: (i % 5) + 1, resolved: i % 4 !== 0 },
      scoreProgress: 1,
      status: i === n - 1 ? 'ACTIVE' : 'CLOSED',
      messages,
    };
  });
}

/** An answer's JSON after checking it is 200; tests read it field by field. */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the tests assert
export type Json = any;
export async function ok(res: Promise<{ statusCode: number; body: string; json(): Json }>): Promise<Json> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** Imports sessions through the API as JSON Lines text. */
export async function importJsonLines(t: TestApp, caller: Caller, text: string, contentType = 'application/x-ndjson') {
  return t.app.inject({
    method: 'POST',
    url: '/v3/chats/session/import',
    payload: text,
    headers: { cookie: caller.cookie, 'content-type': contentType },
  });
}

const keywords = (words: string[], scoreNum: number, ruleScoreType = 'SUB') => ({
  conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: words } }] }],
  ruleScore: { enable: true, ruleScoreType, scoreNum },
});

export interface AiSchemeFixture {
  readonly schemeId: string;
  /** 抱歉/对不起: −10 a hit, angle 服务态度 (60) */
  readonly apology: string;
  /** 投诉: −20 once, angle 风险 (40) */
  readonly complaint: string;
  /** 垃圾/骗子: veto, angle 风险 */
  readonly veto: string;
}

/** An AI text scheme of two angles (60 + 40) with three keyword rules, one of them a veto rule; activated. */
export async function aiScheme(admin: Caller, name = '微博客服质检'): Promise<AiSchemeFixture> {
  const schemeId = (await ok(admin.post('/v3/chats/qc-scheme/create', { name, type: 'TEXT', targetType: 'AI' }))).id;
  const rule = async (ruleName: string, config: object) =>
    (await ok(admin.post('/v3/chats/qc-rule/create', { name: ruleName, type: 'AI', conditionConfig: config })))
      .id as string;
  const apology = await rule('致歉用语', keywords(['抱歉', '对不起'], 10));
  const complaint = await rule('投诉风险', keywords(['投诉'], 20, 'ONCE'));
  const veto = await rule('辱骂', keywords(['垃圾', '骗子'], 0));
  const a1 = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '服务态度', score: 60 }))).id;
  const a2 = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '风险', score: 40 }))).id;
  await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId: a1, ruleIds: [apology] }));
  await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId: a2, ruleIds: [complaint, veto] }));
  const detail = await ok(admin.post('/v3/chats/qc-scheme/detail', {}, { query: { schemeId } }));
  await ok(
    admin.post('/v3/chats/qc-scheme/change', {
      id: schemeId,
      version: detail.version,
      name,
      type: 'TEXT',
      targetType: 'AI',
      schemeConfig: { veto: [veto] },
    }),
  );
  await ok(admin.post('/v3/chats/qc-scheme/status', { ids: [schemeId], status: 'ACTIVE' }));
  return { schemeId, apology, complaint, veto };
}

/**
 * A desk whose sessions have been inspected: `sessions` imported, the AI scheme of `aiScheme`, an active task on lines
 * 1 and 2 run to the end. Answers the scheme, the task and the AI results.
 */
export async function inspectedDesk(t: TestApp, admin: Caller, sessions: readonly StcSession[] = deskSessions(6)) {
  await ok(admin.post('/v3/chats/session/import', sessions));
  const scheme = await aiScheme(admin);
  const taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
  await t.app.tasks.whenIdle();
  const aiRows: Json[] = await ok(admin.post('/v3/chats/ai-result/list', {}));
  return { scheme, taskId, aiRows };
}

/** Creates a task on the scheme for the lines and activates it; answers its id. */
export async function activeTask(admin: Caller, schemeId: string, lineIds: string[], name = '微博离线质检') {
  const { id } = await ok(admin.post('/v3/chats/qc-task/create', { name, type: 'OFFLINE_TEXT', schemeId, lineIds }));
  await ok(admin.post('/v3/chats/qc-task/status', { ids: [id], status: 'ACTIVE' }));
  return id as string;
}
