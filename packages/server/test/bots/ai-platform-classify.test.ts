import { lexiconModel } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningModelServer, startModelServer } from '../../src/models/model-server.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let inspector: Caller;
let stranger: Caller;
let server: RunningModelServer;
const KEY = 'sk-classify-0123456789';
const TEXTS = ['我要投诉你们', '请问运单号是多少'];
const classify = (who: Caller, body: Json = { task: 'CUSTOMER_CHECK_MODEL', texts: TEXTS }) =>
  who.post('/v3/feed/ai-platform/classify', body);

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, inspector, stranger } = await organisationWith(t, 'classify', {
    admin: ['*'],
    inspector: ['qc-rule.view'],
    stranger: ['qc-scheme.view'],
  }));
  server = await startModelServer({ port: 0, apiKey: KEY });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('/v3/feed/ai-platform/classify (the replay tester asks the organisation model)', () => {
  it('answers with the built-in model while the organisation has no AI platform', async () => {
    expect(await ok(classify(inspector))).toEqual({
      labels: lexiconModel.classifySync!(TEXTS, 'CUSTOMER_CHECK_MODEL'),
      modelId: 'builtin-lexicon',
      fallback: false,
      builtin: true,
    });
  });

  it('asks the newest live HTTP platform, with its key, and names it; BUILTIN platforms do not count', async () => {
    await ok(
      admin.post('/v3/feed/ai-platform/create', { name: '旧服务', provider: 'HTTP', baseUrl: 'http://127.0.0.1:9' }),
    );
    await ok(
      admin.post('/v3/feed/ai-platform/create', {
        name: '模型服务',
        provider: 'HTTP',
        baseUrl: server.url,
        apiKey: KEY,
      }),
    );
    await ok(admin.post('/v3/feed/ai-platform/create', { name: '内置', provider: 'BUILTIN' }));
    const answer = await ok(classify(inspector));
    expect(answer).toEqual({
      labels: lexiconModel.classifySync!(TEXTS, 'CUSTOMER_CHECK_MODEL'),
      modelId: '模型服务',
      fallback: false,
      builtin: false,
    });
    expect(answer.labels[0].map((l: Json) => l.label)).toContain('COMPLAINT');
  });

  it('falls back to the built-in model, marked, when the platform is down', async () => {
    await server.close();
    expect(await ok(classify(inspector))).toEqual({
      labels: lexiconModel.classifySync!(TEXTS, 'CUSTOMER_CHECK_MODEL'),
      modelId: '模型服务',
      fallback: true,
      builtin: false,
    });
  });

  it('needs qc-rule.view (the replay key) and a well-typed body', async () => {
    expect((await classify(stranger)).statusCode).toBe(403);
    const bad = await classify(inspector, { task: 'SMILE_MODEL', texts: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'task' });
  });
});
