import { type DeleteBody, isPermissionKey, PERMISSIONS, permissionItemSchema, roleContract } from '@qcdesk/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ALL_PERMISSIONS } from '../../auth/permissions.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbIds } from '../../crud/ids.js';
import { usersShown } from '../../crud/in-use.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { activeAdmins, lastAdminRefused, lockOrganization, selfRefused } from './admins.js';
import { roleRecords } from './people-records.js';

/**
 * Roles: the contract's page, list, detail, create, change and delete, and the permission keys for the role form.
 * A change of a role's keys holds from its users' next request (their keys are read on every request).
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, roleContract, {
    table: roles,
    keywordColumns: [roles.code, roles.name],
    records: (rows, { db, timeZone }) => roleRecords(db, rows, timeZone),
    summaries: { page: 'roles, a page at a time (keyword on code and name, deleted), newest change first' },
    save: {
      summary:
        'save a role: creates without id, changes with id and version; permissions are keys of /v3/users/permission/list or *',
      values: async (body, { tx, auth, stored }) => {
        await refuseTakenCode(tx, auth.organizationId, body.code, stored?.id ?? null);
        return { code: body.code, name: body.name, permissions: knownPermissions(body.permissions) };
      },
      afterWrite: async (key, values, { tx, auth, stored }) => {
        const dropsAll =
          stored?.permissions.includes(ALL_PERMISSIONS) === true && !values.permissions?.includes(ALL_PERMISSIONS);
        if (!dropsAll) return;
        // who held `*` through this role and holds it no more: counted after the change, under the organisation's lock
        await lockOrganization(tx, auth.organizationId);
        const after = await activeAdmins(tx, auth.organizationId);
        const holders = await tx
          .select({ id: users.id, name: users.name })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .where(and(eq(userRoles.roleId, key), eq(users.status, 'ACTIVE'), eq(users.deleted, 'NONE')));
        const lost = holders.filter((h) => !after.some((a) => a.id === h.id));
        if (lost.some((h) => h.id === auth.userId)) throw selfRefused('permission', 'permissions');
        if (lost.length > 0 && after.length === 0) throw lastAdminRefused('permission', lost[0]!, 'permissions');
      },
      uniqueIndexes: { roles_organization_code_key: (body) => takenCode(body.code) },
    },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseRolesInUse(context, body);
      },
    },
  });

  defineRoute(
    app,
    {
      path: '/v3/users/permission/list',
      body: noBody,
      summary: 'every permission key a role may hold, with its Chinese and English label, its area and its source',
      response: z.array(permissionItemSchema),
      tags: ['role'],
    },
    () => Object.entries(PERMISSIONS).map(([key, p]) => ({ key, zh: p.zh, en: p.en, area: p.area, source: p.source })),
  );
}

/** The body's keys, each a key of PERMISSIONS or `*` (else 400 naming `permissions[i]`), once each. */
function knownPermissions(permissions: readonly string[]): string[] {
  const unknown = permissions.findIndex((p) => p !== ALL_PERMISSIONS && !isPermissionKey(p));
  if (unknown >= 0)
    throw ApiError.of(
      400,
      'INVALID_FIELD',
      'role.unknownPermission',
      { value: permissions[unknown]! },
      `permissions[${unknown}]`,
    );
  return [...new Set(permissions)];
}

const takenCode = (code: string) => ApiError.of(400, 'DUPLICATE', 'role.duplicateCode', { value: code }, 'code');

/** Codes are unique in the organisation, trashed roles included (the unique index decides a race). */
async function refuseTakenCode(db: Queryable, organizationId: number, code: string, own: number | null) {
  const parts = [eq(roles.organizationId, organizationId), eq(roles.code, code)];
  if (own !== null) parts.push(ne(roles.id, own));
  const [other] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...parts))
    .limit(1);
  if (other !== undefined) throw takenCode(code);
}

/** A role its users (not emptied) still hold cannot go to the trash: they would silently lose its keys. */
async function refuseRolesInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
  const keys = dbIds(body.ids);
  const uses = await db
    .select({ roleId: roles.id, roleName: roles.name, userName: users.name, username: users.username })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(inArray(userRoles.roleId, keys), eq(roles.organizationId, auth.organizationId), ne(users.deleted, 'BUFFER')),
    )
    .orderBy(users.id);
  const first = uses[0];
  if (first === undefined) return;
  const holders = uses.filter((u) => u.roleId === first.roleId);
  const { shown, zhMore, enMore } = usersShown(
    holders.map((u) => `${u.userName}（${u.username}）`),
    '人',
  );
  throw new ApiError(
    400,
    'ROLE_IN_USE',
    `角色“${first.roleName}”仍被用户 ${shown.join('、')}${zhMore} 使用，请先取消他们的该角色再删除`,
    `role "${first.roleName}" is still held by ${shown.join(', ')}${enMore}; take it from them before deleting it`,
    `ids[${keys.indexOf(first.roleId)}]`,
  );
}
