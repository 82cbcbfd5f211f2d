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

/** `users.agent_id` of each new agent's user: the user is that agent (his results, his complaints). */
export async function linkUsers(
  tx: Queryable,
  organizationId: number,
  links: readonly { userId: number; agentId: number }[],
) {
  for (const { userId, agentId } of links)
    await tx
      .update(users)
      .set({ agentId })
      .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
}

export function userTaken(name: string, agentId: number | string, field: string): ApiError {
  return ApiError.of(400, 'USER_TAKEN', 'desk.agent.userTaken', { name, agentId: String(agentId) }, field);
}
