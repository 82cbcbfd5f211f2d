import { appOptionSchema, appTopBodySchema, LIMITS } from '@qcdesk/contracts';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeLike } from '../../crud/keyword.js';
import { apps } from '../../db/schema/index.js';
import { defineRoute } from '../../http/define-route.js';

/**
 * The organisation's apps for a line's owning-app selector (online-service-config §7: "app list
 * /v3/users/app/list/top (filters, fields id, name, type)"). The spec shows no app screens: every organisation starts
 * with its default app (createDefaultApp), and the answer is always id, name and type.
 */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/users/app/list/top',
      body: appTopBodySchema,
      summary: `the organisation's apps not in the trash (keyword on name, status, types, mode), oldest first; at most ${LIMITS.topLookup}`,
      response: z.array(appOptionSchema),
      tags: ['app'],
    },
    async ({ body, auth }) => {
      const rows = await db
        .select({ id: apps.id, name: apps.name, type: apps.type })
        .from(apps)
        .where(
          and(
            eq(apps.organizationId, auth.organizationId),
            eq(apps.deleted, 'NONE'),
            body.keyword ? ilike(apps.name, `%${escapeLike(body.keyword)}%`) : undefined,
            body.status ? eq(apps.status, body.status) : undefined,
            body.types && body.types.length > 0 ? inArray(apps.type, body.types) : undefined,
            body.mode ? eq(apps.mode, body.mode) : undefined,
          ),
        )
        .orderBy(asc(apps.id))
        .limit(LIMITS.topLookup);
      return rows.map((row) => ({ id: String(row.id), name: row.name, type: row.type }));
    },
  );
}
