import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { loginSessions, roles, userRoles, users } from '../db/schema/index.js';
import type { RequestAuth } from '../http/request-auth.js';
import { expandPermissions } from './permissions.js';

/** The caller as routes see him, from his user row and roles; null when the user is gone, trashed or disabled. */
export function loadAuth(db: Database, userId: number, service: boolean): Promise<RequestAuth | null> {
  return authWhere(db, eq(users.id, userId), service);
}

/**
 * The caller of a browser session (the cookie's token hash), while it has not expired: session, user and roles in
 * one statement, since every request of the console asks it.
 */
export function loadSessionAuth(db: Database, tokenHash: string, now: Date): Promise<RequestAuth | null> {
  return authWhere(db, and(eq(loginSessions.tokenHash, tokenHash), gt(loginSessions.expireTime, now))!, false, true);
}

async function authWhere(db: Database, where: SQL, service: boolean, bySession = false): Promise<RequestAuth | null> {
  const columns = {
    id: users.id,
    username: users.username,
    name: users.name,
    organizationId: users.organizationId,
    status: users.status,
    deleted: users.deleted,
    agentId: users.agentId,
    // each role's keys, as one list per role
    held: sql<unknown[][]>`coalesce(json_agg(${roles.permissions}) filter (where ${roles.id} is not null), '[]')`,
  };
  const base = bySession
    ? db.select(columns).from(loginSessions).innerJoin(users, eq(users.id, loginSessions.userId))
    : db.select(columns).from(users);
  const [user] = await base
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    // a role in the trash grants nothing (none is held by a live user: a role in use cannot be trashed)
    .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.deleted, 'NONE')))
    .where(where)
    .groupBy(users.id);
  if (user === undefined || user.status !== 'ACTIVE' || user.deleted !== 'NONE') return null;
  const held = (typeof user.held === 'string' ? JSON.parse(user.held) : user.held) as string[][];
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    organizationId: user.organizationId,
    permissions: expandPermissions(held),
    service,
    agentId: user.agentId,
  };
}
