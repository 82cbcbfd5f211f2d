import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('API conventions every route shares', () => {
  it('answers a public route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/health', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers bad JSON with 400 INVALID_JSON, in Chinese by default and English on request', async () => {
    const zh = await t.app.inject({
      method: 'POST',
      url: '/v3/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 'INVALID_JSON',
      message: expect.stringContaining('请求体不是合法的 JSON'),
    });
    const en = await t.app.inject({
      method: 'POST',
      url: '/v3/health',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US,en;q=0.9' },
      payload: '{"a":',
    });
    expect(en.json()).toMatchObject({
      code: 'INVALID_JSON',
      message: expect.stringContaining('the body is not valid JSON'),
    });
  });

  it('answers an unknown route with 404 naming it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NO_SUCH_ROUTE', message: '没有这个接口：POST /v3/nothing/here' });
  });
});
