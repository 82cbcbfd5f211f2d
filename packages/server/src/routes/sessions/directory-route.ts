import { DIRECTORY_LIMIT, type DirectoryEntry, directoryBodySchema, directoryEntrySchema } from '@qcdesk/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chatSessions } from '../../db/schema/sessions.js';
import { defineRoute } from '../../http/define-route.js';
import { ownSessions } from './own-sessions.js';

const BY_NAME = new Intl.Collator('zh-CN', { numeric: true });

/** `%` and `_` typed by the user are literal characters, not patterns. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * POST /v3/chats/session/directory — the agents, skill groups or service lines the organisation's sessions name,
 * each once by id with the name it goes by, sorted by name (pinyin); an agent sees only his own. The QC filters offer these
 * by name (the spec's "dictionary loads for agents, groups", paths not shown).
 */
export async function directoryRoute(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/session/directory',
      body: directoryBodySchema,
      summary: `the agents, skill groups or service lines the sessions name ({id, name}, by name, at most ${DIRECTORY_LIMIT}); keyword matches the name or the id`,
      response: z.array(directoryEntrySchema),
      tags: ['session'],
    },
    async ({ body, auth }): Promise<DirectoryEntry[]> => {
      const scope = and(eq(chatSessions.organizationId, auth.organizationId), ownSessions(auth));
      const { id, name, from, present } = columnsOf(body.kind);
      const keyword = body.keyword ? containing(body.keyword) : null;
      const rows = await db
        .select({ id: sql<string>`${id}`, name: sql<string | null>`max(${name})` })
        .from(from)
        .where(and(scope, present))
        .groupBy(id)
        .having(keyword === null ? undefined : sql`${id} ilike ${keyword} or max(${name}) ilike ${keyword}`)
        .orderBy(id)
        .limit(DIRECTORY_LIMIT);
      // by name as a Chinese reader sorts (pinyin), the same on PGlite and on any PostgreSQL collation
      return rows
        .map((r) => ({ id: String(r.id), name: r.name ?? String(r.id) }))
        .sort((a, b) => BY_NAME.compare(a.name, b.name) || BY_NAME.compare(a.id, b.id));
    },
  );
}

/** Where each kind's ids and names live in a session row: columns for agents and lines, the `groups` list for groups. */
function columnsOf(kind: z.infer<typeof directoryBodySchema>['kind']): { id: SQL; name: SQL; from: SQL; present: SQL } {
  const sessions = sql`${chatSessions}`;
  switch (kind) {
    case 'AGENT':
      return {
        id: sql`${chatSessions.agentId}::text`,
        name: sql`coalesce(nullif(${chatSessions.agentNick}, ''), nullif(${chatSessions.agentName}, ''))`,
        from: sessions,
        present: sql`${chatSessions.agentId} is not null`,
      };
    case 'LINE':
      return {
        id: sql`${chatSessions.lineId}::text`,
        name: sql`nullif(${chatSessions.lineName}, '')`,
        from: sessions,
        present: sql`${chatSessions.lineId} is not null`,
      };
    case 'GROUP':
      return {
        id: sql`(g.value ->> 'groupId')`,
        name: sql`nullif(g.value ->> 'groupName', '')`,
        from: sql`${chatSessions} cross join lateral jsonb_array_elements(${chatSessions.groups}) as g`,
        present: sql`(g.value ->> 'groupId') is not null`,
      };
  }
}
