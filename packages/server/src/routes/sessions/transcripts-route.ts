import { idSchema } from '@qcdesk/contracts';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dbId } from '../../crud/ids.js';
import { manualResults } from '../../db/schema/qc-results.js';
import { chatSessions } from '../../db/schema/sessions.js';
import { defineRoute } from '../../http/define-route.js';
import { formatTimeCursor, parseTimeCursor } from '../../http/time-cursor.js';
import { timeFilter } from '../../http/time-filter.js';
import { loadMessages } from '../../tasks/session-chunk.js';
import { ownSessions } from './own-sessions.js';

/** sessions per page at most: a page of 4,090 STC-3 sessions' transcripts is about 8 MB, so pages stay small */
const PAGE_MAX = 500;

const bodySchema = z.object({
  /** session start from (a date or a time in the console's time zone) */
  timeFrom: z.string().max(32).nullish(),
  /** session start up to (a date alone includes the whole day) */
  timeTo: z.string().max(32).nullish(),
  lineId: idSchema.nullish(),
  /** CLOSED (default: what QC inspects), ACTIVE, or ALL */
  status: z.enum(['ACTIVE', 'CLOSED', 'ALL']).default('CLOSED'),
  /** where the previous page ended (its `nextCursor`); none: from the first session */
  cursor: z.string().max(40).nullish(),
  limit: z.number().int().min(1).max(PAGE_MAX).default(200),
});

/** the answer, for /docs */
const answerSchema = z.object({
  records: z.array(
    z.object({
      sessionId: z.string(),
      chatId: z.string(),
      lineId: z.string().nullable(),
      lineName: z.string().nullable(),
      /** epoch milliseconds */
      beginTime: z.number(),
      humanQuality: z.record(z.string(), z.number()).nullable(),
      manualScore: z.number().nullable(),
      messages: z.array(
        z.object({ messageId: z.string(), senderRole: z.string(), sendTime: z.number(), content: z.string() }),
      ),
    }),
  ),
  total: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});

/**
 * POST /v3/chats/session/transcripts — sessions with their messages in bulk, for the corpus replay: the sessions of a
 * time range and line, oldest first, a page at a time by cursor, each with what the engine reads (messages in order)
 * and the human judgements to compare its score with (the STC-3 annotators' `humanQuality`, the newest assessed
 * manual score). `total` counts the whole range, so the replay shows progress from the first page.
 * The list and message routes answer one session's messages at a time; this one reads a page in two queries.
 */
export async function transcriptsRoute(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/session/transcripts',
      body: bodySchema,
      summary:
        'sessions with their messages (oldest first, by cursor) of a time range and line, with humanQuality and manual score, for the corpus replay',
      response: answerSchema,
      tags: ['session'],
    },
    async ({ body, auth }) => {
      const range = and(
        eq(chatSessions.organizationId, auth.organizationId),
        ownSessions(auth),
        body.lineId ? eq(chatSessions.lineId, dbId(body.lineId) ?? 0) : undefined,
        body.status === 'ALL' ? undefined : eq(chatSessions.status, body.status),
        ...timeFilter(chatSessions.beginTime, body, config.timeZone),
      );
      const after = parseTimeCursor(body.cursor);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: chatSessions.id,
            sessionId: chatSessions.sessionId,
            chatId: chatSessions.chatId,
            lineId: chatSessions.lineId,
            lineName: chatSessions.lineName,
            beginTime: chatSessions.beginTime,
            humanQuality: chatSessions.humanQuality,
          })
          .from(chatSessions)
          .where(
            and(
              range,
              after === null
                ? undefined
                : or(
                    gt(chatSessions.beginTime, new Date(after.time)),
                    and(eq(chatSessions.beginTime, new Date(after.time)), gt(chatSessions.id, after.id)),
                  ),
            ),
          )
          .orderBy(asc(chatSessions.beginTime), asc(chatSessions.id))
          .limit(body.limit + 1),
        db.select({ n: sql<number>`count(*)::int` }).from(chatSessions).where(range),
      ]);
      const page = rows.slice(0, body.limit);
      const refs = page.map((r) => r.id);
      const [bySession, manual] = await Promise.all([
        loadMessages(db, refs),
        refs.length === 0
          ? []
          : db
              .select({ sessionRef: manualResults.sessionRef, manualScore: manualResults.manualScore })
              .from(manualResults)
              .where(
                and(
                  inArray(manualResults.sessionRef, refs),
                  eq(manualResults.deleted, 'NONE'),
                  eq(manualResults.manualStatus, 'CHECKED'),
                ),
              )
              .orderBy(desc(manualResults.resultTime), desc(manualResults.id)),
      ]);
      // newest first: the first score seen for a session is its newest assessment
      const manualScore = new Map<number, number>();
      for (const m of manual)
        if (m.manualScore !== null && !manualScore.has(m.sessionRef)) manualScore.set(m.sessionRef, m.manualScore);
      const last = page[page.length - 1];
      return {
        records: page.map((r) => ({
          sessionId: r.sessionId,
          chatId: r.chatId,
          lineId: r.lineId === null ? null : String(r.lineId),
          lineName: r.lineName,
          beginTime: r.beginTime.getTime(),
          humanQuality: r.humanQuality ?? null,
          manualScore: manualScore.get(r.id) ?? null,
          messages: bySession.get(r.id) ?? [],
        })),
        total: counted?.n ?? 0,
        nextCursor:
          rows.length > body.limit && last !== undefined ? formatTimeCursor(last.beginTime.getTime(), last.id) : null,
      };
    },
  );
}
