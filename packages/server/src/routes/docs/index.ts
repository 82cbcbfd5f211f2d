import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/define-route.js';
import { type OpenApiDocument, openApiDocument } from './openapi.js';

/** GET /docs: the OpenAPI document (JSON) of the whole API, generated from the routes' zod schemas. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  let document: OpenApiDocument | null = null;
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/docs',
      access: { public: true },
      summary: 'this OpenAPI document',
      response: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
      tags: ['docs'],
    },
    () => {
      // built on first request, when every area has defined its routes
      document ??= openApiDocument();
      return document;
    },
  );
}
