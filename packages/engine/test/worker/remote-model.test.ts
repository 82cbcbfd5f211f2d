/** The pool's workers with a remote model: records say which model answered, and a dead service falls back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelConfig } from '../../src/models/remote/model-config.js';
import { createPool } from '../../src/worker/node-pool.js';
import { createWorkerApi } from '../../src/worker/worker-api.js';
import { deadBaseUrl, type ModelTestServer, startModelTestServer } from '../models/remote/model-test-server.js';

/** Hits when the model calls a customer message PRAISE, which the lexicon model never does for these texts. */
const rules = [
  {
    id: 'praise',
    conditionConfig: {
      conditions: [{ cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] }],
      ruleScore: { enable: true, ruleScoreType: 'ADD', scoreNum: 5 },
    },
  },
];
const sessions = Array.from({ length: 6 }, (_, i) => ({
  sessionId: `s${i}`,
  messages: [
    { role: 'CUSTOMER', text: `订单 ${i} 到了吗` },
    { role: 'AGENT', text: '马上查' },
  ],
}));

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer((body) => ({
    status: 200,
    body: { labels: (body as { texts: string[] }).texts.map(() => [{ label: 'PRAISE', confidence: 0.9 }]) },
  }));
});
afterAll(() => server.close());

const remote = (baseUrl: string): ModelConfig => ({
  kind: 'http',
  id: 'platform-7',
  baseUrl,
  retries: 0,
  timeoutMs: 500,
});

describe('worker API with a model config', () => {
  it('inspects with the remote model and puts {model} on records, in every record format', async () => {
    const api = createWorkerApi({ exit: () => undefined });
    expect(await api.load({ rules, model: remote(server.baseUrl) })).toMatchObject({ ok: true });
    const records = await api.inspect({ sessions, input: 'value', output: 'record', attempt: 1 });
    expect(
      records.map((r) =>
        r.ok ? [(r.value as { rules: { hit: boolean }[] }).rules[0]!.hit, (r.value as { model: unknown }).model] : r,
      ),
    ).toEqual(sessions.map(() => [true, { modelId: 'platform-7', fallback: false }]));
    const json = await api.inspect({ sessions: sessions.slice(0, 1), input: 'value', output: 'json', attempt: 1 });
    expect(JSON.parse((json[0] as { value: string }).value).model).toEqual({ modelId: 'platform-7', fallback: false });
    const utf8 = await api.inspect({ sessions: sessions.slice(0, 1), input: 'value', output: 'utf8', attempt: 1 });
    const text = new TextDecoder().decode((utf8[0] as { value: Uint8Array }).value);
    expect(text).toBe((json[0] as { value: string }).value);
  });

  it('answers with the built-in model, marked fallback, when the service is down', async () => {
    const api = createWorkerApi({ exit: () => undefined });
    await api.load({ rules, model: remote(await deadBaseUrl()) });
    const records = await api.inspect({ sessions, input: 'value', output: 'record', attempt: 1 });
    for (const r of records) {
      expect(r).toMatchObject({
        ok: true,
        value: { rules: [{ hit: false }], model: { modelId: 'platform-7', fallback: true } },
      });
    }
  });

  it('with a builtin config, records name the lexicon model; without any config, records stay as they were', async () => {
    const api = createWorkerApi({ exit: () => undefined });
    await api.load({ rules, model: { kind: 'builtin' } });
    const [withConfig] = await api.inspect({ sessions, input: 'value', output: 'record', attempt: 1 });
    expect(withConfig).toMatchObject({ ok: true, value: { model: { modelId: 'builtin-lexicon', fallback: false } } });
    await api.load({ rules });
    const [without] = await api.inspect({ sessions, input: 'value', output: 'record', attempt: 1 });
    expect(without).toMatchObject({ ok: true, value: { sessionId: 's0' } });
    expect(without).not.toHaveProperty('value.model');
  });
});

describe('the Node pool with a remote model', () => {
  it('calls the service from its worker threads, one session batch per call', async () => {
    const pool = createPool({ size: 2 });
    try {
      server.seen.length = 0;
      expect(await pool.load(rules, undefined, undefined, remote(server.baseUrl))).toMatchObject({ ok: true });
      const out = [];
      for await (const outcome of pool.inspect(sessions)) out.push(outcome);
      expect(out.map((o) => (o.ok ? o.value.sessionId : o.error.message))).toEqual(sessions.map((s) => s.sessionId));
      expect(
        out.every((o) => o.ok && (o.value as unknown as { model: { fallback: boolean } }).model.fallback === false),
      ).toBe(true);
      // one request per session: its one customer message
      expect(server.seen.map((r) => (r.body as { texts: string[] }).texts)).toHaveLength(sessions.length);
    } finally {
      await pool.close();
    }
  });
});
