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
  return rest;
}

function accessText(spec: RouteSpec): string {
  if ('public' in spec.access) return 'public';
  if ('signedIn' in spec.access) return 'any signed-in caller';
  return `needs permission \`${spec.access.permission}\``;
}

function operation(spec: RouteSpec): JsonSchema {
  const parameters: JsonSchema[] = [];
  if (spec.query !== undefined) {
    const query = jsonSchema(spec.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
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
      '400': { description: 'a field is invalid: `{code, message, field, errors}`' },
      ...('public' in spec.access ? {} : { '401': { description: 'not signed in' } }),
      ...('permission' in spec.access ? { '403': { description: `lacks ${spec.access.permission}` } } : {}),
    },
  };
  if (spec.body !== undefined)
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } };
  else if (spec.consumes !== undefined)
    op.requestBody = { required: true, content: { [spec.consumes]: { schema: {} } } };
  if (!('public' in spec.access)) op.security = [{ sessionCookie: [] }, { bearerToken: [] }];
  return op;
}

/** The OpenAPI 3 document of every route defined with `defineRoute`, built from their zod schemas. */
export function openApiDocument(routes: readonly RouteSpec[] = routeRegistry): JsonSchema {
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
        'The /v3 calls of the console. Errors answer `{code, message, field?, errors?}`; messages are Chinese, or English with `Accept-Language: en`.',
    },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'qcdesk_session' },
        bearerToken: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
