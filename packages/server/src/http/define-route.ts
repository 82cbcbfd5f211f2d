import { toFieldErrors } from '@qcdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import type { RequestAuth } from './request-auth.js';

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
  readonly access: RouteAccess;
  /** the JSON body; a body that does not parse answers 400 naming the field path. Absent: the body is not read. */
  readonly body?: S;
  /** the query string; a query that does not parse answers 400 naming the parameter */
  readonly query?: Q;
  /** one line for the OpenAPI document */
  readonly summary: string;
  /** the answer's schema, for the OpenAPI document only */
  readonly response?: z.ZodType;
  readonly tags?: readonly string[];
  /** a content type other than JSON the route reads (multipart uploads), for the OpenAPI document */
  readonly consumes?: string;
  /** a content type other than JSON the route answers (file downloads, HTML), for the OpenAPI document */
  readonly produces?: string;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

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
  R = unknown,
>(
  app: FastifyInstance,
  spec: Omit<RouteSpec, 'body' | 'query'> & { readonly body?: S; readonly query?: Q },
  handler: (context: RouteContext<Infer<S>, Infer<Q>>) => Promise<R> | R,
): void {
  const method = spec.method ?? 'POST';
  if (!routeRegistry.some((r) => r.path === spec.path && (r.method ?? 'POST') === method))
    routeRegistry.push(spec as RouteSpec);
  app.route({
    method,
    url: spec.path,
    handler: async (request, reply) => {
      const auth = authorize(request, spec.access);
      const query = spec.query === undefined ? undefined : parse(spec.query, request.query ?? {});
      const body = spec.body === undefined ? undefined : parse(spec.body, request.body ?? {});
      return handler({
        body: body as Infer<S>,
        query: query as Infer<Q>,
        auth: auth as RequestAuth,
        request,
        reply,
      });
    },
  });
}

/** Parses with a schema that needs more than the route knows up front (a scheme's style): 400 naming the field. */
export function parse(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw ApiError.invalidFields(toFieldErrors(parsed.error, 'zh'), toFieldErrors(parsed.error, 'en'));
}

function authorize(request: FastifyRequest, access: RouteAccess): RequestAuth | null {
  if ('public' in access) return request.auth;
  if (request.auth === null) throw ApiError.unauthorized();
  if ('permission' in access && !request.auth.permissions.has(access.permission))
    throw ApiError.forbidden(access.permission);
  return request.auth;
}
