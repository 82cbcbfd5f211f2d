import {
  csAgentBatchAnswerSchema,
  csAgentChangeBatchSchema,
  csAgentContract,
  csAgentCreateBatchSchema,
  DESK_LIMITS,
} from '@qcdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createdBy, modifiedBy, requireAllVisible } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { csAgents } from '../../db/schema/index.js';
import { defineRoute } from '../../http/define-route.js';
import { agentsOfUsers, linkUsers, requireUsers } from './agent-users.js';

/** /createBatch (an agent for each selected user) and /changeBatch (the list's inline edits saved at once). */
export function agentBatchRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/chats/cs-agent/createBatch',
      body: csAgentCreateBatchSchema,
      summary: `an agent for each selected user (userIds): nick = the user's name, capacity ${DESK_LIMITS.capacityDefault}; users who are agents already are skipped`,
      response: csAgentBatchAnswerSchema,
      tags: ['cs-agent'],
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const org = auth.organizationId;
        const people = await requireUsers(tx, org, body.userIds, (i) => `userIds[${i}]`);
        const taken = await agentsOfUsers(
          tx,
          org,
          people.map((u) => u.id),
        );
        const fresh = people.filter((u) => !taken.has(u.id));
        const created =
          fresh.length === 0
            ? []
            : await tx
                .insert(csAgents)
                .values(
                  fresh.map((u) => ({
                    userId: u.id,
                    name: u.name,
                    nick: u.name.slice(0, DESK_LIMITS.nameMax),
                    workNo: u.username,
                    capacity: DESK_LIMITS.capacityDefault,
                    ...createdBy(auth),
                  })),
                )
                .returning({ id: csAgents.id, userId: csAgents.userId });
        await linkUsers(
          tx,
          org,
          created.map((a) => ({ userId: a.userId!, agentId: a.id })),
        );
        return {
          ids: created.map((a) => String(a.id)),
          skipped: people.filter((u) => taken.has(u.id)).map((u) => String(u.id)),
        };
      }),
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/cs-agent/changeBatch',
      body: csAgentChangeBatchSchema,
      summary:
        'save the list’s inline edits ({id, nick, capacity, callPlatform}); capacity keeps its digits and is clamped to 1–1000; rows without a nick are skipped',
      response: csAgentBatchAnswerSchema,
      errors: [404],
      tags: ['cs-agent'],
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const rows = body.agents.filter((a) => a.nick !== '');
        await requireAllVisible(
          tx,
          csAgents,
          auth,
          rows.map((r) => r.id),
          csAgentContract.name,
        );
        for (const row of rows)
          await tx
            .update(csAgents)
            .set({
              nick: row.nick,
              capacity: row.capacity,
              callPlatform: row.callPlatform ?? null,
              ...modifiedBy(auth),
              version: sql`${csAgents.version} + 1`,
            })
            .where(and(eq(csAgents.organizationId, auth.organizationId), eq(csAgents.id, dbId(row.id)!)));
        return {
          ids: rows.map((r) => r.id),
          skipped: body.agents.filter((a) => a.nick === '').map((a) => a.id),
        };
      }),
  );
}
