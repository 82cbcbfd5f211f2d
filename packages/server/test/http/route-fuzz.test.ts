/**
 * Arbitrary input to every registered route, as a user who may call them all: whatever JSON or query arrives —
 * wrong types, NUL, unpaired surrogates, huge numbers, deep nesting, ids that exist and ids that do not — the answer
 * is never a 5xx, and every 400 says which field (or that the body as a whole is wrong). Bounded: a fixed number of
 * runs per route with a fixed seed, so a failure is reproducible.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRegistry } from '../../src/http/define-route.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, aiScheme, deskSessions, importJsonLines, ok } from '../tasks/fixtures.js';

const RUNS_PER_ROUTE = 30;

let t: TestApp;
let admin: Caller;
/** ids that exist in the organisation, so that arbitrary bodies also reach the code behind the lookups */
let knownIds: string[] = [];
/** bodies each route takes as they are, whose strings the second property replaces one at a time */
let validCalls: { path: string; body: unknown; query?: Record<string, string> }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'fuzz', { admin: ['*'] }));
  const sessions = deskSessions(3);
  await importJsonLines(t, admin, sessions.map((s) => JSON.stringify(s)).join('\n'));
  const scheme = await aiScheme(admin);
  const taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
  await t.app.tasks.whenIdle();
  const results = await ok(admin.post('/v3/chats/ai-result/page', {}, { query: { page: '1', size: '10' } }));
  const ai = results.records[0];
  const rule = await ok(admin.post('/v3/chats/qc-rule/detail', {}, { query: { ruleId: scheme.apology } }));
  const s0 = sessions[0]!;
  validCalls = [
    { path: '/v3/auth/login', body: { username: 'fuzz-admin', password: 'wrong-password' } },
    { path: '/v3/auth/token/create', body: { name: '质检后台', expireDays: 30 } },
    {
      path: '/v3/chats/qc-rule/create',
      body: {
        name: '致歉',
        ruleOutId: 'OUT-9',
        comments: '说明',
        conditionConfig: {
          conditions: [
            { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉', '对不起'] } }] },
          ],
          ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
        },
      },
    },
    { path: '/v3/chats/qc-rule/change', body: { ...rule, name: '致歉用语二', comments: '改' } },
    { path: '/v3/chats/qc-rule/page', body: { name: '致歉', ruleOutId: 'OUT' } },
    { path: '/v3/chats/qc-scheme/create', body: { name: '方案', type: 'TEXT', targetType: 'AI', comments: '说明' } },
    { path: '/v3/chats/qc-scheme/page', body: { name: '方案' } },
    { path: '/v3/chats/qc-angle/create', body: { schemeId: scheme.schemeId, name: '维度', score: 10 } },
    {
      path: '/v3/chats/qc-task/create',
      body: { name: '任务', type: 'OFFLINE_TEXT', schemeId: scheme.schemeId, lineIds: ['1'] },
    },
    { path: '/v3/chats/qc-task/page', body: { name: '任务' } },
    { path: '/v3/chats/session/list', body: { keyword: '客服', sessionId: s0.sessionId } },
    { path: '/v3/chats/session/import', body: [{ ...s0, sessionId: 'fuzz-import', agentName: '赵六' }] },
    { path: '/v3/chats/ai-result/page', body: { sessionId: ai.sessionId, name: '张三', trackClient: 'WEIBO' } },
    {
      path: '/v3/chats/complaint/create',
      body: { type: 'AI', sessionId: ai.sessionId, resultId: ai.id, reason: '不服' },
    },
    { path: '/v3/chats/complaint/page', body: { sessionId: ai.sessionId } },
  ];
  knownIds = [
    scheme.schemeId,
    scheme.apology,
    scheme.veto,
    taskId,
    ...results.records.map((r: { id: string }) => r.id),
    ...sessions.map((s) => s.sessionId),
  ];
}, 120_000);
afterAll(() => t.close());

const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udbff\udbff'];
const edgyStrings = () =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    { weight: 2, arbitrary: fc.constantFrom(...UNSTORABLE) },
    fc.constantFrom('', ' ', '0', '-1', '1e9', '9'.repeat(40), 'NaN', 'null', 'true', '退款', '%00'),
    fc.constantFrom(...knownIds),
    fc.constantFrom('2024-05-01 00:00:00', '2024-13-45', 'CLOSED', 'PENDING', 'AI', 'PERSON', 'ALL', 'TRASH'),
  );
const leaf = () =>
  fc.oneof(
    edgyStrings(),
    fc.integer(),
    fc.constantFrom(0, -1, 1e308, 2 ** 53 + 1, 0.5, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
    fc.constant(null),
  );
/** field names the routes read, so that arbitrary values land where the schemas look */
const FIELD_NAMES = [
  'id',
  'ids',
  'name',
  'version',
  'status',
  'deleted',
  'page',
  'size',
  'sessionId',
  'chatId',
  'schemeId',
  'ruleId',
  'taskId',
  'angleId',
  'resultId',
  'ruleOutId',
  'keyword',
  'content',
  'reason',
  'comments',
  'targetType',
  'conditionConfig',
  'schemeAngles',
  'angleRules',
  'lineIds',
  'agentIds',
  'startTime',
  'endTime',
  'quickDate',
  'sorts',
  'fields',
  'records',
  'sessions',
  'messages',
  'summaryDetail',
  'attachments',
  'username',
  'password',
  'expireDays',
  'cursor',
  'score',
  'scores',
  'reviewStatus',
  'qualityStatus',
  'type',
  'param',
  'cid',
  'lambda',
];
/** built once the known ids exist */
function inputs() {
  const value = fc.letrec((tie) => ({
    any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf(), tie('array'), tie('object')),
    array: fc.array(tie('any'), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), edgyStrings()), tie('any'), { maxKeys: 6 }),
  })).any;
  const body = fc.oneof(
    // one or two fields: what a strict schema most often lets through to the handler and the database
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { minKeys: 1, maxKeys: 2 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }) },
    { weight: 1, arbitrary: value },
  );
  const query = fc.dictionary(
    fc.constantFrom('page', 'size', 'id', 'path', 'dir', 'schemeId', 'sessionId'),
    edgyStrings(),
    {
      maxKeys: 3,
    },
  );
  return { body, query };
}

/** JSON text (unpaired surrogates written as \u escapes, as a client would send them) */
const jsonText = (v: unknown) => JSON.stringify(v);

async function send(method: 'GET' | 'POST', path: string, b: unknown, q: Record<string, string>) {
  const call = () =>
    t.app.inject({
      method,
      url: path,
      query: q,
      ...(method === 'POST'
        ? { payload: jsonText(b), headers: { cookie: admin.cookie, 'content-type': 'application/json' } }
        : { headers: { cookie: admin.cookie } }),
    });
  let res: LightMyRequestResponse = await call();
  // a fuzzed sign-out ends the session: sign in again and go on (a 401 is no failure)
  if (res.statusCode === 401 && path !== '/v3/auth/login') {
    ({ admin } = await organisationWith(t, `fuzz-${Date.now()}`, { admin: ['*'] }));
    res = await call();
  }
  return res;
}

describe('every route, arbitrary input', () => {
  it('covers the routes the server registers', () => {
    expect(routeRegistry.filter((r) => r.path.startsWith('/v3/')).length).toBeGreaterThan(60);
  });

  // an event stream never ends, so it cannot be answered here; it reads no input (the route matrix checks its access)
  const routes = () =>
    routeRegistry.filter(
      (r) => (r.path.startsWith('/v3/') || r.path === '/docs') && r.produces !== 'text/event-stream',
    );
  it('never answers 5xx, and every 400 names a field or the body', async () => {
    const { body, query } = inputs();
    for (const route of routes()) {
      const method = route.method ?? 'POST';
      await fc.assert(
        fc.asyncProperty(body, query, async (b, q) => {
          const res = await send(method, route.path, b, q);
          expect(res.statusCode, `${method} ${route.path} ${jsonText(b)} ${jsonText(q)}: ${res.body}`).toBeLessThan(
            500,
          );
          if (res.statusCode === 400) {
            const answer = res.json() as { field?: string; errors?: { field: string }[]; message: string };
            const named = typeof answer.field === 'string' || answer.errors?.some((e) => e.field === '') === true;
            expect(named, `${route.path}: 400 without a field: ${res.body}`).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 13, endOnFailure: true },
      );
    }
  }, 600_000);

  it('a valid body with any one string replaced: never 5xx; text the database cannot store is a 400 naming it', async () => {
    for (const call of validCalls) {
      const leaves = stringLeaves(call.body);
      expect(leaves.length, call.path).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fc.nat(leaves.length - 1), edgyStrings(), async (which, replacement) => {
          const path = leaves[which]!;
          const b = replaced(call.body, path, replacement);
          const res = await send('POST', call.path, b, call.query ?? {});
          const what = `${call.path} ${formatPath(path)}=${JSON.stringify(replacement)}: ${res.body}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (UNSTORABLE.includes(replacement)) {
            expect(res.statusCode, what).toBe(call.path === '/v3/chats/session/import' ? 200 : 400);
            const answer = res.json();
            const field = call.path === '/v3/chats/session/import' ? answer.errors[0].field : answer.field;
            expect(field, what).toBe(formatPath(call.path === '/v3/chats/session/import' ? path.slice(1) : path));
          }
        }),
        { numRuns: 25, seed: 13, endOnFailure: true },
      );
    }
  }, 600_000);
});

type Path = (string | number)[];
/** the paths of every string in a JSON value */
function stringLeaves(v: unknown, at: Path = []): Path[] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((item, i) => stringLeaves(item, [...at, i]));
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, item]) => stringLeaves(item, [...at, k]));
  return [];
}
function replaced(v: unknown, path: Path, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, value);
  return copy;
}
const formatPath = (path: Path) =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out === '' ? p : `${out}.${p}`), '');
