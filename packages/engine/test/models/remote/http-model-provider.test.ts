import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpModelProvider } from '../../../src/models/remote/http-model-provider.js';
import { ModelCallError } from '../../../src/models/remote/model-call.js';
import { deadBaseUrl, type ModelTestServer, startModelTestServer } from './model-test-server.js';

/** The scripted model: a text containing 投诉 is a COMPLAINT (0.9), one containing 滚 is ABUSE (its length / 10). */
function labelsFor(text: string) {
  const labels: { label: string; confidence: number }[] = [];
  if (text.includes('投诉')) labels.push({ label: 'COMPLAINT', confidence: 0.9 });
  if (text.includes('滚')) labels.push({ label: 'ABUSE', confidence: Math.min(1, text.length / 10) });
  return labels;
}

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer((body) => {
    const { texts } = body as { texts: string[] };
    return { status: 200, body: { labels: texts.map(labelsFor) } };
  });
});
afterAll(() => server.close());

const fast = { retries: 2, backoffMs: 5, timeoutMs: 1000 };

describe('httpModelProvider', () => {
  it('posts {task, texts} to /classify with the bearer key and answers the exact labels in order', async () => {
    server.seen.length = 0;
    const model = httpModelProvider({ baseUrl: `${server.baseUrl}/`, apiKey: 'sk-test-1', ...fast });
    const labels = await model.classify(['我要投诉', '好的', '你滚'], 'CUSTOMER_CHECK_MODEL');
    expect(labels).toEqual([[{ label: 'COMPLAINT', confidence: 0.9 }], [], [{ label: 'ABUSE', confidence: 0.2 }]]);
    expect(server.seen).toEqual([
      {
        path: '/classify',
        authorization: 'Bearer sk-test-1',
        body: { task: 'CUSTOMER_CHECK_MODEL', texts: ['我要投诉', '好的', '你滚'] },
      },
    ]);
    expect(model.id).toBe(`http:${server.baseUrl}/`);
  });

  it('sends no Authorization header without a key', async () => {
    server.seen.length = 0;
    await httpModelProvider({ baseUrl: server.baseUrl, ...fast }).classify(['x'], 'ABUSE_MODEL');
    expect(server.seen[0]!.authorization).toBeUndefined();
  });

  it('drops labels the task does not have and keeps them in the task order', async () => {
    server.script({
      status: 200,
      body: { labels: [[{ label: 'ANGER', confidence: 0.7 }, { label: 'HAPPY' }, 'complaint', { label: 'SARCASM' }]] },
    });
    const labels = await httpModelProvider({ baseUrl: server.baseUrl, ...fast }).classify(
      ['x'],
      'CUSTOMER_CHECK_MODEL',
    );
    expect(labels).toEqual([
      [
        { label: 'COMPLAINT', confidence: 1 },
        { label: 'ANGER', confidence: 0.7 },
      ],
    ]);
  });

  it('sends a session in batches of batchSize and joins the answers in order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('我要投诉', '你滚', '滚滚滚滚滚', '好的', ''), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (texts, batchSize) => {
          server.seen.length = 0;
          const model = httpModelProvider({ baseUrl: server.baseUrl, batchSize, ...fast });
          const labels = await model.classify(texts, 'CUSTOMER_CHECK_MODEL');
          expect(labels).toEqual(texts.map(labelsFor));
          expect(server.seen.map((r) => (r.body as { texts: string[] }).texts.length)).toEqual(
            Array.from({ length: Math.ceil(texts.length / batchSize) }, (_, k) =>
              Math.min(batchSize, texts.length - k * batchSize),
            ),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('retries a 503, a 429 and a dropped connection, then answers', async () => {
    server.seen.length = 0;
    server.script({ status: 503, body: {} }, { status: 429, body: {} });
    const model = httpModelProvider({ baseUrl: server.baseUrl, ...fast });
    expect(await model.classify(['我要投诉'], 'CUSTOMER_CHECK_MODEL')).toEqual([
      [{ label: 'COMPLAINT', confidence: 0.9 }],
    ]);
    expect(server.seen).toHaveLength(3);
    server.seen.length = 0;
    server.script('drop');
    expect(await model.classify(['好的'], 'CUSTOMER_CHECK_MODEL')).toEqual([[]]);
    expect(server.seen).toHaveLength(2);
  });

  it('gives up after `retries` more attempts with the last HTTP status', async () => {
    server.seen.length = 0;
    server.script(...Array.from({ length: 3 }, () => ({ status: 500, body: { message: 'boom' } })));
    const model = httpModelProvider({ baseUrl: server.baseUrl, ...fast });
    const error = await model.classify(['x'], 'ABUSE_MODEL').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ code: 'HTTP_STATUS', status: 500 });
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry a 401 or an answer of the wrong shape', async () => {
    const model = httpModelProvider({ baseUrl: server.baseUrl, ...fast });
    server.seen.length = 0;
    server.script({ status: 401, body: { message: 'bad key' } });
    await expect(model.classify(['x'], 'ABUSE_MODEL')).rejects.toMatchObject({ code: 'HTTP_STATUS', status: 401 });
    expect(server.seen).toHaveLength(1);
    server.seen.length = 0;
    server.script({ status: 200, body: { labels: [[], []] } });
    await expect(model.classify(['x'], 'ABUSE_MODEL')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(server.seen).toHaveLength(1);
  });

  it('times each attempt out after timeoutMs', async () => {
    server.seen.length = 0;
    server.script('hang', 'hang');
    const model = httpModelProvider({ baseUrl: server.baseUrl, timeoutMs: 150, retries: 1, backoffMs: 5 });
    const started = Date.now();
    const error = await model.classify(['x'], 'ABUSE_MODEL').catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(server.seen).toHaveLength(2);
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
  });

  it('fails with NETWORK when nothing listens', async () => {
    const model = httpModelProvider({ baseUrl: await deadBaseUrl(), retries: 1, backoffMs: 5 });
    await expect(model.classify(['x'], 'ABUSE_MODEL')).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('asks nothing for no texts', async () => {
    server.seen.length = 0;
    expect(await httpModelProvider({ baseUrl: server.baseUrl }).classify([], 'ABUSE_MODEL')).toEqual([]);
    expect(server.seen).toHaveLength(0);
  });
});
