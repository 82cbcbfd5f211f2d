import { okAnswerSchema, userContract, userResetPasswordSchema } from '@qcdesk/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endUserAccess } from '../../auth/end-access.js';
import { hashPassword } from '../../auth/passwords.js';
import { hashSecret, SESSION_COOKIE } from '../../auth/tokens.js';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { modifiedBy, type Queryable } from '../../crud/entity-table.js';
import { dbId, dbIds } from '../../crud/ids.js';
import { requireRow } from '../../crud/rows.js';
import { loginFailures, roles, userRoles, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';
import { bindUserToAgent } from '../cs-agent/agent-users.js';
import { activeAdmins, adminsAmong, lastAdminRefused, lockOrganization, selfRefused } from './admins.js';
import { userRecords } from './people-records.js';

/**
 * Users: the contract's page, list, detail, create, change, status (enable / disable) and delete, and
 * reset-password. A disabled or trashed user's sessions and tokens end at once; the organisation keeps an
 * administrator (admins.ts).
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // the role keys a save body gives, checked by `values` and written by `afterWrite` (one save context per request)
  const savedRoles = new WeakMap<object, number[] | null>();
  /** the agent a save names: undefined keeps the one he is */
  const savedAgents = new WeakMap<object, number | null | undefined>();

  defineEntityRoutes(app, userContract, {
    table: users,
    keywordColumns: [users.username, users.name],
    where: (filter) => [
      filter.status ? eq(users.status, filter.status) : undefined,
      filter.roleId
        ? inArray(
            users.id,
            db
              .select({ id: userRoles.userId })
              .from(userRoles)
              .where(eq(userRoles.roleId, dbId(filter.roleId) ?? 0)),
          )
        : undefined,
    ],
    records: (rows, { db, timeZone }) => userRecords(db, rows, timeZone),
    summaries: {
      page: 'users, a page at a time (keyword on user name and name, status, roleId, deleted), newest change first',
    },
    save: {
      summary:
        'save a user: creates without id (password required), changes with id and version (the password stays: reset-password sets it)',
      values: async (body, save) => {
        const { tx, stored, auth } = save;
        await refuseTakenUsername(tx, body.username, stored?.id ?? null);
        // roleIds absent: a new user has none, a changed one keeps his
        savedRoles.set(
          save,
          body.roleIds === undefined ? null : await liveRoleKeys(tx, auth.organizationId, body.roleIds),
        );
        const agentId = body.agentId ? dbId(body.agentId) : null;
        if (body.agentId && agentId === null)
          throw ApiError.of(400, 'INVALID_FIELD', 'common.invalidFormat', {}, 'agentId');
        // absent keeps the agent he is; null unlinks; either way written after the row, with the agent's side
        savedAgents.set(save, body.agentId === undefined ? undefined : agentId);
        return {
          username: body.username,
          name: body.name,
          // the schema requires it on create and refuses it on change
          ...(stored === null ? { passwordHash: await hashPassword(body.password!) } : {}),
        };
      },
      afterWrite: async (key, _values, save) => {
        const { tx, auth, stored } = save;
        const agentKey = savedAgents.get(save);
        if (agentKey !== undefined) await bindUserToAgent(tx, auth.organizationId, key, agentKey, 'agentId');
        const roleKeys = savedRoles.get(save) ?? null;
        if (roleKeys === null) return;
        // a change that takes `*` from an administrator: counted before and after, under the organisation's lock
        if (stored !== null) await lockOrganization(tx, auth.organizationId);
        const wasAdmin = stored !== null && (await adminsAmong(tx, [key])).length > 0;
        await tx.delete(userRoles).where(eq(userRoles.userId, key));
        if (roleKeys.length > 0) await tx.insert(userRoles).values(roleKeys.map((roleId) => ({ userId: key, roleId })));
        if (!wasAdmin) return;
        const after = await activeAdmins(tx, auth.organizationId);
        if (after.some((a) => a.id === key)) return;
        if (key === auth.userId) throw selfRefused('permission', 'roleIds');
        if (after.length === 0) throw lastAdminRefused('permission', { id: key, name: stored.name }, 'roleIds');
      },
      uniqueIndexes: { users_username_key: (body) => takenUsername(body.username) },
    },
    status: {
      summary: 'enable (ACTIVE) or disable (INACTIVE) users; a disabled user is signed out at once and cannot sign in',
      check: async (keys, body, { tx, auth }) => {
        if (body.status !== 'INACTIVE') return;
        const self = keys.indexOf(auth.userId);
        if (self >= 0) throw selfRefused('disable', `ids[${self}]`);
        await lockOrganization(tx, auth.organizationId);
        const before = await activeAdmins(tx, auth.organizationId);
        const left = before.filter((a) => !keys.includes(a.id));
        if (before.length > 0 && left.length === 0)
          throw lastAdminRefused('disable', before[0]!, `ids[${keys.indexOf(before[0]!.id)}]`);
        await endUserAccess(tx, keys);
      },
    },
    delete: {
      refuse: async (body, { auth }) => {
        if (body.deleted !== 'TRASH') return;
        const self = dbIds(body.ids).indexOf(auth.userId);
        if (self >= 0) throw selfRefused('trash', `ids[${self}]`);
      },
      alsoMove: async (tx, keys, _from, to) => {
        if (to !== 'TRASH') return;
        // after the move, in its transaction: a trash of the last administrators is undone by the throw
        const [first] = await tx.select({ org: users.organizationId }).from(users).where(eq(users.id, keys[0]!));
        await lockOrganization(tx, first!.org);
        const lost = await adminsAmong(tx, keys);
        if (lost.length > 0 && (await activeAdmins(tx, first!.org)).length === 0)
          throw lastAdminRefused('trash', lost[0]!, `ids[${keys.indexOf(lost[0]!.id)}]`);
        await endUserAccess(tx, keys);
      },
    },
  });

  defineRoute(
    app,
    {
      path: '/v3/users/user/reset-password',
      body: userResetPasswordSchema,
      summary:
        "set a user's new password: his sessions end and his bearer tokens are revoked (the caller's own session stays when it is his own)",
      response: okAnswerSchema,
      errors: [404],
      tags: ['user'],
    },
    async ({ body, auth, request }) => {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const user = await requireRow(tx, users, auth, body.id, userContract.name, { live: true, forUpdate: true });
        await tx
          .update(users)
          .set({ passwordHash, ...modifiedBy(auth) })
          .where(eq(users.id, user.id));
        const cookie = request.cookies?.[SESSION_COOKIE];
        const keep = user.id === auth.userId && cookie ? hashSecret(cookie) : null;
        await endUserAccess(tx, [user.id], keep);
        // a new password is a fresh start: his sign-in slow-down ends too
        await tx.delete(loginFailures).where(eq(loginFailures.username, user.username));
      });
      return { ok: true as const };
    },
  );
}

const takenUsername = (username: string) =>
  ApiError.of(400, 'DUPLICATE', 'user.duplicateUsername', { value: username }, 'username');

/** User names are unique across the store (every organisation, trashed users too): sign-in finds them by name. */
async function refuseTakenUsername(db: Queryable, username: string, own: number | null): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(own === null ? eq(users.username, username) : and(eq(users.username, username), ne(users.id, own)))
    .limit(1);
  if (other !== undefined) throw takenUsername(username);
}

/** The body's role ids as keys, each a role of the organisation not in the trash (else 400 naming `roleIds[i]`). */
async function liveRoleKeys(db: Queryable, organizationId: number, roleIds: readonly string[]): Promise<number[]> {
  const keys = dbIds(roleIds);
  const found =
    keys.length === 0
      ? []
      : await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(inArray(roles.id, keys), eq(roles.organizationId, organizationId), eq(roles.deleted, 'NONE')));
  const known = new Set(found.map((r) => r.id));
  const missing = keys.findIndex((k) => !known.has(k));
  if (missing >= 0)
    throw ApiError.of(400, 'INVALID_FIELD', 'user.unknownRole', { value: roleIds[missing]! }, `roleIds[${missing}]`);
  return [...new Set(keys)];
}
