import type { CsGroupConfigInput, FeedEvent, GroupOnlineConfig } from '@qcdesk/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { librariesStampSql } from '../censor/org-scanner.js';
import type { Queryable } from '../crud/entity-table.js';
import { dbId } from '../crud/ids.js';
import { agentLive, chatSessions, liveQueue } from '../db/schema/index.js';
import { routedGroupIds } from '../routes/cs-nav/nav-references.js';
import { type AgentLiveRow, type LiveAgent, LiveDesk, sortQueue } from './live-desk.js';

/** Events that may move a session to an agent or into the queue, and so need the groups, agents and queue. */
const ROUTING = new Set<FeedEvent['type']>(['SESSION_OPENED', 'SESSION_TRANSFERRED', 'SESSION_CLOSED', 'AGENT_STATUS']);

/**
 * Loads what the batch's events touch in one statement (the batch holds its organisation's lock through every round
 * trip): which of their event ids are stored already; their sessions and the message ids already in them; when
 * anything may be assigned, the organisation's ACTIVE ONLINE groups, the queue and its sessions, the lines sessions
 * open on with the navigations they bind, and the customers' last receivers; and every agent concerned with his live
 * row; on request, the batch's stored answer and the censor libraries' stamp. The desk is for all `events`, stored
 * ones included (a superset is harmless: only what the fresh events change is written); the caller applies only those
 * not in `stored`.
 */
export async function loadDesk(
  tx: Queryable,
  organizationId: number,
  timeZone: string,
  events: readonly FeedEvent[],
  options: {
    /** the batch's id on the Redis feed queue: its stored answer comes too (`answer`: the batch was applied before) */
    readonly batchId?: string;
    /** the censor libraries' stamp comes too (`librariesStamp`, see orgScanner) */
    readonly libraries?: boolean;
  } = {},
): Promise<{
  desk: LiveDesk;
  stored: ReadonlySet<string>;
  answer: unknown;
  librariesStamp: string | null;
}> {
  const desk = new LiveDesk(organizationId, timeZone);
  const org = organizationId;
  const routing = events.some((e) => ROUTING.has(e.type));
  const messageEvents = events.filter((e): e is Extract<FeedEvent, { type: 'MESSAGE' }> => e.type === 'MESSAGE');
  const sessionIds = [...new Set(events.flatMap((e) => ('sessionId' in e ? [e.sessionId] : [])))];
  const agentIds = new Set<number>();
  for (const event of events)
    if (event.type === 'AGENT_STATUS' || (event.type === 'SESSION_TRANSFERRED' && event.agentId != null))
      agentIds.add(dbId(event.agentId!) ?? 0);
  agentIds.delete(0);
  const lineIds = routing
    ? [...new Set(events.flatMap((e) => (e.type === 'SESSION_OPENED' ? [dbId(e.lineId) ?? 0] : [])))]
    : [];
  const customers = routing
    ? [...new Set(events.flatMap((e) => (e.type === 'SESSION_OPENED' && e.customerId != null ? [e.customerId] : [])))]
    : [];

  // arrays travel as one parameter each (`= any($n)`), whatever the batch's size
  const texts = (values: readonly string[]) => sql`${`{${values.map(pgArrayText).join(',')}}`}::text[]`;
  const ids = (values: Iterable<number>) => sql`${`{${[...values].join(',')}}`}::bigint[]`;
  const parts: SQL[] = [
    sql`q as (select * from live_queue where organization_id = ${org} and ${routing})`,
    // each id looked up on its own (lateral; a session id is unique in its organisation): an index probe, whatever
    // the planner believes of a young table's size
    sql`s as (select c.* from (select unnest(${texts(sessionIds)}) as id union select session_id from q) u,
      lateral (select * from chat_sessions where organization_id = ${org} and session_id = u.id limit 1) c)`,
    sql`g as (select id, name, config, agent_ids from cs_groups where organization_id = ${org} and ${routing}
      and type = 'ONLINE' and status = 'ACTIVE' and deleted = 'NONE')`,
    sql`l as (select id, name, navs from cs_lines where organization_id = ${org} and id = any(${ids(lineIds)})
      and deleted = 'NONE' and status = 'ACTIVE')`,
    sql`a as (select unnest(${ids(agentIds)}) as id union select agent_id from s where agent_id is not null
      union select unnest(agent_ids) from g)`,
  ];
  // the sessions come as the statement's rows (read as the query builder reads them; as JSON they cost the
  // database four times as much), everything else as one JSON object on the first row
  const messageSessions = texts([...new Set(messageEvents.map((e) => e.sessionId))]);
  const answer = sql`select json_build_object(
    'stored', (select json_agg(x.event_id) from unnest(${texts(events.map((e) => e.eventId))}) u(id),
      lateral (select event_id from live_events where organization_id = ${org} and event_id = u.id) x),
    'queue', (select json_agg(q) from q),
    'taken', (select json_agg(json_build_array(m.session_id, m.message_id)) from s,
      lateral (select session_id, message_id from chat_messages where session_ref = s.id
        and message_id = any(${texts([...new Set(messageEvents.map((e) => e.messageId))])})) m
      where s.session_id = any(${messageSessions})),
    'groups', (select json_agg(g order by g.id) from g),
    'lines', (select json_agg(l) from l),
    'navs', (select json_agg(json_build_object('id', n.id::text, 'kind', n.kind, 'config', n.online_config))
      from cs_navs n where n.organization_id = ${org}
      and n.id::text in (select jsonb_array_elements(l.navs)->>'navId' from l)),
    'last', (select json_agg(json_build_array(x.customer_id, x.agent_id)) from (
      select distinct on (customer_id) customer_id, agent_id from chat_sessions where organization_id = ${org}
      and customer_id = any(${texts(customers)}) and agent_id is not null
      order by customer_id, begin_time desc, id desc) x),
    'agents', (select json_agg(json_build_object('id', c.id, 'name', c.name, 'nick', c.nick, 'capacity', c.capacity,
      'status', c.status, 'mode', c.mode)) from cs_agents c
      where c.organization_id = ${org} and c.id in (select id from a) and c.deleted = 'NONE'),
    'lives', (select json_agg(v) from agent_live v
      where v.organization_id = ${org} and v.agent_id in (select id from a)),
    'answer', ${
      options.batchId === undefined
        ? sql`null`
        : sql`(select answer from live_batches where organization_id = ${org} and batch_id = ${options.batchId})`
    },
    'libraries', ${options.libraries === true ? librariesStampSql(org) : sql`null`}
  )::text as desk`;
  parts.push(sql`d as (${answer})`);
  const result = (await tx.execute(sql`with ${sql.join(parts, sql`, `)}
    select case when n is null or n = 1 then d.desk end as desk, s.* from d
    left join (select *, row_number() over () as n from s) s on true`)) as unknown as {
    rows: ({ desk: string | null; session_id: string | null } & Record<string, unknown>)[];
  };
  const loaded = JSON.parse(result.rows[0]!.desk!) as Loaded;

  desk.queue = sortQueue((loaded.queue ?? []).map((row) => ({ ...rowOf(liveQueue, row), isNew: false })));
  for (const raw of result.rows) {
    if (raw.session_id === null) continue; // no session: the one row only carries the rest
    const row = rowOf(chatSessions, raw);
    desk.sessions.set(row.sessionId, { row, isNew: false, dirty: false });
  }
  // message ids already in the sessions, so that a message sent again under a new event id is not stored twice
  for (const [sessionId, messageId] of loaded.taken ?? []) desk.messageKeys.add(`${sessionId}\u0000${messageId}`);
  for (const g of loaded.groups ?? []) {
    const config = g.config as CsGroupConfigInput | null;
    desk.groups.set(g.id, {
      groupId: g.id,
      name: g.name,
      firstAssign: config?.firstAssign ?? null,
      secondAssign: config?.secondAssign ?? null,
      overloadGroupId: dbId(config?.overloadGroupId ?? ''),
      agentIds: g.agent_ids,
    });
  }
  // a line's groups: those its GROUP navigations route to, each once, in route order (as navsOfLines reads them)
  const navAt = new Map((loaded.navs ?? []).map((nav) => [nav.id, nav]));
  for (const line of loaded.lines ?? []) {
    const routed = line.navs.flatMap((ref) => {
      const nav = navAt.get(String(ref.navId));
      return nav?.kind === 'GROUP' ? routedGroupIds(nav.config as GroupOnlineConfig | null) : [];
    });
    desk.lines.set(line.id, {
      lineId: line.id,
      name: line.name,
      groupIds: [...new Set(routed)].flatMap((id) => dbId(id) ?? []),
    });
  }
  for (const [customerId, agentId] of loaded.last ?? []) desk.lastReceiver.set(customerId, agentId);
  const liveOf = new Map((loaded.lives ?? []).map((json) => [Number(json.agent_id), rowOf(agentLive, json)]));
  for (const record of loaded.agents ?? []) addAgent(desk, record, liveOf.get(record.id));
  return {
    desk,
    stored: new Set(loaded.stored ?? []),
    answer: loaded.answer,
    librariesStamp: loaded.libraries,
  };
}

/** What the statement answers; each list is null when empty (json_agg of no rows). */
interface Loaded {
  readonly stored: string[] | null;
  readonly queue: Record<string, unknown>[] | null;
  readonly taken: [string, string][] | null;
  readonly groups: { id: number; name: string; config: unknown; agent_ids: number[] }[] | null;
  readonly lines: { id: number; name: string; navs: { navId: unknown }[] }[] | null;
  readonly navs: { id: string; kind: string; config: unknown }[] | null;
  readonly last: [string, number][] | null;
  readonly agents: AgentRecord[] | null;
  readonly lives: Record<string, unknown>[] | null;
  readonly answer: unknown;
  readonly libraries: string | null;
}

type AgentRecord = Pick<LiveAgent, 'name' | 'nick' | 'capacity'> & {
  readonly id: number;
  readonly status: AgentLiveRow['status'];
  readonly mode: AgentLiveRow['mode'];
};

/**
 * A table's row as the query builder reads it, from a raw row of the driver (`execute` parses as `select` does) or
 * from its JSON (`row_to_json`: dates as ISO text, numbers as numbers, which the columns' mappings read the same;
 * only used for tables without JSON columns, whose text would be parsed twice).
 */
function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** An element of a PostgreSQL array literal, quoted (any text: the feed's ids are the caller's). */
export function pgArrayText(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** An agent of the desk with his live row; one without a row starts from his record's status. */
function addAgent(desk: LiveDesk, record: AgentRecord, stored: AgentLiveRow | undefined): void {
  const live: AgentLiveRow = stored ?? {
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
