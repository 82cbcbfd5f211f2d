import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createRole, createUser } from '../../src/seed/accounts.js';
import { applyAdminPassword } from '../../src/seed/admin-password.js';
import { signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const org = await createOrganization(db, '重置组织');
  const all = await createRole(db, org, { code: 'admin', name: '管理员', permissions: ['*'] });
  await createUser(db, org, { username: 'admin', name: '管理员', password: 'old-secret', roleIds: [all] });
  await createUser(db, org, { username: 'other', name: '别人', password: 'other-secret', roleIds: [all] });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/me', payload: {}, headers: { authorization: `Bearer ${token}` } });
const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password }, remoteAddress });

describe('QCDESK_ADMIN_PASSWORD reset', () => {
  it("revokes the admin's bearer tokens, not another user's", async () => {
    const admin = await signIn(t, 'admin', 'old-secret');
    const { token } = (await admin.post('/v3/auth/token/create', { name: 'leaked job' })).json();
    const other = await signIn(t, 'other', 'other-secret');
    const { token: otherToken } = (await other.post('/v3/auth/token/create', { name: 'other job' })).json();
    expect((await bearer(token)).statusCode).toBe(200);

    expect(await applyAdminPassword(t.database.db, 'new-secret')).toBe('reset');
    expect((await bearer(token)).statusCode).toBe(401);
    expect((await admin.post('/v3/auth/token/list')).statusCode).toBe(401);
    expect((await bearer(otherToken)).statusCode).toBe(200);
  });

  it("ends the admin's sign-in slow-down from every address", async () => {
    for (const address of ['10.7.0.1', '10.7.0.2'])
      for (let i = 0; i < 6; i++) await login('admin', `guess-${i}`, address);
    expect((await login('admin', 'new-secret', '10.7.0.1')).statusCode).toBe(429);
    expect(await applyAdminPassword(t.database.db, 'newer-secret')).toBe('reset');
    expect((await login('admin', 'newer-secret', '10.7.0.1')).statusCode).toBe(200);
    expect((await login('admin', 'newer-secret', '10.7.0.2')).statusCode).toBe(200);
  });
});
