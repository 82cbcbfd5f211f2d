import { BODY_DEPENDENT_PATHS, errorAnswerSchema } from '@qcdesk/contracts';
import { z } from 'zod';
import { type RouteSpec, routeRegistry } from '../../http/define-route.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // preprocess/transform steps (filters that read '' as "no filter") have no JSON Schema form: shown as "any"
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  // an answer may carry more than its contract names (audit columns, tenant): clients must ignore what they do not know
  return io === 'output' ? openObjects(rest) : rest;
}

function openObjects(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  ) as JsonSchema;
}

const byBody: ReadonlySet<string> = new Set(BODY_DEPENDENT_PATHS);

function accessText(spec: RouteSpec): string {
  if ('public' in spec.access) return 'public';
  if (byBody.has(spec.path)) return 'any signed-in caller; the permission key it needs depends on the body (see above)';
  if ('signedIn' in spec.access) return 'any signed-in caller';
  return `needs permission \`${spec.access.permission}\``;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
const ERRORS: Record<NonNullable<RouteSpec['errors']>[number], string> = {
  404: 'NOT_FOUND: no such record in the caller’s organisation (another organisation’s records are not found either)',
  409: 'STALE_VERSION: the record changed since `version` was read; reload it and try again',
  413: 'FILE_TOO_LARGE: the upload is larger than allowed',
  429: 'TOO_MANY_ATTEMPTS: too many failed sign-ins; `Retry-After` says when to try again',
};

function requestBody(spec: RouteSpec): JsonSchema | undefined {
  const bodies: Record<string, z.ZodType> | undefined =
    spec.bodyDoc ?? (spec.body === undefined ? undefined : { 'application/json': spec.body });
  if (bodies === undefined) return undefined;
  const content: Record<string, JsonSchema> = {};
  let required = false;
  for (const [type, schema] of Object.entries(bodies)) {
    const json = jsonSchema(schema, 'input');
    content[type] = { schema: json };
    // a body whose every field is optional may be left out
    if (json.type !== 'object' || (Array.isArray(json.required) && json.required.length > 0)) required = true;
  }
  return { required, content };
}

function operation(spec: RouteSpec): JsonSchema {
  const parameters: JsonSchema[] = [];
  if (spec.query !== undefined) {
    const query = jsonSchema(spec.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  const body = requestBody(spec);
  const checked = body !== undefined || spec.query !== undefined;
  const op: JsonSchema = {
    summary: spec.summary,
    description: accessText(spec),
    tags: spec.tags ?? [],
    parameters,
    responses: {
      '200': {
        description: 'OK',
        content: {
          [spec.produces ?? 'application/json']: {
            schema: spec.response === undefined ? {} : jsonSchema(spec.response, 'output'),
          },
        },
      },
      ...(checked
        ? { '400': error('INVALID_FIELD (and others): `field` names the first bad field, `errors` all') }
        : {}),
      ...('public' in spec.access ? {} : { '401': error('UNAUTHORIZED: not signed in') }),
      ...('permission' in spec.access || byBody.has(spec.path)
        ? { '403': error(`FORBIDDEN: lacks ${'permission' in spec.access ? spec.access.permission : 'the key'}`) }
        : {}),
      ...Object.fromEntries((spec.errors ?? []).map((status) => [String(status), error(ERRORS[status])])),
    },
  };
  if (body !== undefined) op.requestBody = body;
  if (!('public' in spec.access)) op.security = [{ sessionCookie: [] }, { bearerToken: [] }];
  return op;
}

/** The OpenAPI 3 document of every route defined with `defineRoute`, built from their zod schemas. */
/** The document's top level, as /docs declares its answer. */
export interface OpenApiDocument extends JsonSchema {
  readonly openapi: string;
  readonly info: JsonSchema;
  readonly paths: JsonSchema;
}

export function openApiDocument(routes: readonly RouteSpec[] = routeRegistry): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[spec.path] ??= {};
    paths[spec.path]![(spec.method ?? 'POST').toLowerCase()] = operation(spec);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'qcdesk console API',
      version: '0.1.0',
      description:
        'The /v3 calls of the console. Errors answer `{code, message, field?, errors?}`; messages are Chinese, or English with `Accept-Language: en`. Sign in with /v3/auth/login (cookie), or send `Authorization: Bearer <token>` with a token from /v3/auth/token/create.',
    },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'qcdesk_session' },
        bearerToken: { type: 'http', scheme: 'bearer' },
      },
      schemas: { Error: jsonSchema(errorAnswerSchema, 'output') },
    },
    paths,
  };
}
