import { DIRECTORY_LIMIT, type DirectoryEntry, directoryBodySchema, directoryEntrySchema } from '@qcdesk/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/connect.js';
import { censorBans } from '../../db/schema/censor.js';
import { csAgents, csGroups } from '../../db/schema/desk-staffing.js';
import { csLines } from '../../db/schema/lines.js';
import { qcRules } from '../../db/schema/qc-config.js';
import { chatSessions } from '../../db/schema/sessions.js';
import { defineRoute } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { ownSessions } from './own-sessions.js';

const BY_NAME = new Intl.Collator('zh-CN', { numeric: true });

/** `%` and `_` typed by the user are literal characters, not patterns. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * POST /v3/chats/session/directory — the organisation's agents, skill groups and service lines (records: an import
 * creates the ones its sessions name) or the channels its sessions name, each once by id with the name it goes by,
 * sorted by name (pinyin); an agent sees only himself and where he served. The QC filters offer these by name (the
 * spec's "dictionary loads for agents, groups", paths not shown).
 */
export async function directoryRoute(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/session/directory',
      body: directoryBodySchema,
      summary: `the agents (name with nick), skill groups and live service lines (records) or the channels the sessions name ({id, name}, by name, at most ${DIRECTORY_LIMIT}); keyword matches the name or the id`,
      response: z.array(directoryEntrySchema),
      tags: ['session'],
    },
    async ({ body, auth }): Promise<DirectoryEntry[]> => {
      const keyword = body.keyword ? containing(body.keyword) : null;
      const rows =
        body.kind === 'LINE'
          ? await liveLines(db, auth, keyword)
          : body.kind === 'CHANNEL'
            ? await channelsOfSessions(db, auth, keyword)
            : await records(db, auth, body.kind, keyword);
      // by name as a Chinese reader sorts (pinyin), the same on PGlite and on any PostgreSQL collation
      return rows
        .map((r) => ({ id: String(r.id), name: r.name ?? String(r.id) }))
        .sort((a, b) => BY_NAME.compare(a.name, b.name) || BY_NAME.compare(a.id, b.id));
    },
  );
}

/**
 * The organisation's live service lines (records: an import creates the ones its sessions name); an agent sees only
 * the lines his sessions name, by the lines' record names.
 */
function liveLines(db: Database, auth: RequestAuth, keyword: string | null) {
  const id = sql`${csLines.id}::text`;
  return db
    .select({ id: sql<string>`${id}`, name: sql<string | null>`nullif(${csLines.name}, '')` })
    .from(csLines)
    .where(
      and(
        eq(csLines.organizationId, auth.organizationId),
        eq(csLines.deleted, 'NONE'),
        auth.agentId === null
          ? undefined
          : sql`${csLines.id} in (select ${chatSessions.lineId} from ${chatSessions} where ${chatSessions.organizationId} = ${auth.organizationId} and ${chatSessions.agentId} = ${auth.agentId})`,
        keyword === null ? undefined : sql`(${id} ilike ${keyword} or ${csLines.name} ilike ${keyword})`,
      ),
    )
    .orderBy(csLines.id)
    .limit(DIRECTORY_LIMIT);
}

/** Channels are the sessions' `trackClient` values: each the caller's sessions name, once, standing for itself. */
function channelsOfSessions(db: Database, auth: RequestAuth, keyword: string | null) {
  const channel = sql<string>`${chatSessions.trackClient}`;
  return db
    .select({ id: channel, name: channel })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.organizationId, auth.organizationId),
        ownSessions(auth),
        sql`nullif(${chatSessions.trackClient}, '') is not null`,
        keyword === null ? undefined : sql`${chatSessions.trackClient} ilike ${keyword}`,
      ),
    )
    .groupBy(chatSessions.trackClient)
    .orderBy(chatSessions.trackClient)
    .limit(DIRECTORY_LIMIT);
}

interface RecordColumns {
  readonly id: SQL;
  readonly name: SQL;
  /** the records the caller may name: not emptied; an agent only himself and the groups his sessions name */
  readonly scope: (auth: RequestAuth) => SQL | undefined;
}

type RecordKind = 'AGENT' | 'GROUP' | 'RULE' | 'CENSOR_BAN';

/**
 * Agents and skill groups are records (imports create the ones sessions name): the directory lists those; and the
 * AI rules, which the results name by id.
 */
function recordsOf(kind: RecordKind): RecordColumns {
  // every library, on or off: a result keeps the libraries that matched when it was inspected
  if (kind === 'CENSOR_BAN')
    return {
      id: sql`${censorBans.id}::text`,
      name: sql`nullif(${censorBans.name}, '')`,
      scope: (auth) => and(eq(censorBans.organizationId, auth.organizationId), eq(censorBans.deleted, 'NONE')),
    };
  if (kind === 'RULE')
    return {
      id: sql`${qcRules.id}::text`,
      name: sql`nullif(${qcRules.name}, '')`,
      scope: (auth) =>
        and(eq(qcRules.organizationId, auth.organizationId), eq(qcRules.type, 'AI'), ne(qcRules.deleted, 'BUFFER')),
    };
  if (kind === 'AGENT')
    return {
      id: sql`${csAgents.id}::text`,
      // the name with the nick, as the result rows show an agent (issue 15, defect 8)
      name: sql`case when nullif(${csAgents.name}, '') is not null and nullif(${csAgents.nick}, '') is not null
        and ${csAgents.name} <> ${csAgents.nick} then ${csAgents.name} || '（' || ${csAgents.nick} || '）'
        else coalesce(nullif(${csAgents.nick}, ''), nullif(${csAgents.name}, '')) end`,
      scope: (auth) =>
        and(
          eq(csAgents.organizationId, auth.organizationId),
          ne(csAgents.deleted, 'BUFFER'),
          auth.agentId === null ? undefined : eq(csAgents.id, auth.agentId),
        ),
    };
  return {
    id: sql`${csGroups.id}::text`,
    name: sql`nullif(${csGroups.name}, '')`,
    scope: (auth) =>
      and(
        eq(csGroups.organizationId, auth.organizationId),
        ne(csGroups.deleted, 'BUFFER'),
        auth.agentId === null
          ? undefined
          : sql`${csGroups.id} in (select unnest(${chatSessions.groupIds}) from ${chatSessions} where ${chatSessions.organizationId} = ${auth.organizationId} and ${chatSessions.agentId} = ${auth.agentId})`,
      ),
  };
}

const TABLES = { AGENT: csAgents, GROUP: csGroups, RULE: qcRules, CENSOR_BAN: censorBans } as const;

/** The agent, group or rule records the caller may name, by id, at most DIRECTORY_LIMIT. */
function records(db: Database, auth: RequestAuth, kind: RecordKind, keyword: string | null) {
  const columns = recordsOf(kind);
  return db
    .select({ id: sql<string>`${columns.id}`, name: sql<string | null>`${columns.name}` })
    .from(TABLES[kind])
    .where(and(columns.scope(auth), matching(columns, keyword)))
    .orderBy(columns.id)
    .limit(DIRECTORY_LIMIT);
}

function matching(columns: RecordColumns, keyword: string | null): SQL | undefined {
  return keyword === null ? undefined : sql`(${columns.id} ilike ${keyword} or ${columns.name} ilike ${keyword})`;
}
