import {
  type CsGroupOption,
  type CsGroupSave,
  csGroupContract,
  csGroupOptionSchema,
  csGroupSelectQuerySchema,
  csGroupTopBodySchema,
  LIMITS,
  type MessageCode,
} from '@qcdesk/contracts';
import { and, asc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { notFound, type Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import { csAgents, csGroups } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { sessionOfChat, transferGroups } from '../../live/transfer-targets.js';
import { groupRecords, liveTimes } from './group-record.js';

const SESSION = { zh: '会话', en: 'Session' } as const;

/** Skill groups: the contract's calls, the top list and the transfer targets of a chat. */
export async function csGroupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineEntityRoutes(app, csGroupContract, {
    table: csGroups,
    keywordColumns: [csGroups.name, csGroups.code],
    where: (filter) => [
      filter.type ? eq(csGroups.type, filter.type) : undefined,
      filter.status ? eq(csGroups.status, filter.status) : undefined,
      filter.parentId ? eq(csGroups.parentId, dbId(filter.parentId) ?? 0) : undefined,
    ],
    records: groupRecords,
    summaries: {
      page: 'skill groups, a page at a time (keyword, type, status, parentId, deleted), with receivers, service time and today’s spans',
      detail: 'one skill group (groupId) with its config',
    },
    save: {
      summary:
        'save a skill group with its receivers (agentIds): creates without id, changes with id and version; the service time, receivers, category and overflow groups must exist',
      values: async (body, { tx, auth }) => {
        await checkReferences(tx, auth, body);
        return {
          name: body.name,
          type: body.type,
          code: body.code ?? null,
          intro: body.intro ?? null,
          timeId: dbId(body.timeId),
          parentId: body.parentId === null ? null : dbId(body.parentId),
          agentIds: body.agentIds.map((id) => dbId(id)!),
          config: body.config,
        };
      },
    },
  });

  defineRoute(
    app,
    {
      path: '/v3/chats/cs-group/list/top',
      body: csGroupTopBodySchema,
      summary: `the active top-level skill groups (no category above them) of a type, optional keyword, by name (pinyin); at most ${LIMITS.topLookup}`,
      response: z.array(csGroupOptionSchema),
      tags: ['cs-group'],
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(csGroups)
        .where(
          and(
            liveActive(auth),
            isNull(csGroups.parentId),
            body.type ? eq(csGroups.type, body.type) : undefined,
            body.keyword ? ilike(csGroups.name, `%${escapeLike(body.keyword)}%`) : undefined,
          ),
        )
        .orderBy(asc(csGroups.name), asc(csGroups.id))
        .limit(LIMITS.topLookup);
      return byName(await options(db, auth, rows));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/cs-group/select',
      query: csGroupSelectQuerySchema,
      body: noBody,
      summary:
        'the skill groups a chat may be transferred to (chatId): the active ONLINE groups its service line routes to (GROUP navigations and their overflow groups); for a line routing nowhere or no record, the groups its sessions were served in; else all of them',
      response: z.array(csGroupOptionSchema),
      errors: [404],
      tags: ['cs-group'],
    },
    async ({ query, auth }) => {
      const chat = await sessionOfChat(db, auth.organizationId, query.chatId);
      if (chat === null) throw notFound(SESSION, query.chatId);
      // where the desk would route the chat's line (live/transfer-targets.ts)
      const rows = await transferGroups(db, auth.organizationId, chat.lineId, LIMITS.topLookup);
      return byName(await options(db, auth, rows));
    },
  );
}

const BY_NAME = new Intl.Collator('zh-CN', { numeric: true });
/** By name as a Chinese reader sorts (pinyin), the same on PGlite and on any PostgreSQL collation. */
function byName(groups: CsGroupOption[]): CsGroupOption[] {
  return groups.sort((a, b) => BY_NAME.compare(a.name, b.name) || BY_NAME.compare(a.id, b.id));
}

function liveActive(auth: RequestAuth) {
  return and(
    eq(csGroups.organizationId, auth.organizationId),
    eq(csGroups.deleted, 'NONE'),
    eq(csGroups.status, 'ACTIVE'),
  );
}

/** Groups as options: online when their service time is live. */
async function options(
  db: Queryable,
  auth: RequestAuth,
  rows: (typeof csGroups.$inferSelect)[],
): Promise<CsGroupOption[]> {
  const times = await liveTimes(
    db,
    auth.organizationId,
    rows.flatMap((r) => (r.timeId === null ? [] : [r.timeId])),
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    type: r.type,
    online: r.timeId !== null && times.has(r.timeId),
  }));
}

const refused = (message: MessageCode, id: string, field: string) =>
  ApiError.of(400, 'INVALID_REFERENCE', message, { id }, field);

/** The service time, the receivers, the category and the two config groups must be live records of the caller's. */
async function checkReferences(tx: Queryable, auth: RequestAuth, body: CsGroupSave): Promise<void> {
  const org = auth.organizationId;
  const timeKey = dbId(body.timeId);
  if (timeKey === null || !(await liveTimes(tx, org, [timeKey])).has(timeKey))
    throw refused('desk.time.unknown', body.timeId, 'timeId');

  const agentKeys = body.agentIds.map((id) => dbId(id) ?? -1);
  const found = await tx
    .select({ id: csAgents.id })
    .from(csAgents)
    .where(and(eq(csAgents.organizationId, org), inArray(csAgents.id, agentKeys), eq(csAgents.deleted, 'NONE')));
  const present = new Set(found.map((a) => a.id));
  const missing = agentKeys.findIndex((key) => !present.has(key));
  if (missing >= 0) throw refused('desk.agent.unknown', body.agentIds[missing]!, `agentIds[${missing}]`);

  if (body.parentId) {
    const [parent] = await liveGroups(tx, org, [body.parentId]);
    if (parent === undefined || parent.type !== 'CATEGORY' || parent.parentId !== null || parent.status !== 'ACTIVE')
      throw refused('desk.group.parentNotCategory', body.parentId, 'parentId');
  }
  for (const key of ['overloadGroupId', 'offlineGroupId'] as const) {
    const id = body.config?.[key];
    if (!id) continue;
    const [group] = await liveGroups(tx, org, [id]);
    if (group === undefined) throw refused('desk.group.unknown', id, `config.${key}`);
  }
}

async function liveGroups(tx: Queryable, organizationId: number, ids: string[]) {
  const keys = ids.map((id) => dbId(id) ?? -1);
  return tx
    .select()
    .from(csGroups)
    .where(and(eq(csGroups.organizationId, organizationId), inArray(csGroups.id, keys), eq(csGroups.deleted, 'NONE')));
}
