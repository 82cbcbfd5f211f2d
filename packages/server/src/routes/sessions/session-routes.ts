import {
  chatSessionSchema,
  idSchema,
  importSummarySchema,
  LIMITS,
  messageFetchAnswerSchema,
  messageFetchBodySchema,
  messagePageFilterSchema,
  messagePageSchema,
  pageQuerySchema,
  ROUTE_PERMISSIONS,
  sessionImportBodySchema,
} from '@qcdesk/contracts';
import { and, asc, count, desc, eq, gt, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import { chatMessages, chatSessions } from '../../db/schema/sessions.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { formatTimeCursor, parseTimeCursor } from '../../http/time-cursor.js';
import { ImportStoppedError, importSessions } from '../../ingest/import-sessions.js';
import { recordsOfArray, recordsOfJsonLines } from '../../ingest/read-records.js';
import { directoryRoute } from './directory-route.js';
import { ownSessions } from './own-sessions.js';
import { messageRecord, sessionRecord } from './session-record.js';
import { summaryRoute } from './summary-route.js';
import { transcriptsRoute } from './transcripts-route.js';

const tags = ['session'];

/** The permission of session ingestion (ours: the spec shows no import call), as the contracts' table has it. */
export const SESSION_IMPORT_PERMISSION = ROUTE_PERMISSIONS['/v3/chats/session/import'];

const jsonLines = z.string().meta({
  description: 'JSON Lines: one session a line, each as in the application/json form; blank lines are skipped',
});

/** the largest import body: 64 MB of JSON Lines or JSON (larger corpora go through `qcdesk import <file>`) */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** messages per fetch (`/message/fetch`), as the result and complaint views page them */
const FETCH_SIZE = LIMITS.chatPageSizeResult;

export function sessionNotFound(sessionId: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `会话 ${sessionId} 不存在`, `session ${sessionId} not found`);
}

/** Sessions in (import) and transcripts out: /v3/chats/session/import, list, detail; /v3/chats/message/query, fetch. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  // JSON Lines bodies arrive as text; text/plain is Fastify's own
  app.addContentTypeParser(['application/x-ndjson', 'application/jsonl'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // sessions with their messages in bulk, for the corpus replay
  await transcriptsRoute(app);
  // who and where the sessions name, for the filters
  await directoryRoute(app);
  await summaryRoute(app);

  defineRoute(
    app,
    {
      path: '/v3/chats/session/import',
      // each record is checked on its own (a bad one is reported by line and field, the others imported)
      body: z.union([z.string(), z.array(z.unknown()), z.object({ sessions: z.array(z.unknown()) })]),
      bodyDoc: {
        'application/json': sessionImportBodySchema,
        'application/x-ndjson': jsonLines,
        'text/plain': jsonLines,
      },
      summary:
        'import sessions: JSON Lines text (application/x-ndjson or text/plain, one session a line) or JSON (an array of sessions, or {sessions}); idempotent on sessionId (same content: unchanged; other content: replaced and inspected again); answers counts and each bad record by line and field',
      response: importSummarySchema,
      tags,
      // a desk's batch of transcripts, far above an ordinary body's 1 MB (the whole server's limit until now)
      bodyLimit: IMPORT_BODY_LIMIT,
      errors: [413],
      // a record with text the database cannot store is reported by line and field, the others still imported
      checksEachRecord: true,
    },
    async ({ body, auth }) => {
      const records =
        typeof body === 'string'
          ? recordsOfJsonLines(body)
          : recordsOfArray(Array.isArray(body) ? body : body.sessions);
      let summary: Awaited<ReturnType<typeof importSessions>>;
      try {
        summary = await importSessions(db, auth.organizationId, records);
      } catch (error) {
        // the database could take no more writes: the caller is told so (and how far it got), never shown SQL
        if (error instanceof ImportStoppedError) throw new ApiError(503, 'DATABASE_UNAVAILABLE', error.zh, error.en);
        throw error;
      }
      if (summary.created + summary.updated > 0) await app.tasks.kickActive(auth.organizationId);
      return summary;
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/session/list',
      body: z.object({
        fields: z.array(z.string()).max(200).optional(),
        sessionId: idSchema.nullish(),
        chatId: idSchema.nullish(),
        agentId: idSchema.nullish(),
        lineId: idSchema.nullish(),
        status: z.enum(['ACTIVE', 'CLOSED']).nullish(),
        keyword: z.string().trim().max(100).nullish().meta({
          description:
            'part of the session id, chat id, customer (id or nick) or agent (name or nick), any case; for pickers that search as the user types',
        }),
        limit: z.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
      }),
      summary: 'sessions, newest first, at most `limit` (default 500); `keyword` searches ids and names',
      response: z.array(chatSessionSchema),
      tags,
    },
    async ({ body, auth }) => {
      const parts: (SQL | undefined)[] = [eq(chatSessions.organizationId, auth.organizationId), ownSessions(auth)];
      if (body.sessionId) parts.push(eq(chatSessions.sessionId, body.sessionId));
      if (body.chatId) parts.push(eq(chatSessions.chatId, body.chatId));
      if (body.agentId) parts.push(eq(chatSessions.agentId, dbId(body.agentId) ?? 0));
      if (body.lineId) parts.push(eq(chatSessions.lineId, dbId(body.lineId) ?? 0));
      if (body.status) parts.push(eq(chatSessions.status, body.status));
      if (body.keyword) {
        const like = `%${escapeLike(body.keyword)}%`;
        parts.push(
          or(
            ilike(chatSessions.sessionId, like),
            ilike(chatSessions.chatId, like),
            ilike(chatSessions.customerId, like),
            ilike(chatSessions.customerNick, like),
            ilike(chatSessions.agentName, like),
            ilike(chatSessions.agentNick, like),
          ),
        );
      }
      const rows = await db
        .select()
        .from(chatSessions)
        .where(and(...parts))
        .orderBy(desc(chatSessions.beginTime), desc(chatSessions.id))
        .limit(body.limit);
      return rows.map((r) => pickFields(sessionRecord(r, config.timeZone), body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/session/detail',
      query: z.object({ sessionId: idSchema }),
      body: noBody,
      summary: 'the session panel: status, line, closing party, rating, summary flag',
      response: chatSessionSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => sessionRecord(await requireSession(app, auth, query.sessionId), config.timeZone),
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/message/query',
      query: pageQuerySchema,
      body: messagePageFilterSchema,
      summary:
        'the messages of a session (sessionId) or chat (chatId), a page at a time, in send order; censor true: only those a sensitive-word library acted on',
      response: messagePageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const where = and(
        eq(chatMessages.organizationId, auth.organizationId),
        body.sessionId ? eq(chatMessages.sessionId, body.sessionId) : undefined,
        body.chatId ? eq(chatMessages.chatId, body.chatId) : undefined,
        body.censor === true ? isNotNull(chatMessages.censorOperation) : undefined,
        ownMessages(auth),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(chatMessages)
          .where(where)
          .orderBy(asc(chatMessages.sendTime), asc(chatMessages.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(chatMessages).where(where),
      ]);
      return pageAnswer(
        rows.map((r) => messageRecord(r, config.timeZone)),
        total?.n ?? 0,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/message/fetch',
      body: messageFetchBodySchema,
      summary: `the next ${FETCH_SIZE} messages of a chat after \`cursor\` (none: from the start); nextCursor is null at the end`,
      response: messageFetchAnswerSchema,
      tags,
    },
    async ({ body, auth }) => {
      const after = parseTimeCursor(body.cursor);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.organizationId, auth.organizationId),
            eq(chatMessages.chatId, body.chatId),
            ownMessages(auth),
            after === null
              ? undefined
              : or(
                  gt(chatMessages.sendTime, after.time),
                  and(eq(chatMessages.sendTime, after.time), gt(chatMessages.id, after.id)),
                ),
          ),
        )
        .orderBy(asc(chatMessages.sendTime), asc(chatMessages.id))
        .limit(FETCH_SIZE + 1);
      const page = rows.slice(0, FETCH_SIZE);
      const last = page[page.length - 1];
      return {
        records: page.map((r) => messageRecord(r, config.timeZone)),
        nextCursor: rows.length > FETCH_SIZE && last !== undefined ? formatTimeCursor(last.sendTime, last.id) : null,
      };
    },
  );
}

function ownMessages(auth: RequestAuth): SQL | undefined {
  return auth.agentId === null
    ? undefined
    : sql`exists (select 1 from ${chatSessions} where ${chatSessions.id} = ${chatMessages.sessionRef} and ${chatSessions.agentId} = ${auth.agentId})`;
}

export async function requireSession(app: FastifyInstance, auth: RequestAuth, sessionId: string) {
  const [row] = await app.deps.db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.organizationId, auth.organizationId),
        eq(chatSessions.sessionId, sessionId),
        ownSessions(auth),
      ),
    );
  if (row === undefined) throw sessionNotFound(sessionId);
  return row;
}
