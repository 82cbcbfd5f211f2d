import { and, inArray, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { apiTokens, loginSessions } from '../db/schema/index.js';

/**
 * Ends what these users' sign-ins gave: their browser sessions are deleted and their bearer tokens revoked, at once
 * (the next request of a cookie or token answers 401). `keepSessionHash`: the caller's own session survives a reset
 * of his own password.
 */
export async function endUserAccess(
  tx: Queryable,
  userIds: readonly number[],
  keepSessionHash: string | null = null,
): Promise<void> {
  if (userIds.length === 0) return;
  const sessions = inArray(loginSessions.userId, [...userIds]);
  await tx
    .delete(loginSessions)
    .where(keepSessionHash === null ? sessions : and(sessions, ne(loginSessions.tokenHash, keepSessionHash)));
  await tx
    .update(apiTokens)
    .set({ revokeTime: new Date() })
    .where(and(inArray(apiTokens.userId, [...userIds]), isNull(apiTokens.revokeTime)));
}
