import { randomBytes } from 'node:crypto';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenSchema,
  idsAnswerSchema,
  isPermissionKey,
  meAnswerSchema,
  okAnswerSchema,
} from '@qcdesk/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { loadAuth } from '../../auth/load-auth.js';
import { claimLoginCheck, dropStaleFailures, forgetFailures } from '../../auth/login-limiter.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { API_TOKEN_PREFIX, hashSecret, newSecret, SESSION_COOKIE, SESSION_TTL_MS } from '../../auth/tokens.js';
import { dbIds, wireId } from '../../crud/ids.js';
import { apiTokens, loginSessions, organizations, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';

const required = (max: number) => z.string({ error: 'common.required' }).min(1, { error: 'common.required' }).max(max);
const loginBody = z.object({ username: required(100).trim(), password: required(200) });
const tokenRevokeBody = z.object({ ids: z.array(z.string()).min(1, { error: 'common.selectRecord' }).max(100) });

// compared against when the user name is unknown, so that a miss takes as long as a wrong password
let decoyHash: Promise<string> | null = null;

/** Sign-in with a session cookie, sign-out, who am I; bearer tokens for backend services. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/auth/login',
      body: loginBody,
      summary: 'sign in: sets the HttpOnly session cookie and answers who signed in',
      response: meAnswerSchema,
      errors: [429],
      tags: ['auth'],
    },
    async ({ body, request, reply }) => {
      const now = new Date();
      const ip = request.ip;
      // counts this try before the password is verified, so that a parallel burst cannot slip by (login-limiter.ts)
      const check = await claimLoginCheck(db, body.username, ip, now);
      if (!check.ok) {
        reply.header('retry-after', String(check.retryAfterSeconds));
        throw tooManyAttempts(check.retryAfterSeconds);
      }
      const [user] = await db.select().from(users).where(eq(users.username, body.username));
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      let ok = false;
      // the password is always checked, so that an unknown or a disabled user takes as long as a wrong password
      if (user === undefined) await verifyPassword(await decoyHash, body.password);
      else
        ok =
          (await verifyPassword(user.passwordHash, body.password)) &&
          user.status === 'ACTIVE' &&
          user.deleted === 'NONE';
      if (!ok || user === undefined) {
        await dropStaleFailures(db, now);
        throw ApiError.of(401, 'BAD_CREDENTIALS', 'auth.badCredentials');
      }
      await forgetFailures(db, body.username, ip);
      const token = newSecret();
      const expireTime = new Date(now.getTime() + SESSION_TTL_MS);
      await db.insert(loginSessions).values({ tokenHash: hashSecret(token), userId: user.id, expireTime, ip });
      setSessionCookie(reply, token, request.protocol === 'https', SESSION_TTL_MS / 1000);
      const auth = await loadAuth(db, user.id, false);
      return describe(app, auth!);
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/auth/logout',
      body: noBody,
      summary: 'sign out: ends the session of the cookie and clears it',
      response: okAnswerSchema,
      tags: ['auth'],
    },
    async ({ request, reply }) => {
      const token = request.cookies?.[SESSION_COOKIE];
      if (token) await db.delete(loginSessions).where(eq(loginSessions.tokenHash, hashSecret(token)));
      setSessionCookie(reply, '', request.protocol === 'https', 0);
      return { ok: true } as const;
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/auth/me',
      body: noBody,
      summary: 'who is signed in: user, organisation and permission keys',
      response: meAnswerSchema,
      tags: ['auth'],
    },
    ({ auth }) => describe(app, auth),
  );

  defineRoute(
    app,
    {
      path: '/v3/auth/token/create',
      body: apiTokenCreateSchema,
      summary:
        'a bearer token for a backend service (`Authorization: Bearer <token>`), acting as the caller with his roles; the token is shown once; a token cannot create tokens (403)',
      response: apiTokenCreatedSchema,
      tags: ['auth'],
    },
    async ({ body, auth }) => {
      if (auth.service) throw serviceCannotMintTokens();
      const token = newSecret(API_TOKEN_PREFIX);
      const expireTime =
        body.expireDays === undefined || body.expireDays === null
          ? null
          : new Date(Date.now() + body.expireDays * 86_400_000);
      const [row] = await db
        .insert(apiTokens)
        .values({
          organizationId: auth.organizationId,
          userId: auth.userId,
          name: body.name,
          tokenHash: hashSecret(token),
          expireTime,
        })
        .returning({ id: apiTokens.id });
      return { id: wireId(row!.id), name: body.name, token, expireTime: expireTime?.toISOString() ?? null };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/auth/token/list',
      body: noBody,
      summary: "the caller's bearer tokens (never the secrets)",
      response: z.array(apiTokenSchema),
      tags: ['auth'],
    },
    async ({ auth }) => {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, auth.userId), isNull(apiTokens.revokeTime)));
      return rows.map((t) => ({
        id: wireId(t.id),
        name: t.name,
        createTime: t.createTime.toISOString(),
        expireTime: t.expireTime?.toISOString() ?? null,
        lastUsedTime: t.lastUsedTime?.toISOString() ?? null,
      }));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/auth/token/revoke',
      body: tokenRevokeBody,
      summary: "revoke some of the caller's bearer tokens; answers the ids revoked",
      response: idsAnswerSchema,
      tags: ['auth'],
    },
    async ({ body, auth }) => {
      const revoked = await db
        .update(apiTokens)
        .set({ revokeTime: new Date() })
        .where(
          and(inArray(apiTokens.id, dbIds(body.ids)), eq(apiTokens.userId, auth.userId), isNull(apiTokens.revokeTime)),
        )
        .returning({ id: apiTokens.id });
      return { ids: revoked.map((r) => String(r.id)) };
    },
  );
}

/** 429 for a try during the sign-in slow-down, saying how long to wait (seconds under a minute, else minutes). */
function tooManyAttempts(retryAfterSeconds: number): ApiError {
  if (retryAfterSeconds < 60)
    return new ApiError(
      429,
      'TOO_MANY_ATTEMPTS',
      `登录失败次数过多，请 ${retryAfterSeconds} 秒后再试`,
      `Too many failed sign-ins; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
    );
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    'TOO_MANY_ATTEMPTS',
    `登录失败次数过多，请 ${minutes} 分钟后再试`,
    `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

function serviceCannotMintTokens(): ApiError {
  return new ApiError(
    403,
    'FORBIDDEN',
    '服务令牌不能再创建令牌，请登录后创建',
    'a service token cannot create tokens; sign in to create one',
  );
}

function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  });
}

async function describe(app: FastifyInstance, auth: RequestAuth): Promise<z.infer<typeof meAnswerSchema>> {
  const [user] = await app.deps.db.select().from(users).where(eq(users.id, auth.userId));
  const [organisation] = await app.deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, auth.organizationId));
  return {
    user: {
      id: String(auth.userId),
      username: auth.username,
      name: user?.name ?? auth.name,
      agentId: wireId(auth.agentId),
    },
    organisation: { id: String(auth.organizationId), name: organisation?.name ?? '' },
    // the keys routes check; a role may still list a key no route knows (any more)
    permissions: [...auth.permissions].filter(isPermissionKey).sort(),
  };
}
