import { spaceKindSchema, spaceKindsQuerySchema, taskKindContract } from '@qcdesk/contracts';
import { and, arrayOverlaps, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import { type RowOf, requireRow } from '../../crud/rows.js';
import { spaces, taskKinds } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { kindsInOrder, liveKinds } from '../space/space-references.js';

type KindRow = RowOf<typeof taskKinds>;

/**
 * Ticket kinds (templates) as far as spaces and lines need them (tickets spec "Ticket kinds"): the contract's calls
 * with status and the trash, and a space's kinds in its order. A new kind starts INACTIVE (shielded) and is changed
 * only while shielded, as the spec's template editor requires. A kind in the trash may still be listed by a space:
 * it can be moved there (and restored), and the space's answers leave it out meanwhile.
 */
export async function taskKindRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineEntityRoutes(app, taskKindContract, {
    table: taskKinds,
    keywordColumns: [taskKinds.name, taskKinds.code],
    where: (filter) => [filter.status ? eq(taskKinds.status, filter.status) : undefined],
    records: kindRecords,
    summaries: {
      page: 'ticket kinds, a page at a time (keyword on name or code, status, deleted), with the spaces listing each',
      detail: 'one ticket kind (kindId) with the spaces listing it',
    },
    save: {
      summary:
        'save a ticket kind: name ≤ 30 required, code ≤ 20, taskCode ≤ 10; a new kind starts INACTIVE and an ACTIVE one must be deactivated before a change',
      values: (body, { stored }) => {
        if (stored?.status === 'ACTIVE') throw ApiError.of(400, 'KIND_ACTIVE', 'ticketKind.shieldFirst');
        return { name: body.name, code: body.code ?? null, taskCode: body.taskCode ?? null };
      },
      createValues: () => ({ status: 'INACTIVE' as const }),
    },
    status: { summary: 'activate (ACTIVE) or shield (INACTIVE) ticket kinds, several at once' },
  });

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/space/kinds',
      query: spaceKindsQuerySchema,
      body: noBody,
      summary:
        "a space's ticket kinds in its order (spaceId), those in the trash left out: what a line's note config picks from",
      response: z.array(spaceKindSchema),
      errors: [404],
      tags: ['task-kind'],
    },
    async ({ query, auth }) => {
      const space = await requireRow(db, spaces, auth, query.spaceId, { zh: '空间', en: 'Space' });
      return kindsInOrder(space.kindIds, await liveKinds(db, auth.organizationId, space.kindIds));
    },
  );
}

/** Rows → records: the live spaces listing any kind of the page, in one query. */
export async function kindRecords(rows: KindRow[], { db, auth, timeZone }: EntityContext) {
  const keys = rows.map((row) => row.id);
  const listing =
    keys.length === 0
      ? []
      : await db
          .select({ id: spaces.id, name: spaces.name, kindIds: spaces.kindIds })
          .from(spaces)
          .where(
            and(
              eq(spaces.organizationId, auth.organizationId),
              eq(spaces.deleted, 'NONE'),
              arrayOverlaps(spaces.kindIds, keys),
            ),
          )
          .orderBy(asc(spaces.id));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    code: row.code,
    taskCode: row.taskCode,
    status: row.status,
    spaces: listing
      .filter((space) => space.kindIds.includes(row.id))
      .map((space) => ({ spaceId: String(space.id), spaceName: space.name })),
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}
