import { and, count, eq, gt, lt, min, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { loginFailures } from '../db/schema/index.js';

/** 5 failed sign-ins per user name and address within 15 minutes, then 429 until the oldest one ages out. */
export const MAX_FAILURES = 5;
/**
 * 20 failed sign-ins from one address within 15 minutes, whatever the user names: one address cannot try a few
 * passwords on every name in turn. Enough for an office behind one address to mistype now and then.
 */
export const MAX_ADDRESS_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Why sign-in is refused for now, and for how many more whole minutes. */
export interface LoginBlock {
  /** 'user': this name from this address; 'address': this address, every name */
  readonly scope: 'user' | 'address';
  readonly minutes: number;
}

/**
 * Whether this user name from this address may try to sign in now (null) or is blocked (kept in the database:
 * every process sees the same counts).
 */
export async function loginBlock(db: Database, username: string, ip: string, now: Date): Promise<LoginBlock | null> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const check = async (scope: LoginBlock['scope'], where: SQL, max: number): Promise<LoginBlock | null> => {
    const [row] = await db
      .select({ n: count(), oldest: min(loginFailures.time) })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.time, since)));
    if ((row?.n ?? 0) < max) return null;
    const retryMs = (row?.oldest?.getTime() ?? now.getTime()) + FAILURE_WINDOW_MS - now.getTime();
    return { scope, minutes: Math.max(1, Math.ceil(retryMs / 60_000)) };
  };
  return (
    (await check('user', and(eq(loginFailures.username, username), eq(loginFailures.ip, ip))!, MAX_FAILURES)) ??
    (await check('address', eq(loginFailures.ip, ip), MAX_ADDRESS_FAILURES))
  );
}

export async function recordFailure(db: Database, username: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username, ip, time: now });
  // old rows are of no use to anyone; drop them as we go
  await db.delete(loginFailures).where(lt(loginFailures.time, new Date(now.getTime() - FAILURE_WINDOW_MS)));
}

/**
 * After a successful sign-in: this name's failures from this address are forgotten. The address's failures on other
 * names still count towards its limit.
 */
export async function clearFailures(db: Database, username: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
}
