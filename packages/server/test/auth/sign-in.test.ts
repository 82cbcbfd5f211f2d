import { PERMISSION_KEYS } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createRole, createUser } from '../../src/seed/accounts.js';
import { anonymous, callerWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const org = await createOrganization(db, '测试组织');
  const all = await createRole(db, org, { code: 'admin', name: '管理员', permissions: ['*'] });
  const viewer = await createRole(db, org, { code: 'viewer', name: '查看', permissions: ['qc-rule.view'] });
  await createUser(db, org, { username: 'boss', name: '老板', password: 'right-password', roleIds: [all] });
  await createUser(db, org, {
    username: 'viewer',
    name: '小王',
    password: 'viewer-pass',
    roleIds: [viewer],
    agentId: 42,
  });
  await createUser(db, org, { username: 'guesser', name: '被猜', password: 'real-one', roleIds: [viewer] });
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('sign-in with a session cookie', () => {
  it('signs in, sets an HttpOnly cookie and answers who signed in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/auth/login',
      payload: { username: 'viewer', password: 'viewer-pass' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^qcdesk_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(res.json()).toMatchObject({
      user: { username: 'viewer', name: '小王', agentId: '42' },
      organisation: { name: '测试组织' },
      permissions: ['qc-rule.view'],
    });
  });

  it('answers /v3/auth/me for the cookie, and 401 without one', async () => {
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const me = await viewer.post('/v3/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toEqual(['qc-rule.view']);
    const none = await anonymous(t).post('/v3/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'UNAUTHORIZED', message: '请先登录' });
    const forged = await callerWith(t, 'qcdesk_session=forged').post('/v3/auth/me', {}, { lang: 'en' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Please sign in');
  });

  it('gives a role holding * every permission key', async () => {
    const boss = await signIn(t, 'boss', 'right-password');
    const me = await boss.post('/v3/auth/me');
    expect(me.json().permissions).toEqual([...PERMISSION_KEYS].sort());
  });

  it('refuses a wrong password or an unknown user with the same 401', async () => {
    const wrong = await anonymous(t).post('/v3/auth/login', { username: 'boss', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
    const unknown = await anonymous(t).post('/v3/auth/login', { username: 'ghost', password: 'nope' }, { lang: 'en' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'BAD_CREDENTIALS', message: 'Wrong user name or password' });
  });

  it('names the missing field of a bad login body', async () => {
    const res = await anonymous(t).post('/v3/auth/login', { username: 'boss' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'password',
      message: 'password: This field is required',
    });
  });

  it('after 5 failures of one name from one address answers 429 for a while, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await anonymous(t).post('/v3/auth/login', { username: 'guesser', password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await anonymous(t).post('/v3/auth/login', { username: 'guesser', password: 'real-one' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: '登录失败次数过多，请 1 分钟后再试' });
    expect(blocked.headers['retry-after']).toBe('60');
    const en = await anonymous(t).post('/v3/auth/login', { username: 'guesser', password: 'real-one' }, { lang: 'en' });
    expect(en.json().message).toBe('Too many failed sign-ins; try again in 1 minute');
    // another user from the same address is not slowed down
    expect(
      (await anonymous(t).post('/v3/auth/login', { username: 'viewer', password: 'viewer-pass' })).statusCode,
    ).toBe(200);
  });

  it('never refuses a name that has not failed, however many failures its address had on other names', async () => {
    const from = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v3/auth/login',
        payload: { username, password },
        remoteAddress: '10.9.8.7',
      });
    // a spray: two guesses on each of thirty names, never five on one
    for (let i = 0; i < 60; i++) {
      const res = await from(`sprayed-${i % 30}`, `guess-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await from('viewer', 'viewer-pass')).statusCode).toBe(200);
    expect((await from('boss', 'right-password')).statusCode).toBe(200);
  });

  it('signs out: the cookie stops working', async () => {
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const out = await viewer.post('/v3/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^qcdesk_session=;/);
    expect((await viewer.post('/v3/auth/me')).statusCode).toBe(401);
  });
});

describe('bearer tokens for backend services', () => {
  it('creates a token that acts as its user, lists it without the secret, and revokes it', async () => {
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const created = await viewer.post('/v3/auth/token/create', { name: 'ingest job' });
    expect(created.statusCode).toBe(200);
    const { id, token } = created.json();
    expect(token).toMatch(/^qcd_/);
    const bearer = (path: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: path, payload, headers: { authorization: `Bearer ${token}` } });
    const me = await bearer('/v3/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { username: 'viewer' }, permissions: ['qc-rule.view'] });
    expect((await bearer('/v3/chats/qc-rule/page')).statusCode).toBe(200);
    expect((await bearer('/v3/chats/qc-scheme/page')).statusCode).toBe(403);

    const listed = await viewer.post('/v3/auth/token/list');
    expect(listed.json()).toEqual([expect.objectContaining({ id, name: 'ingest job' })]);
    expect(listed.body).not.toContain(token);

    const serviceMints = await bearer('/v3/auth/token/create', { name: 'another' });
    expect(serviceMints.statusCode).toBe(403);

    expect((await viewer.post('/v3/auth/token/revoke', { ids: [id] })).json()).toEqual({ ids: [id] });
    expect((await bearer('/v3/auth/me')).statusCode).toBe(401);
  });

  it('names the field of a bad token request (400)', async () => {
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const blank = await viewer.post('/v3/auth/token/create', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'name' });
    const days = await viewer.post('/v3/auth/token/create', { name: 'job', expireDays: 0 }, { lang: 'en' });
    expect(days.statusCode).toBe(400);
    expect(days.json()).toMatchObject({ field: 'expireDays' });
    expect(days.json().message).toMatch(/^expireDays: /);
    const none = await viewer.post('/v3/auth/token/revoke', { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'ids' });
    expect(await (await viewer.post('/v3/auth/token/list')).json()).toEqual([]);
  });

  it("revokes only the caller's own tokens: another user's id changes nothing", async () => {
    const boss = await signIn(t, 'boss', 'right-password');
    const { id, token } = (await boss.post('/v3/auth/token/create', { name: 'boss job' })).json();
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const tried = await viewer.post('/v3/auth/token/revoke', { ids: [id] });
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toEqual({ ids: [] });
    expect((await viewer.post('/v3/auth/token/list')).json()).toEqual([]);
    expect((await boss.post('/v3/auth/token/list')).json()).toEqual([
      expect.objectContaining({ id, name: 'boss job' }),
    ]);
    const me = await t.app.inject({
      method: 'POST',
      url: '/v3/auth/me',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('boss');
  });

  it('refuses a made-up bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/auth/me',
      payload: {},
      headers: { authorization: 'Bearer qcd_made-up' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('permission keys on routes', () => {
  it('answers 403 naming the missing key', async () => {
    const viewer = await signIn(t, 'viewer', 'viewer-pass');
    const res = await viewer.post('/v3/chats/qc-rule/create', { name: 'x' }, { lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this (needs qc-rule.edit)',
    });
  });
});
