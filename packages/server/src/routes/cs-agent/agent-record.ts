import type { CsAgent } from '@qcdesk/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityContext } from '../../crud/define-entity-routes.js';
import type { RowOf } from '../../crud/rows.js';
import { type csAgents, csGroups } from '../../db/schema/index.js';
import { chatSessions } from '../../db/schema/sessions.js';

type AgentRow = RowOf<typeof csAgents>;

/**
 * Rows → records, a page at once: the live groups each agent receives in (one query), and his sessions and open
 * sessions (receptions) counted from the imported sessions (one grouped query).
 */
export async function agentRecords(rows: AgentRow[], { db, auth, timeZone }: EntityContext): Promise<CsAgent[]> {
  const keys = rows.map((r) => r.id);
  const org = auth.organizationId;
  const [groups, counts] =
    keys.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ id: csGroups.id, name: csGroups.name, agentIds: csGroups.agentIds })
            .from(csGroups)
            .where(
              and(
                eq(csGroups.organizationId, org),
                eq(csGroups.deleted, 'NONE'),
                sql`${csGroups.agentIds} && ${sql.raw(`'{${keys.join(',')}}'::bigint[]`)}`,
              ),
            )
            .orderBy(csGroups.id),
          db
            .select({
              agentId: chatSessions.agentId,
              sessions: count(),
              receptions: sql<number>`count(*) filter (where ${chatSessions.status} = 'ACTIVE')`.mapWith(Number),
            })
            .from(chatSessions)
            .where(and(eq(chatSessions.organizationId, org), inArray(chatSessions.agentId, keys)))
            .groupBy(chatSessions.agentId),
        ]);
  return rows.map((row) => {
    const tally = counts.find((c) => c.agentId === row.id);
    return {
      id: String(row.id),
      workNo: row.workNo,
      name: row.name,
      nick: row.nick,
      status: row.status,
      userId: row.userId === null ? null : String(row.userId),
      code: row.code,
      avatar: row.avatar,
      capacity: row.capacity,
      groups: groups
        .filter((g) => g.agentIds.includes(row.id))
        .map((g) => ({ groupId: String(g.id), groupName: g.name, agentId: String(row.id) })),
      softNumber: row.softNumber,
      sipNumber: row.sipNumber,
      mobile: row.mobile,
      mode: row.mode,
      callPlatform: row.callPlatform,
      platformAgentId: row.platformAgentId,
      receptions: tally?.receptions ?? 0,
      sessions: tally?.sessions ?? 0,
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}
