import { httpModelProvider, lexiconModel, withFallback } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readServerConfig } from '../../src/config/server-config.js';
import { MAX_TEXTS, type RunningModelServer, startModelServer } from '../../src/models/model-server.js';

const KEY = 'sk-model-0123456789';
let server: RunningModelServer;
beforeAll(async () => {
  server = await startModelServer({ port: 0, apiKey: KEY });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, key: string | null = KEY) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const TEXTS = ['我要投诉你们', '请问运单号是多少', '再不处理我就去315曝光'];

describe('qcdesk model-server', () => {
  it('listens on 127.0.0.1 and answers GET /health', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'UP', model: 'builtin-lexicon' });
  });

  it('classifies with the built-in model: exactly its labels, one list per text in order', async () => {
    const res = await post('/classify', { task: 'CUSTOMER_CHECK_MODEL', texts: TEXTS });
    expect(res.status).toBe(200);
    const { labels } = (await res.json()) as { labels: unknown };
    expect(labels).toEqual(lexiconModel.classifySync!(TEXTS, 'CUSTOMER_CHECK_MODEL'));
    expect((labels as { label: string }[][])[0]!.map((l) => l.label)).toContain('COMPLAINT');
    expect((labels as unknown[][])[1]).toEqual([]);
  });

  it('answers the engine HTTP client over a real socket', async () => {
    const client = withFallback(httpModelProvider({ baseUrl: server.url, apiKey: KEY, id: 'model-server' }));
    expect(await client.classifyDetailed(TEXTS, 'ABUSE_MODEL')).toEqual({
      labels: lexiconModel.classifySync!(TEXTS, 'ABUSE_MODEL'),
      modelId: 'model-server',
      fallback: false,
    });
  });

  it('refuses a missing or wrong key (401) and bad bodies (400), each with code and message', async () => {
    const noKey = await post('/classify', { task: 'ABUSE_MODEL', texts: [] }, null);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await post('/classify', { task: 'ABUSE_MODEL', texts: [] }, 'sk-other')).status).toBe(401);
    const badJson = await post('/classify', '{task');
    expect([badJson.status, ((await badJson.json()) as { code: string }).code]).toEqual([400, 'INVALID_JSON']);
    const badTask = await post('/classify', { task: 'PRAISE_MODEL', texts: [] });
    expect([badTask.status, ((await badTask.json()) as { code: string }).code]).toEqual([400, 'INVALID_TASK']);
    const badTexts = await post('/classify', { task: 'ABUSE_MODEL', texts: ['a', 1] });
    expect([badTexts.status, ((await badTexts.json()) as { code: string }).code]).toEqual([400, 'INVALID_TEXTS']);
    const tooMany = await post('/classify', { task: 'ABUSE_MODEL', texts: Array(MAX_TEXTS + 1).fill('x') });
    expect([tooMany.status, ((await tooMany.json()) as { code: string }).code]).toEqual([400, 'TOO_MANY_TEXTS']);
    expect((await post('/nothing', {})).status).toBe(404);
    expect((await fetch(`${server.url}/classify`)).status).toBe(405);
  });

  it('without --api-key takes calls without Authorization', async () => {
    const open = await startModelServer({ port: 0 });
    try {
      const res = await fetch(`${open.url}/classify`, {
        method: 'POST',
        body: JSON.stringify({ task: 'ABUSE_MODEL', texts: ['你给我滚'] }),
      });
      expect(res.status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('the CLI refuses a bad --port with exit code 2', async () => {
    const log = console.log;
    const error = console.error;
    const printed: string[] = [];
    console.log = (line: string) => printed.push(line);
    console.error = (line: string) => printed.push(line);
    try {
      expect(await main(['model-server', '--port', 'x'])).toBe(2);
    } finally {
      console.log = log;
      console.error = error;
    }
    expect(printed.join('\n')).toContain('--port');
  });
});

describe('QCDESK_MODEL_SERVER_PORT (npm start serves the built-in model in process)', () => {
  it('serves on 8765 with the demo data, off without it or when set to off, and must be a port number', () => {
    expect(readServerConfig({}).modelServerPort).toBe(8765);
    expect(readServerConfig({ QCDESK_DEMO: '0' }).modelServerPort).toBeNull();
    expect(readServerConfig({ QCDESK_MODEL_SERVER_PORT: 'off' }).modelServerPort).toBeNull();
    expect(readServerConfig({ QCDESK_MODEL_SERVER_PORT: '8400' }).modelServerPort).toBe(8400);
    expect(() => readServerConfig({ QCDESK_MODEL_SERVER_PORT: 'abc' })).toThrow(
      "QCDESK_MODEL_SERVER_PORT must be a port number, not 'abc'",
    );
  });
});
