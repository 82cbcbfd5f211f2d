import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { organizations, roles, userRoles, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

/**
 * The organisation's administrators: ACTIVE users, not in the trash, holding a live role with `*`. An organisation
 * that has one keeps one: nobody disables, trashes or takes `*` from the last, nor does any of it to himself.
 */
export interface Admin {
  readonly id: number;
  readonly name: string;
}

const holdsAll = sql`${roles.permissions} @> '["*"]'::jsonb`;

export async function activeAdmins(db: Queryable, organizationId: number): Promise<Admin[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.status, 'ACTIVE'),
        eq(users.deleted, 'NONE'),
        eq(roles.deleted, 'NONE'),
        holdsAll,
      ),
    )
    .groupBy(users.id, users.name)
    .orderBy(users.id);
}

/** Of these users, the ACTIVE ones holding `*` whatever their trash state (the admins a trash move takes away). */
export async function adminsAmong(db: Queryable, userIds: readonly number[]): Promise<Admin[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(users.id, [...userIds]), eq(users.status, 'ACTIVE'), eq(roles.deleted, 'NONE'), holdsAll))
    .groupBy(users.id, users.name)
    .orderBy(users.id);
}

/**
 * Serialises the changes that may take an organisation's last administrator away: the second of two at the same
 * moment waits, then counts what the first left (each statement of a transaction reads what is committed then).
 */
export async function lockOrganization(tx: Queryable, organizationId: number): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/** What a change does to a user, in the words of the refusals. */
export type AdminLoss = 'disable' | 'trash' | 'permission';

const SELF: Record<AdminLoss, { zh: string; en: string }> = {
  disable: { zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
  trash: { zh: '不能删除自己的账号', en: 'You cannot delete your own account' },
  permission: {
    zh: '不能取消自己的管理员权限（*）',
    en: 'You cannot take the administrator permission (*) from yourself',
  },
};

export function selfRefused(loss: AdminLoss, field: string): ApiError {
  return new ApiError(400, 'SELF_ACCOUNT', SELF[loss].zh, SELF[loss].en, field);
}

export function lastAdminRefused(loss: AdminLoss, admin: Admin, field: string): ApiError {
  const zh = { disable: '不能停用', trash: '不能删除', permission: '不能取消其管理员权限（*）' }[loss];
  const en = {
    disable: 'cannot be disabled',
    trash: 'cannot be deleted',
    permission: 'cannot lose the administrator permission (*)',
  }[loss];
  return new ApiError(
    400,
    'LAST_ADMIN',
    `“${admin.name}”是本组织最后一位启用的管理员，${zh}`,
    `"${admin.name}" is the last active administrator of the organisation and ${en}`,
    field,
  );
}
