import { spaceContract } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { RowOf } from '../../crud/rows.js';
import { spaces } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineGrantRoutes, sharedByGrant } from '../grants/index.js';
import { kindsInOrder, liveKinds, requireKinds } from './space-references.js';

type SpaceRow = RowOf<typeof spaces>;

/**
 * Spaces (online-service-config §3.10, tickets spec "Spaces"): the contract's page, list, detail, create, change and
 * delete, with the trash, and the authorisation panels (staff and organisations, target SPACE). A ticket space keeps
 * its templates (live ticket kinds of the organisation) in the order given; quick-reply spaces and knowledge bases
 * have none. The type is chosen when creating (the list's create button names it) and kept. A space granted to
 * another organisation (ORG grant) is readable there (page, list, detail, its panels) and changed only by its owner.
 */
export async function spaceRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, spaceContract, {
    table: spaces,
    keywordColumns: [spaces.name, spaces.code],
    sharedWith: sharedByGrant(spaces, 'SPACE'),
    where: (filter) => [filter.type ? eq(spaces.type, filter.type) : undefined],
    records: spaceRecords,
    summaries: {
      page: 'spaces, a page at a time (keyword on name or code, type, deleted), each with its ticket kinds in order; spaces granted to the caller’s organisation included',
      detail:
        'one space (spaceId, or the spec’s id) with its ticket kinds (taskKinds: kindId, kindName, kindType, createTime) in order; kinds in the trash are left out',
    },
    save: {
      summary:
        'save a space: name and type required, intro ≤ 200; taskKindIds (TICKET spaces only; kindIds is read as its alias) are live ticket kinds of the organisation, kept in the order given, repeats dropped; the type is kept from the create',
      values: async (body, { tx, auth, stored }) => {
        if (stored !== null && body.type !== stored.type)
          throw ApiError.of(400, 'INVALID_FIELD', 'space.typeFixed', {}, 'type');
        if (body.type !== 'TICKET' && body.taskKindIds.length > 0)
          throw ApiError.of(400, 'INVALID_FIELD', 'space.kinds.ticketOnly', {}, 'taskKindIds');
        return {
          name: body.name,
          code: body.code ?? null,
          intro: body.intro ?? null,
          kindIds: await requireKinds(tx, auth.organizationId, body.taskKindIds, 'taskKindIds'),
        };
      },
      createValues: (body) => ({ type: body.type }),
    },
  });

  defineGrantRoutes(app, {
    base: '/v3/feed/space',
    table: spaces,
    targetType: 'SPACE',
    what: spaceContract.name,
    ownerOnly: 'space.auth.orgPanelOwner',
  });
}

/**
 * Rows → records: the kinds of the whole page in one query, each space's in its order (trashed kinds left out). A
 * space granted by another organisation lists its owner's kinds.
 */
export async function spaceRecords(rows: SpaceRow[], { db, timeZone }: EntityContext) {
  const kinds = await liveKinds(
    db,
    rows.map((row) => row.organizationId),
    rows.flatMap((row) => row.kindIds),
    timeZone,
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
      taskKindIds: taskKinds.map((kind) => kind.kindId),
      taskKinds,
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}
