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

describe('GET /docs', () => {
  it('answers an OpenAPI 3 document of the routes, generated from their zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    const save = doc.paths['/v3/chats/qc-angle/create'].post;
    expect(save.description).toBe('needs permission `qc-scheme.edit`');
    const body = save.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['name', 'score', 'schemeId']));
    expect(body.properties.score).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    const page = doc.paths['/v3/chats/qc-scheme/page'].post;
    expect(page.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'size']);
    expect(doc.paths['/v3/worker/center/download'].get.parameters[0]).toMatchObject({
      name: 'path',
      in: 'query',
      required: true,
    });
    expect(doc.paths['/v3/auth/login'].post.security).toBeUndefined();
  });
});
