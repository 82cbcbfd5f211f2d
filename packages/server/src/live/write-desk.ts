import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { logRows } from '../censor/censor-message.js';
import type { Queryable } from '../crud/entity-table.js';
import {
  agentLive,
  censorLogs,
  chatMessages,
  chatSessions,
  csAgents,
  liveEvents,
  liveQueue,
} from '../db/schema/index.js';
import type { LiveDesk, PendingMessage } from './live-desk.js';

/** A message as written, with its id: what real-time listeners (QC, monitors) read of it. */
export interface WrittenMessage {
  readonly id: number;
  readonly sessionRef: number;
  readonly message: PendingMessage;
}

/** The columns a live event changes; the rest of a session is as it opened (or as an import left it). */
const LIVE_COLUMNS = [
  'status',
  'agentId',
  'agentName',
  'agentNick',
  'groups',
  'groupIds',
  'groupId',
  'closeWay',
  'closeReason',
  'closeTime',
  'duration',
  'messageCount',
  'agentText',
  'customerText',
  'arrivalTime',
  'joinTime',
  'firstReplyTime',
  'queueSeconds',
  'liveSeq',
] as const satisfies readonly (keyof typeof chatSessions.$inferSelect)[];

const excluded = (key: keyof typeof chatSessions.$inferSelect) => sql.raw(`excluded.${chatSessions[key].name}`);
const SESSION_SET = {
  ...Object.fromEntries(LIVE_COLUMNS.map((key) => [key, excluded(key)])),
  modifyTime: sql`now()`,
};

const AGENT_SET = Object.fromEntries(
  Object.entries(getTableColumns(agentLive))
    .filter(([key]) => key !== 'organizationId' && key !== 'agentId')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/**
 * Writes what the batch changed, a statement per table (in chunks), never one per event: the sessions (upserted, so
 * new ones get their ids), their messages and the censor log rows of those with a match, the agents' live rows
 * (and the status on their records, which the agent list shows), the queue's leavers and newcomers, and the events.
 */
export async function writeDesk(tx: Queryable, desk: LiveDesk): Promise<WrittenMessage[]> {
  const org = desk.organizationId;

  const refOf = new Map<string, number>();
  for (const s of desk.sessions.values()) if (!s.isNew) refOf.set(s.row.sessionId, s.row.id);
  const dirty = [...desk.sessions.values()].filter((s) => s.dirty);
  for (let i = 0; i < dirty.length; i += 500) {
    const rows = await tx
      .insert(chatSessions)
      .values(dirty.slice(i, i + 500).map(({ row: { id: _id, ...row } }) => ({ ...row, organizationId: org })))
      .onConflictDoUpdate({ target: [chatSessions.organizationId, chatSessions.sessionId], set: SESSION_SET })
      .returning({ id: chatSessions.id, sessionId: chatSessions.sessionId });
    for (const r of rows) refOf.set(r.sessionId, r.id);
  }
  for (const s of desk.sessions.values()) if (s.isNew) s.row.id = refOf.get(s.row.sessionId) ?? 0;

  const written: WrittenMessage[] = [];
  for (let i = 0; i < desk.messages.length; i += 1000) {
    const chunk = desk.messages.slice(i, i + 1000).map((message) => ({
      message,
      values: { ...message.row, organizationId: org, sessionRef: refOf.get(message.row.sessionId!)! },
    }));
    const ids = await tx
      .insert(chatMessages)
      .values(chunk.map((c) => c.values))
      .returning({ id: chatMessages.id });
    chunk.forEach((c, k) => {
      written.push({ id: ids[k]!.id, sessionRef: c.values.sessionRef, message: c.message });
    });
  }
  const logs = written.flatMap(({ id, message }) =>
    message.censored === null
      ? []
      : logRows(
          org,
          id,
          {
            messageId: message.row.messageId,
            chatId: message.row.chatId,
            sessionId: message.row.sessionId,
            senderRole: message.row.senderRole,
            senderNick: message.row.senderNick ?? null,
            senderAvatar: message.row.senderAvatar ?? null,
            sendTime: message.row.sendTime,
            content: message.row.content,
          },
          message.place,
          message.censored,
        ),
  );
  for (let i = 0; i < logs.length; i += 1000) await tx.insert(censorLogs).values(logs.slice(i, i + 1000));

  const agents = [...desk.agents.values()].filter((a) => a.dirty);
  if (agents.length > 0)
    await tx
      .insert(agentLive)
      .values(agents.map((a) => ({ ...a.live, modifyTime: new Date() })))
      .onConflictDoUpdate({ target: [agentLive.organizationId, agentLive.agentId], set: AGENT_SET });
  for (const agent of agents.filter((a) => a.statusChanged))
    await tx
      .update(csAgents)
      .set({ status: agent.live.status, mode: agent.live.mode })
      .where(and(eq(csAgents.organizationId, org), eq(csAgents.id, agent.agentId)));

  const leavers = [...desk.dequeued];
  for (let i = 0; i < leavers.length; i += 1000)
    await tx
      .delete(liveQueue)
      .where(and(eq(liveQueue.organizationId, org), inArray(liveQueue.sessionId, leavers.slice(i, i + 1000))));
  const newcomers = desk.queue.filter((entry) => entry.isNew);
  for (let i = 0; i < newcomers.length; i += 1000)
    await tx.insert(liveQueue).values(
      newcomers.slice(i, i + 1000).map((entry) => ({
        organizationId: org,
        sessionId: entry.sessionId,
        lineId: entry.lineId,
        trackClient: entry.trackClient,
        groupIds: [...entry.groupIds],
        excludedAgentId: entry.excludedAgentId,
        enqueuedAt: entry.enqueuedAt,
      })),
    );

  for (let i = 0; i < desk.events.length; i += 1000)
    await tx
      .insert(liveEvents)
      .values(desk.events.slice(i, i + 1000).map((event) => ({ ...event, organizationId: org })));
  return written;
}
