import {
  type SessionSummary,
  sessionSummaryAnswerSchema,
  sessionSummaryBodySchema,
  summaryFieldSchema,
} from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';
import { withFieldNames } from '../custom-field/index.js';
import { requireSession } from './session-routes.js';

/**
 * POST /v3/chats/session/summary — the service summary of a session (qc-area §3 "Session detail", "summary load by
 * sessionId and chatId"): `{resolved, content, form, fields}`, or null when the agent filled none. Read as the
 * session detail is: the caller's organisation, an agent only his own sessions (404 otherwise); a chatId that is
 * not the session's is a 404 too. Fields stored without a name are named after the custom field of their code.
 */
export async function summaryRoute(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      path: '/v3/chats/session/summary',
      body: sessionSummaryBodySchema,
      summary:
        "a session's service summary ({resolved, content, form, fields [{fieldCode, fieldName, fieldType, formData}]}), or null when none was filled",
      response: sessionSummaryAnswerSchema,
      errors: [404],
      tags: ['session'],
    },
    async ({ body, auth }): Promise<SessionSummary | null> => {
      const session = await requireSession(app, auth, body.sessionId);
      if (body.chatId && body.chatId !== session.chatId)
        throw new ApiError(
          404,
          'NOT_FOUND',
          `会话 ${body.sessionId} 不属于对话 ${body.chatId}`,
          `session ${body.sessionId} is not part of chat ${body.chatId}`,
        );
      if (!session.summary || session.summaryDetail === null) return null;
      return withFieldNames(app.deps.db, session.organizationId, storedSummary(session.summaryDetail));
    },
  );
}

/**
 * The stored summary as the contracts shape it. Imports check a `summary` object, but the older `summaryDetail`
 * was stored as sent: what is not of the shape reads as absent, and fields that do not parse are left out.
 */
export function storedSummary(stored: unknown): SessionSummary {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const fields = Array.isArray(raw.fields) ? raw.fields : [];
  return {
    resolved: typeof raw.resolved === 'boolean' ? raw.resolved : null,
    content: text(raw.content),
    form: text(raw.form),
    fields: fields.flatMap((f) => {
      const parsed = summaryFieldSchema.safeParse(f);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}
