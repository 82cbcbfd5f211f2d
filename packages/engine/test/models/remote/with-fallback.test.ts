import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRule } from '../../../src/compile/compile-rule.js';
import { inspectAsync } from '../../../src/match/inspect.js';
import { lexiconModel } from '../../../src/models/lexicon/lexicon-model.js';
import { httpModelProvider } from '../../../src/models/remote/http-model-provider.js';
import { modelFromConfig } from '../../../src/models/remote/model-config.js';
import { withFallback } from '../../../src/models/remote/with-fallback.js';
import { type ModelTestServer, startModelTestServer } from './model-test-server.js';

/** The remote model labels everything PRAISE, which the lexicon model never gives to 我要投诉. */
let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer((body) => ({
    status: 200,
    body: { labels: (body as { texts: string[] }).texts.map(() => [{ label: 'PRAISE', confidence: 0.8 }]) },
  }));
});
afterAll(() => server.close());

const failing = (n: number) => Array.from({ length: n }, () => ({ status: 503, body: {} }));

describe('withFallback (circuit breaker)', () => {
  it('answers with the primary and says so while it works', async () => {
    const model = withFallback(httpModelProvider({ baseUrl: server.baseUrl, id: 'remote', retries: 0 }));
    expect(model.id).toBe('remote');
    expect(await model.classifyDetailed(['我要投诉'], 'CUSTOMER_CHECK_MODEL')).toEqual({
      labels: [[{ label: 'PRAISE', confidence: 0.8 }]],
      modelId: 'remote',
      fallback: false,
    });
  });

  it('answers a failed call with the lexicon model, marked fallback', async () => {
    server.script(...failing(1));
    const model = withFallback(httpModelProvider({ baseUrl: server.baseUrl, id: 'remote', retries: 0 }));
    const answer = await model.classifyDetailed(['我要投诉'], 'CUSTOMER_CHECK_MODEL');
    expect(answer).toEqual({
      labels: lexiconModel.classifySync!(['我要投诉'], 'CUSTOMER_CHECK_MODEL'),
      modelId: 'builtin-lexicon',
      fallback: true,
    });
    expect(answer.labels[0]!.map((l) => l.label)).toContain('COMPLAINT');
    expect(model.state()).toEqual({ state: 'closed', failures: 1 });
  });

  it('opens after failureThreshold failures in a row, stops calling, and tries again after resetMs', async () => {
    let clock = 1000;
    const model = withFallback(httpModelProvider({ baseUrl: server.baseUrl, id: 'remote', retries: 0 }), lexiconModel, {
      failureThreshold: 3,
      resetMs: 5000,
      now: () => clock,
    });
    server.seen.length = 0;
    server.script(...failing(3));
    for (let i = 0; i < 3; i++) {
      expect((await model.classifyDetailed(['好的'], 'CUSTOMER_CHECK_MODEL')).fallback).toBe(true);
    }
    expect(server.seen).toHaveLength(3);
    expect(model.state()).toEqual({ state: 'open', failures: 3 });
    // open: the service is not asked, though it would answer now
    clock += 4999;
    expect((await model.classifyDetailed(['好的'], 'CUSTOMER_CHECK_MODEL')).fallback).toBe(true);
    expect(server.seen).toHaveLength(3);
    // half open: one trial; it fails, so the breaker opens for another resetMs
    clock += 1;
    server.script(...failing(1));
    expect((await model.classifyDetailed(['好的'], 'CUSTOMER_CHECK_MODEL')).fallback).toBe(true);
    expect(server.seen).toHaveLength(4);
    expect(model.state().state).toBe('open');
    clock += 5000;
    // the trial succeeds: closed again, the primary answers
    expect(await model.classifyDetailed(['好的'], 'CUSTOMER_CHECK_MODEL')).toMatchObject({
      modelId: 'remote',
      fallback: false,
    });
    expect(model.state()).toEqual({ state: 'closed', failures: 0 });
    expect(server.seen).toHaveLength(5);
  });

  it('a success in between resets the count of failures', async () => {
    const model = withFallback(httpModelProvider({ baseUrl: server.baseUrl, retries: 0 }), lexiconModel, {
      failureThreshold: 2,
    });
    server.script(...failing(1));
    await model.classify(['x'], 'ABUSE_MODEL');
    await model.classify(['x'], 'ABUSE_MODEL');
    server.script(...failing(1));
    await model.classify(['x'], 'ABUSE_MODEL');
    expect(model.state()).toEqual({ state: 'closed', failures: 1 });
  });

  it('closes on its own clock after resetMs (real time)', async () => {
    const model = modelFromConfig({
      kind: 'http',
      id: 'remote',
      baseUrl: server.baseUrl,
      retries: 0,
      failureThreshold: 1,
      resetMs: 150,
    });
    server.script(...failing(1));
    await model.classify(['x'], 'ABUSE_MODEL');
    const seen = server.seen.length;
    expect(await model.classifyDetailed!(['x'], 'ABUSE_MODEL')).toMatchObject({ fallback: true });
    expect(server.seen.length).toBe(seen);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await model.classifyDetailed!(['x'], 'ABUSE_MODEL')).toMatchObject({ fallback: false, modelId: 'remote' });
  });
});

describe('inspectAsync with a remote model', () => {
  const rule = {
    id: 'r1',
    name: '客户表扬',
    conditionConfig: {
      lambda: 'ALL',
      conditions: [{ cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] }],
    },
  };
  const session = { sessionId: 's1', messages: [{ role: 'CUSTOMER', text: '我要投诉' }] };

  it('names the model that answered, and marks the session fallback when the built-in one stood in', async () => {
    const model = modelFromConfig({ kind: 'http', id: 'remote', baseUrl: server.baseUrl, retries: 0 });
    const compiled = compileRule(rule, { models: model });
    const answered = await inspectAsync(compiled, session);
    expect(answered.rules[0]!.hit).toBe(true);
    expect(answered.model).toEqual({ modelId: 'remote', fallback: false });
    server.script(...failing(1));
    const fellBack = await inspectAsync(compiled, session);
    expect(fellBack.rules[0]!.hit).toBe(false);
    expect(fellBack.model).toEqual({ modelId: 'remote', fallback: true });
  });

  it('says nothing of a model when the rules have no model operator', async () => {
    const keywords = {
      id: 'k',
      name: 'k',
      conditionConfig: {
        conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] }],
      },
    };
    const compiled = compileRule(keywords, {
      models: modelFromConfig({ kind: 'http', id: 'x', baseUrl: server.baseUrl }),
    });
    expect((await inspectAsync(compiled, session)).model).toBeUndefined();
  });
});
