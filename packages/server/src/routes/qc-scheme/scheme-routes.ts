import {
  deleteAnswerSchema,
  deleteBodySchema,
  idSchema,
  LIMITS,
  pageQuerySchema,
  qcSchemeSchema,
  type SchemeFilter,
  type SchemeSave,
  saveAction,
  savedAnswerSchema,
  schemeDetailSchema,
  schemeFilterSchema,
  schemePageSchema,
  schemeSaveSchema,
  statusAnswerSchema,
  statusBodySchema,
} from '@qcdesk/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createdBy,
  inTrash,
  modifiedBy,
  moveDeleted,
  notFound,
  type Queryable,
  requireAllVisible,
  updateVersioned,
  visible,
} from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { qcSchemes } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { parseTime } from '../../http/time-zone.js';
import { escapeLike } from '../qc-rule/rule-routes.js';
import { checkActivation, checkVeto } from './scheme-checks.js';
import { loadAngles, SCHEME, type SchemeRow, schemeRecord } from './scheme-record.js';

const tags = ['qc-scheme'];

/** QC schemes: /v3/chats/qc-scheme/page, list, detail, create, change, delete, status. */
export async function schemeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const record = (row: SchemeRow) => schemeRecord(row, config.timeZone);

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-scheme/page',
      query: pageQuerySchema,
      body: schemeFilterSchema,
      summary: 'schemes of one tab (targetType) and view (deleted), a page at a time, newest change first',
      response: schemePageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const where = schemeWhere(body, auth);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(qcSchemes)
          .where(where)
          .orderBy(desc(qcSchemes.modifyTime), desc(qcSchemes.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(qcSchemes).where(where),
      ]);
      return pageAnswer(
        rows.map((r) => pickFields(record(r), body.fields)),
        total?.n ?? 0,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-scheme/list',
      body: schemeFilterSchema,
      summary: `schemes matching the filters, the first ${LIMITS.topLookup} (the scheme pickers' top 100)`,
      response: z.array(qcSchemeSchema),
      tags,
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(qcSchemes)
        .where(schemeWhere(body, auth))
        .orderBy(desc(qcSchemes.modifyTime), desc(qcSchemes.id))
        .limit(LIMITS.topLookup);
      return rows.map((r) => pickFields(record(r), body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-scheme/detail',
      query: z.object({ schemeId: idSchema }),
      body: noBody,
      summary: 'one scheme with its angles and their linked rules',
      response: schemeDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const row = await loadScheme(db, auth, query.schemeId);
      const schemeAngles = await loadAngles(db, auth.organizationId, { schemeIds: [row.id] });
      return { ...record(row), schemeAngles };
    },
  );

  for (const path of ['/v3/chats/qc-scheme/create', '/v3/chats/qc-scheme/change'] as const) {
    defineRoute(
      app,
      {
        path,
        body: schemeSaveSchema,
        summary: 'save a scheme: creates (inactive) without id, changes with id and version; targetType never changes',
        response: savedAnswerSchema,
        errors: path.endsWith('/change') ? [404, 409] : [],
        tags,
      },
      async ({ body, auth }) => ({ id: await saveScheme(db, auth, body, config.timeZone) }),
    );
  }

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-scheme/delete',
      body: deleteBodySchema,
      summary:
        'delete (NONE→TRASH; active schemes must be deactivated first), restore (TRASH→NONE), empty (TRASH→BUFFER)',
      response: deleteAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      if (body.deleted === 'TRASH') {
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
      }
      return moveDeleted(db, qcSchemes, auth, body.ids, body.deleted, SCHEME);
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-scheme/status',
      body: statusBodySchema,
      summary: 'activate or deactivate schemes; an AI scheme activates only when its angle scores total 100',
      response: statusAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const keys = await requireAllVisible(tx, qcSchemes, auth, body.ids, SCHEME);
        if (body.status === 'ACTIVE') {
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
        }
        await tx
          .update(qcSchemes)
          .set({ status: body.status, ...modifiedBy(auth) })
          .where(and(inArray(qcSchemes.id, keys), eq(qcSchemes.organizationId, auth.organizationId)));
        return { ids: body.ids, status: body.status };
      }),
  );
}

function schemeWhere(filter: SchemeFilter, auth: RequestAuth): SQL {
  const parts: SQL[] = [
    eq(qcSchemes.organizationId, auth.organizationId),
    eq(qcSchemes.deleted, filter.deleted),
    eq(qcSchemes.targetType, filter.targetType),
  ];
  if (filter.keyword) parts.push(ilike(qcSchemes.name, `%${escapeLike(filter.keyword)}%`));
  if (filter.type) parts.push(eq(qcSchemes.type, filter.type));
  if (filter.status) parts.push(eq(qcSchemes.status, filter.status));
  return and(...parts)!;
}

/** The caller's scheme (not emptied), or 404. */
export async function loadScheme(db: Queryable, auth: RequestAuth, id: string, forUpdate = false): Promise<SchemeRow> {
  const key = dbId(id);
  if (key !== null) {
    const query = db
      .select()
      .from(qcSchemes)
      .where(and(eq(qcSchemes.id, key), visible(qcSchemes, auth)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (row !== undefined) return row;
  }
  throw notFound(SCHEME, id);
}

/** A scheme that may be changed (its angles too): the caller's and not in the trash. */
export async function loadLiveScheme(db: Queryable, auth: RequestAuth, id: string): Promise<SchemeRow> {
  const row = await loadScheme(db, auth, id, true);
  if (row.deleted !== 'NONE') throw inTrash(SCHEME, id);
  return row;
}

async function saveScheme(db: Database, auth: RequestAuth, body: SchemeSave, timeZone: string): Promise<string> {
  return db.transaction(async (tx) => {
    const stored = saveAction(body) === 'change' ? await loadLiveScheme(tx, auth, body.id!) : null;
    // targetType is read-only: a change keeps the stored one
    const targetType = stored?.targetType ?? body.targetType;
    const schemeConfig = body.schemeConfig ?? null;
    if (targetType === 'AI') {
      const angles = stored === null ? [] : await loadAngles(tx, auth.organizationId, { schemeIds: [stored.id] });
      checkVeto(schemeConfig?.veto ?? [], angles);
    }
    const values = {
      name: body.name,
      type: body.type,
      groupId: body.groupId ?? null,
      startTime: parseTime(body.startTime, timeZone),
      endTime: parseTime(body.endTime, timeZone),
      style: targetType === 'PERSON' ? (body.style ?? null) : null,
      comments: body.comments ?? null,
      schemeConfig,
    };
    if (stored === null) {
      const [row] = await tx
        .insert(qcSchemes)
        .values({ ...values, targetType, status: 'INACTIVE', ...createdBy(auth) })
        .returning({ id: qcSchemes.id });
      return String(row!.id);
    }
    await updateVersioned(tx, qcSchemes, auth, body.id!, body.version, values, SCHEME);
    return body.id!;
  });
}
