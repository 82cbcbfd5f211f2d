import {
  LIMITS,
  type StaffOption,
  staffOptionSchema,
  staffTopBodySchema,
  type TaskGroupSave,
  taskGroupContract,
} from '@qcdesk/contracts';
import { and, arrayContains, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { keywordMatch } from '../../crud/keyword.js';
import type { RowOf } from '../../crud/rows.js';
import { csAgents, taskGroups, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';

type GroupRow = RowOf<typeof taskGroups>;

/**
 * Ticket groups (tickets spec "Ticket groups"): the contract's page, list (also the node editor's group picker: keyword,
 * at most 100), detail, create, change, status and delete (to the trash), with restore and empty under csGroup.delete;
 * and the staff top list the processor and handler pickers read. A group's processors must be live users of the
 * caller's organisation. Who gets the next ticket (LOAD, ROTATE) is the tickets' business; this stores the rule.
 */
export async function taskGroupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineEntityRoutes(app, taskGroupContract, {
    table: taskGroups,
    keywordColumns: [taskGroups.name, taskGroups.code],
    where: (filter) => [
      filter.status ? eq(taskGroups.status, filter.status) : undefined,
      filter.routeType ? eq(taskGroups.routeType, filter.routeType) : undefined,
      filter.staffId ? arrayContains(taskGroups.staffIds, [dbId(filter.staffId) ?? 0]) : undefined,
    ],
    records: groupRecords,
    summaries: {
      page: 'ticket groups, a page at a time (keyword on name or code, status, routeType, staffId, deleted)',
      list: 'ticket groups matching the filters, at most `limit` (default and most 100): the handler picker of the node editor',
      detail: 'one ticket group (groupId) with its processors',
    },
    save: {
      summary:
        'save a ticket group: name required; capacity 0..1000 (default 20), routeType LOAD (default) or ROTATE, agentTicket (default true); at least one processor (staffIds), each a user of the organisation',
      values: async (body, { tx, auth, stored }) => {
        const staffIds = await requireStaff(tx, auth.organizationId, body);
        // the turn of ROTATE restarts when the processor who had the last ticket is no longer in the group
        const cursor = stored?.rotateCursor ?? null;
        return {
          name: body.name,
          code: body.code ?? null,
          capacity: body.capacity,
          routeType: body.routeType,
          agentTicket: body.agentTicket,
          staffIds,
          intro: body.intro ?? null,
          ...(cursor !== null && !staffIds.includes(cursor) ? { rotateCursor: null } : {}),
        };
      },
    },
    status: { summary: 'switch ticket groups on (ACTIVE) or off (INACTIVE): an inactive group gets no new tickets' },
    delete: { summary: 'ticket groups: delete to the trash (ticket-group.edit), restore or empty (csGroup.delete)' },
  });

  defineRoute(
    app,
    {
      path: '/v3/users/staff/top',
      body: staffTopBodySchema,
      summary:
        "the caller's organisation's active staff (keyword on name or user name), at most `limit` (default and most 100): the processor and handler pickers",
      response: z.array(staffOptionSchema),
      tags: ['task-group'],
    },
    async ({ body, auth }) => staffTop(db, auth.organizationId, body.keyword, body.limit ?? LIMITS.topLookup),
  );
}

/** The processors as keys: every id a live user of the organisation, else 400 naming the first that is not. */
async function requireStaff(tx: Queryable, organizationId: number, body: TaskGroupSave): Promise<number[]> {
  const keys = body.staffIds.map((id) => dbId(id) ?? 0);
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, keys), eq(users.deleted, 'NONE')));
  const known = new Set(found.map((u) => u.id));
  const missing = keys.findIndex((key) => !known.has(key));
  if (missing >= 0)
    throw ApiError.of(
      400,
      'INVALID_REFERENCE',
      'ticketGroup.staffUnknown',
      { id: body.staffIds[missing]! },
      `staffIds[${missing}]`,
    );
  return keys;
}

/** Rows → records: the processors' names and agent nicks, in one query each for the page. */
async function groupRecords(rows: GroupRow[], { db, auth, timeZone }: EntityContext) {
  const people = await staffByKey(db, auth.organizationId, [...new Set(rows.flatMap((row) => row.staffIds))]);
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    code: row.code,
    capacity: row.capacity,
    routeType: row.routeType,
    agentTicket: row.agentTicket,
    staffIds: row.staffIds.map(String),
    // a processor since removed from the organisation still shows by id, so the group can be corrected
    staffs: row.staffIds.map((key) => ({
      staffId: String(key),
      staffName: people.get(key)?.name ?? null,
      staffNick: people.get(key)?.nick ?? null,
    })),
    intro: row.intro,
    status: row.status,
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}

/** Users of the organisation by key, with the nick of the live agent each is (if any). */
async function staffByKey(
  db: Queryable,
  organizationId: number,
  keys: number[],
): Promise<Map<number, { name: string; nick: string | null }>> {
  if (keys.length === 0) return new Map();
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, keys)));
  const nicks = await agentNicks(db, organizationId, keys);
  return new Map(people.map((p) => [p.id, { name: p.name, nick: nicks.get(p.id) ?? null }]));
}

async function agentNicks(db: Queryable, organizationId: number, userKeys: number[]): Promise<Map<number, string>> {
  if (userKeys.length === 0) return new Map();
  const agents = await db
    .select({ userId: csAgents.userId, nick: csAgents.nick })
    .from(csAgents)
    .where(
      and(
        eq(csAgents.organizationId, organizationId),
        inArray(csAgents.userId, userKeys),
        eq(csAgents.deleted, 'NONE'),
      ),
    );
  return new Map(agents.map((a) => [a.userId!, a.nick]));
}

/** The organisation's live, active users matching the keyword, by name. */
async function staffTop(
  db: Queryable,
  organizationId: number,
  keyword: string | undefined,
  limit: number,
): Promise<StaffOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.deleted, 'NONE'),
        eq(users.status, 'ACTIVE'),
        keywordMatch([users.name, users.username], keyword),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  const nicks = await agentNicks(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    username: row.username,
    nick: nicks.get(row.id) ?? null,
  }));
}
