import type { MonitorSessionTransfer } from '@qcdesk/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dbId } from '../../crud/ids.js';
import type { Database } from '../../db/connect.js';
import { csAgents, csGroups, liveEvents } from '../../db/schema/index.js';
import { formatTime } from '../../http/time-zone.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A session's transfers in the order the feed took them (issue 20: the transcript shows them), read from its history
 * (live_events SESSION_TRANSFERRED: the row's agent is the one the session left, the payload names the target agent
 * or group, the remark and who did it). Each carries how many of the session's messages came before it, so the
 * transcript places it by the feed's order rather than by clocks (a console's transfer is stamped with the server's
 * clock, a platform's messages with the platform's). A transfer to a group names the agent the desk then assigned the
 * session to (its next SESSION_ASSIGNED before any later transfer). Agents' nicks and groups' names are read now,
 * deleted or not.
 */
export async function sessionTransfers(
  db: Database,
  organizationId: number,
  sessionId: string,
  timeZone: string,
): Promise<MonitorSessionTransfer[]> {
  const history = await db
    .select({
      type: liveEvents.type,
      at: liveEvents.at,
      agentId: liveEvents.agentId,
      payload: liveEvents.payload,
      // the outer row named by its table (a column inside sql`` renders without it, and would read the inner one)
      messagesBefore: sql<number>`(select count(*)::int from live_events m
        where m.organization_id = live_events.organization_id and m.session_id = live_events.session_id
          and m.type = 'MESSAGE' and m.seq < live_events.seq)`,
    })
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.organizationId, organizationId),
        eq(liveEvents.sessionId, sessionId),
        inArray(liveEvents.type, ['SESSION_TRANSFERRED', 'SESSION_ASSIGNED']),
      ),
    )
    .orderBy(asc(liveEvents.seq), asc(liveEvents.id));
  const found: (Omit<(typeof history)[number], 'type'> & {
    toAgent: number | null;
    toGroup: number | null;
    takenBy: number | null;
  })[] = [];
  for (const { type, ...e } of history) {
    const last = found.at(-1);
    if (type === 'SESSION_ASSIGNED') {
      // the first assignment after a transfer to a group is who took it; a later one belongs to no transfer shown
      if (last !== undefined && last.toAgent === null && last.takenBy === null)
        last.takenBy = e.agentId ?? dbId(text(e.payload.agentId) ?? '');
      continue;
    }
    const toAgent = dbId(text(e.payload.agentId) ?? '');
    found.push({ ...e, toAgent, toGroup: dbId(text(e.payload.groupId) ?? ''), takenBy: null });
  }
  if (found.length === 0) return [];
  const agentIds = [
    ...new Set(found.flatMap((e) => [e.agentId, e.toAgent, e.takenBy]).filter((id): id is number => id !== null)),
  ];
  const groupIds = [...new Set(found.map((e) => e.toGroup).filter((id): id is number => id !== null))];
  const [agents, groups] = await Promise.all([
    agentIds.length === 0
      ? []
      : db
          .select({ id: csAgents.id, nick: csAgents.nick })
          .from(csAgents)
          .where(and(eq(csAgents.organizationId, organizationId), inArray(csAgents.id, agentIds))),
    groupIds.length === 0
      ? []
      : db
          .select({ id: csGroups.id, name: csGroups.name })
          .from(csGroups)
          .where(and(eq(csGroups.organizationId, organizationId), inArray(csGroups.id, groupIds))),
  ]);
  const nicks = new Map(agents.map((a) => [a.id, a.nick]));
  const names = new Map(groups.map((g) => [g.id, g.name]));
  return found.map((e) => ({
    time: formatTime(e.at, timeZone)!,
    messagesBefore: Number(e.messagesBefore),
    fromAgentId: e.agentId === null ? null : String(e.agentId),
    fromAgentNick: e.agentId === null ? null : (nicks.get(e.agentId) ?? null),
    toAgentId: e.toAgent === null ? null : String(e.toAgent),
    toAgentNick: e.toAgent === null ? null : (nicks.get(e.toAgent) ?? null),
    toGroupId: e.toGroup === null ? null : String(e.toGroup),
    toGroupName: e.toGroup === null ? null : (names.get(e.toGroup) ?? null),
    takenByAgentId: e.takenBy === null ? null : String(e.takenBy),
    takenByAgentNick: e.takenBy === null ? null : (nicks.get(e.takenBy) ?? null),
    remark: text(e.payload.remark),
    by: text(e.payload.by),
  }));
}
