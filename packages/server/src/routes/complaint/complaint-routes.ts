import {
  type ComplaintChange,
  type ComplaintCreate,
  checkAssessment,
  complaintChangeSchema,
  complaintChangeSchemaFor,
  complaintCreateSchema,
  complaintPageSchema,
  complaintSchema,
  complaintTypeOfChange,
  isPermissionKey,
  LIMITS,
  manualAngleInputSchema,
  pageQuerySchema,
  routePermission,
  savedAnswerSchema,
} from '@qcdesk/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createdBy, inTrash, modifiedBy, notFound } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { aiResults, complaints, manualResults } from '../../db/schema/qc-results.js';
import { attachUploads } from '../../files/upload-lifetime.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, parse } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { AI_RESULT } from '../ai-result/ai-result-record.js';
import { review } from '../ai-result/ai-result-routes.js';
import { loadPersonScheme, scoreAssessment } from '../qc-manual-result/assess.js';
import { MANUAL_RESULT } from '../qc-manual-result/manual-result-record.js';
import { requireSession } from '../sessions/session-routes.js';
import {
  complaintBaseWhere,
  complaintCountColumns,
  complaintListSchema,
  complaintStatusWhere,
} from './complaint-filter.js';
import { COMPLAINT, complaintRecord } from './complaint-record.js';
import { refuseOwnComplaint } from './own-complaint.js';
import { alreadyPending, pendingComplaintId, pendingConflict } from './pending-complaint.js';

const tags = ['complaint'];

/** Complaints (appeals): /v3/chats/complaint/page, list, create (file, or review with complaint.id), change (review). */
export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/chats/complaint/page',
      query: pageQuerySchema,
      body: complaintListSchema,
      summary:
        'complaints a page at a time, newest first: filters, quickDate, fields; with the status counts allCheckedNum (all), readyCheckedNum (PENDING), checkedNum (ACTIVE), rejectNum (INACTIVE)',
      response: complaintPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const base = complaintBaseWhere(body, auth, config.timeZone);
      const where = and(base, complaintStatusWhere(body));
      const [rows, [total], [counts]] = await Promise.all([
        db
          .select()
          .from(complaints)
          .where(where)
          .orderBy(desc(complaints.createTime), desc(complaints.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(complaints).where(where),
        db.select(complaintCountColumns).from(complaints).where(base),
      ]);
      return {
        ...pageAnswer(
          rows.map((r) => pickFields(complaintRecord(r, config.timeZone), body.fields)),
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
      path: '/v3/chats/complaint/list',
      body: complaintListSchema,
      summary: `complaints matching the filters, newest first, at most ${LIMITS.pageSizeMax}`,
      response: z.array(complaintSchema),
      tags,
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(complaints)
        .where(and(complaintBaseWhere(body, auth, config.timeZone), complaintStatusWhere(body)))
        .orderBy(desc(complaints.createTime), desc(complaints.id))
        .limit(LIMITS.pageSizeMax);
      return rows.map((r) => pickFields(complaintRecord(r, config.timeZone), body.fields));
    },
  );

  const fileComplaint = async (auth: RequestAuth, body: ComplaintCreate): Promise<string> => {
    const session = await requireSession(app, auth, body.sessionId);
    const result = await resultOf(db, auth, body.type, body.resultId);
    if (result.sessionRef !== session.id)
      throw ApiError.of(
        400,
        'INVALID_FIELD',
        'qc.complaint.resultNotInSession',
        { resultId: body.resultId, sessionId: body.sessionId },
        'resultId',
      );
    const complaintRules = body.complaintRules.map((r, i) => {
      const ruleName = result.rules.get(r.ruleId);
      if (ruleName === undefined)
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.complaint.ruleNotInResult',
          { ruleId: r.ruleId },
          `complaintRules[${i}].ruleId`,
        );
      return { ruleId: r.ruleId, ruleName };
    });
    // `attachment` and `complaintFiles` name the same single file
    const paths = [...new Set([body.attachment, ...body.complaintFiles.map((f) => f.path)].filter((p) => !!p))];
    if (paths.length > LIMITS.complaintAttachments)
      throw ApiError.of(400, 'INVALID_FIELD', 'qc.complaint.attachmentLimit', {}, 'complaintFiles');
    const attachment = paths[0] ?? null;
    const files =
      body.complaintFiles.length > 0
        ? body.complaintFiles
        : attachment === null
          ? []
          : [{ name: attachment.split('/').pop() ?? attachment, path: attachment }];
    // the check answers the usual case; the store's unique index decides between filings at the same moment
    const filing = db.transaction(async (tx) => {
      // the caller's own upload (or one of a complaint he sees), marked attached so the upload sweep keeps it
      await attachUploads(tx, auth, [
        { path: attachment, field: body.attachment ? 'attachment' : 'complaintFiles[0].path' },
      ]);
      const pending = await pendingComplaintId(tx, auth.organizationId, body.type, result.id);
      if (pending !== undefined) throw alreadyPending(pending);
      const [row] = await tx
        .insert(complaints)
        .values({
          ...createdBy(auth),
          type: body.type,
          resultId: result.id,
          schemeId: result.schemeId,
          sessionRef: session.id,
          sessionId: session.sessionId,
          chatId: session.chatId,
          agentId: session.agentId,
          agentName: session.agentName,
          groups: session.groups,
          groupIds: session.groupIds,
          startTime: session.beginTime,
          duration: session.duration,
          status: 'PENDING',
          reason: body.reason,
          complaintRules,
          attachment,
          complaintFiles: files,
        })
        .returning({ id: complaints.id });
      const table = body.type === 'AI' ? aiResults : manualResults;
      await tx.update(table).set({ isComplaint: true }).where(eq(table.id, result.id));
      return String(row!.id);
    });
    return filing.catch(async (error: unknown) => {
      throw await pendingConflict(db, error, auth.organizationId, body.type, result.id);
    });
  };

  /**
   * A review parsed with the warnings of its complaint's type ('review status cannot be empty' in an AI review,
   * '审核状态不能为空' in a MANUAL one); for a complaint not found, the body's shape says which (a missing one is 404).
   */
  const parseReview = async (auth: RequestAuth, raw: unknown): Promise<ComplaintChange> => {
    const id = (raw as { complaint?: { id?: unknown } } | null)?.complaint?.id;
    const key = typeof id === 'string' || typeof id === 'number' ? dbId(String(id)) : null;
    const [found] =
      key === null
        ? []
        : await db
            .select({ type: complaints.type })
            .from(complaints)
            .where(and(eq(complaints.id, key), eq(complaints.organizationId, auth.organizationId)));
    const type = found?.type === 'AI' || found?.type === 'MANUAL' ? found.type : complaintTypeOfChange(raw);
    return parse(complaintChangeSchemaFor(type), raw) as ComplaintChange;
  };

  const reviewComplaint = async (auth: RequestAuth, body: ComplaintChange, raw: unknown): Promise<string> => {
    // filing (qc-complaint.edit) and reviewing (qc-complaint.review) are separate keys
    if (!auth.permissions.has('qc-complaint.review')) throw ApiError.forbidden('qc-complaint.review');
    const verdict = body.complaint;
    return db.transaction(async (tx) => {
      await attachUploads(tx, auth, [{ path: verdict.commonAttachment, field: 'complaint.commonAttachment' }]);
      const key = dbId(verdict.id);
      const [row] =
        key === null
          ? []
          : await tx
              .select()
              .from(complaints)
              .where(
                and(
                  eq(complaints.id, key),
                  eq(complaints.organizationId, auth.organizationId),
                  ne(complaints.deleted, 'BUFFER'),
                ),
              )
              .for('update');
      if (row === undefined) throw notFound(COMPLAINT, verdict.id);
      if (row.deleted !== 'NONE') throw inTrash(COMPLAINT, verdict.id);
      refuseOwnComplaint(auth, row);
      if (body.version !== row.version) throw ApiError.staleVersion();
      if (row.status !== 'PENDING')
        throw ApiError.of(400, 'NOT_PENDING', 'qc.complaint.notPending', {}, 'complaint.id');
      if (body.sessionId && body.sessionId !== row.sessionId)
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.complaint.resultNotInSession',
          { resultId: row.resultId, sessionId: body.sessionId },
          'sessionId',
        );
      if (body.resultId && body.resultId !== String(row.resultId))
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.complaint.resultNotInSession',
          { resultId: body.resultId, sessionId: row.sessionId },
          'resultId',
        );
      if (row.type === 'AI' && body.manualAngles)
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.complaint.wrongReviewKind',
          { type: 'AI', field: 'manualAngles' },
          'manualAngles',
        );
      if (row.type === 'MANUAL' && body.rules)
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.complaint.wrongReviewKind',
          { type: 'MANUAL', field: 'rules' },
          'rules',
        );
      // an approval re-scores the result with the reviewer's numbers; a rejection leaves the score as it was
      if (verdict.status === 'ACTIVE' && row.type === 'AI' && body.rules) {
        const [ai] = await tx
          .select({ version: aiResults.version })
          .from(aiResults)
          .where(and(eq(aiResults.id, row.resultId), eq(aiResults.organizationId, auth.organizationId)));
        if (ai === undefined) throw notFound(AI_RESULT, String(row.resultId));
        await review(tx, auth, {
          id: String(row.resultId),
          version: ai.version,
          comments: body.note ?? undefined,
          rules: body.rules,
        });
      }
      if (verdict.status === 'ACTIVE' && row.type === 'MANUAL' && body.manualAngles) {
        const schemeId = String(row.schemeId);
        if (body.schemeId && body.schemeId !== schemeId)
          throw ApiError.badRequest(
            'INVALID_FIELD',
            `质检方案 ${body.schemeId} 不是该人工质检结果的方案（${schemeId}）`,
            `scheme ${body.schemeId} is not the scheme of this manual result (${schemeId})`,
            'schemeId',
          );
        const scheme = await loadPersonScheme(tx, auth, schemeId);
        const style = scheme.row.style === 'PASS' ? 'PASS' : 'SCORE';
        parse(
          z
            .object({ manualAngles: z.array(manualAngleInputSchema) })
            .superRefine((b, ctx) => checkAssessment(b, { style }, ctx, { checkAppraisals: false })),
          { manualAngles: (raw as { manualAngles?: unknown }).manualAngles },
        );
        const scored = scoreAssessment(scheme, body.manualAngles);
        const changed = await tx
          .update(manualResults)
          .set({
            manualAngles: scored.manualAngles,
            manualScore: scored.manualScore,
            pass: scored.pass,
            reviewScore: scored.manualScore,
            isReview: true,
            ...(body.note ? { comments: body.note } : {}),
            ...modifiedBy(auth),
            version: sql`${manualResults.version} + 1`,
          })
          .where(and(eq(manualResults.id, row.resultId), eq(manualResults.organizationId, auth.organizationId)))
          .returning({ id: manualResults.id });
        if (changed.length === 0) throw notFound(MANUAL_RESULT, String(row.resultId));
      }
      await tx
        .update(complaints)
        .set({
          status: verdict.status,
          commonReason: verdict.commonReason,
          commonAttachment: verdict.commonAttachment ?? null,
          note: body.note ?? null,
          reviewerId: auth.userId,
          reviewerName: auth.name,
          reviewTime: new Date(),
          ...modifiedBy(auth),
          version: sql`${complaints.version} + 1`,
        })
        .where(eq(complaints.id, row.id));
      return String(row.id);
    });
  };

  defineRoute(
    app,
    {
      path: '/v3/chats/complaint/create',
      // the key and the schema depend on the body: filing needs qc-complaint.edit, a review (complaint.id)
      // qc-complaint.review; the handler parses with the one that applies, so errors name the right fields
      body: z.object({}).loose(),
      bodyDoc: {
        'application/json': z.union([
          complaintCreateSchema.meta({ title: 'file a complaint' }),
          complaintChangeSchema.meta({ title: 'review a complaint (as /change)' }),
        ]),
      },
      summary:
        'file a complaint against an AI or MANUAL result ({type, sessionId, resultId, reason ≤100, complaintRules, one attachment under qc/complaint/}); an agent on his own results only; needs qc-complaint.edit. A body with complaint.id is a review, as /change, and needs qc-complaint.review',
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ auth, request }) => {
      const raw = request.body ?? {};
      const need = routePermission('/v3/chats/complaint/create', raw);
      if (typeof need === 'string' && isPermissionKey(need) && !auth.permissions.has(need))
        throw ApiError.forbidden(need);
      if (typeof raw === 'object' && raw !== null && 'complaint' in raw) {
        return { id: await reviewComplaint(auth, await parseReview(auth, raw), raw) };
      }
      return { id: await fileComplaint(auth, parse(complaintCreateSchema, raw) as ComplaintCreate) };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/complaint/change',
      // parsed by the handler with the warnings of the complaint's type
      body: z.object({}).loose(),
      bodyDoc: { 'application/json': complaintChangeSchema },
      summary:
        "review a PENDING complaint: complaint {id, status ACTIVE|INACTIVE, commonReason ≤100, commonAttachment}, version, related ids; approving with rules (AI) or manualAngles (MANUAL) re-scores the result with the engine's review or manual scoring",
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ auth, request }) => ({
      id: await reviewComplaint(auth, await parseReview(auth, request.body ?? {}), request.body),
    }),
  );
}

interface ComplainedResult {
  readonly id: number;
  readonly sessionRef: number;
  readonly schemeId: number;
  /** rule id → name of the rules a complaint may name */
  readonly rules: ReadonlyMap<string, string>;
}

/** The result a complaint is about: the caller's (an agent's own), not deleted; 404 otherwise. */
async function resultOf(db: Database, auth: RequestAuth, type: 'AI' | 'MANUAL', id: string): Promise<ComplainedResult> {
  const key = dbId(id) ?? 0;
  if (type === 'AI') {
    const [row] = await db
      .select()
      .from(aiResults)
      .where(
        and(
          eq(aiResults.id, key),
          eq(aiResults.organizationId, auth.organizationId),
          eq(aiResults.deleted, 'NONE'),
          auth.agentId === null ? undefined : eq(aiResults.agentId, auth.agentId),
        ),
      );
    if (row === undefined) throw notFound(AI_RESULT, id);
    return {
      id: row.id,
      sessionRef: row.sessionRef,
      schemeId: row.schemeId,
      rules: new Map(row.resultRules.map((r) => [String(r.ruleId), r.ruleName])),
    };
  }
  const [row] = await db
    .select()
    .from(manualResults)
    .where(
      and(
        eq(manualResults.id, key),
        eq(manualResults.organizationId, auth.organizationId),
        eq(manualResults.deleted, 'NONE'),
        auth.agentId === null ? undefined : eq(manualResults.agentId, auth.agentId),
      ),
    );
  if (row === undefined) throw notFound(MANUAL_RESULT, id);
  return {
    id: row.id,
    sessionRef: row.sessionRef,
    schemeId: row.schemeId,
    rules: new Map(row.manualAngles.flatMap((a) => a.manualRules.map((r) => [String(r.ruleId), r.ruleName] as const))),
  };
}
