import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiTokens } from '../db/schema/index.js';
import { loadAuth, loadSessionAuth } from './load-auth.js';
import { hashSecret, SESSION_COOKIE } from './tokens.js';

/** how precisely a token's last use is kept */
const LAST_USED_PRECISION_MS = 60_000;

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

function bySession(app: FastifyInstance, token: string) {
  return loadSessionAuth(app.deps.db, hashSecret(token), new Date());
}

async function byToken(app: FastifyInstance, token: string) {
  const { db } = app.deps;
  const now = new Date();
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId, lastUsedTime: apiTokens.lastUsedTime })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, hashSecret(token)),
        isNull(apiTokens.revokeTime),
        or(isNull(apiTokens.expireTime), gt(apiTokens.expireTime, now)),
      ),
    );
  if (row === undefined) return null;
  // "last used" to the minute: a service calling many times a second does not write on every call
  if (row.lastUsedTime === null || now.getTime() - row.lastUsedTime.getTime() >= LAST_USED_PRECISION_MS)
    await db.update(apiTokens).set({ lastUsedTime: now }).where(eq(apiTokens.id, row.id));
  return loadAuth(db, row.userId, true);
}
