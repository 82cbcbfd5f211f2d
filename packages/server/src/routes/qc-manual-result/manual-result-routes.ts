import {
  assessmentSchemaFor,
  idSchema,
  LIMITS,
  type ManualAssessment,
  manualAssessmentSchema,
  manualResultComplaintDetailSchema,
  manualResultDetailSchema,
  manualResultPageSchema,
  manualResultSchema,
  pageQuerySchema,
  QUALITY_STATUS_PERMISSIONS,
  type QualityStatusBody,
  qualityStatusAnswerSchema,
  qualityStatusBodySchema,
  savedAnswerSchema,
} from '@qcdesk/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createdBy, inTrash, modifiedBy, notFound } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { aiResults, manualResults } from '../../db/schema/qc-results.js';
import { chatSessions } from '../../db/schema/sessions.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody, parse } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { formatTime } from '../../http/time-zone.js';
import { complaintRecord } from '../complaint/complaint-record.js';
import { complaintsOfResults } from '../complaint/complaints-of-results.js';
import { requireComplaint } from '../complaint/require-complaint.js';
import { requireSession } from '../sessions/session-routes.js';
import { sessionPanel } from '../sessions/transcript.js';
import { loadPersonScheme, scoreAssessment } from './assess.js';
import {
  manualCountColumns,
  manualResultBaseWhere,
  manualResultListSchema,
  manualResultOrder,
  manualResultWhere,
  manualStatusWhere,
} from './manual-result-filter.js';
import { type AiOfSession, MANUAL_RESULT, type ManualResultRow, manualResultRecord } from './manual-result-record.js';

const tags = ['qc-manual-result'];

/** Manual results: /v3/chats/qc-manual-result/page, list, detail, create, detail-complaint; session/quality-status. */
export async function manualResultRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const records = async (rows: ManualResultRow[], organizationId: number) => {
    const [ai, complaints] = await Promise.all([
      aiOfSessions(
        db,
        rows.map((r) => r.sessionRef),
      ),
      complaintsOfResults(
        db,
        organizationId,
        'MANUAL',
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => manualResultRecord(r, ai.get(r.sessionRef), complaints.get(r.id) ?? [], config.timeZone));
  };

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-manual-result/page',
      query: pageQuerySchema,
      body: manualResultListSchema,
      summary:
        'manual results a page at a time: every filter of the list, quickDate, scoreSorts, fields; with the status counts allCheckedNum, readyCheckedNum, checkedNum, rejectNum (UNCHECKED)',
      response: manualResultPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const base = manualResultBaseWhere(body, auth, config.timeZone);
      const where = and(base, manualStatusWhere(body));
      const [rows, [total], [counts]] = await Promise.all([
        db
          .select()
          .from(manualResults)
          .where(where)
          .orderBy(...manualResultOrder(body))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(manualResults).where(where),
        db.select(manualCountColumns).from(manualResults).where(base),
      ]);
      return {
        ...pageAnswer(
          (await records(rows, auth.organizationId)).map((r) => pickFields(r, body.fields)),
          total?.n ?? 0,
          query,
        ),
        allCheckedNum: counts?.allCheckedNum ?? 0,
        readyCheckedNum: counts?.readyCheckedNum ?? 0,
        checkedNum: counts?.checkedNum ?? 0,
        rejectNum: counts?.rejectNum ?? 0,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-manual-result/list',
      body: manualResultListSchema,
      summary: `manual results matching the filters, at most ${LIMITS.pageSizeMax}`,
      response: z.array(manualResultSchema),
      tags,
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(manualResults)
        .where(manualResultWhere(body, auth, config.timeZone))
        .orderBy(...manualResultOrder(body))
        .limit(LIMITS.pageSizeMax);
      return (await records(rows, auth.organizationId)).map((r) => pickFields(r, body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-manual-result/detail',
      query: z.object({ sessionId: idSchema, schemeId: idSchema.optional() }),
      summary:
        "a session's manual result (the latest assessed, or the one of schemeId) by angle, with appraisals, the session panel and its messages; a session with none answers id null and no angles",
      body: noBody,
      response: manualResultDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const session = await requireSession(app, auth, query.sessionId);
      const [row] = await db
        .select()
        .from(manualResults)
        .where(
          and(
            eq(manualResults.organizationId, auth.organizationId),
            eq(manualResults.sessionRef, session.id),
            ne(manualResults.deleted, 'BUFFER'),
            query.schemeId === undefined ? undefined : eq(manualResults.schemeId, dbId(query.schemeId) ?? 0),
          ),
        )
        .orderBy(sql`${manualResults.resultTime} desc nulls last`, desc(manualResults.modifyTime))
        .limit(1);
      const panel = await sessionPanel(db, session, config.timeZone);
      if (row === undefined) {
        // the screen then offers the PERSON scheme picker before the assessment
        return {
          id: null,
          sessionId: session.sessionId,
          chatId: session.chatId,
          manualStatus: 'UNCHECKED' as const,
          manualAngles: [],
          manualRules: [],
          appraisals: [],
          name: session.agentName,
          agentId: session.agentId === null ? null : String(session.agentId),
          duration: session.duration,
          sessionBeginTime: formatTime(session.beginTime, config.timeZone),
          ...panel,
        };
      }
      const [record] = await records([row], auth.organizationId);
      return { ...record!, ...panel };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-manual-result/detail-complaint',
      query: z.object({ complaintId: idSchema }),
      body: noBody,
      summary: 'a MANUAL complaint with the manual result it is about, the session panel and its messages',
      response: manualResultComplaintDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const complaint = await requireComplaint(db, auth, query.complaintId);
      const [row] =
        complaint.type === 'MANUAL'
          ? await db
              .select()
              .from(manualResults)
              .where(
                and(eq(manualResults.id, complaint.resultId), eq(manualResults.organizationId, auth.organizationId)),
              )
          : [];
      if (row === undefined) throw notFound(MANUAL_RESULT, query.complaintId);
      const session = await requireSession(app, auth, row.sessionId);
      const [record] = await records([row], auth.organizationId);
      return {
        ...record!,
        complaint: complaintRecord(complaint, config.timeZone),
        ...(await sessionPanel(db, session, config.timeZone)),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-manual-result/create',
      body: manualAssessmentSchema,
      summary:
        "assess a session against a PERSON scheme: per-rule score (SCORE) or pass (PASS), fatal errors, reasons, appraisals, vetoes; the score is the engine's manual scoring; the result becomes CHECKED",
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth, request }) => {
      const session = await requireSession(app, auth, body.sessionId);
      const scheme = await loadPersonScheme(db, auth, body.schemeId);
      // the scheme decides what else is required: pass/fail per rule in PASS style, the required appraisals
      parse(
        assessmentSchemaFor({
          style: scheme.row.style as 'SCORE' | 'PASS' | null,
          schemeConfig: scheme.row.schemeConfig,
        }),
        request.body,
      );
      const statements = scheme.row.schemeConfig?.veto?.map(String) ?? [];
      body.vetoList.forEach((v, i) => {
        if (!statements.includes(v.vetoName))
          throw ApiError.of(400, 'INVALID_FIELD', 'qc.manual.vetoNotInScheme', v, `vetoList[${i}].vetoName`);
      });
      const scored = scoreAssessment(scheme, body.manualAngles);
      // a chosen veto statement vetoes the whole result, as a fatal error does
      const vetoed = body.vetoList.length > 0;
      const values = {
        style: scheme.row.style === 'PASS' ? ('PASS' as const) : ('SCORE' as const),
        schemeName: scheme.row.name,
        manualStatus: 'CHECKED' as const,
        manualScore: scored.manualScore === null ? null : vetoed ? 0 : scored.manualScore,
        pass: scored.pass === null ? null : scored.pass && !vetoed,
        manualAngles: scored.manualAngles,
        appraisals: body.appraises.map((a) => ({ title: a.title, appraise: a.appraise ?? '' })),
        vetoList: body.vetoList,
        resultTime: new Date(),
      };
      return { id: String(await saveAssessment(db, auth, session, scheme.row.id, body, values)) };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/session/quality-status',
      // the key depends on the body: READY_CHECKED needs .status, UNCHECKED (release) .edit
      body: qualityStatusBodySchema,
      summary:
        "move sessions' manual results to be inspected (READY_CHECKED, from UNCHECKED; needs qc-manual-result.status) or release them (UNCHECKED, only from READY_CHECKED; needs qc-manual-result.edit); all or nothing",
      response: qualityStatusAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const need = QUALITY_STATUS_PERMISSIONS[body.status];
      if (!auth.permissions.has(need)) throw ApiError.forbidden(need);
      return moveQualityStatus(db, auth, body);
    },
  );
}

/** The AI result of each session (the latest), for the AI columns of the manual list. */
async function aiOfSessions(db: Database, sessionRefs: number[]): Promise<Map<number, AiOfSession>> {
  if (sessionRefs.length === 0) return new Map();
  const rows = await db
    .select({ sessionRef: aiResults.sessionRef, aiScore: aiResults.aiScore, resultRules: aiResults.resultRules })
    .from(aiResults)
    .where(and(inArray(aiResults.sessionRef, [...new Set(sessionRefs)]), eq(aiResults.deleted, 'NONE')))
    .orderBy(asc(aiResults.modifyTime));
  return new Map(rows.map((r) => [r.sessionRef, r]));
}

type Assessed = Partial<typeof manualResults.$inferInsert>;

/**
 * Writes the assessment on the session's result for the scheme: an existing result (from a PERSON task, or assessed
 * before) is changed under its version, which the body must carry (400 naming `version` without it), else one is
 * made. A stale `version` is refused with 409.
 */
async function saveAssessment(
  db: Database,
  auth: RequestAuth,
  session: typeof chatSessions.$inferSelect,
  schemeId: number,
  body: ManualAssessment,
  values: Assessed,
): Promise<number> {
  // the row lock answers the usual case; a first assessment racing another one meets the unique index instead
  const saving = db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: manualResults.id, version: manualResults.version, deleted: manualResults.deleted })
      .from(manualResults)
      .where(
        and(
          eq(manualResults.organizationId, auth.organizationId),
          eq(manualResults.sessionRef, session.id),
          eq(manualResults.schemeId, schemeId),
        ),
      )
      .for('update');
    if (existing !== undefined) {
      if (existing.deleted !== 'NONE') throw inTrash(MANUAL_RESULT, String(existing.id));
      // the result exists: the assessment must say which version it read, so nothing checked is overwritten blindly
      if (body.version === undefined || body.version === null)
        throw ApiError.of(400, 'INVALID_FIELD', 'common.versionRequired', {}, 'version');
      if (body.version !== existing.version) throw ApiError.staleVersion();
      await tx
        .update(manualResults)
        .set({ ...values, ...modifiedBy(auth), version: sql`${manualResults.version} + 1` })
        .where(eq(manualResults.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(manualResults)
      .values({
        ...createdBy(auth),
        sessionRef: session.id,
        sessionId: session.sessionId,
        chatId: session.chatId,
        lineId: session.lineId,
        agentId: session.agentId,
        agentName: session.agentName,
        agentNick: session.agentNick,
        customerId: session.customerId,
        customerNick: session.customerNick,
        groups: session.groups,
        groupIds: session.groupIds,
        trackClient: session.trackClient,
        satisfaction: session.satisfaction,
        resolved: session.resolved,
        duration: session.duration,
        sessionBeginTime: session.beginTime,
        closeTime: session.closeTime,
        schemeId,
        schemeName: values.schemeName ?? '',
        ...values,
      })
      .returning({ id: manualResults.id });
    return row!.id;
  });
  return saving.catch((error: unknown) => {
    throw isUniqueViolation(error, 'manual_results_session_scheme_uq') ? ApiError.staleVersion() : error;
  });
}

/**
 * qc-area §4: 'move to be inspected' sets READY_CHECKED (an assessed result is refused: assessing moved it on);
 * release sets UNCHECKED and only from READY_CHECKED. Every manual result of the named sessions moves, or none.
 */
async function moveQualityStatus(db: Database, auth: RequestAuth, body: QualityStatusBody) {
  return db.transaction(async (tx) => {
    const sessions = await tx
      .select({ id: chatSessions.id, sessionId: chatSessions.sessionId })
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, auth.organizationId), inArray(chatSessions.sessionId, body.ids)));
    const refOf = new Map(sessions.map((s) => [s.sessionId, s.id]));
    const results = await tx
      .select({ id: manualResults.id, sessionRef: manualResults.sessionRef, status: manualResults.manualStatus })
      .from(manualResults)
      .where(
        and(
          eq(manualResults.organizationId, auth.organizationId),
          inArray(
            manualResults.sessionRef,
            sessions.map((s) => s.id),
          ),
          eq(manualResults.deleted, 'NONE'),
          auth.agentId === null ? undefined : eq(manualResults.agentId, auth.agentId),
        ),
      )
      .for('update');
    const ids: number[] = [];
    body.ids.forEach((sessionId, i) => {
      const ref = refOf.get(sessionId);
      const own = results.filter((r) => r.sessionRef === ref);
      if (ref === undefined || own.length === 0)
        throw new ApiError(
          404,
          'NOT_FOUND',
          `会话 ${sessionId} 没有人工质检结果`,
          `session ${sessionId} has no manual result`,
          `ids[${i}]`,
        );
      for (const r of own) {
        if (body.status === 'UNCHECKED' && r.status !== 'READY_CHECKED')
          throw ApiError.of(
            400,
            'BAD_STATUS_MOVE',
            'qc.manual.releaseOnlyReady',
            { sessionId, status: r.status },
            `ids[${i}]`,
          );
        if (body.status === 'READY_CHECKED' && r.status === 'CHECKED')
          throw ApiError.of(400, 'BAD_STATUS_MOVE', 'qc.manual.checkedCannotQueue', { sessionId }, `ids[${i}]`);
        if (r.status !== body.status) ids.push(r.id);
      }
    });
    if (ids.length > 0)
      await tx
        .update(manualResults)
        .set({ manualStatus: body.status, ...modifiedBy(auth), version: sql`${manualResults.version} + 1` })
        .where(inArray(manualResults.id, ids));
    return { ids: [...body.ids], status: body.status, changed: ids.length };
  });
}
