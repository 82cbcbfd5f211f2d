import { spaceContract } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { RowOf } from '../../crud/rows.js';
import { spaces } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { kindsInOrder, liveKinds, requireKinds } from './space-references.js';

type SpaceRow = RowOf<typeof spaces>;

/**
 * Spaces (online-service-config §3.10, tickets spec "Spaces"): the contract's page, list, detail, create, change and
 * delete, with the trash. A ticket space keeps its templates (live ticket kinds of the organisation) in the order
 * given; quick-reply spaces and knowledge bases have none. The type is chosen when creating (the list's create
 * button names it) and kept. The authorisation panel comes with the ticket area.
 */
export async function spaceRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, spaceContract, {
    table: spaces,
    keywordColumns: [spaces.name, spaces.code],
    where: (filter) => [filter.type ? eq(spaces.type, filter.type) : undefined],
    records: spaceRecords,
    summaries: {
      page: 'spaces, a page at a time (keyword on name or code, type, deleted), each with its ticket kinds in order',
      detail: 'one space (spaceId) with its ticket kinds (taskKinds) in order; kinds in the trash are left out',
    },
    save: {
      summary:
        'save a space: name and type required, intro ≤ 200; kindIds (TICKET spaces only) are live ticket kinds of the organisation, kept in the order given; the type is kept from the create',
      values: async (body, { tx, auth, stored }) => {
        if (stored !== null && body.type !== stored.type)
          throw ApiError.of(400, 'INVALID_FIELD', 'space.typeFixed', {}, 'type');
        if (body.type !== 'TICKET' && body.kindIds.length > 0)
          throw ApiError.of(400, 'INVALID_FIELD', 'space.kinds.ticketOnly', {}, 'kindIds');
        return {
          name: body.name,
          code: body.code ?? null,
          intro: body.intro ?? null,
          kindIds: await requireKinds(tx, auth.organizationId, body.kindIds),
        };
      },
      createValues: (body) => ({ type: body.type }),
    },
  });
}

/** Rows → records: the kinds of the whole page in one query, each space's in its order (trashed kinds left out). */
export async function spaceRecords(rows: SpaceRow[], { db, auth, timeZone }: EntityContext) {
  const kinds = await liveKinds(
    db,
    auth.organizationId,
    rows.flatMap((row) => row.kindIds),
  );
  return rows.map((row) => {
    const taskKinds = kindsInOrder(row.kindIds, kinds);
    return {
      id: String(row.id),
      name: row.name,
      code: row.code,
      type: row.type,
      intro: row.intro,
      // the kinds a form sends back: the live ones it shows
      kindIds: taskKinds.map((kind) => kind.kindId),
      taskKinds,
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}
