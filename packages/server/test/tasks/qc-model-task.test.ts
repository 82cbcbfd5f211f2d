/**
 * A QC task whose scheme has a model rule runs through the HTTP model client against a real `qcdesk model-server` on
 * 127.0.0.1 (issue 17), and still completes, with the results marked fallback, when that server stops mid-run.
 */
import { lexiconModel, type ModelProvider } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningModelServer, startModelServer } from '../../src/models/model-server.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, deskSessions, type Json, ok } from './fixtures.js';

const N = 16;
const KEY = 'sk-qc-model-0123456789';
const PLATFORM = '情绪识别服务';

let t: TestApp;
let admin: Caller;
let server: RunningModelServer | null = null;
/** /classify calls the model server answered, and after how many it stops (mid-run), if at all */
let calls = 0;
let stopAfter = Number.POSITIVE_INFINITY;

/** The lexicon model, counting calls; at call `stopAfter` the server goes away while the call is in flight. */
const countingModel: ModelProvider = {
  id: lexiconModel.id,
  async classify(texts, task) {
    calls++;
    if (calls >= stopAfter && server !== null) {
      const closing = server;
      server = null;
      await closing.close();
    }
    return lexiconModel.classify(texts, task);
  },
};

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ admin } = await organisationWith(t, 'model-task', { admin: ['*'] }));
  await ok(admin.post('/v3/chats/session/import', deskSessions(N)));
  server = await startModelServer({ port: 0, apiKey: KEY, model: countingModel });
  await ok(
    admin.post('/v3/feed/ai-platform/create', { name: PLATFORM, provider: 'HTTP', baseUrl: server.url, apiKey: KEY }),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** An active AI scheme of one angle (100) whose one rule deducts 10 once when the customer complains or is angry. */
async function modelScheme(): Promise<{ schemeId: string; ruleId: string }> {
  const schemeId = (
    await ok(admin.post('/v3/chats/qc-scheme/create', { name: '客户情绪质检', type: 'TEXT', targetType: 'AI' }))
  ).id as string;
  const ruleId = (
    await ok(
      admin.post('/v3/chats/qc-rule/create', {
        name: '客户不满',
        type: 'AI',
        conditionConfig: {
          conditions: [
            {
              cid: 'a',
              operators: [
                { type: 'CUSTOMER_CHECK_MODEL', param: { types: ['COMPLAINT', 'ANGER', 'QUESTIONING_SERVICE'] } },
              ],
              checkRange: { role: 'CUSTOMER' },
            },
          ],
          ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 10 },
        },
      }),
    )
  ).id as string;
  const angleId = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '客户感受', score: 100 }))).id;
  await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] }));
  await ok(admin.post('/v3/chats/qc-scheme/status', { ids: [schemeId], status: 'ACTIVE' }));
  return { schemeId, ruleId };
}

interface ResultView {
  sessionId: string;
  aiScore: number;
  ruleIds: string[];
  modelId: string | null;
  modelFallback: boolean;
}
async function results(schemeId: string): Promise<ResultView[]> {
  const rows: Json[] = await ok(admin.post('/v3/chats/ai-result/list', { schemeId }));
  return rows
    .map((r) => ({
      sessionId: r.sessionId,
      aiScore: r.aiScore,
      ruleIds: (r.resultRules as Json[]).map((x) => x.ruleId),
      modelId: r.modelId,
      modelFallback: r.modelFallback,
    }))
    .sort((a, b) => a.sessionId.localeCompare(b.sessionId));
}

describe('a QC task with a model rule and an HTTP AI platform', () => {
  let scheme: { schemeId: string; ruleId: string };
  let taskId: string;
  let first: ResultView[];

  it('asks the model server and writes results naming the platform, not fallback', async () => {
    scheme = await modelScheme();
    taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
    await t.app.tasks.whenIdle();
    const task = await ok(admin.post('/v3/chats/qc-task/detail', {}, { query: { taskId } }));
    // the last of the N sessions is still open: the task inspects the N - 1 closed ones
    expect(task.progress).toMatchObject({ state: 'DONE', total: N - 1, done: N - 1, failed: 0 });
    expect(calls).toBeGreaterThanOrEqual(N - 1);
    first = await results(scheme.schemeId);
    expect(first).toHaveLength(N - 1);
    for (const r of first) expect([r.modelId, r.modelFallback]).toEqual([PLATFORM, false]);
    // the served model found unhappy customers in some real sessions, and not in all
    const hit = first.filter((r) => r.ruleIds.includes(scheme.ruleId));
    expect(hit.length).toBeGreaterThan(0);
    expect(hit.length).toBeLessThan(first.length);
    for (const r of first) expect(r.aiScore).toBe(r.ruleIds.includes(scheme.ruleId) ? 90 : 100);
    const detail = await ok(
      admin.post(
        '/v3/chats/ai-result/detail',
        {},
        { query: { sessionId: first[0]!.sessionId, schemeId: scheme.schemeId } },
      ),
    );
    expect(detail).toMatchObject({ sessionId: first[0]!.sessionId, modelId: PLATFORM, modelFallback: false });
  });

  it('completes when the model server stops mid-run; the sessions after it are marked fallback', async () => {
    calls = 0;
    stopAfter = 3;
    await ok(admin.post('/v3/chats/qc-task/rerun', { ids: [taskId] }));
    await t.app.tasks.whenIdle();
    expect(server).toBeNull();
    const task = await ok(admin.post('/v3/chats/qc-task/detail', {}, { query: { taskId } }));
    expect(task.progress).toMatchObject({ state: 'DONE', total: N - 1, done: N - 1, failed: 0 });
    const second = await results(scheme.schemeId);
    expect(second.map((r) => r.sessionId)).toEqual(first.map((r) => r.sessionId));
    const fellBack = second.filter((r) => r.modelFallback);
    // the calls before the stop were answered by the platform; the rest by the built-in model in its place
    expect(fellBack.length).toBeGreaterThan(0);
    expect(fellBack.length).toBeLessThan(second.length);
    for (const r of second) expect(r.modelId).toBe(PLATFORM);
    // the server served the built-in model, so the fallback decides the same: only the mark differs
    expect(second.map(({ modelFallback: _, ...rest }) => rest)).toEqual(
      first.map(({ modelFallback: _, ...rest }) => rest),
    );
  });
});
