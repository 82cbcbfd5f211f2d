import { sql } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { users } from '../db/schema/auth.js';
import { csAgents, csGroups } from '../db/schema/desk-staffing.js';
import type { NormalizedSession } from './session-record.js';

/**
 * The agents and skill groups a batch of sessions names, created as records when the organisation has none with
 * that id (so no imported session points at nothing): an agent goes by the session's nick, else its name, else its
 * id; a group by its name, else its id. Records that exist are left as the console keeps them. One insert per kind
 * for the whole batch; then the id sequences move past the desk's ids (so a record created later cannot take one),
 * and a new agent whose id a console user already carries (`users.agent_id`) is linked to that user.
 */
export async function createMissingStaff(
  tx: Queryable,
  organizationId: number,
  sessions: readonly NormalizedSession['session'][],
): Promise<void> {
  const agents = new Map<number, { name: string | null; nick: string }>();
  const groups = new Map<number, string>();
  for (const s of sessions) {
    if (s.agentId !== null && !agents.has(s.agentId))
      agents.set(s.agentId, { name: s.agentName || null, nick: s.agentNick || s.agentName || String(s.agentId) });
    for (const g of s.groups) if (!groups.has(g.groupId)) groups.set(g.groupId, g.groupName || String(g.groupId));
  }
  if (agents.size > 0) {
    const created = await tx
      .insert(csAgents)
      .values([...agents].map(([id, a]) => ({ id, organizationId, name: a.name, nick: a.nick.slice(0, 100) })))
      .onConflictDoNothing({ target: [csAgents.organizationId, csAgents.id] })
      .returning({ id: csAgents.id });
    if (created.length > 0) {
      await moveSequencePast(tx, 'cs_agents');
      await tx.execute(sql`
        update ${csAgents} set user_id = u.id
        from ${users} u
        where u.organization_id = ${organizationId} and u.agent_id = ${csAgents.id}
          and ${csAgents.organizationId} = ${organizationId} and ${csAgents.userId} is null
          and ${csAgents.id} in ${sql.raw(`(${created.map((c) => Number(c.id)).join(',')})`)}
          and not exists (select 1 from ${csAgents} other where other.organization_id = ${organizationId}
            and other.user_id = u.id and other.deleted <> 'BUFFER')`);
    }
  }
  if (groups.size > 0) {
    const created = await tx
      .insert(csGroups)
      .values(
        [...groups].map(([id, name]) => ({ id, organizationId, name: name.slice(0, 100), type: 'ONLINE' as const })),
      )
      .onConflictDoNothing({ target: [csGroups.organizationId, csGroups.id] })
      .returning({ id: csGroups.id });
    if (created.length > 0) await moveSequencePast(tx, 'cs_groups');
  }
}

/**
 * The table's id sequence moves to its largest id if it is behind, never back (`greatest`; marked called, so the
 * next id is one more — also on a fresh sequence whose first id an import just took).
 */
export async function moveSequencePast(tx: Queryable, table: 'cs_agents' | 'cs_groups' | 'cs_lines'): Promise<void> {
  const sequence = `${table}_id_seq`;
  await tx.execute(
    sql.raw(
      `select setval('${sequence}', greatest((select max(id) from ${table}), (select last_value from ${sequence})), true)`,
    ),
  );
}
