import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiTokens, loginSessions } from '../db/schema/index.js';
import { loadAuth } from './load-auth.js';
import { hashSecret, SESSION_COOKIE } from './tokens.js';

/**
 * Fills `request.auth` on every request: a bearer token (`Authorization: Bearer …`, backend services) or the session
 * cookie (browsers). A missing, unknown or expired credential leaves it null; routes then answer 401.
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    const bearer = bearerOf(request);
    if (bearer !== null) {
      request.auth = await byToken(app, bearer);
      return;
    }
    const cookie = request.cookies?.[SESSION_COOKIE];
    if (cookie !== undefined && cookie !== '') request.auth = await bySession(app, cookie);
  });
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match === null ? null : match[1]!;
}

async function bySession(app: FastifyInstance, token: string) {
  const { db } = app.deps;
  const [session] = await db
    .select({ userId: loginSessions.userId })
    .from(loginSessions)
    .where(and(eq(loginSessions.tokenHash, hashSecret(token)), gt(loginSessions.expireTime, new Date())));
  return session === undefined ? null : loadAuth(db, session.userId, false);
}

async function byToken(app: FastifyInstance, token: string) {
  const { db } = app.deps;
  const now = new Date();
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, hashSecret(token)),
        isNull(apiTokens.revokeTime),
        or(isNull(apiTokens.expireTime), gt(apiTokens.expireTime, now)),
      ),
    );
  if (row === undefined) return null;
  await db.update(apiTokens).set({ lastUsedTime: now }).where(eq(apiTokens.id, row.id));
  return loadAuth(db, row.userId, true);
}
