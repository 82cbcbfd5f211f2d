import { ROUTE_PERMISSIONS } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../../src/http/define-route.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document, read field by field
type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

/**
 * Every route the server answers under /v3, as Fastify has them (not only those the document knows), read from its
 * route tree: a line per node, `│   └── -outId (POST)` continuing the path of the line above it one level up.
 */
function servedRoutes(): { path: string; method: string }[] {
  const routes: { path: string; method: string }[] = [];
  const prefix: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (m === null) continue;
    const depth = m[1]!.length / 4;
    prefix.length = depth;
    const path = (depth > 0 ? prefix[depth - 1]! : '') + m[2]!;
    prefix.push(path);
    if (!path.startsWith('/v3/') || m[3] === undefined) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') routes.push({ path, method });
  }
  return routes;
}
const nonEmpty = (schema: Json | undefined) => schema !== undefined && Object.keys(schema).length > 0;
const content = (part: Json | undefined) => Object.values((part?.content ?? {}) as Record<string, Json>);

describe('GET /docs', () => {
  it('answers an OpenAPI 3 document of the routes, generated from their zod schemas', async () => {
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

  it('documents every /v3 route the server answers: a request body (POST), a 200 schema, its errors', () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(50);
    const documented = Object.entries(doc.paths as Record<string, Json>)
      .filter(([path]) => path.startsWith('/v3/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ path, method: m.toUpperCase() })));
    const key = (r: { path: string; method: string }) => `${r.method} ${r.path}`;
    expect(documented.map(key).sort()).toEqual(served.map(key).sort());
    // the contracts' permission table names every one of them; what it names besides is not built yet
    const paths = new Set(served.map((r) => r.path));
    for (const path of paths) expect(Object.keys(ROUTE_PERMISSIONS), path).toContain(path);
    const unbuilt = Object.keys(ROUTE_PERMISSIONS).filter((p) => !paths.has(p));
    expect(
      unbuilt.every((p) => p.startsWith('/v3/system/censor-ban/')),
      unbuilt.join(),
    ).toBe(true);

    for (const { path, method } of served) {
      const op = doc.paths[path][method.toLowerCase()];
      const where = `${method} ${path}`;
      if (method === 'POST') {
        const bodies = content(op.requestBody);
        expect(bodies.length, `${where}: request body`).toBeGreaterThan(0);
        for (const b of bodies) expect(nonEmpty(b.schema), `${where}: request body schema`).toBe(true);
      }
      const ok = content(op.responses['200']);
      expect(ok.length, `${where}: 200`).toBe(1);
      expect(nonEmpty(ok[0]!.schema), `${where}: 200 schema`).toBe(true);
      expect(op.summary, where).toBeTruthy();
      const error = { $ref: '#/components/schemas/Error' };
      if (op.security !== undefined)
        expect(op.responses['401'].content['application/json'].schema, `${where}: 401`).toEqual(error);
      if (op.description.startsWith('needs permission'))
        expect(op.responses['403'].content['application/json'].schema, `${where}: 403`).toEqual(error);
      if (op.requestBody !== undefined || op.parameters.length > 0)
        expect(op.responses['400'].content['application/json'].schema, `${where}: 400`).toEqual(error);
    }
  });

  it('describes the error answer once, and lists 404 and 409 where they happen', () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
    });
    const detail = doc.paths['/v3/chats/qc-task/detail'].post.responses;
    expect(Object.keys(detail).sort()).toEqual(['200', '400', '401', '403', '404']);
    const change = doc.paths['/v3/chats/qc-angle/change'].post.responses;
    expect(change['409'].description).toMatch(/^STALE_VERSION/);
    expect(change['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.paths['/v3/auth/login'].post.responses['429'].description).toMatch(/^TOO_MANY_ATTEMPTS/);
    expect(doc.paths['/v3/chats/complaint/create'].post.responses['403']).toBeDefined();
  });

  it('answers pages as {records,total,page,size} of the entity, details as the entity', () => {
    const pageOf = (path: string) => doc.paths[path].post.responses['200'].content['application/json'].schema;
    for (const path of [
      '/v3/chats/qc-scheme/page',
      '/v3/chats/qc-rule/page',
      '/v3/chats/qc-task/page',
      '/v3/chats/ai-result/page',
      '/v3/chats/qc-manual-result/page',
      '/v3/chats/complaint/page',
      '/v3/chats/message/query',
    ]) {
      const page = pageOf(path);
      expect(page.required, path).toEqual(expect.arrayContaining(['records', 'total', 'page', 'size']));
      expect(Object.keys(page.properties.records.items.properties).length, path).toBeGreaterThan(5);
    }
    expect(pageOf('/v3/chats/complaint/page').properties).toHaveProperty('rejectNum');
    expect(pageOf('/v3/chats/qc-task/page').properties.records.items.properties).toHaveProperty('progress');
    const detail = pageOf('/v3/chats/ai-result/detail');
    expect(detail.properties).toHaveProperty('resultRules');
    expect(detail.properties).toHaveProperty('messages');
    expect(detail.properties.session.properties).toHaveProperty('closeWay');
    expect(pageOf('/v3/chats/qc-rule/list')).toMatchObject({ type: 'array', items: { type: 'object' } });
    // answers may carry more than the contract names: documented as open objects
    expect(JSON.stringify(pageOf('/v3/chats/qc-scheme/detail'))).not.toContain('"additionalProperties":false');
  });

  it('shows the real bodies of complaint/create (file or review) and session/import (JSON or JSON Lines)', () => {
    const create = doc.paths['/v3/chats/complaint/create'].post.requestBody.content['application/json'].schema;
    expect(create.anyOf).toHaveLength(2);
    expect(create.anyOf[0].required).toEqual(expect.arrayContaining(['type', 'sessionId', 'resultId', 'reason']));
    expect(create.anyOf[1].required).toEqual(expect.arrayContaining(['complaint']));

    const imp = doc.paths['/v3/chats/session/import'].post;
    const json = imp.requestBody.content['application/json'].schema;
    expect(json.anyOf[0]).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(json.anyOf[0].items.required).toEqual(expect.arrayContaining(['sessionId', 'messages']));
    expect(json.anyOf[1].properties.sessions.type).toBe('array');
    for (const type of ['application/x-ndjson', 'text/plain'])
      expect(imp.requestBody.content[type].schema).toMatchObject({ type: 'string' });
    expect(imp.responses['200'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['total', 'created', 'updated', 'unchanged', 'failed', 'errors']),
    );
    const upload = doc.paths['/v3/worker/center/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(
      doc.paths['/v3/worker/center/download'].get.responses['200'].content['application/octet-stream'].schema,
    ).toEqual({ type: 'string', format: 'binary' });
  });

  it('refuses to define a /v3 route the contracts do not list, or one that says its own access', () => {
    expect(() => defineRoute(t.app, { path: '/v3/chats/not-in-the-table', summary: 'x' }, () => ({}))).toThrow(
      "route /v3/chats/not-in-the-table is not in the contracts' ROUTE_PERMISSIONS; add it there",
    );
    expect(() =>
      defineRoute(t.app, { path: '/v3/chats/session/import', access: { signedIn: true }, summary: 'x' }, () => ({})),
    ).toThrow('route /v3/chats/session/import: its access comes from ROUTE_PERMISSIONS, not the route');
  });
});
