import {
  type AiResultReview,
  aiResultComplaintDetailSchema,
  aiResultDetailSchema,
  aiResultPageSchema,
  aiResultReviewSchema,
  aiResultSchema,
  idSchema,
  LIMITS,
  pageQuerySchema,
  savedAnswerSchema,
} from '@qcdesk/contracts';
import { reviewScore, ScoreInputError } from '@qcdesk/engine';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { modifiedBy, notFound, updateVersioned } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { aiResults, type StoredResultRule } from '../../db/schema/qc-results.js';
import { chatMessages } from '../../db/schema/sessions.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { loadSchemeDefinition } from '../../tasks/scheme-definition.js';
import { complaintRecord } from '../complaint/complaint-record.js';
import { requireComplaint } from '../complaint/require-complaint.js';
import { messageRecord, sessionRecord } from '../sessions/session-record.js';
import { requireSession } from '../sessions/session-routes.js';
import { sessionPanel } from '../sessions/transcript.js';
import { aiResultListSchema, aiResultOrder, aiResultWhere } from './ai-result-filter.js';
import { AI_RESULT, aiResultRecord } from './ai-result-record.js';
import { type AiResultWithRelated, aiResultRows } from './ai-result-rows.js';

const tags = ['ai-result'];
/** messages a detail carries at most (the transcript pages further through /message/query) */
const DETAIL_MESSAGES = 1000;

/** AI results: /v3/chats/ai-result/page, list, detail, create (re-inspection). */
export async function aiResultRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const records = (found: AiResultWithRelated[]) =>
    found.map((f) => aiResultRecord(f.row, f.manual, f.complaints, config.timeZone));

  defineRoute(
    app,
    {
      path: '/v3/chats/ai-result/page',
      query: pageQuerySchema,
      body: aiResultListSchema,
      summary: 'AI results a page at a time: every filter of the list, quickDate, scoreSorts, fields',
      response: aiResultPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const { rows, total } = await aiResultRows(db, {
        where: aiResultWhere(body, auth, config.timeZone),
        order: aiResultOrder(body),
        limit: query.size,
        offset: offsetOf(query),
        total: true,
      });
      return pageAnswer(
        records(rows).map((r) => pickFields(r, body.fields)),
        total,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/ai-result/list',
      body: aiResultListSchema,
      summary: `AI results matching the filters, at most ${LIMITS.pageSizeMax}`,
      response: z.array(aiResultSchema),
      tags,
    },
    async ({ body, auth }) => {
      const { rows } = await aiResultRows(db, {
        where: aiResultWhere(body, auth, config.timeZone),
        order: aiResultOrder(body),
        limit: LIMITS.pageSizeMax,
      });
      return records(rows).map((r) => pickFields(r, body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/ai-result/detail',
      query: z.object({ sessionId: idSchema, schemeId: idSchema.optional(), id: idSchema.optional() }),
      summary:
        "a session's AI result (the newest, or the one of schemeId / id) with the session panel, its messages and each hit rule's evidence",
      body: noBody,
      response: aiResultDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const session = await requireSession(app, auth, query.sessionId);
      const {
        rows: [found],
      } = await aiResultRows(db, {
        where: and(
          eq(aiResults.organizationId, auth.organizationId),
          eq(aiResults.sessionRef, session.id),
          auth.agentId === null ? undefined : eq(aiResults.agentId, auth.agentId),
          query.schemeId === undefined ? undefined : eq(aiResults.schemeId, dbId(query.schemeId) ?? 0),
          query.id === undefined ? undefined : eq(aiResults.id, dbId(query.id) ?? 0),
        )!,
        order: [desc(aiResults.modifyTime), desc(aiResults.id)],
        limit: 1,
      });
      if (found === undefined) throw notFound(AI_RESULT, query.sessionId);
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionRef, session.id))
        .orderBy(asc(chatMessages.seq))
        .limit(DETAIL_MESSAGES);
      const [record] = records([found]);
      return {
        ...record!,
        session: sessionRecord(session, config.timeZone),
        messages: messages.map((m) => messageRecord(m, config.timeZone)),
        messageTotal: session.messageCount,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/ai-result/detail-complaint',
      query: z.object({ complaintId: idSchema }),
      body: noBody,
      summary: 'an AI complaint with the AI result it is about, the session panel and its messages',
      response: aiResultComplaintDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const complaint = await requireComplaint(db, auth, query.complaintId);
      const [found] =
        complaint.type === 'AI'
          ? (
              await aiResultRows(db, {
                where: and(eq(aiResults.id, complaint.resultId), eq(aiResults.organizationId, auth.organizationId))!,
                order: [],
                limit: 1,
              })
            ).rows
          : [];
      if (found === undefined) throw notFound(AI_RESULT, query.complaintId);
      const session = await requireSession(app, auth, found.row.sessionId);
      const [record] = records([found]);
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
      path: '/v3/chats/ai-result/create',
      body: aiResultReviewSchema,
      summary:
        're-inspect a result: a review score (0-100) per hit rule, veto (forces 0), comments; the review score is recomputed by the engine',
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth }) => ({ id: await review(db, auth, body) }),
  );
}

/**
 * Re-inspection of an AI result with the engine's review scoring; also the approval of an AI complaint, inside
 * that review's transaction.
 */
export async function review(db: Database, auth: RequestAuth, body: AiResultReview): Promise<string> {
  const key = dbId(body.id);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(aiResults)
          .where(and(eq(aiResults.id, key), eq(aiResults.organizationId, auth.organizationId)));
  if (row === undefined || row.deleted === 'BUFFER') throw notFound(AI_RESULT, body.id);
  const hit = new Map(row.resultRules.map((r) => [String(r.ruleId), r]));
  body.rules.forEach((r, i) => {
    if (!hit.has(r.ruleId))
      throw ApiError.badRequest(
        'INVALID_FIELD',
        `rules[${i}].ruleId：规则 ${r.ruleId} 未在此结果中命中，不能复检`,
        `rules[${i}].ruleId: rule ${r.ruleId} did not hit in this result and cannot be reviewed`,
        `rules[${i}].ruleId`,
      );
  });
  const def = await loadSchemeDefinition(db, auth.organizationId, row.schemeId);
  if (def === null)
    throw ApiError.badRequest(
      'SCHEME_GONE',
      `质检方案 ${row.schemeId} 已不存在，无法复检`,
      `QC scheme ${row.schemeId} no longer exists; the result cannot be re-inspected`,
      'id',
    );
  const given = new Map(body.rules.map((r) => [r.ruleId, r]));
  // a hit rule the reviewer left alone keeps its earlier review, else the AI's own number
  const reviews = row.resultRules.map((r) => {
    const mine = given.get(String(r.ruleId));
    return mine !== undefined
      ? { ruleId: String(r.ruleId), reviewScore: mine.reviewScore, isVeto: mine.isVeto }
      : { ruleId: String(r.ruleId), reviewScore: r.reviewScore ?? r.scoreNum, isVeto: r.isVeto };
  });
  let outcome: ReturnType<typeof reviewScore>;
  try {
    outcome = reviewScore(def.scoringAngles, reviews);
  } catch (error) {
    if (error instanceof ScoreInputError) throw ApiError.badRequest('INVALID_FIELD', error.zh, error.en, error.path);
    throw error;
  }
  const reviewed = new Map(outcome.rules.map((r) => [r.ruleId, r]));
  const resultRules: StoredResultRule[] = row.resultRules.map((r) => {
    const v = reviewed.get(String(r.ruleId))!;
    return { ...r, reviewScore: v.reviewScore, isVeto: v.isVeto };
  });
  const id = await updateVersioned(
    db,
    aiResults,
    auth,
    body.id,
    body.version,
    {
      resultRules,
      reviewScore: outcome.reviewScore,
      reviewVeto: outcome.isVeto,
      isReview: true,
      ...(body.comments === undefined ? {} : { comments: body.comments }),
      ...modifiedBy(auth),
    },
    AI_RESULT,
  );
  return String(id);
}
