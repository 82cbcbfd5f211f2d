import { LIMITS, qcSchemeContract } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { type Queryable, visible } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { requireRow } from '../../crud/rows.js';
import { qcSchemes } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { parseTime } from '../../http/time-zone.js';
import { checkActivation, checkVeto } from './scheme-checks.js';
import { loadAngles, SCHEME, type SchemeRow, schemeRecord } from './scheme-record.js';

/** QC schemes: the contract's page, list, detail, create, change, delete and status. */
export async function schemeRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, qcSchemeContract, {
    table: qcSchemes,
    keywordColumns: [qcSchemes.name],
    where: (filter) => [
      eq(qcSchemes.targetType, filter.targetType),
      filter.type ? eq(qcSchemes.type, filter.type) : undefined,
      filter.status ? eq(qcSchemes.status, filter.status) : undefined,
    ],
    records: (rows, { timeZone }) => rows.map((row) => schemeRecord(row, timeZone)),
    detail: async (row, { db, auth, timeZone }) => ({
      ...schemeRecord(row, timeZone),
      schemeAngles: await loadAngles(db, auth.organizationId, { schemeIds: [row.id] }),
    }),
    summaries: {
      page: 'schemes of one tab (targetType) and view (deleted), a page at a time, newest change first',
      list: `schemes matching the filters, the first ${LIMITS.topLookup} (the scheme pickers' top 100)`,
      detail: 'one scheme with its angles and their linked rules',
    },
    save: {
      summary: 'save a scheme: creates (inactive) without id, changes with id and version; targetType never changes',
      values: async (body, { tx, auth, stored, timeZone }) => {
        // targetType is read-only: a change keeps the stored one
        const targetType = stored?.targetType ?? body.targetType;
        const schemeConfig = body.schemeConfig ?? null;
        if (targetType === 'AI') {
          const angles = stored === null ? [] : await loadAngles(tx, auth.organizationId, { schemeIds: [stored.id] });
          checkVeto(schemeConfig?.veto ?? [], angles);
        }
        return {
          name: body.name,
          type: body.type,
          groupId: body.groupId ?? null,
          startTime: parseTime(body.startTime, timeZone),
          endTime: parseTime(body.endTime, timeZone),
          style: targetType === 'PERSON' ? (body.style ?? null) : null,
          comments: body.comments ?? null,
          schemeConfig,
        };
      },
      createValues: (body) => ({ targetType: body.targetType, status: 'INACTIVE' as const }),
    },
    delete: {
      summary:
        'delete (NONE→TRASH; active schemes must be deactivated first), restore (TRASH→NONE), empty (TRASH→BUFFER)',
      refuse: async (body, { db, auth }) => {
        if (body.deleted !== 'TRASH') return;
        const keys = body.ids.map((id) => dbId(id) ?? 0);
        const active = await db
          .select({ id: qcSchemes.id, name: qcSchemes.name })
          .from(qcSchemes)
          .where(and(inArray(qcSchemes.id, keys), visible(qcSchemes, auth), eq(qcSchemes.status, 'ACTIVE')));
        const first = active[0];
        if (first !== undefined)
          throw new ApiError(
            400,
            'SCHEME_ACTIVE',
            `方案“${first.name}”已启用，请先停用再删除`,
            `the scheme "${first.name}" is active; deactivate it before deleting it`,
            `ids[${keys.indexOf(first.id)}]`,
          );
      },
    },
    status: {
      summary: 'activate or deactivate schemes; an AI scheme activates only when its angle scores total 100',
      check: async (keys, body, { tx, auth }) => {
        if (body.status !== 'ACTIVE') return;
        const rows = await tx.select().from(qcSchemes).where(inArray(qcSchemes.id, keys)).for('update');
        const angles = await loadAngles(tx, auth.organizationId, { schemeIds: keys });
        keys.forEach((key, i) => {
          const row = rows.find((r) => r.id === key)!;
          checkActivation(
            row,
            angles.filter((a) => a.schemeId === String(key)),
            `ids[${i}]`,
          );
        });
      },
    },
  });
}

/** A scheme that may be changed (its angles too): the caller's, not in the trash, locked for the transaction. */
export async function loadLiveScheme(db: Queryable, auth: RequestAuth, id: string): Promise<SchemeRow> {
  return requireRow(db, qcSchemes, auth, id, SCHEME, { live: true, forUpdate: true });
}
