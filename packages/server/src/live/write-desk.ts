import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { logRows } from '../censor/censor-message.js';
import type { Queryable } from '../crud/entity-table.js';
import { agentLive, censorLogs, chatSessions, liveQueue } from '../db/schema/index.js';
import type { LiveAgent, LiveDesk, LiveSession, PendingMessage, StoredEvent } from './live-desk.js';

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

/**
 * A table's columns as rows of one JSON parameter carry them (see liveColumnsSql): each column's name, its place in
 * jsonb_to_recordset's record (arrays arrive as JSON arrays) and the value to insert from that record.
 */
function jsonColumns<T extends PgTable>(table: T, omit: readonly string[]) {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key))
    .map(([key, column]) => {
      const type = column.getSQLType();
      const array = type.endsWith('[]');
      return {
        key: key as keyof T['$inferSelect'],
        name: column.name,
        record: `${column.name} ${array ? 'jsonb' : type}`,
        value: array
          ? `array(select e::${type.slice(0, -2)} from jsonb_array_elements_text(r.${column.name})
              with ordinality as g(e, n) order by n)`
          : `r.${column.name}`,
      };
    });
}

/** Every column of a new session but its id. */
const NEW_COLUMNS = jsonColumns(chatSessions, ['id']);
const NEW_SESSIONS = sql.raw(`insert into chat_sessions (${NEW_COLUMNS.map((c) => c.name).join(', ')})
    select ${NEW_COLUMNS.map((c) => c.value).join(', ')}`);
const NEW_RECORD = sql.raw(`r(${NEW_COLUMNS.map((c) => c.record).join(', ')})`);
// a session the feed thinks new but that is stored (an import of the same id meanwhile) takes the live columns
const NEW_CONFLICT = sql.raw(`on conflict (organization_id, session_id) do update set
    ${LIVE_COLUMNS.map((key) => `${chatSessions[key].name} = excluded.${chatSessions[key].name}`).join(', ')},
    modify_time = now()`);

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

/** New sessions whole (as liveColumnsSql, and why), returning their ids. */
function newSessionsSql(org: number, sessions: readonly LiveSession[]): SQL {
  const rows = sessions.map(({ row }) =>
    Object.fromEntries(NEW_COLUMNS.map((c) => [c.name, c.key === 'organizationId' ? org : row[c.key]])),
  );
  return sql`${NEW_SESSIONS} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${NEW_RECORD} ${NEW_CONFLICT}
    returning id, session_id`;
}

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

/** The messages of a batch as rows of chat_messages, in the batch's order (a new session's ref null: messagesSql). */
function messageRows(messages: readonly PendingMessage[], refOf: ReadonlyMap<string, number>) {
  return messages.map(({ row }, k) => ({
    session_ref: refOf.get(row.sessionId!) ?? null,
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
    // ids in the batch's order, whatever order the join gives
    ord: k,
  }));
}

/**
 * The messages of a batch (as liveColumnsSql, and why), returning each one's id with its session and place. With
 * `newSessions`, the messages of sessions opened in the batch take their ref from that part of the statement.
 */
function messagesSql(org: number, rows: ReturnType<typeof messageRows>, newSessions: boolean): SQL {
  const ref = newSessions ? sql`coalesce(r.session_ref, n.id)` : sql`r.session_ref`;
  const join = newSessions ? sql`left join new_sessions n on n.session_id = r.session_id` : sql``;
  return sql`insert into chat_messages (organization_id, session_ref, seq, message_id,
      chat_id, session_id, sender_role, sender_nick, sender_avatar, send_time, content, censor_operation, censor_words,
      masked_content)
    select ${org}, ${ref}, r.seq, r.message_id, r.chat_id, r.session_id, r.sender_role, r.sender_nick,
      r.sender_avatar, r.send_time, r.content, r.censor_operation, r.censor_words, r.masked_content
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(session_ref bigint, seq integer, message_id text,
      chat_id text, session_id text, sender_role text, sender_nick text, sender_avatar text, send_time bigint,
      content text, censor_operation text, censor_words jsonb, masked_content text, ord integer) ${join}
    order by r.ord
    returning id, session_ref, session_id, seq`;
}

const LOG_COLUMNS = jsonColumns(censorLogs, ['id', 'createTime']);
const LOG_INSERT = sql.raw(`insert into censor_logs (${LOG_COLUMNS.map((c) => c.name).join(', ')})
    select ${LOG_COLUMNS.map((c) => (c.key === 'messageRef' ? 'm.id' : c.value)).join(', ')}`);
const LOG_RECORD = sql.raw(`r(${LOG_COLUMNS.map((c) => c.record).join(', ')}, seq integer, ord integer)`);

/**
 * The censor log rows of the batch's messages (as liveColumnsSql, and why), each taking its message's id from the
 * messages part by session and place; inserted in the batch's order, as the log breaks ties by id.
 */
function censorLogsSql(logs: readonly { row: typeof censorLogs.$inferInsert; seq: number }[]): SQL {
  const rows = logs.map(({ row, seq }, ord) => ({
    ...Object.fromEntries(LOG_COLUMNS.map((c) => [c.name, row[c.key] ?? null])),
    seq,
    ord,
  }));
  return sql`${LOG_INSERT} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${LOG_RECORD}
    join messages m on m.session_id = r.session_id and m.seq = r.seq
    order by r.ord`;
}

/** The status and mode of the agents whose status changed, on their records (the agent list shows them). */
function agentStatusSql(org: number, agents: readonly { agentId: number; status: string; mode: string | null }[]): SQL {
  const rows = agents.map((a) => ({ id: a.agentId, status: a.status, mode: a.mode }));
  return sql`update cs_agents a set status = r.status, mode = r.mode
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id bigint, status text, mode text)
    where a.id = r.id and a.organization_id = ${org}`;
}

const AGENT_COLUMNS = jsonColumns(agentLive, []);
const AGENT_UPSERT = sql.raw(`insert into agent_live (${AGENT_COLUMNS.map((c) => c.name).join(', ')})
    select ${AGENT_COLUMNS.map((c) => c.value).join(', ')}`);
const AGENT_RECORD = sql.raw(`r(${AGENT_COLUMNS.map((c) => c.record).join(', ')})`);
const AGENT_CONFLICT = sql.raw(`on conflict (organization_id, agent_id) do update set
    ${AGENT_COLUMNS.filter((c) => c.key !== 'organizationId' && c.key !== 'agentId')
      .map((c) => `${c.name} = excluded.${c.name}`)
      .join(', ')}`);

/** The agents' live rows, whole (as liveColumnsSql, and why). */
function agentLiveSql(agents: readonly LiveAgent[]): SQL {
  const modifyTime = new Date();
  const rows = agents.map((a) =>
    Object.fromEntries(AGENT_COLUMNS.map((c) => [c.name, c.key === 'modifyTime' ? modifyTime : a.live[c.key]])),
  );
  return sql`${AGENT_UPSERT} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${AGENT_RECORD}
    ${AGENT_CONFLICT}`;
}

/**
 * Writes what the batch changed in a few statements, never one per event, because the batch waits for each round trip
 * while it holds the organisation's lock: one statement of data-modifying parts — new sessions upserted whole, the
 * stored sessions' live columns, the agents' live rows and the status on their records, the events, and the messages
 * (a new session's messages take its id from the upsert's part), and the censor log rows of the messages with a
 * match (their ids from the messages' part), answering the new ids. The queue's leavers and then its newcomers go in
 * statements of their own, in that order: a session may leave the queue and come back in one batch, and the parts of
 * one statement run in no promised order.
 */
export async function writeDesk(tx: Queryable, desk: LiveDesk): Promise<WrittenMessage[]> {
  const org = desk.organizationId;

  const refOf = new Map<string, number>();
  for (const s of desk.sessions.values()) if (!s.isNew) refOf.set(s.row.sessionId, s.row.id);
  const opened = [...desk.sessions.values()].filter((s) => s.dirty && s.isNew);

  const parts: SQL[] = [];
  const part = (name: string, statement: SQL) => parts.push(sql`${sql.raw(name)} as (${statement})`);
  if (opened.length > 0) part('new_sessions', newSessionsSql(org, opened));
  const changed = [...desk.sessions.values()].filter((s) => s.dirty && !s.isNew);
  if (changed.length > 0) part('live_sessions', liveColumnsSql(org, changed));
  const agents = [...desk.agents.values()].filter((a) => a.dirty);
  if (agents.length > 0) part('live_agents', agentLiveSql(agents));
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
  if (messageRowsOf.length > 0) part('messages', messagesSql(org, messageRowsOf, opened.length > 0));
  const logs = desk.messages.flatMap((message) =>
    message.censored === null
      ? []
      : logRows(
          org,
          0, // the message's id, from the messages part (censorLogsSql)
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
        ).map((row) => ({ row, seq: message.row.seq })),
  );
  if (logs.length > 0) part('censor_logs', censorLogsSql(logs));
  // what the statement answers: the new sessions' ids, and each message's id with its session's
  const answers: SQL[] = [];
  if (opened.length > 0)
    answers.push(sql`select id, session_id, null::integer as seq, null::bigint as session_ref
    from new_sessions`);
  if (messageRowsOf.length > 0) answers.push(sql`select id, session_id, seq, session_ref from messages`);
  let rows: { id: unknown; session_id: string; seq: unknown; session_ref: unknown }[] = [];
  if (parts.length > 0) {
    const answer = answers.length > 0 ? sql.join(answers, sql` union all `) : sql`select 1`;
    const result = (await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${answer}`)) as unknown as {
      rows: typeof rows;
    };
    if (answers.length > 0) rows = result.rows;
  }
  // matched by (session, seq), unique: the order of RETURNING is not promised
  const idOf = new Map<string, { id: number; sessionRef: number }>();
  for (const r of rows)
    if (r.seq === null) refOf.set(r.session_id, Number(r.id));
    else idOf.set(`${r.session_id}\u0000${Number(r.seq)}`, { id: Number(r.id), sessionRef: Number(r.session_ref) });
  for (const s of opened) s.row.id = refOf.get(s.row.sessionId) ?? 0;
  const written: WrittenMessage[] = desk.messages.map((message) => {
    const { id, sessionRef } = idOf.get(`${message.row.sessionId}\u0000${message.row.seq}`)!;
    return { id, sessionRef, message };
  });

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
