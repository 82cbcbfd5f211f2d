import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimLoginCheck,
  FREE_FAILURES,
  forgetFailures,
  HOT_ADDRESS_FAILURES,
  MAX_DELAY_MS,
} from '../../src/auth/login-limiter.js';
import type { Database } from '../../src/db/connect.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const T0 = new Date('2030-01-01T00:00:00Z').getTime();
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('login limiter (clock injected)', () => {
  it(`checks ${FREE_FAILURES} passwords freely, then waits 1, 2, 4, 8 minutes … up to 15`, async () => {
    for (let i = 0; i < FREE_FAILURES; i++) expect(await claimLoginCheck(db, 'u1', 'ip1', at(0))).toEqual({ ok: true });
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await claimLoginCheck(db, 'u1', 'ip1', at(now));
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      waits.push(refused.retryAfterSeconds);
      // one second early is still too early
      expect((await claimLoginCheck(db, 'u1', 'ip1', at(now + refused.retryAfterSeconds - 1))).ok).toBe(false);
      now += refused.retryAfterSeconds;
      expect(await claimLoginCheck(db, 'u1', 'ip1', at(now))).toEqual({ ok: true });
    }
    expect(waits).toEqual([60, 120, 240, 480, MAX_DELAY_MS / 1000, 900, 900]);
  });

  it('does not lengthen the wait for tries refused during it', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) await claimLoginCheck(db, 'u2', 'ip1', at(0));
    for (let s = 1; s <= 50; s++) await claimLoginCheck(db, 'u2', 'ip1', at(s));
    expect(await claimLoginCheck(db, 'u2', 'ip1', at(55))).toEqual({ ok: false, retryAfterSeconds: 5 });
    expect(await claimLoginCheck(db, 'u2', 'ip1', at(60))).toEqual({ ok: true });
  });

  it('keeps each name and address apart, and forgets after a successful sign-in', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) await claimLoginCheck(db, 'u3', 'ip1', at(0));
    expect((await claimLoginCheck(db, 'u3', 'ip1', at(0))).ok).toBe(false);
    expect((await claimLoginCheck(db, 'u3', 'ip2', at(0))).ok).toBe(true);
    expect((await claimLoginCheck(db, 'u3-other', 'ip1', at(0))).ok).toBe(true);
    await forgetFailures(db, 'u3', 'ip1');
    for (let i = 0; i < FREE_FAILURES; i++) expect((await claimLoginCheck(db, 'u3', 'ip1', at(0))).ok).toBe(true);
  });

  it('forgets failures after a day without one', async () => {
    for (let i = 0; i < FREE_FAILURES + 3; i++) await claimLoginCheck(db, 'u4', 'ip1', at(i * 3600));
    const dayLater = 24 * 3600 + 8 * 3600;
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await claimLoginCheck(db, 'u4', 'ip1', at(dayLater))).ok, `try ${i + 1}`).toBe(true);
    expect((await claimLoginCheck(db, 'u4', 'ip1', at(dayLater))).ok).toBe(false);
  });

  it('at an address with many failures across names, slows a name down after its first failure, never before', async () => {
    for (let i = 0; i < HOT_ADDRESS_FAILURES; i++) await claimLoginCheck(db, `sprayed-${i}`, 'hot-ip', at(i));
    const now = at(HOT_ADDRESS_FAILURES);
    // a name that has not failed from there is checked …
    expect(await claimLoginCheck(db, 'fresh', 'hot-ip', now)).toEqual({ ok: true });
    // … and, that check failed, waits before the next
    expect(await claimLoginCheck(db, 'fresh', 'hot-ip', now)).toEqual({ ok: false, retryAfterSeconds: 60 });
    // another address keeps its free failures
    for (let i = 0; i < FREE_FAILURES; i++) expect((await claimLoginCheck(db, 'fresh', 'cool-ip', now)).ok).toBe(true);
  });
});
