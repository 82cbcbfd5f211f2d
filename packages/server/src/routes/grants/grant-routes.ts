import {
  type ApiPath,
  type GrantApplyBody,
  type GrantMemberType,
  type GrantPageBody,
  type GrantRow,
  grantApplyAnswerSchema,
  grantApplyBodySchema,
  grantPageBodySchema,
  grantPageSchema,
  LINE_LIMITS,
  type MessageCode,
  pageQuerySchema,
  ROUTE_PERMISSIONS,
} from '@qcdesk/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EntityName, EntityTable, Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { keywordMatch } from '../../crud/keyword.js';
import { offsetOf, pageAnswer } from '../../crud/page.js';
import { requireRow } from '../../crud/rows.js';
import { grants, organizations, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { type GrantTargetType, sharedByGrant } from './shared-by-grant.js';

/** The base paths whose `/auth/page` and `/auth/apply` the contracts list (a line's, later a space's). */
export type GrantBase = ApiPath extends infer P ? (P extends `${infer B}/auth/apply` ? B : never) : never;

export interface GrantRoutesOptions {
  readonly base: GrantBase;
  /** the records granted, and the grants' target type for them */
  readonly table: EntityTable;
  readonly targetType: GrantTargetType;
  readonly what: EntityName;
  /** the 403 of an ORG apply by anyone but the owning organisation */
  readonly ownerOnly: MessageCode;
}

/** page and size of a panel: 10 a page unless asked (spec §9 "line authorisation organisation panel 10") */
const grantPageQuerySchema = pageQuerySchema.extend({
  size: pageQuerySchema.shape.size.unwrap().default(LINE_LIMITS.authPageSize),
});

/**
 * The shared authorisation panel's server half (spec §2.1 "/online/csLine/auth"; ticket spaces reuse it):
 * `${base}/auth/page` answers the staff or organisations that may be granted, each with whether it is, and
 * `${base}/auth/apply` grants and withdraws.
 *
 * - STAFF rows are the caller's own organisation's users. Grants of a target are stored under its owning
 *   organisation; a member id is a user id, which is unique across the store, so organisation B (granted the target)
 *   grants its own users on organisation A's target, and sees and changes only those.
 * - ORG rows are the other organisations of the store. Only the owner may change them (`editable`, 403 otherwise).
 *   Withdrawing an organisation withdraws its users' staff grants on the target too.
 */
export function defineGrantRoutes(app: FastifyInstance, options: GrantRoutesOptions): void {
  const { db } = app.deps;
  const { base, table, targetType, what } = options;
  const shared = sharedByGrant(table, targetType);
  const editKey = ROUTE_PERMISSIONS[`${base}/auth/apply`];
  const tags = [`${base.slice(base.lastIndexOf('/') + 1)}-auth`];

  /** the target the caller may read (own, or granted to the caller's organisation) */
  const targetOf = async (tx: Queryable, auth: RequestAuth, id: string, live: boolean) => {
    const row = await requireRow(tx, table, auth, id, what, { live, shared: shared(auth) });
    return row as unknown as Target;
  };

  defineRoute(
    app,
    {
      path: `${base}/auth/page`,
      query: grantPageQuerySchema,
      body: grantPageBodySchema,
      summary: `who may use a ${what.en} (targetId): a page of the caller's staff (STAFF) or of the other organisations (ORG), each with granted, filters keyword and granted; 10 a page unless size says; editable says whether the caller may change this panel`,
      response: grantPageSchema,
      errors: [404],
      tags,
    },
    async ({ query, body, auth }) => {
      const target = await targetOf(db, auth, body.targetId, false);
      const { rows, total } =
        body.memberType === 'STAFF'
          ? await staffPage(db, auth, target, targetType, body, query)
          : await organisationPage(db, target, targetType, body, query);
      const mayEdit = auth.permissions.has(editKey);
      return {
        ...pageAnswer(rows, total, query),
        editable: mayEdit && (body.memberType === 'STAFF' || target.organizationId === auth.organizationId),
      };
    },
  );

  defineRoute(
    app,
    {
      path: `${base}/auth/apply`,
      body: grantApplyBodySchema,
      summary: `grant (add) and withdraw (remove) staff or organisations on a ${what.en}: staff must be users of the caller's organisation; organisations only by the owning organisation, never the owner itself`,
      response: grantApplyAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const target = await targetOf(tx, auth, body.targetId, true);
        if (body.memberType === 'ORG' && target.organizationId !== auth.organizationId)
          throw ApiError.of(403, 'FORBIDDEN', options.ownerOnly);
        const add = await checkMembers(tx, auth, target, body, 'add');
        const remove = await checkMembers(tx, auth, target, body, 'remove');
        const key = { organizationId: target.organizationId, targetType, targetId: target.id };
        const added =
          add.length === 0
            ? []
            : await tx
                .insert(grants)
                .values(
                  add.map((memberId) => ({ ...key, memberType: body.memberType, memberId, creatorId: auth.userId })),
                )
                .onConflictDoNothing()
                .returning({ id: grants.id });
        const removed =
          remove.length === 0
            ? []
            : await tx
                .delete(grants)
                .where(and(ofTarget(key), eq(grants.memberType, body.memberType), inArray(grants.memberId, remove)))
                .returning({ id: grants.id });
        if (body.memberType === 'ORG' && remove.length > 0)
          await tx
            .delete(grants)
            .where(
              and(
                ofTarget(key),
                eq(grants.memberType, 'STAFF'),
                inArray(
                  grants.memberId,
                  tx.select({ id: users.id }).from(users).where(inArray(users.organizationId, remove)),
                ),
              ),
            );
        return { added: added.length, removed: removed.length };
      }),
  );
}

function ofTarget(key: { organizationId: number; targetType: GrantTargetType; targetId: number }): SQL {
  return and(
    eq(grants.organizationId, key.organizationId),
    eq(grants.targetType, key.targetType),
    eq(grants.targetId, key.targetId),
  )!;
}

type PageQuery = z.infer<typeof grantPageQuerySchema>;
type GrantRows = { rows: GrantRow[]; total: number };
type Target = { id: number; organizationId: number };

/**
 * A member's grant on the target, joined (a left join rather than an EXISTS in the selection: drizzle names the
 * columns of a one-table selection without their table, which a subquery on grants would misread).
 */
function grantOf(target: Target, targetType: GrantTargetType, memberType: GrantMemberType, member: PgColumn): SQL {
  return and(
    ofTarget({ organizationId: target.organizationId, targetType, targetId: target.id }),
    eq(grants.memberType, memberType),
    eq(grants.memberId, member),
  )!;
}
const onlyGranted = (wanted: boolean | undefined) =>
  wanted === undefined ? undefined : wanted ? isNotNull(grants.id) : isNull(grants.id);

/** The caller's organisation's users (not in the trash), by id. */
async function staffPage(
  db: Queryable,
  auth: RequestAuth,
  target: Target,
  targetType: GrantTargetType,
  body: GrantPageBody,
  q: PageQuery,
): Promise<GrantRows> {
  const joined = grantOf(target, targetType, 'STAFF', users.id);
  const where = and(
    eq(users.organizationId, auth.organizationId),
    eq(users.deleted, 'NONE'),
    keywordMatch([users.name, users.username], body.keyword),
    onlyGranted(body.granted),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ memberId: users.id, memberName: users.name, memberCode: users.username, grantId: grants.id })
      .from(users)
      .leftJoin(grants, joined)
      .where(where)
      .orderBy(asc(users.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(users).leftJoin(grants, joined).where(where),
  ]);
  return {
    rows: rows.map(({ grantId, ...r }) => ({ ...r, memberId: String(r.memberId), granted: grantId !== null })),
    total: total?.n ?? 0,
  };
}

/** The store's organisations but the owner (it has the target already), by id. */
async function organisationPage(
  db: Queryable,
  target: Target,
  targetType: GrantTargetType,
  body: GrantPageBody,
  q: PageQuery,
): Promise<GrantRows> {
  const joined = grantOf(target, targetType, 'ORG', organizations.id);
  const where = and(
    ne(organizations.id, target.organizationId),
    keywordMatch([organizations.name], body.keyword),
    onlyGranted(body.granted),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ memberId: organizations.id, memberName: organizations.name, grantId: grants.id })
      .from(organizations)
      .leftJoin(grants, joined)
      .where(where)
      .orderBy(asc(organizations.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(organizations).leftJoin(grants, joined).where(where),
  ]);
  return {
    rows: rows.map(({ grantId, ...r }) => ({
      ...r,
      memberId: String(r.memberId),
      memberCode: null,
      granted: grantId !== null,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * The members of `add` or `remove` as keys, each once, or 400 naming `add[i]` / `remove[i]`. Staff: users of the
 * caller's organisation (to add, one not in the trash). Organisations to add: existing ones other than the owner.
 */
async function checkMembers(
  tx: Queryable,
  auth: RequestAuth,
  target: { organizationId: number },
  body: GrantApplyBody,
  list: 'add' | 'remove',
): Promise<number[]> {
  const ids = body[list];
  if (ids.length === 0) return [];
  const keys = ids.map((id) => dbId(id) ?? 0);
  const refuse = (message: MessageCode, i: number) =>
    ApiError.of(400, 'INVALID_REFERENCE', message, { id: ids[i]! }, `${list}[${i}]`);
  if (body.memberType === 'STAFF') {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, keys),
          eq(users.organizationId, auth.organizationId),
          list === 'add' ? eq(users.deleted, 'NONE') : undefined,
        ),
      );
    const known = new Set(found.map((u) => u.id));
    const missing = keys.findIndex((key) => !known.has(key));
    if (missing >= 0) throw refuse('grant.staffUnknown', missing);
  } else if (list === 'add') {
    const owner = keys.indexOf(target.organizationId);
    if (owner >= 0) throw refuse('grant.orgIsOwner', owner);
    const found = await tx.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, keys));
    const known = new Set(found.map((o) => o.id));
    const missing = keys.findIndex((key) => !known.has(key));
    if (missing >= 0) throw refuse('grant.orgUnknown', missing);
  }
  return [...new Set(keys)];
}
