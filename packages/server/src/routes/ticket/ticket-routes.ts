import {
  LIMITS,
  pageQuerySchema,
  savedAnswerSchema,
  ticketAssignSchema,
  ticketClaimSchema,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketDetailQuerySchema,
  ticketDetailSchema,
  ticketFilterSchema,
  ticketMoveSchema,
  ticketOptionsSchema,
  ticketPageSchema,
  ticketSchema,
} from '@qcdesk/contracts';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import { taskGroups, taskKinds, taskStates, tickets, users } from '../../db/schema/index.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { kindFieldSpecs, loadKindFlow } from '../../tickets/kind-flow.js';
import { tabCounts, ticketDetail, ticketRecords, ticketWhere } from '../../tickets/ticket-read.js';
import {
  assignTicket,
  claimTicket,
  commentTicket,
  createTicket,
  findTicket,
  moveTicket,
} from '../../tickets/ticket-service.js';

const tags = ['ticket'];

/**
 * Tickets (ours: the spec shows the templates only): /v3/feed/ticket/page, list, detail, options, create, move, assign,
 * claim, comment. Every change runs in one transaction with the ticket (and any ticket group it is routed in) locked.
 */
export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const timeZone = config.timeZone;

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/page',
      query: pageQuerySchema,
      body: ticketFilterSchema,
      summary:
        'tickets a page at a time, newest first: view (the tabs MINE: my open tickets, WAITING: open ones waiting in my groups, ALL), keyword (number or title), kindId, stateCode, statusGroup, open, handler (ME, MY_GROUPS, WAITING), handlerId, groupId, overdue (ALARM, TIMEOUT), sessionId, aiResultId, timeFrom/timeTo (created); with the caller’s tab counts myNum and waitingNum',
      response: ticketPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const now = new Date();
      const where = await ticketWhere(db, auth, body, timeZone, now);
      const [rows, [total], counts] = await Promise.all([
        db
          .select()
          .from(tickets)
          .where(where)
          .orderBy(desc(tickets.createTime), desc(tickets.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(tickets).where(where),
        tabCounts(db, auth),
      ]);
      const records = await ticketRecords(db, auth.organizationId, rows, timeZone, now);
      return {
        ...pageAnswer(
          records.map((r) => pickFields(r, body.fields)),
          total?.n ?? 0,
          query,
        ),
        ...counts,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/list',
      body: ticketFilterSchema,
      summary: `tickets matching the filters of /page, newest first, at most ${LIMITS.pageSizeMax}`,
      response: z.array(ticketSchema),
      tags,
    },
    async ({ body, auth }) => {
      const now = new Date();
      const rows = await db
        .select()
        .from(tickets)
        .where(await ticketWhere(db, auth, body, timeZone, now))
        .orderBy(desc(tickets.createTime), desc(tickets.id))
        .limit(LIMITS.pageSizeMax);
      return (await ticketRecords(db, auth.organizationId, rows, timeZone, now)).map((r) => pickFields(r, body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/detail',
      query: ticketDetailQuerySchema,
      body: noBody,
      summary:
        "one ticket (ticketId) with its kind's fields, the moves its kind's flow allows from its state now (movesFrom: target state, node, handlers), its history and what the caller may do",
      response: ticketDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => ticketDetail(db, auth, await findTicket(db, auth, query.ticketId), timeZone),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/options',
      body: noBody,
      summary:
        'what a ticket is opened and handed on with: the ACTIVE ticket kinds with their fields (type, options, required) and attachment rule, the live ticket groups with their members, the staff, the states',
      response: ticketOptionsSchema,
      tags,
    },
    async ({ auth }) => {
      const organizationId = auth.organizationId;
      const kinds = await db
        .select({ id: taskKinds.id })
        .from(taskKinds)
        .where(
          and(
            eq(taskKinds.organizationId, organizationId),
            eq(taskKinds.deleted, 'NONE'),
            eq(taskKinds.status, 'ACTIVE'),
          ),
        )
        .orderBy(asc(taskKinds.id))
        .limit(LIMITS.pageSizeMax);
      const kindOptions = [];
      for (const { id } of kinds) {
        const loaded = await loadKindFlow(db, organizationId, id);
        // a kind without states cannot open a ticket (create refuses it): not offered
        if (loaded === null || loaded.flow.states.length === 0) continue;
        kindOptions.push({
          id: String(id),
          name: loaded.kind.name,
          taskCode: loaded.kind.taskCode,
          attachmentRequired: loaded.kind.attachmentRequired === 1,
          initialState: loaded.flow.states[0] ?? null,
          fields: await kindFieldSpecs(db, organizationId, loaded.kind),
        });
      }
      const [groups, staff, states] = await Promise.all([
        db
          .select()
          .from(taskGroups)
          .where(
            and(
              eq(taskGroups.organizationId, organizationId),
              eq(taskGroups.deleted, 'NONE'),
              eq(taskGroups.status, 'ACTIVE'),
            ),
          )
          .orderBy(asc(taskGroups.id))
          .limit(LIMITS.topLookup),
        db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.organizationId, organizationId), eq(users.deleted, 'NONE'), eq(users.status, 'ACTIVE')))
          .orderBy(asc(users.id))
          .limit(LIMITS.pageSizeMax),
        db
          .select()
          .from(taskStates)
          .where(and(eq(taskStates.organizationId, organizationId), ne(taskStates.deleted, 'BUFFER')))
          .orderBy(asc(taskStates.id)),
      ]);
      const staffName = new Map(staff.map((s) => [s.id, s.name]));
      const memberIds = [...new Set(groups.flatMap((g) => g.staffIds))].filter((id) => !staffName.has(id));
      if (memberIds.length > 0)
        for (const person of await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.organizationId, organizationId), inArray(users.id, memberIds))))
          staffName.set(person.id, person.name);
      return {
        kinds: kindOptions,
        groups: groups.map((g) => ({
          id: String(g.id),
          name: g.name,
          staff: g.staffIds.map((id) => ({ id: String(id), name: staffName.get(id) ?? null })),
        })),
        staff: staff.map((s) => ({ id: String(s.id), name: s.name })),
        states: states.map((s) => ({ code: s.code, name: s.name, color: s.color, statusGroup: s.statusGroup })),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/create',
      body: ticketCreateSchema,
      summary:
        "open a ticket of an ACTIVE kind (kindId, title ≤ 100, content ≤ 2000, the kind's fields by fieldId, attachments under ticket/attachment — required when the kind says so); groupId routes it by the group's rule (LOAD or ROTATE, never to a member at capacity: then it waits in the group), else its creator handles it; sessionId / aiResultId when opened from QC",
      response: savedAnswerSchema,
      tags,
    },
    async ({ body, auth }) => ({ id: String(await db.transaction((tx) => createTicket(tx, auth, body))) }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/move',
      body: ticketMoveSchema,
      summary:
        "move a ticket (id, version) to stateTo, only along its kind's flow (a node on the cell from → to; refused with 400 otherwise); only its handler or a holder of ticket.manage. The node names the next handler (CREATOR, LAST, GROUP routed, STAFF least loaded) and the alarm and timeout in the new state",
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth }) => ({ id: String(await db.transaction((tx) => moveTicket(tx, auth, body))) }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/assign',
      body: ticketAssignSchema,
      summary:
        'hand a ticket (id, version) to a person (handlerId) or into a ticket group (groupId, routed by its rule); only its handler or a holder of ticket.manage, not once resolved or closed',
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth }) => ({ id: String(await db.transaction((tx) => assignTicket(tx, auth, body))) }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/claim',
      body: ticketClaimSchema,
      summary:
        "take a ticket waiting unassigned in a ticket group one belongs to (a person's choice: allowed above the group's capacity); a holder of ticket.manage may claim any waiting ticket",
      response: savedAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth }) => ({ id: String(await db.transaction((tx) => claimTicket(tx, auth, body))) }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/ticket/comment',
      body: ticketCommentSchema,
      summary: "add a remark (≤ 500) to a ticket's history",
      response: savedAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => ({ id: String(await db.transaction((tx) => commentTicket(tx, auth, body))) }),
  );
}
