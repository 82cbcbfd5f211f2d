import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { csAgents, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

/** The console users of `ids` in the organisation, in the order asked; an unknown one is a 400 naming its field. */
export async function requireUsers(
  tx: Queryable,
  organizationId: number,
  ids: readonly string[],
  field: (i: number) => string,
) {
  const keys = ids.map((id) => dbId(id) ?? -1);
  const rows = await tx
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, keys)));
  return keys.map((key, i) => {
    const user = rows.find((u) => u.id === key);
    if (user === undefined)
      throw ApiError.of(400, 'INVALID_REFERENCE', 'desk.agent.userUnknown', { id: ids[i] }, field(i));
    return user;
  });
}

/** The live agents (not emptied) the users of `userKeys` already are, by user. */
export async function agentsOfUsers(tx: Queryable, organizationId: number, userKeys: readonly number[]) {
  if (userKeys.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: csAgents.id, userId: csAgents.userId })
    .from(csAgents)
    .where(
      and(
        eq(csAgents.organizationId, organizationId),
        inArray(csAgents.userId, [...userKeys]),
        ne(csAgents.deleted, 'BUFFER'),
      ),
    );
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

/** Each new agent's user is that agent (his results, his complaints). */
export async function linkUsers(
  tx: Queryable,
  organizationId: number,
  links: readonly { userId: number; agentId: number }[],
) {
  for (const { userId, agentId } of links) await bindUserToAgent(tx, organizationId, userId, agentId, 'userId');
}

/**
 * Makes a console user the agent `agentKey`, or no agent (null), on both sides of the link (`users.agent_id` and
 * `cs_agents.user_id`): the agent must be a live agent of the organisation and nobody else's; one imported from a
 * desk without a user becomes his; the agent he was before keeps its record without a user.
 */
export async function bindUserToAgent(
  tx: Queryable,
  organizationId: number,
  userKey: number,
  agentKey: number | null,
  field: string,
): Promise<void> {
  const ofOrg = eq(csAgents.organizationId, organizationId);
  if (agentKey !== null) {
    const [agent] = await tx
      .select({ userId: csAgents.userId, owner: users.name })
      .from(csAgents)
      .leftJoin(users, eq(users.id, csAgents.userId))
      .where(and(ofOrg, eq(csAgents.id, agentKey), ne(csAgents.deleted, 'BUFFER')));
    if (agent === undefined) throw ApiError.of(400, 'INVALID_REFERENCE', 'desk.agent.unknown', { id: agentKey }, field);
    if (agent.userId !== null && agent.userId !== userKey)
      throw ApiError.of(
        400,
        'USER_TAKEN',
        'desk.agent.ownedByOther',
        { agentId: agentKey, name: agent.owner ?? '' },
        field,
      );
  }
  await tx
    .update(csAgents)
    .set({ userId: null })
    .where(and(ofOrg, eq(csAgents.userId, userKey), ...(agentKey === null ? [] : [ne(csAgents.id, agentKey)])));
  if (agentKey !== null)
    await tx
      .update(csAgents)
      .set({ userId: userKey })
      .where(and(ofOrg, eq(csAgents.id, agentKey)));
  await tx
    .update(users)
    .set({ agentId: agentKey })
    .where(and(eq(users.id, userKey), eq(users.organizationId, organizationId)));
}

export function userTaken(name: string, agentId: number | string, field: string): ApiError {
  return ApiError.of(400, 'USER_TAKEN', 'desk.agent.userTaken', { name, agentId: String(agentId) }, field);
}
