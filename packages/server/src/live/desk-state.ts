import type { AgentMode, AgentStatus } from '@qcdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { quickDateRange } from '../http/quick-date.js';
import { dayKey, RESTING_STATUSES } from './live-desk.js';

/**
 * The live desk as the monitors read it (issue 20; spec §3 "Monitor agent", "Monitor group", "Queue monitor"),
 * answered from the tables the feed keeps — chat_sessions, agent_live, live_queue — and the staffing records, one
 * SQL statement per question, so the monitor routes can page, filter and sort in the database. "Today" is the day of
 * `now` in the console's time zone; an agent's day counters from an earlier day read as 0.
 */

export interface DeskClock {
  /** default the present */
  readonly now?: Date;
  readonly timeZone: string;
}

export type Row = Record<string, unknown>;
/** a statement's rows (the monitor queries of monitor-state.ts share these helpers) */
export async function rows(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

export function today(clock: DeskClock) {
  const now = clock.now ?? new Date();
  return { now, day: dayKey(now, clock.timeZone), from: quickDateRange('TODAY', now, clock.timeZone)!.from };
}

// ---- the queue ------------------------------------------------------------------------------------------------

/** Sessions waiting on a line (a row per line that has any, or the one asked for). */
export interface LineQueue {
  readonly lineId: number | null;
  readonly lineName: string | null;
  readonly waitingCount: number;
  /** seconds the longest-waiting session has waited by `now` */
  readonly longestWaitSeconds: number;
}

export async function queueByLine(
  db: Queryable,
  organizationId: number,
  options: DeskClock & { lineId?: number | null },
): Promise<LineQueue[]> {
  const { now } = today(options);
  const line = options.lineId == null ? sql`` : sql`and q.line_id = ${options.lineId}`;
  const found = await rows(
    db,
    sql`select q.line_id as "lineId", l.name as "lineName", count(*)::int as "waitingCount",
          min(q.enqueued_at) as "oldest"
        from live_queue q left join cs_lines l on l.organization_id = q.organization_id and l.id = q.line_id
        where q.organization_id = ${organizationId} ${line}
        group by q.line_id, l.name order by q.line_id`,
  );
  return found.map((r) => ({
    lineId: r.lineId === null ? null : Number(r.lineId),
    lineName: (r.lineName as string | null) ?? null,
    waitingCount: num(r.waitingCount),
    longestWaitSeconds: Math.max(0, Math.round((now.getTime() - time(r.oldest)!.getTime()) / 1000)),
  }));
}

/** Sessions waiting for each group (a session waiting for two groups counts in both). */
export async function queueByGroup(db: Queryable, organizationId: number): Promise<Map<number, number>> {
  const found = await rows(
    db,
    sql`select g.id as "groupId", count(*)::int as "waitingCount"
        from live_queue q cross join lateral unnest(q.group_ids) as g(id)
        where q.organization_id = ${organizationId} group by g.id`,
  );
  return new Map(found.map((r) => [Number(r.groupId), num(r.waitingCount)]));
}

// ---- agents ---------------------------------------------------------------------------------------------------

/** An agent's presence, load and day (the monitor's agent card). */
export interface AgentDeskState {
  readonly agentId: number;
  readonly name: string | null;
  readonly nick: string;
  readonly workNo: string | null;
  readonly status: AgentStatus;
  readonly mode: AgentMode | null;
  /** since when he is in `status` (null: the feed has not heard of him) */
  readonly statusTime: Date | null;
  readonly capacity: number;
  /** sessions he serves now */
  readonly receptions: number;
  /** sessions taken today */
  readonly totalReceptions: number;
  /** his sessions closed today */
  readonly sessions: number;
  readonly sent: number;
  readonly received: number;
  readonly transfers: number;
  readonly onlineSeconds: number;
  readonly restSeconds: number;
  readonly firstOnlineTime: Date | null;
  readonly lastOfflineTime: Date | null;
  /** the ONLINE groups he receives for */
  readonly groupIds: number[];
}

/**
 * The organisation's live agents (not in the trash) with their presence and load, by id; filtered by ids, by the
 * groups they receive for, and by status when asked.
 */
export async function agentStates(
  db: Queryable,
  organizationId: number,
  options: DeskClock & {
    agentIds?: readonly number[];
    groupIds?: readonly number[];
    statuses?: readonly AgentStatus[];
  },
): Promise<AgentDeskState[]> {
  const { day } = today(options);
  const filters: SQL[] = [];
  if (options.agentIds !== undefined) filters.push(sql`and a.id = any(${sqlIds(options.agentIds)})`);
  if (options.groupIds !== undefined)
    filters.push(
      sql`and exists (select 1 from cs_groups g where g.organization_id = a.organization_id and g.deleted = 'NONE'
                 and g.id = any(${sqlIds(options.groupIds)}) and a.id = any(g.agent_ids))`,
    );
  if (options.statuses !== undefined)
    filters.push(sql`and coalesce(l.status, a.status) = any(${sqlTexts(options.statuses)})`);
  const todayOr0 = (column: string) => sql`case when l.day = ${day} then ${sql.raw(`l.${column}`)} else 0 end`;
  const found = await rows(
    db,
    sql`select a.id as "agentId", a.name, a.nick, a.work_no as "workNo", a.capacity,
          coalesce(l.status, a.status) as status, case when l.agent_id is null then a.mode else l.mode end as mode,
          l.status_time as "statusTime", coalesce(l.receptions, 0) as receptions,
          ${todayOr0('today_receptions')} as "totalReceptions", ${todayOr0('today_closed')} as sessions,
          ${todayOr0('today_sent')} as sent, ${todayOr0('today_received')} as received,
          ${todayOr0('today_transfers')} as transfers, ${todayOr0('today_online_seconds')} as "onlineSeconds",
          ${todayOr0('today_rest_seconds')} as "restSeconds",
          case when l.day = ${day} then l.first_online_time end as "firstOnlineTime",
          case when l.day = ${day} then l.last_offline_time end as "lastOfflineTime",
          coalesce((select array_agg(g.id order by g.id) from cs_groups g
                    where g.organization_id = a.organization_id and g.deleted = 'NONE' and g.type = 'ONLINE'
                      and a.id = any(g.agent_ids)), '{}') as "groupIds"
        from cs_agents a left join agent_live l on l.organization_id = a.organization_id and l.agent_id = a.id
        where a.organization_id = ${organizationId} and a.deleted = 'NONE' ${sql.join(filters, sql` `)}
        order by a.id`,
  );
  return found.map((r) => ({
    agentId: Number(r.agentId),
    name: (r.name as string | null) ?? null,
    nick: r.nick as string,
    workNo: (r.workNo as string | null) ?? null,
    status: r.status as AgentStatus,
    mode: (r.mode as AgentMode | null) ?? null,
    statusTime: time(r.statusTime),
    capacity: num(r.capacity),
    receptions: num(r.receptions),
    totalReceptions: num(r.totalReceptions),
    sessions: num(r.sessions),
    sent: num(r.sent),
    received: num(r.received),
    transfers: num(r.transfers),
    onlineSeconds: num(r.onlineSeconds),
    restSeconds: num(r.restSeconds),
    firstOnlineTime: time(r.firstOnlineTime),
    lastOfflineTime: time(r.lastOfflineTime),
    groupIds: pgArray(r.groupIds).map(Number),
  }));
}

// ---- groups ---------------------------------------------------------------------------------------------------

/** The group monitor's counters (spec §3 "Monitor group"), and the sessions waiting for the group. */
export interface GroupCounters {
  readonly groupId: number;
  readonly groupName: string;
  /** its live receivers */
  readonly agentCount: number;
  /** of them ONLINE */
  readonly agentOnLineCount: number;
  /** of them BUSY, on a BREAK, in TRAINING or a MEETING (signed in, taking no sessions) */
  readonly agentBreakCount: number;
  /** sessions the group serves now (an agent of it has them) */
  readonly groupReceptionCount: number;
  /** sessions the group took today */
  readonly groupSessionCount: number;
  /** sessions waiting for it */
  readonly waitingCount: number;
}

export async function groupCounters(
  db: Queryable,
  organizationId: number,
  options: DeskClock & { groupIds?: readonly number[] },
): Promise<GroupCounters[]> {
  const { from } = today(options);
  const only = options.groupIds === undefined ? sql`` : sql`and g.id = any(${sqlIds(options.groupIds)})`;
  const resting = sqlTexts(RESTING_STATUSES);
  const found = await rows(
    db,
    sql`select g.id as "groupId", g.name as "groupName",
          (select count(*)::int from cs_agents a where a.organization_id = g.organization_id and a.deleted = 'NONE'
             and a.id = any(g.agent_ids)) as "agentCount",
          (select count(*)::int from cs_agents a
             left join agent_live l on l.organization_id = a.organization_id and l.agent_id = a.id
             where a.organization_id = g.organization_id and a.deleted = 'NONE' and a.id = any(g.agent_ids)
               and coalesce(l.status, a.status) = 'ONLINE') as "agentOnLineCount",
          (select count(*)::int from cs_agents a
             left join agent_live l on l.organization_id = a.organization_id and l.agent_id = a.id
             where a.organization_id = g.organization_id and a.deleted = 'NONE' and a.id = any(g.agent_ids)
               and coalesce(l.status, a.status) = any(${resting})) as "agentBreakCount",
          (select count(*)::int from chat_sessions s where s.organization_id = g.organization_id
             and s.group_id = g.id and s.status = 'ACTIVE' and s.agent_id is not null) as "groupReceptionCount",
          (select count(*)::int from chat_sessions s where s.organization_id = g.organization_id
             and s.group_id = g.id and s.join_time >= ${from.toISOString()}::timestamptz) as "groupSessionCount",
          (select count(*)::int from live_queue q where q.organization_id = g.organization_id
             and g.id = any(q.group_ids)) as "waitingCount"
        from cs_groups g
        where g.organization_id = ${organizationId} and g.deleted = 'NONE' and g.type = 'ONLINE' ${only}
        order by g.id`,
  );
  return found.map((r) => ({
    groupId: Number(r.groupId),
    groupName: r.groupName as string,
    agentCount: num(r.agentCount),
    agentOnLineCount: num(r.agentOnLineCount),
    agentBreakCount: num(r.agentBreakCount),
    groupReceptionCount: num(r.groupReceptionCount),
    groupSessionCount: num(r.groupSessionCount),
    waitingCount: num(r.waitingCount),
  }));
}

// ---- channels (the queue monitor's rows) ----------------------------------------------------------------------

/** One channel (trackClient) of the organisation's lines today (spec §3 "Queue monitor" channels rows). */
export interface ChannelCounts {
  readonly lineId: number | null;
  readonly trackClient: string | null;
  /** sessions served now */
  readonly chatCount: number;
  /** sessions waiting now */
  readonly waitingCount: number;
  /** sessions that arrived today */
  readonly totalSessionCount: number;
  /** sessions agents took today */
  readonly totalReceptions: number;
  /** average seconds of today's closed sessions, null when none closed */
  readonly avgSessionTime: number | null;
}

/** Per line and channel, from the sessions the feed opened (imported sessions have no arrival time). */
export async function channelCounts(
  db: Queryable,
  organizationId: number,
  options: DeskClock & { lineId?: number | null },
): Promise<ChannelCounts[]> {
  const { from } = today(options);
  const since = sql`${from.toISOString()}::timestamptz`;
  const line = options.lineId == null ? sql`` : sql`and s.line_id = ${options.lineId}`;
  const found = await rows(
    db,
    sql`select s.line_id as "lineId", s.track_client as "trackClient",
          count(*) filter (where s.status = 'ACTIVE' and s.agent_id is not null)::int as "chatCount",
          count(*) filter (where s.status = 'ACTIVE' and exists (select 1 from live_queue q
             where q.organization_id = s.organization_id and q.session_id = s.session_id))::int as "waitingCount",
          count(*) filter (where s.arrival_time >= ${since})::int as "totalSessionCount",
          count(*) filter (where s.join_time >= ${since})::int as "totalReceptions",
          avg(s.duration) filter (where s.status = 'CLOSED' and s.close_time >= ${since}) as "avgSessionTime"
        from chat_sessions s
        where s.organization_id = ${organizationId} and s.live_seq is not null
          and (s.status = 'ACTIVE' or s.arrival_time >= ${since}) ${line}
        group by s.line_id, s.track_client order by s.line_id, s.track_client`,
  );
  return found.map((r) => ({
    lineId: r.lineId === null ? null : Number(r.lineId),
    trackClient: (r.trackClient as string | null) ?? null,
    chatCount: num(r.chatCount),
    waitingCount: num(r.waitingCount),
    totalSessionCount: num(r.totalSessionCount),
    totalReceptions: num(r.totalReceptions),
    avgSessionTime: r.avgSessionTime === null ? null : Math.round(Number(r.avgSessionTime)),
  }));
}

// ---- helpers --------------------------------------------------------------------------------------------------

/** ids as a bigint[] parameter (one parameter, whatever the count) */
export function sqlIds(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;
}
export function sqlTexts(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
}
/** An array column as the driver answers it: an array, or PostgreSQL's text form '{1,2}'. */
export function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{'))
    return value
      .slice(1, -1)
      .split(',')
      .filter((v) => v !== '');
  return [];
}
