import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Database } from '../db/connect.js';
import { apiTokens, loginFailures, loginSessions, users } from '../db/schema/index.js';

/** What `applyAdminPassword` did. */
export type AdminPasswordOutcome = 'unchanged' | 'reset' | 'no-admin';

/**
 * QCDESK_ADMIN_PASSWORD on every start, not only the first: the way back in for an operator who lost the printed
 * password. When the administrator's password is another, it becomes this one, his account is enabled again, his
 * failed sign-ins from every address are forgotten (so his sign-in slow-down ends), and whoever held the old password
 * loses what it gave: his open sessions end and his bearer tokens are revoked (a token minted with a leaked password
 * would otherwise outlive the reset). A password that already matches changes nothing.
 */
export async function applyAdminPassword(
  db: Database,
  password: string,
  username = 'admin',
): Promise<AdminPasswordOutcome> {
  const [admin] = await db.select().from(users).where(eq(users.username, username));
  if (admin === undefined) return 'no-admin';
  if (admin.status === 'ACTIVE' && (await verifyPassword(admin.passwordHash, password))) return 'unchanged';
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), status: 'ACTIVE', modifyTime: new Date() })
      .where(eq(users.id, admin.id));
    await tx.delete(loginSessions).where(eq(loginSessions.userId, admin.id));
    await tx
      .update(apiTokens)
      .set({ revokeTime: new Date() })
      .where(and(eq(apiTokens.userId, admin.id), isNull(apiTokens.revokeTime)));
    await tx.delete(loginFailures).where(eq(loginFailures.username, username));
  });
  return 'reset';
}
