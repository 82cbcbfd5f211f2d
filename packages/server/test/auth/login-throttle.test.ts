import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../src/db/schema/index.js';
import { createOrganization, createRole, createUser } from '../../src/seed/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const org = await createOrganization(db, '限速组织');
  const role = await createRole(db, org, { code: 'viewer', name: '查看', permissions: ['qc-rule.view'] });
  for (const username of ['admin', 'burst', 'stepper', 'proxied'])
    await createUser(db, org, { username, name: username, password: `${username}-right`, roleIds: [role] });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress = '10.1.1.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password }, remoteAddress, headers });

/** Pretends the wait of (name, address) is over, as if the clock had moved on. */
async function waitIsOver(username: string): Promise<void> {
  await t.database.db
    .update(loginFailures)
    .set({ nextTryTime: new Date(Date.now() - 1000) })
    .where(eq(loginFailures.username, username));
}

describe('sign-in slow-down', () => {
  it('checks at most 5 passwords of a parallel burst; the right password from another address still signs in', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login('burst', `wrong-${i}`, '10.2.2.2')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    // even the right password waits from that address…
    expect((await login('burst', 'burst-right', '10.2.2.2')).statusCode).toBe(429);
    // …but not from another one
    expect((await login('burst', 'burst-right', '10.3.3.3')).statusCode).toBe(200);
  });

  it('lets the admin in from an address that failed on 25 other names', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await login(`nobody-${i}`, 'guess', '10.4.4.4');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await login('admin', 'admin-right', '10.4.4.4')).statusCode).toBe(200);
  });

  it('after 5 free failures answers 429 with a Retry-After that doubles, and lets one try through when it is over', async () => {
    for (let i = 0; i < 5; i++) expect((await login('stepper', `guess-${i}`)).statusCode).toBe(401);
    const first = await login('stepper', 'stepper-right');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('60');
    expect(first.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: '登录失败次数过多，请 1 分钟后再试' });
    const en = await login('stepper', 'stepper-right', '10.1.1.1', { 'accept-language': 'en' });
    expect(en.json().message).toBe('Too many failed sign-ins; try again in 1 minute');

    await waitIsOver('stepper');
    expect((await login('stepper', 'guess-5')).statusCode).toBe(401);
    const second = await login('stepper', 'stepper-right');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('120');
    expect(second.json().message).toBe('登录失败次数过多，请 2 分钟后再试');

    await waitIsOver('stepper');
    expect((await login('stepper', 'stepper-right')).statusCode).toBe(200);
    // a successful sign-in forgets the failures: five free ones again
    for (let i = 0; i < 5; i++) expect((await login('stepper', `again-${i}`)).statusCode).toBe(401);
    expect((await login('stepper', 'again-5')).statusCode).toBe(429);
  });

  it('uses the TCP peer address, not X-Forwarded-For, with the default config', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login('proxied', `guess-${i}`, '10.5.5.5', { 'x-forwarded-for': `192.0.2.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await login('proxied', 'proxied-right', '10.5.5.5', { 'x-forwarded-for': '192.0.2.99' });
    expect(spoofed.statusCode).toBe(429);
  });
});
