import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { loginFailures } from '../db/schema/index.js';

/** 5 failed sign-ins per user name and address within 15 minutes, then 429 until the oldest one ages out. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Failures of this user name from this address in the window (kept in the database: every process sees them). */
export async function recentFailures(db: Database, username: string, ip: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, username),
        eq(loginFailures.ip, ip),
        gt(loginFailures.time, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

export async function recordFailure(db: Database, username: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username, ip, time: now });
  // old rows are of no use to anyone; drop them as we go
  await db.delete(loginFailures).where(lt(loginFailures.time, new Date(now.getTime() - FAILURE_WINDOW_MS)));
}

export async function clearFailures(db: Database, username: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
}
