import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/http/security-headers.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { multipartFile } from '../helpers/uploads.js';

/**
 * What every route inherits from the shared HTTP layer (issue 13): text the database cannot store and absurd nesting
 * are 400s naming the field; bodies are refused before they are read when the caller may not call the route, is too
 * large or of the wrong type; cross-site requests are refused; every answer carries the security headers; a 5xx is
 * logged with its request id and the caller sees the id, not the stack.
 */
describe('request guards', () => {
  let t: TestApp;
  let admin: Caller;
  let viewer: Caller;
  const log: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      { allowedOrigins: ['https://qc.example.com'] },
      {
        logStream: { write: (line) => void log.push(line) },
        beforeReady: (app) => {
          app.post('/test/boom', async () => {
            throw new Error('kaboom: a bug in a handler');
          });
          // what drizzle throws when a unique index refuses a row: the driver's error as the cause
          app.post('/test/race', async () => {
            throw new Error('Failed query: insert …', { cause: { code: '23505', constraint: 'x_uq' } });
          });
        },
      },
    );
    ({ admin, viewer } = await organisationWith(t, 'guards', { admin: ['*'], viewer: ['qc-rule.view'] }));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin.cookie, ...headers } });

  describe('text the database cannot store', () => {
    const rule = (name: string) => ({
      name,
      conditionConfig: {
        conditions: [{ cid: 'a', operators: [{ type: 'KEYWORDS', param: { keywords: ['退款'] } }] }],
        lambda: 'ALL',
      },
    });

    it.each([
      ['/v3/chats/qc-rule/create', rule('退款\u0000规则'), 'name', 'U+0000'],
      ['/v3/chats/qc-scheme/create', { name: '方案\u0000', targetType: 'AI' }, 'name', 'U+0000'],
      ['/v3/chats/qc-rule/page', { name: '\ud800' }, 'name', 'U+D800'],
      ['/v3/chats/qc-rule/detail-outId?ruleOutId=R%00', {}, 'ruleOutId', 'U+0000'],
      ['/v3/auth/login', { username: 'admin\u0000', password: 'x' }, 'username', 'U+0000'],
      ['/v3/auth/token/create', { name: 'job\udc00' }, 'name', 'U+DC00'],
    ])('%s with %j answers 400 naming the field', async (url, body, field, character) => {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FIELD',
        field,
        message: `${field}：含有无法保存的字符（${character}）`,
      });
      const en = await post(url, body, { 'accept-language': 'en' });
      expect(en.json().message).toBe(`${field}: Contains a character that cannot be stored (${character})`);
    });

    it('finds the character deep in a rule, in an object key too', async () => {
      const body = rule('ok');
      body.conditionConfig.conditions[0]!.operators[0]!.param.keywords.push('a\u0000b');
      const res = await post('/v3/chats/qc-rule/create', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('conditionConfig.conditions[0].operators[0].param.keywords[1]');
      const key = await post('/v3/chats/qc-rule/create', { ...rule('ok'), 'x\u0000': 1 });
      expect(key.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'x\u0000' });
    });

    it('refuses nesting deeper than 32 levels, naming where', async () => {
      // as text: 5,000 levels are more than the test's own JSON.stringify should be asked to write
      const deep = `${'{"d":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const body = JSON.stringify(rule('deep')).replace(/}$/, `,"extra":${deep}}`);
      const res = await post('/v3/chats/qc-rule/create', body, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      const { field, message } = res.json();
      expect(field).toBe(`extra${'.d'.repeat(31)}`);
      expect(message).toBe(`${field}：嵌套不能超过 32 层`);
      // nothing was stored
      const page = await post('/v3/chats/qc-rule/page', {});
      expect(page.json().total).toBe(0);
    });
  });

  describe('a server error', () => {
    it('is logged with its request id and stack; the caller gets the id, never the stack', async () => {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/test/boom', {}, lang === 'en' ? { 'accept-language': 'en' } : {});
        expect(res.statusCode).toBe(500);
        const body = res.json();
        const id = res.headers['x-request-id'];
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(body).toEqual({
          code: 'INTERNAL',
          message: lang === 'en' ? `internal server error (request id ${id})` : `服务器内部错误（请求编号 ${id}）`,
          requestId: id,
        });
        expect(res.body).not.toContain('kaboom');
        const line = log.map((l) => JSON.parse(l)).find((l) => l.reqId === id && l.level === 50);
        expect(line?.err?.stack).toContain('kaboom: a bug in a handler');
        expect(line?.err?.stack).toContain('request-guards.test.ts');
        expect(JSON.stringify(line)).not.toContain(admin.cookie.split('=')[1]!);
      }
    });

    it('a unique index that a route did not expect to hit is a 409 to retry, not a 500', async () => {
      const res = await post('/test/race', {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: '与同时进行的另一操作冲突，请刷新后重试' });
    });

    it('a 4xx is not logged as an error', async () => {
      const before = log.length;
      await post('/v3/chats/qc-rule/create', { name: '' });
      expect(log.slice(before).filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    });
  });

  describe('bodies', () => {
    it('answers 401 before reading a large body when signed out', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      // announces 63 MB, sends 1 KB and waits: the answer must come without the rest
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: '/v3/chats/session/import',
            headers: { 'content-type': 'application/x-ndjson', 'content-length': String(63 * 1024 * 1024) },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body });
              req.destroy();
            });
          },
        );
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
        req.write('x'.repeat(1024));
        setTimeout(() => reject(new Error('no answer before the body was sent')), 5000).unref();
      });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).code).toBe('UNAUTHORIZED');
      expect((t.app.server.address() as AddressInfo).port).toBe(Number(port));
    });

    it('answers 403 before the body for a caller without the key', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v3/chats/qc-rule/create',
        payload: 'not even json',
        headers: { cookie: viewer.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('limits an ordinary JSON body to 1 MB with a clear message, the import to its own limit', async () => {
      const big = { name: 'x', comments: 'y'.repeat(1024 * 1024) };
      const res = await post('/v3/chats/qc-rule/create', big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'BODY_TOO_LARGE', message: '请求体不能超过 1 MB' });
      const en = await post('/v3/chats/qc-rule/create', big, { 'accept-language': 'en' });
      expect(en.json().message).toBe('the body must not exceed 1 MB');
      // 2 MB of sessions is an ordinary import
      const line = (i: number) =>
        JSON.stringify({
          sessionId: `big-${i}`,
          messages: [{ senderRole: 'CUSTOMER', sendTime: 1_700_000_000_000 + i, content: '你好'.repeat(500) }],
        });
      const lines = Array.from({ length: 700 }, (_, i) => line(i)).join('\n');
      expect(lines.length).toBeGreaterThan(1024 * 1024 * 0.7);
      const imported = await post('/v3/chats/session/import', lines, { 'content-type': 'application/x-ndjson' });
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toMatchObject({ created: 700, failed: 0 });
    });

    it('takes only JSON on a JSON route (415), JSON Lines on the import', async () => {
      const res = await post('/v3/chats/qc-scheme/create', '{"name":"纯文本","targetType":"AI"}', {
        'content-type': 'text/plain',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const form = await post('/v3/chats/qc-scheme/create', 'name=x', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.statusCode).toBe(415);
      // a call without fields needs no type
      const bare = await t.app.inject({ method: 'POST', url: '/v3/auth/me', headers: { cookie: admin.cookie } });
      expect(bare.statusCode).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    const scheme = { name: '跨站', targetType: 'AI' };

    it('refuses a cookie-signed request from another origin, port or sub-domain', async () => {
      for (const origin of ['http://evil.example', 'http://localhost:8081', 'http://sub.localhost', 'null']) {
        const res = await post('/v3/chats/qc-scheme/create', scheme, { origin });
        expect(res.statusCode, origin).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'CROSS_SITE_REQUEST',
          message: `拒绝来自其他站点的请求：${origin} 不是本控制台的地址`,
        });
      }
      const byReferer = await post('/v3/chats/qc-scheme/create', scheme, { referer: 'http://evil.example/page' });
      expect(byReferer.statusCode).toBe(403);
      const jsonLines = await post('/v3/chats/session/import', '{"sessionId":"x","messages":[]}', {
        'content-type': 'text/plain',
        origin: 'http://localhost:3000',
      });
      expect(jsonLines.statusCode).toBe(403);
      const login = await t.app.inject({
        method: 'POST',
        url: '/v3/auth/login',
        payload: { username: 'guards-admin', password: 'test-password-1' },
        headers: { origin: 'http://evil.example' },
      });
      expect(login.statusCode).toBe(403);
      expect((await post('/v3/chats/qc-scheme/page', {})).json().total).toBe(0);
    });

    it('refuses a cross-site multipart upload', async () => {
      const { payload, headers } = multipartFile('a.txt', 'hello');
      const foreign = await post('/v3/worker/center/upload', payload, { ...headers, origin: 'http://evil.example' });
      expect(foreign.statusCode).toBe(403);
      const own = await post('/v3/worker/center/upload', payload, { ...headers, origin: 'http://localhost:80' });
      expect(own.statusCode).toBe(200);
    });

    it('lets the console itself, listed origins and bearer-token services through', async () => {
      const own = await post('/v3/chats/qc-scheme/page', {}, { origin: 'http://localhost' });
      expect(own.statusCode).toBe(200);
      const ownReferer = await post('/v3/chats/qc-scheme/page', {}, { referer: 'http://localhost/#/qc/scheme' });
      expect(ownReferer.statusCode).toBe(200);
      const listed = await post('/v3/chats/qc-scheme/page', {}, { origin: 'https://qc.example.com' });
      expect(listed.statusCode).toBe(200);
      const { token } = (await admin.post('/v3/auth/token/create', { name: 'service' })).json();
      const service = await t.app.inject({
        method: 'POST',
        url: '/v3/chats/qc-scheme/page',
        payload: {},
        headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
      });
      expect(service.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    it('are on API answers, errors and documents alike', async () => {
      for (const res of [
        await post('/v3/health', {}),
        await post('/v3/nothing', {}),
        await t.app.inject({ method: 'GET', url: '/docs' }),
      ]) {
        expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    });
  });
});

describe('behind a TLS proxy (QCDESK_TRUST_PROXY)', () => {
  const login = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: '/v3/auth/login',
      payload: { username: 'proxy-admin', password: 'test-password-1' },
      headers,
    });

  it('marks the cookie Secure and sends HSTS when the proxy says https; ignores the headers when not trusted', async () => {
    for (const trustProxy of [1, false] as const) {
      const t = await startTestApp({ trustProxy });
      try {
        await organisationWith(t, 'proxy', { admin: ['*'] });
        const res = await login(t, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'qc.example.com' });
        expect(res.statusCode).toBe(200);
        const cookie = String(res.headers['set-cookie']);
        if (trustProxy === false) {
          expect(cookie).not.toMatch(/;\s*Secure/i);
          expect(res.headers['strict-transport-security']).toBeUndefined();
        } else {
          expect(cookie).toMatch(/;\s*Secure/i);
          expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
        }
        // the console at the proxy's address is the console itself only when the proxy is trusted
        const fromProxy = await login(t, {
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'qc.example.com',
          origin: 'https://qc.example.com',
        });
        expect(fromProxy.statusCode).toBe(trustProxy === false ? 403 : 200);
      } finally {
        await t.close();
      }
    }
  }, 90_000);
});
