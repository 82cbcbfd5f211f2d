import {
  type AttachmentFlag,
  spaceKindSchema,
  spaceKindsQuerySchema,
  type TaskKindField,
  type TaskKindSave,
  taskKindContract,
} from '@qcdesk/contracts';
import { and, arrayOverlaps, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { type RowOf, requireRow } from '../../crud/rows.js';
import { spaces, type TaskKindFieldRow, taskKindNodes, taskKinds } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { kindsInOrder, liveKinds } from '../space/space-references.js';
import { liveFields } from '../summary-config/summary-references.js';
import { nodeRecords, nodeRows, statesByCode, statesInOrder } from './kind-flow.js';
import { taskKindFlowRoutes } from './task-kind-flow-routes.js';

type KindRow = RowOf<typeof taskKinds>;

/**
 * Ticket kinds (templates; tickets spec "Ticket kinds"): the contract's calls with status and the trash, a space's
 * kinds in its order, and the flow's calls (task-kind-flow-routes.ts). A new kind starts INACTIVE (shielded); while
 * ACTIVE it is not changed — a save here, its states and its nodes there all answer 400 KIND_ACTIVE, so the spec's
 * "shield before edit" holds when the screen is bypassed. A kind in the trash may still be listed by a space: it can
 * be moved there (and restored), and the space's answers leave it out meanwhile; emptied, its nodes go with it.
 */
export async function taskKindRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineEntityRoutes(app, taskKindContract, {
    table: taskKinds,
    keywordColumns: [taskKinds.name, taskKinds.code],
    where: (filter) => [filter.status ? eq(taskKinds.status, filter.status) : undefined],
    records: kindRecords,
    detail: async (row, context) => {
      const [record] = await kindRecords([row], context);
      const rows = await nodeRows(context.db, context.auth.organizationId, [row.id]);
      return { ...record!, nodes: await nodeRecords(context.db, context.auth.organizationId, row.stateCodes, rows) };
    },
    summaries: {
      page: 'ticket kinds, a page at a time (keyword on name or code, status, deleted), with their fields, ordered states and the spaces listing each',
      detail:
        'one ticket kind (kindId) with its fields, its ordered states, the nodes of its flow and the spaces listing it',
    },
    save: {
      summary:
        'save a ticket kind: name ≤ 30 and code ≤ 20 required, taskCode ≤ 10, attachmentRequired (or fileRequired) 1 or 0, fields in order (live custom fields of the organisation; one chosen twice is kept once); a new kind starts INACTIVE and an ACTIVE one must be deactivated (shielded) before a change',
      values: async (body, { tx, auth, stored }) => {
        if (stored?.status === 'ACTIVE') throw ApiError.of(400, 'KIND_ACTIVE', 'ticketKind.shieldFirst');
        return {
          name: body.name,
          code: body.code,
          taskCode: body.taskCode ?? null,
          attachmentRequired: body.attachmentRequired,
          fields: await requireKindFields(tx, auth.organizationId, body.fields),
        };
      },
      createValues: () => ({ status: 'INACTIVE' as const }),
    },
    delete: {
      summary:
        'delete (NONE→TRASH), restore (TRASH→NONE) or empty (TRASH→BUFFER) ticket kinds; an emptied kind takes its nodes with it',
      alsoMove: async (tx, keys, _from, to) => {
        if (to === 'BUFFER') await tx.delete(taskKindNodes).where(inArray(taskKindNodes.kindId, keys));
      },
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

  await taskKindFlowRoutes(app);
}

/**
 * The fields a save keeps, in its order (repeats already gone): each a live custom field of the organisation, else a
 * 400 naming `fields[i].fieldId`; a blank label takes the field's name as it is now.
 */
async function requireKindFields(
  tx: Queryable,
  organizationId: number,
  fields: TaskKindSave['fields'],
): Promise<TaskKindFieldRow[]> {
  const keys = fields.map((f) => dbId(f.fieldId) ?? 0);
  const live = await liveFields(tx, organizationId, keys);
  return fields.map((f, i) => {
    const field = live.get(keys[i]!);
    if (field === undefined)
      throw ApiError.of(
        400,
        'INVALID_REFERENCE',
        'ticketKind.field.unknown',
        { id: f.fieldId },
        `fields[${i}].fieldId`,
      );
    return { fieldId: keys[i]!, label: f.label || field.fieldName, search: f.search, required: f.required };
  });
}

/**
 * Rows → records, a page at once: the fields' current names and types, the flow's states and the live spaces listing
 * each kind, one query each. A field in the trash is left out (and shown again when restored), as summaries do.
 */
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
  const fields = await liveFields(
    db,
    auth.organizationId,
    rows.flatMap((row) => row.fields.map((f) => f.fieldId)),
  );
  const states = await statesByCode(
    db,
    auth.organizationId,
    rows.flatMap((row) => row.stateCodes),
  );
  return rows.map((row) => {
    const attachment: AttachmentFlag = row.attachmentRequired === 1 ? 1 : 0;
    return {
      id: String(row.id),
      name: row.name,
      code: row.code,
      type: 'TICKET' as const,
      taskCode: row.taskCode,
      attachmentRequired: attachment,
      fileRequired: attachment,
      status: row.status,
      fields: row.fields.flatMap((f): TaskKindField[] => {
        const field = fields.get(f.fieldId);
        if (field === undefined) return [];
        return [{ ...field, label: f.label || field.fieldName, search: f.search, required: f.required }];
      }),
      stateCodes: row.stateCodes,
      states: statesInOrder(row.stateCodes, states),
      spaces: listing
        .filter((space) => space.kindIds.includes(row.id))
        .map((space) => ({ spaceId: String(space.id), spaceName: space.name })),
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}
