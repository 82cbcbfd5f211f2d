import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { auditFields } from '../../crud/audit-fields.js';
import type { Queryable } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import { roles, userRoles, users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;
type RoleRow = typeof roles.$inferSelect;

/** Users as the list and detail answer them, with their roles' ids and names (one query for the page). */
export async function userRecords(db: Queryable, rows: UserRow[], timeZone: string) {
  const held =
    rows.length === 0
      ? []
      : await db
          .select({ userId: userRoles.userId, roleId: roles.id, name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(
            and(
              inArray(
                userRoles.userId,
                rows.map((r) => r.id),
              ),
              ne(roles.deleted, 'BUFFER'),
            ),
          )
          .orderBy(asc(roles.id));
  return rows.map((row) => {
    const mine = held.filter((h) => h.userId === row.id);
    return {
      id: String(row.id),
      username: row.username,
      name: row.name,
      status: row.status,
      agentId: wireId(row.agentId),
      roleIds: mine.map((h) => String(h.roleId)),
      roleNames: mine.map((h) => h.name),
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}

/** Roles as the list and detail answer them, with how many users (not emptied) hold each. */
export async function roleRecords(db: Queryable, rows: RoleRow[], timeZone: string) {
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ roleId: userRoles.roleId, n: count() })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .where(
            and(
              inArray(
                userRoles.roleId,
                rows.map((r) => r.id),
              ),
              ne(users.deleted, 'BUFFER'),
            ),
          )
          .groupBy(userRoles.roleId);
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    name: row.name,
    permissions: row.permissions,
    userCount: counts.find((c) => c.roleId === row.id)?.n ?? 0,
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}
