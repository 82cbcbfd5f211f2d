import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { loginFailures } from '../db/schema/index.js';

/**
 * Sign-in slow-down, per user name and address (`request.ip`), never a lock-out of a whole address:
 *
 * - The first FREE_FAILURES passwords of a name from an address are checked at once (people mistype). After that,
 *   each further check waits: 1 minute, then 2, 4, 8, up to MAX_DELAY_MS (15 minutes), that is at most about four
 *   guesses an hour per name and address once the cap is reached. Tries during the wait are answered 429 with
 *   Retry-After and are not counted (they check nothing, and do not push the wait further).
 * - A successful sign-in forgets that name's failures from that address; a day without a failure forgets them too.
 * - The same name from another address is not slowed down: an attacker who hammers `admin` from one address leaves
 *   the real admin, elsewhere, alone. Behind a reverse proxy without QCDESK_TRUST_PROXY every request has the
 *   proxy's address; the slow-down is then per name only, which still never stops a name that did not fail.
 *
 * Across names, an address is only "hot" after HOT_ADDRESS_FAILURES failures within HOT_WINDOW_MS: from then on a
 * name that fails from it gets no free failures (the wait starts after its first). A password sprayed over many
 * names thus gets one try per name, and then the same doubling waits as a single name. A name that has not failed
 * from that address is always checked: an office behind one NAT, where someone else mistyped a hundred times (or
 * an attacker sprayed), still signs in. That is the deliberate trade: we cannot tell a sprayer's first try on a name
 * from a colleague's, so we never refuse a first try; the slow-down starts at the second.
 *
 * The count and the decision are one statement (an upsert of the (name, address) row): a parallel burst of wrong
 * passwords is counted one by one under the row's lock, and only the tries it lets through reach password checking.
 * The check is counted as a failure before the password is verified; a success then deletes the row.
 */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 60 * 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** failures of one address across names, within HOT_WINDOW_MS, after which its names get no free failures */
export const HOT_ADDRESS_FAILURES = 100;
export const HOT_WINDOW_MS = 60 * 60 * 1000;
/** a (name, address) without a failure for this long starts afresh */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** Whether the password of this try may be checked now, or in how many seconds. */
export type LoginCheck = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

// the row as it was before this statement (in ON CONFLICT DO UPDATE, the table's name is the existing row)
const old = (column: string) => sql.raw(`"login_failures"."${column}"`);

/**
 * Counts a try of `username` from `ip` at `now` and tells whether its password may be checked. Call it before
 * verifying the password, and verify only when it answers ok.
 */
export async function claimLoginCheck(db: Database, username: string, ip: string, now: Date): Promise<LoginCheck> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hotSince = sql`${new Date(now.getTime() - HOT_WINDOW_MS).toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - FORGET_AFTER_MS).toISOString()}::timestamptz`;
  const hot = sql`((select coalesce(sum(f.failures), 0) from "login_failures" f where f.ip = ${ip} and f.time > ${hotSince}) >= ${sql.raw(String(HOT_ADDRESS_FAILURES))})`;
  /** when the next check may come after `failures` of them */
  const nextTry = (failures: SQL): SQL => {
    const free = sql`(case when ${hot} then 1 else ${sql.raw(String(FREE_FAILURES))} end)`;
    const delayMs = sql`(case when ${failures} < ${free} then 0 else least(${sql.raw(String(MAX_DELAY_MS))}, ${sql.raw(String(FIRST_DELAY_MS))} * power(2, least(${failures} - ${free}, 30))) end)`;
    return sql`${at} + ${delayMs} * interval '1 millisecond'`;
  };
  const stale = sql`(${old('time')} <= ${forgetBefore})`;
  const allowed = sql`(${stale} or ${old('next_try_time')} <= ${at})`;
  const counted = sql`(case when ${stale} then 1 else ${old('failures')} + 1 end)`;
  const [row] = await db
    .insert(loginFailures)
    .values({ username, ip, failures: 1, time: now, nextTryTime: nextTry(sql`1`), lastAllowed: true })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.ip],
      set: {
        failures: sql`case when ${allowed} then ${counted} else ${old('failures')} end`,
        time: sql`case when ${allowed} then ${at} else ${old('time')} end`,
        nextTryTime: sql`case when ${allowed} then ${nextTry(counted)} else ${old('next_try_time')} end`,
        // RETURNING gives the row as this statement left it: this column is this try's answer
        lastAllowed: allowed,
      },
    })
    .returning({ allowed: loginFailures.lastAllowed, nextTryTime: loginFailures.nextTryTime });
  if (row === undefined) throw new Error('the login_failures upsert returned no row');
  if (row.allowed) return { ok: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((row.nextTryTime.getTime() - now.getTime()) / 1000));
  return { ok: false, retryAfterSeconds };
}

/** After a successful sign-in: this name's failures from this address are forgotten. */
export async function forgetFailures(db: Database, username: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
}

/** Rows without a failure for FORGET_AFTER_MS would start afresh anyway; drop them as we go. */
export async function dropStaleFailures(db: Database, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.time, new Date(now.getTime() - FORGET_AFTER_MS)));
}
