import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Database } from '../db/connect.js';
import { loginFailures, loginSessions, users } from '../db/schema/index.js';

/** What `applyAdminPassword` did. */
export type AdminPasswordOutcome = 'unchanged' | 'reset' | 'no-admin';

/**
 * QCDESK_ADMIN_PASSWORD on every start, not only the first: the way back in for an operator who lost the printed
 * password. When the administrator's password is another, it becomes this one, his account is enabled again, his
 * failed sign-ins are forgotten (so the lock-out ends) and his open sessions end (whoever held the old password is
 * signed out). A password that already matches changes nothing.
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
    await tx.delete(loginFailures).where(eq(loginFailures.username, username));
  });
  return 'reset';
}
