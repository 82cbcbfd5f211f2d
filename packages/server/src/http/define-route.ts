import { findUnstorable, ROUTE_PERMISSIONS, toFieldErrors, unstorableFieldError } from '@qcdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { unsupportedMediaType } from './error-handler.js';
import type { RequestAuth } from './request-auth.js';
import { accessOf } from './route-access.js';

/** Who may call a route: anyone, any signed-in caller, or holders of one permission key. */
export type RouteAccess = { readonly public: true } | { readonly signedIn: true } | { readonly permission: string };

export interface RouteContext<B, Q> {
  readonly body: B;
  /** the parsed query string (`page`, `size`, `schemeId`, …) */
  readonly query: Q;
  /** the caller (never null on routes that are not public) */
  readonly auth: RequestAuth;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export interface RouteSpec<S extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  /** POST (every call of the spec) unless said otherwise; GET for downloads and documents */
  readonly method?: 'POST' | 'GET';
  readonly path: string;
  /**
   * Who may call it. A /v3 path takes its access from the contracts' ROUTE_PERMISSIONS (what the workbench hides
   * is what the server refuses); only paths outside /v3 (the docs) say it here.
   */
  readonly access: RouteAccess;
  /** the JSON body; a body that does not parse answers 400 naming the field path. Absent: the body is not read. */
  readonly body?: S;
  /**
   * The body as the OpenAPI document shows it, by content type, where the route reads it more loosely than that
   * (records validated one by one, a schema chosen by the body, multipart uploads). Default: `body` as JSON.
   */
  readonly bodyDoc?: Readonly<Record<string, z.ZodType>>;
  /** the query string; a query that does not parse answers 400 naming the parameter */
  readonly query?: Q;
  /** one line for the OpenAPI document */
  readonly summary: string;
  /** the answer's schema, for the OpenAPI document only */
  readonly response?: z.ZodType;
  /**
   * Statuses of the errors the route answers besides 400 (bad body or query), 401 (signed out) and 403 (a missing
   * key), which the document derives: 404 (not found or another organisation's), 409 (stale version), 413, 429.
   */
  readonly errors?: readonly (404 | 409 | 413 | 429)[];
  readonly tags?: readonly string[];
  /** a content type other than JSON the route answers (file downloads, HTML), for the OpenAPI document */
  readonly produces?: string;
  /** the largest body the route reads, in bytes (default `JSON_BODY_LIMIT`); larger is refused with 413 unread */
  readonly bodyLimit?: number;
  /**
   * The handler checks each record of the body itself (an import reports a bad record and keeps the others), so the
   * body is not refused whole for a string the database cannot store.
   */
  readonly checksEachRecord?: boolean;
}

/** The largest JSON body an ordinary route reads: 1 MB (a rule with thousands of keywords is well under it). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The body of a call that reads none (a detail by query, sign-out): `{}` or nothing at all. */
export const noBody = z.object({}).meta({ description: 'no fields: send {} or no body' });

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** The handler's records are often built readonly; an answer is only read, so readonly is as good. */
type DeepReadonly<T> = T extends readonly (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** What a handler may answer: anything its response schema accepts (checked at compile time; at run time in tests). */
type Answer<P> = P extends z.ZodType ? DeepReadonly<z.input<P>> : unknown;

/** Every route the app defines, for the OpenAPI document at /docs. */
export const routeRegistry: RouteSpec[] = [];

/**
 * Defines a route of the spec (POST unless `method` says GET): checks access (401 / 403), validates the query and
 * the body with the contracts' zod schemas (400 naming the field path, in the caller's language) and answers the
 * handler's value as JSON.
 */
export function defineRoute<
  S extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  given: Omit<RouteSpec, 'body' | 'query' | 'access' | 'response'> & {
    readonly body?: S;
    readonly query?: Q;
    /** the answer's schema: the OpenAPI document shows it, the compiler holds the handler to it */
    readonly response?: P;
    /** only for paths outside /v3; a /v3 path's access comes from the contracts' table */
    readonly access?: RouteAccess;
  },
  handler: (context: RouteContext<Infer<S>, Infer<Q>>) => Promise<Answer<P>> | Answer<P>,
): void {
  const spec = { ...given, access: routeAccess(given.path, given.access) };
  const method = spec.method ?? 'POST';
  if (!routeRegistry.some((r) => r.path === spec.path && (r.method ?? 'POST') === method))
    routeRegistry.push(spec as RouteSpec);
  const accepted = spec.body === undefined ? null : Object.keys(spec.bodyDoc ?? { 'application/json': null });
  app.route({
    method,
    url: spec.path,
    bodyLimit: spec.bodyLimit ?? JSON_BODY_LIMIT,
    // before the body is read: a caller who may not call the route, or sends what it does not take, costs nothing
    onRequest: async (request) => {
      authorize(request, spec.access);
      if (accepted !== null) checkContentType(request, accepted);
    },
    handler: async (request, reply) => {
      const auth = authorize(request, spec.access);
      const query = spec.query === undefined ? undefined : parse(spec.query, request.query ?? {});
      const body =
        spec.body === undefined
          ? undefined
          : spec.checksEachRecord === true
            ? parseShape(spec.body, request.body ?? {})
            : parse(spec.body, request.body ?? {});
      const answer = await handler({
        body: body as Infer<S>,
        query: query as Infer<Q>,
        auth: auth as RequestAuth,
        request,
        reply,
      });
      // an answer trimmed to the requested `fields` is partial by design: the fields tests check those
      const trimmed = ((body as { fields?: unknown[] } | undefined)?.fields?.length ?? 0) > 0;
      if (app.deps.checkAnswers === true && spec.response !== undefined && spec.produces === undefined && !trimmed)
        checkAnswer(spec.path, spec.response, answer);
      return answer;
    },
  });
}

/** A handler's answer that its route's response schema refuses: a programming error, named with the path. */
function checkAnswer(path: string, schema: z.ZodType, answer: unknown): void {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  throw new Error(`${path} answered outside its response schema: ${problems.join('; ')}`);
}

/** A /v3 route's access from the contracts' table; a /v3 path missing from it is a programming error. */
function routeAccess(path: string, given: RouteAccess | undefined): RouteAccess {
  if (!path.startsWith('/v3/')) {
    if (given === undefined) throw new Error(`route ${path}: say who may call it`);
    return given;
  }
  if (!Object.hasOwn(ROUTE_PERMISSIONS, path))
    throw new Error(`route ${path} is not in the contracts' ROUTE_PERMISSIONS; add it there`);
  if (given !== undefined) throw new Error(`route ${path}: its access comes from ROUTE_PERMISSIONS, not the route`);
  return accessOf(path as keyof typeof ROUTE_PERMISSIONS);
}

/**
 * Parses a body or query: first anything the database could not store (NUL, an unpaired surrogate, nesting deeper
 * than contracts' MAX_JSON_DEPTH) anywhere in it, then the schema; either is a 400 naming the field. Also for schemas
 * that need more than the route knows up front (a scheme's style).
 */
export function parse(schema: z.ZodType, input: unknown): unknown {
  const problem = findUnstorable(input);
  if (problem !== null)
    throw ApiError.invalidFields([unstorableFieldError(problem, 'zh')], [unstorableFieldError(problem, 'en')]);
  return parseShape(schema, input);
}

/** The schema alone, for bodies whose handler checks each record's text itself. */
function parseShape(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw ApiError.invalidFields(toFieldErrors(parsed.error, 'zh'), toFieldErrors(parsed.error, 'en'));
}

/**
 * 415 for a body of a type the route does not read: a JSON route takes only `application/json`, so an HTML form or
 * a `text/plain` fetch from another site cannot pass as JSON. An empty body (a call without fields) needs no type.
 */
function checkContentType(request: FastifyRequest, accepted: readonly string[]): void {
  const length = request.headers['content-length'];
  const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!accepted.includes(type)) throw unsupportedMediaType(request.headers['content-type'], accepted);
}

function authorize(request: FastifyRequest, access: RouteAccess): RequestAuth | null {
  if ('public' in access) return request.auth;
  if (request.auth === null) throw ApiError.unauthorized();
  if ('permission' in access && !request.auth.permissions.has(access.permission))
    throw ApiError.forbidden(access.permission);
  return request.auth;
}
