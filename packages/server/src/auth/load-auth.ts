import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { roles, userRoles, users } from '../db/schema/index.js';
import type { RequestAuth } from '../http/request-auth.js';
import { expandPermissions } from './permissions.js';

/** The caller as routes see him, from his user row and roles; null when the user is gone or disabled. */
export async function loadAuth(db: Database, userId: number, service: boolean): Promise<RequestAuth | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user === undefined || user.status !== 'ACTIVE') return null;
  const held = await db
    .select({ permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    organizationId: user.organizationId,
    permissions: expandPermissions(held.map((r) => r.permissions)),
    service,
    agentId: user.agentId,
  };
}
