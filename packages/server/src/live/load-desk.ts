import type { CsGroupConfigInput, FeedEvent } from '@qcdesk/contracts';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { dbId } from '../crud/ids.js';
import { agentLive, chatMessages, chatSessions, csAgents, csGroups, csLines, liveQueue } from '../db/schema/index.js';
import { navsOfLines } from '../routes/cs-nav/nav-references.js';
import { type AgentLiveRow, type LiveAgent, LiveDesk, sortQueue } from './live-desk.js';

/** Events that may move a session to an agent or into the queue, and so need the groups, agents and queue. */
const ROUTING = new Set<FeedEvent['type']>(['SESSION_OPENED', 'SESSION_TRANSFERRED', 'SESSION_CLOSED', 'AGENT_STATUS']);

/**
 * Loads what the batch's events touch, in a handful of queries (never one per event): their sessions and the
 * message ids already in them; when anything may be assigned, the organisation's ACTIVE ONLINE groups, the queue
 * and its sessions, the lines sessions open on with the groups their GROUP navigations route to, and the customers'
 * last receivers; and every agent concerned with his live row.
 */
export async function loadDesk(
  tx: Queryable,
  organizationId: number,
  timeZone: string,
  events: readonly FeedEvent[],
): Promise<LiveDesk> {
  const desk = new LiveDesk(organizationId, timeZone);
  const routing = events.some((e) => ROUTING.has(e.type));

  // the queue first: its sessions are loaded with the batch's own
  if (routing) {
    const stored = await tx
      .select()
      .from(liveQueue)
      .where(eq(liveQueue.organizationId, organizationId))
      .orderBy(asc(liveQueue.enqueuedAt), asc(liveQueue.position));
    desk.queue = sortQueue(stored.map((row) => ({ ...row, isNew: false })));
  }
  const sessionIds = [
    ...new Set([
      ...events.flatMap((e) => ('sessionId' in e ? [e.sessionId] : [])),
      ...desk.queue.map((entry) => entry.sessionId),
    ]),
  ];
  for (let i = 0; i < sessionIds.length; i += 1000) {
    const rows = await tx
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.organizationId, organizationId),
          inArray(chatSessions.sessionId, sessionIds.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) desk.sessions.set(row.sessionId, { row, isNew: false, dirty: false });
  }

  // message ids already in the sessions, so that a message sent again under a new event id is not stored twice
  const messageEvents = events.filter((e): e is Extract<FeedEvent, { type: 'MESSAGE' }> => e.type === 'MESSAGE');
  const refs = [...new Set(messageEvents.flatMap((e) => desk.sessions.get(e.sessionId)?.row.id ?? []))];
  if (refs.length > 0) {
    const taken = await tx
      .select({ sessionId: chatMessages.sessionId, messageId: chatMessages.messageId })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.sessionRef, refs),
          inArray(chatMessages.messageId, [...new Set(messageEvents.map((e) => e.messageId))]),
        ),
      );
    for (const m of taken) desk.messageKeys.add(`${m.sessionId}\u0000${m.messageId}`);
  }

  const agentIds = new Set<number>();
  for (const event of events) {
    if (event.type === 'AGENT_STATUS' || (event.type === 'SESSION_TRANSFERRED' && event.agentId != null))
      agentIds.add(dbId(event.agentId!) ?? 0);
  }
  for (const { row } of desk.sessions.values()) if (row.agentId !== null) agentIds.add(row.agentId);

  if (routing) {
    const groups = await tx
      .select({ id: csGroups.id, name: csGroups.name, config: csGroups.config, agentIds: csGroups.agentIds })
      .from(csGroups)
      .where(
        and(
          eq(csGroups.organizationId, organizationId),
          eq(csGroups.type, 'ONLINE'),
          eq(csGroups.status, 'ACTIVE'),
          eq(csGroups.deleted, 'NONE'),
        ),
      )
      .orderBy(asc(csGroups.id));
    for (const g of groups) {
      const config = g.config as CsGroupConfigInput | null;
      desk.groups.set(g.id, {
        groupId: g.id,
        name: g.name,
        firstAssign: config?.firstAssign ?? null,
        secondAssign: config?.secondAssign ?? null,
        overloadGroupId: dbId(config?.overloadGroupId ?? ''),
        agentIds: g.agentIds,
      });
      for (const id of g.agentIds) agentIds.add(id);
    }
    await loadLines(tx, desk, events);
    await loadLastReceivers(tx, desk, events);
  }
  await loadAgents(tx, desk, [...agentIds]);
  return desk;
}

/** The live lines sessions open on, with the groups their GROUP navigations route to. */
async function loadLines(tx: Queryable, desk: LiveDesk, events: readonly FeedEvent[]): Promise<void> {
  const lineIds = [...new Set(events.flatMap((e) => (e.type === 'SESSION_OPENED' ? [dbId(e.lineId) ?? 0] : [])))];
  if (lineIds.length === 0) return;
  const lines = await tx
    .select({ id: csLines.id, organizationId: csLines.organizationId, name: csLines.name, navs: csLines.navs })
    .from(csLines)
    .where(
      and(
        eq(csLines.organizationId, desk.organizationId),
        inArray(csLines.id, lineIds),
        eq(csLines.deleted, 'NONE'),
        eq(csLines.status, 'ACTIVE'),
      ),
    );
  const navsOf = await navsOfLines(tx, lines);
  for (const line of lines)
    desk.lines.set(line.id, {
      lineId: line.id,
      name: line.name,
      groupIds: navsOf(line).onlineGroups.flatMap((g) => dbId(g.groupId) ?? []),
    });
}

/** The agent of each arriving customer's latest session that had one (LAST_RECEIVER). */
async function loadLastReceivers(tx: Queryable, desk: LiveDesk, events: readonly FeedEvent[]): Promise<void> {
  const customers = [
    ...new Set(events.flatMap((e) => (e.type === 'SESSION_OPENED' && e.customerId != null ? [e.customerId] : []))),
  ];
  if (customers.length === 0) return;
  const rows = await tx
    .selectDistinctOn([chatSessions.customerId], { customerId: chatSessions.customerId, agentId: chatSessions.agentId })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.organizationId, desk.organizationId),
        inArray(chatSessions.customerId, customers),
        isNotNull(chatSessions.agentId),
      ),
    )
    .orderBy(chatSessions.customerId, desc(chatSessions.beginTime), desc(chatSessions.id));
  for (const row of rows)
    if (row.customerId !== null && row.agentId !== null) desk.lastReceiver.set(row.customerId, row.agentId);
}

/** Live agent records with their live rows; an agent without one starts from his record's status. */
async function loadAgents(tx: Queryable, desk: LiveDesk, ids: number[]): Promise<void> {
  const wanted = ids.filter((id) => id > 0);
  if (wanted.length === 0) return;
  const records = await tx
    .select({
      id: csAgents.id,
      name: csAgents.name,
      nick: csAgents.nick,
      capacity: csAgents.capacity,
      status: csAgents.status,
      mode: csAgents.mode,
    })
    .from(csAgents)
    .where(
      and(eq(csAgents.organizationId, desk.organizationId), inArray(csAgents.id, wanted), eq(csAgents.deleted, 'NONE')),
    );
  const lives = await tx
    .select()
    .from(agentLive)
    .where(and(eq(agentLive.organizationId, desk.organizationId), inArray(agentLive.agentId, wanted)));
  const liveOf = new Map(lives.map((row) => [row.agentId, row]));
  for (const record of records) {
    const live: AgentLiveRow = liveOf.get(record.id) ?? {
      organizationId: desk.organizationId,
      agentId: record.id,
      status: record.status,
      mode: record.mode,
      // no day yet: the first event makes the row current (counters from 0, time from that day's midnight)
      statusTime: new Date(0),
      receptions: 0,
      lastAssignTime: null,
      day: '',
      todayReceptions: 0,
      todayClosed: 0,
      todaySent: 0,
      todayReceived: 0,
      todayTransfers: 0,
      todayOnlineSeconds: 0,
      todayRestSeconds: 0,
      firstOnlineTime: null,
      lastOfflineTime: null,
      modifyTime: new Date(),
    };
    const agent: LiveAgent = {
      agentId: record.id,
      name: record.name,
      nick: record.nick,
      capacity: record.capacity,
      live,
      dirty: false,
      statusChanged: false,
    };
    desk.agents.set(record.id, agent);
  }
}
