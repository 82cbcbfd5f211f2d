import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** How many passwords the sign-in checked: the slow part, which must not depend on who the name is. */
const checked = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/auth/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/auth/passwords.js')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      checked.count += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await organisationWith(t, 'timing', { active: ['*'], gone: ['*'] });
  await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.username, 'timing-gone'));
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password } });

it('checks one password for an unknown, a disabled and a known user alike, and tells none of them apart', async () => {
  for (const [username, password] of [
    ['nobody-here', 'test-password-1'],
    ['timing-gone', 'test-password-1'],
    ['timing-gone', 'wrong-password'],
    ['timing-active', 'wrong-password'],
  ] as const) {
    const before = checked.count;
    const res = await login(username, password);
    expect(res.statusCode, username).toBe(401);
    expect(res.json().code).toBe('BAD_CREDENTIALS');
    expect(checked.count - before, `${username} / ${password}`).toBe(1);
  }
  expect((await login('timing-active', 'test-password-1')).statusCode).toBe(200);
});
