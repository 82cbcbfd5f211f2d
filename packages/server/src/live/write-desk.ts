import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { logRows } from '../censor/censor-message.js';
import type { Queryable } from '../crud/entity-table.js';
import { agentLive, censorLogs, chatSessions, liveQueue } from '../db/schema/index.js';
import type { LiveDesk, LiveSession, PendingMessage, StoredEvent } from './live-desk.js';

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

/** Each live column's SQL type as jsonb_to_recordset reads it: the schema's, but group_ids arrives as a JSON array. */
const liveType = (key: (typeof LIVE_COLUMNS)[number]) =>
  key === 'groupIds' ? 'jsonb' : chatSessions[key].getSQLType();
const LIVE_RECORD = sql.raw(
  `r(id bigint, ${LIVE_COLUMNS.map((key) => `${chatSessions[key].name} ${liveType(key)}`).join(', ')})`,
);
const LIVE_ASSIGN = sql.raw(
  LIVE_COLUMNS.map((key) => {
    const name = chatSessions[key].name;
    return key === 'groupIds'
      ? `${name} = array(select e::bigint from jsonb_array_elements_text(r.${name}) with ordinality as g(e, n) order by n)`
      : `${name} = r.${name}`;
  }).join(', '),
);

/**
 * The live columns of stored sessions, whatever their number: the rows travel as one JSON parameter read by
 * jsonb_to_recordset. (Built by the query builder, a multi-row statement costs more to build — a class check per
 * column per row — than the database takes to run it; this is most of what a feed batch writes.)
 */
function liveColumnsSql(org: number, sessions: readonly LiveSession[]): SQL {
  const rows = sessions.map(({ row }) => ({
    id: row.id,
    ...Object.fromEntries(LIVE_COLUMNS.map((key) => [chatSessions[key].name, row[key]])),
  }));
  return sql`update chat_sessions s set ${LIVE_ASSIGN}, modify_time = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${LIVE_RECORD}
    where s.id = r.id and s.organization_id = ${org}`;
}

/** The events of a batch (as liveColumnsSql, and why). */
function eventsSql(org: number, events: readonly StoredEvent[]): SQL {
  const rows = events.map((e) => ({
    event_id: e.eventId,
    type: e.type,
    origin: e.origin,
    session_id: e.sessionId,
    seq: e.seq,
    agent_id: e.agentId,
    at: e.at,
    payload: e.payload,
  }));
  return sql`insert into live_events (organization_id, event_id, type, origin, session_id, seq, agent_id, at,
      payload)
    select ${org}, r.event_id, r.type, r.origin, r.session_id, r.seq, r.agent_id, r.at, r.payload
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(event_id text, type text, origin text,
      session_id text, seq integer, agent_id bigint, at timestamptz, payload jsonb)`;
}

/** The messages of a batch as rows of chat_messages, in the batch's order. */
function messageRows(messages: readonly PendingMessage[], refOf: ReadonlyMap<string, number>) {
  return messages.map(({ row }) => ({
    session_ref: refOf.get(row.sessionId!)!,
    seq: row.seq,
    message_id: row.messageId,
    chat_id: row.chatId,
    session_id: row.sessionId,
    sender_role: row.senderRole,
    sender_nick: row.senderNick ?? null,
    sender_avatar: row.senderAvatar ?? null,
    send_time: row.sendTime,
    content: row.content,
    censor_operation: row.censorOperation ?? null,
    censor_words: row.censorWords ?? null,
    masked_content: row.maskedContent ?? null,
  }));
}

/** The messages of a batch (as liveColumnsSql, and why), returning each one's id with its session and place. */
function messagesSql(org: number, rows: ReturnType<typeof messageRows>): SQL {
  return sql`insert into chat_messages (organization_id, session_ref, seq, message_id,
      chat_id, session_id, sender_role, sender_nick, sender_avatar, send_time, content, censor_operation, censor_words,
      masked_content)
    select ${org}, r.session_ref, r.seq, r.message_id, r.chat_id, r.session_id, r.sender_role, r.sender_nick,
      r.sender_avatar, r.send_time, r.content, r.censor_operation, r.censor_words, r.masked_content
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(session_ref bigint, seq integer, message_id text,
      chat_id text, session_id text, sender_role text, sender_nick text, sender_avatar text, send_time bigint,
      content text, censor_operation text, censor_words jsonb, masked_content text)
    returning id, session_ref, seq`;
}

/** The status and mode of the agents whose status changed, on their records (the agent list shows them). */
function agentStatusSql(org: number, agents: readonly { agentId: number; status: string; mode: string | null }[]): SQL {
  const rows = agents.map((a) => ({ id: a.agentId, status: a.status, mode: a.mode }));
  return sql`update cs_agents a set status = r.status, mode = r.mode
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id bigint, status text, mode text)
    where a.id = r.id and a.organization_id = ${org}`;
}

const AGENT_SET = Object.fromEntries(
  Object.entries(getTableColumns(agentLive))
    .filter(([key]) => key !== 'organizationId' && key !== 'agentId')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/**
 * Writes what the batch changed in a few statements, never one per event, because the batch waits for each round trip
 * while it holds the organisation's lock: new sessions upserted whole (for their ids); then one statement of
 * data-modifying parts — the stored sessions' live columns, the agents' live rows and the status on their records,
 * the events, and the messages, answering their ids; then the censor log rows of the messages with a match (they need
 * those ids). The queue's leavers and then its newcomers go in statements of their own, in that order: a session may
 * leave the queue and come back in one batch, and the parts of one statement run in no promised order.
 */
export async function writeDesk(tx: Queryable, desk: LiveDesk): Promise<WrittenMessage[]> {
  const org = desk.organizationId;

  const refOf = new Map<string, number>();
  for (const s of desk.sessions.values()) if (!s.isNew) refOf.set(s.row.sessionId, s.row.id);
  const dirty = [...desk.sessions.values()].filter((s) => s.dirty && s.isNew);
  for (let i = 0; i < dirty.length; i += 500) {
    const rows = await tx
      .insert(chatSessions)
      .values(dirty.slice(i, i + 500).map(({ row: { id: _id, ...row } }) => ({ ...row, organizationId: org })))
      .onConflictDoUpdate({ target: [chatSessions.organizationId, chatSessions.sessionId], set: SESSION_SET })
      .returning({ id: chatSessions.id, sessionId: chatSessions.sessionId });
    for (const r of rows) refOf.set(r.sessionId, r.id);
  }
  for (const s of desk.sessions.values()) if (s.isNew) s.row.id = refOf.get(s.row.sessionId) ?? 0;

  const parts: SQL[] = [];
  const part = (name: string, statement: SQL) => parts.push(sql`${sql.raw(name)} as (${statement})`);
  const changed = [...desk.sessions.values()].filter((s) => s.dirty && !s.isNew);
  if (changed.length > 0) part('live_sessions', liveColumnsSql(org, changed));
  const agents = [...desk.agents.values()].filter((a) => a.dirty);
  if (agents.length > 0)
    part(
      'live_agents',
      tx
        .insert(agentLive)
        .values(agents.map((a) => ({ ...a.live, modifyTime: new Date() })))
        .onConflictDoUpdate({ target: [agentLive.organizationId, agentLive.agentId], set: AGENT_SET })
        .getSQL(),
    );
  const statuses = agents.filter((a) => a.statusChanged);
  if (statuses.length > 0)
    part(
      'agent_statuses',
      agentStatusSql(
        org,
        statuses.map((a) => ({ agentId: a.agentId, status: a.live.status, mode: a.live.mode ?? null })),
      ),
    );
  if (desk.events.length > 0) part('events', eventsSql(org, desk.events));
  const messageRowsOf = messageRows(desk.messages, refOf);
  if (messageRowsOf.length > 0) part('messages', messagesSql(org, messageRowsOf));
  let ids: { id: unknown; session_ref: unknown; seq: unknown }[] = [];
  if (parts.length > 0) {
    const answer = messageRowsOf.length > 0 ? sql`select id, session_ref, seq from messages` : sql`select 1`;
    const result = (await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${answer}`)) as unknown as {
      rows: typeof ids;
    };
    if (messageRowsOf.length > 0) ids = result.rows;
  }
  // matched by (session, seq), unique: the order of RETURNING is not promised
  const idOf = new Map(ids.map((r) => [`${Number(r.session_ref)}:${Number(r.seq)}`, Number(r.id)]));
  const written: WrittenMessage[] = desk.messages.map((message, k) => {
    const sessionRef = messageRowsOf[k]!.session_ref;
    return { id: idOf.get(`${sessionRef}:${message.row.seq}`)!, sessionRef, message };
  });

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
  return written;
}
