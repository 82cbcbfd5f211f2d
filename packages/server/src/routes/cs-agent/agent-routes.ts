import { csAgentContract } from '@qcdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { dbId } from '../../crud/ids.js';
import { csAgents, csGroups } from '../../db/schema/index.js';
import { agentRecords } from './agent-record.js';
import { agentsOfUsers, linkUsers, requireUsers, userTaken } from './agent-users.js';
import { agentBatchRoutes } from './batch-routes.js';
import { agentPullRoute } from './pull-route.js';

/** Agents: the contract's page, list, detail, create, change and delete, plus createBatch, changeBatch and pull. */
export async function csAgentRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, csAgentContract, {
    table: csAgents,
    keywordColumns: [csAgents.name, csAgents.nick, csAgents.workNo],
    where: (filter, auth) => [
      filter.status ? eq(csAgents.status, filter.status) : undefined,
      filter.groupId
        ? sql`exists (select 1 from ${csGroups} where ${csGroups.organizationId} = ${auth.organizationId} and ${csGroups.id} = ${dbId(filter.groupId) ?? 0} and ${csAgents.id} = any(${csGroups.agentIds}))`
        : undefined,
    ],
    records: agentRecords,
    summaries: {
      page: 'agents, a page at a time (keyword on name, nick or work number; status; bound group; deleted), with their groups, sessions and current receptions',
      detail: 'one agent (agentId)',
    },
    save: {
      summary:
        'save an agent: creates for a user (userId, required) without id; changes with id and version (the user stays: a change ignores userId); capacity 1–1000, 20 by default',
      values: async (body, { tx, auth, stored }) => {
        // the user is chosen on create and read-only after (spec §2.4): a change keeps it, whatever the body says
        return {
          nick: body.nick,
          capacity: body.capacity,
          softNumber: body.softNumber ?? null,
          mobile: body.mobile ?? null,
          callPlatform: body.callPlatform ?? null,
          ...(stored === null ? await userColumns(tx, auth.organizationId, body.userId!) : {}),
        };
      },
      afterWrite: async (key, values, { tx, auth, stored }) => {
        if (stored === null && values.userId != null)
          await linkUsers(tx, auth.organizationId, [{ userId: values.userId, agentId: key }]);
      },
      uniqueIndexes: { cs_agents_org_user_uq: (body) => userTaken(body.userId ?? '', '?', 'userId') },
    },
  });
  agentBatchRoutes(app);
  agentPullRoute(app);
}

/** A new agent's user columns: the user must be the caller's and not an agent already. */
async function userColumns(tx: Parameters<typeof requireUsers>[0], organizationId: number, userId: string) {
  const [user] = await requireUsers(tx, organizationId, [userId], () => 'userId');
  const taken = (await agentsOfUsers(tx, organizationId, [user!.id])).get(user!.id);
  if (taken !== undefined) throw userTaken(user!.name, taken, 'userId');
  return { userId: user!.id, name: user!.name, workNo: user!.username };
}
