import type { AgentMode, AgentStatus, GroupType } from '@qcdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { escapeLike } from '../crud/keyword.js';
import { type DeskClock, num, rows, sqlIds, sqlTexts, time, today } from './desk-state.js';

/**
 * The monitors' pages (tickets spec §2 "Monitoring", §3): agents with their load, groups and alarms a page at a time,
 * an agent's day, his sessions of today, a session's profile. Each question is one or two SQL statements that filter
 * and page in the database, so a desk of hundreds of agents and thousands of live sessions answers a page without
 * reading the rest: agents by their primary key (organisation, id), their open sessions by
 * chat_sessions (organisation, agent, status), their alarms by agent_alarms (organisation, agent, time), their groups
 * by the GIN index on cs_groups.agent_ids.
 */

export interface MonitorGroupRef {
  readonly groupId: number;
  readonly groupName: string;
  readonly type: GroupType;
  /** the group has a service time */
  readonly online: boolean;
}

/** One agent as the monitor shows him (spec §3 "Monitor agent"). */
export interface AgentMonitorRow {
  readonly agentId: number;
  readonly organizationId: number;
  readonly name: string | null;
  readonly nick: string;
  readonly workNo: string | null;
  readonly avatar: string | null;
  readonly softNumber: string | null;
  readonly sipNumber: string | null;
  readonly mobile: string | null;
  readonly status: AgentStatus;
  readonly mode: AgentMode | null;
  readonly statusTime: Date | null;
  readonly capacity: number;
  readonly receptions: number;
  readonly totalReceptions: number;
  readonly sessions: number;
  /** every group he is bound to (not in the trash), by id */
  readonly groups: MonitorGroupRef[];
  readonly alarmSessionId: string | null;
  /** his longest open session and when he joined it */
  readonly longestSessionId: string | null;
  readonly longestJoinTime: Date | null;
}

export interface AgentMonitorFilter {
  readonly keyword?: string;
  readonly workNo?: string;
  readonly groupIds?: readonly number[];
  readonly type?: GroupType;
  readonly statuses?: readonly AgentStatus[];
  readonly alarm?: boolean;
  readonly agentIds?: readonly number[];
}

/** `… and g bound to a` through the GIN index on agent_ids */
const boundTo = (agent: SQL) => sql`g.agent_ids @> array[${agent}]::bigint[]`;

function agentWhere(organizationId: number, filter: AgentMonitorFilter): SQL {
  const parts: SQL[] = [sql`a.organization_id = ${organizationId} and a.deleted = 'NONE'`];
  if (filter.agentIds !== undefined) parts.push(sql`a.id = any(${sqlIds(filter.agentIds)})`);
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    parts.push(sql`(a.name ilike ${like} or a.nick ilike ${like})`);
  }
  if (filter.workNo) parts.push(sql`a.work_no ilike ${`%${escapeLike(filter.workNo)}%`}`);
  if (filter.groupIds !== undefined)
    parts.push(
      sql`exists (select 1 from cs_groups g where g.organization_id = a.organization_id and g.deleted = 'NONE'
            and g.id = any(${sqlIds(filter.groupIds)}) and ${boundTo(sql`a.id`)})`,
    );
  if (filter.type !== undefined)
    parts.push(
      sql`exists (select 1 from cs_groups g where g.organization_id = a.organization_id and g.deleted = 'NONE'
            and g.type = ${filter.type} and ${boundTo(sql`a.id`)})`,
    );
  if (filter.statuses !== undefined) parts.push(sql`coalesce(l.status, a.status) = any(${sqlTexts(filter.statuses)})`);
  if (filter.alarm !== undefined)
    parts.push(
      sql`${sql.raw(filter.alarm ? '' : 'not ')}exists (select 1 from agent_alarms al
            where al.organization_id = a.organization_id and al.agent_id = a.id and al.handled_time is null)`,
    );
  return sql.join(parts, sql` and `);
}

type AgentPageOptions = DeskClock & { filter: AgentMonitorFilter; limit?: number; offset?: number };

/** The agents matching `filter`, by id, `limit` from `offset` (all when no limit), and how many match. */
export async function agentMonitorPage(
  db: Queryable,
  organizationId: number,
  options: AgentPageOptions,
): Promise<{ rows: AgentMonitorRow[]; total: number }> {
  const where = agentWhere(organizationId, options.filter);
  const [counted, found] = await Promise.all([
    options.limit === undefined
      ? Promise.resolve(null)
      : rows(db, sql`select count(*)::int as n from ${AGENTS_FROM} where ${where}`),
    rows(db, agentPageQuery(organizationId, options)),
  ]);
  const list = found.map(agentRow);
  return { rows: list, total: counted === null ? list.length : num(counted[0]?.n) };
}

const AGENTS_FROM = sql`cs_agents a left join agent_live l on l.organization_id = a.organization_id and l.agent_id = a.id`;

/**
 * The page's statement (exported so a test can EXPLAIN it): the page's agent ids first, so the per-agent lookups
 * (groups, alarm, longest session) run for the page only.
 */
export function agentPageQuery(organizationId: number, options: AgentPageOptions): SQL {
  const { day } = today(options);
  const where = agentWhere(organizationId, options.filter);
  const page =
    options.limit === undefined ? sql`` : sql`limit ${options.limit} offset ${Math.max(0, options.offset ?? 0)}`;
  const todayOr0 = (column: string) => sql`case when l.day = ${day} then ${sql.raw(`l.${column}`)} else 0 end`;
  return sql`select a.id as "agentId", a.organization_id as "organizationId", a.name, a.nick, a.work_no as "workNo",
            a.avatar, a.soft_number as "softNumber", a.sip_number as "sipNumber", a.mobile, a.capacity,
            coalesce(l.status, a.status) as status, case when l.agent_id is null then a.mode else l.mode end as mode,
            l.status_time as "statusTime", coalesce(l.receptions, 0) as receptions,
            ${todayOr0('today_receptions')} as "totalReceptions", ${todayOr0('today_closed')} as sessions,
            (select coalesce(json_agg(json_build_object('groupId', g.id, 'groupName', g.name, 'type', g.type,
                       'online', g.time_id is not null) order by g.id), '[]'::json)
               from cs_groups g where g.organization_id = a.organization_id and g.deleted = 'NONE'
                 and ${boundTo(sql`a.id`)}) as groups,
            (select al.session_id from agent_alarms al where al.organization_id = a.organization_id
               and al.agent_id = a.id and al.handled_time is null
               order by al.alarm_time desc, al.id desc limit 1) as "alarmSessionId",
            longest.session_id as "longestSessionId", longest.join_time as "longestJoinTime"
          from (select a.id from ${AGENTS_FROM} where ${where} order by a.id ${page}) p
          join cs_agents a on a.organization_id = ${organizationId} and a.id = p.id
          left join agent_live l on l.organization_id = a.organization_id and l.agent_id = a.id
          left join lateral (select s.session_id, coalesce(s.join_time, s.begin_time) as join_time
             from chat_sessions s where s.organization_id = a.organization_id and s.agent_id = a.id
               and s.status = 'ACTIVE'
             order by coalesce(s.join_time, s.begin_time), s.id limit 1) longest on true
          order by a.id`;
}

function agentRow(r: Record<string, unknown>): AgentMonitorRow {
  const groups = (typeof r.groups === 'string' ? JSON.parse(r.groups) : (r.groups ?? [])) as {
    groupId: number | string;
    groupName: string;
    type: GroupType;
    online: boolean;
  }[];
  return {
    agentId: Number(r.agentId),
    organizationId: Number(r.organizationId),
    name: (r.name as string | null) ?? null,
    nick: r.nick as string,
    workNo: (r.workNo as string | null) ?? null,
    avatar: (r.avatar as string | null) ?? null,
    softNumber: (r.softNumber as string | null) ?? null,
    sipNumber: (r.sipNumber as string | null) ?? null,
    mobile: (r.mobile as string | null) ?? null,
    status: r.status as AgentStatus,
    mode: (r.mode as AgentMode | null) ?? null,
    statusTime: time(r.statusTime),
    capacity: num(r.capacity),
    receptions: num(r.receptions),
    totalReceptions: num(r.totalReceptions),
    sessions: num(r.sessions),
    groups: groups.map((g) => ({ groupId: Number(g.groupId), groupName: g.groupName, type: g.type, online: g.online })),
    alarmSessionId: (r.alarmSessionId as string | null) ?? null,
    longestSessionId: (r.longestSessionId as string | null) ?? null,
    longestJoinTime: time(r.longestJoinTime),
  };
}

/** ONLINE groups of the group monitor, by id, a page of them and how many match. */
export async function monitorGroupIds(
  db: Queryable,
  organizationId: number,
  options: { keyword?: string; groupIds?: readonly number[]; limit: number; offset: number },
): Promise<{ ids: number[]; online: Map<number, boolean>; total: number }> {
  const parts: SQL[] = [sql`g.organization_id = ${organizationId} and g.deleted = 'NONE' and g.type = 'ONLINE'`];
  if (options.keyword) parts.push(sql`g.name ilike ${`%${escapeLike(options.keyword)}%`}`);
  if (options.groupIds !== undefined) parts.push(sql`g.id = any(${sqlIds(options.groupIds)})`);
  const where = sql.join(parts, sql` and `);
  const [counted, found] = await Promise.all([
    rows(db, sql`select count(*)::int as n from cs_groups g where ${where}`),
    rows(
      db,
      sql`select g.id, g.time_id is not null as online from cs_groups g where ${where}
          order by g.id limit ${options.limit} offset ${options.offset}`,
    ),
  ]);
  return {
    ids: found.map((r) => Number(r.id)),
    online: new Map(found.map((r) => [Number(r.id), r.online === true || r.online === 't'])),
    total: num(counted[0]?.n),
  };
}

// ---- an agent's day ---------------------------------------------------------------------------------------------

/** The chat tab's figures of an agent's sessions today (joined since midnight in the console's time zone). */
export interface AgentSessionsToday {
  readonly count: number;
  readonly answered: number;
  readonly closed: number;
  readonly avgClosedSeconds: number | null;
  readonly chatSeconds: number;
  readonly rated: number;
  readonly satisfied: number;
}

export async function agentSessionsToday(
  db: Queryable,
  organizationId: number,
  agentId: number,
  clock: DeskClock,
): Promise<AgentSessionsToday> {
  const { now, from } = today(clock);
  const since = sql`${from.toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [r] = await rows(
    db,
    sql`select count(*)::int as count,
          count(*) filter (where s.first_reply_time is not null)::int as answered,
          count(*) filter (where s.status = 'CLOSED')::int as closed,
          avg(s.duration) filter (where s.status = 'CLOSED') as "avgClosed",
          coalesce(sum(case when s.status = 'CLOSED' then s.duration
                       else greatest(0, extract(epoch from ${at} - coalesce(s.join_time, s.begin_time))) end), 0)
            as "chatSeconds",
          count(*) filter (where s.satisfaction is not null)::int as rated,
          count(*) filter (where s.satisfaction >= 4)::int as satisfied
        from chat_sessions s
        where s.organization_id = ${organizationId} and s.agent_id = ${agentId}
          and coalesce(s.join_time, s.begin_time) >= ${since}`,
  );
  return {
    count: num(r?.count),
    answered: num(r?.answered),
    closed: num(r?.closed),
    avgClosedSeconds: r?.avgClosed === null || r?.avgClosed === undefined ? null : Math.round(Number(r.avgClosed)),
    chatSeconds: Math.round(num(r?.chatSeconds)),
    rated: num(r?.rated),
    satisfied: num(r?.satisfied),
  };
}

/** An alarm on an agent, as stored. */
export interface AlarmRow {
  readonly id: number;
  readonly agentId: number;
  readonly sessionId: string;
  readonly type: string;
  readonly source: string | null;
  readonly reason: string;
  readonly alarmTime: Date;
  readonly handledTime: Date | null;
}

/** An agent's alarms, newest first; only those of `sessionIds` when given. */
export async function agentAlarms(
  db: Queryable,
  organizationId: number,
  agentId: number,
  options: { sessionIds?: readonly string[]; limit: number },
): Promise<AlarmRow[]> {
  const only = options.sessionIds === undefined ? sql`` : sql`and al.session_id = any(${sqlTexts(options.sessionIds)})`;
  const found = await rows(
    db,
    sql`select al.id, al.agent_id as "agentId", al.session_id as "sessionId", al.type, al.source, al.reason,
          al.alarm_time as "alarmTime", al.handled_time as "handledTime"
        from agent_alarms al where al.organization_id = ${organizationId} and al.agent_id = ${agentId} ${only}
        order by al.alarm_time desc, al.id desc limit ${options.limit}`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    agentId: Number(r.agentId),
    sessionId: r.sessionId as string,
    type: r.type as string,
    source: (r.source as string | null) ?? null,
    reason: r.reason as string,
    alarmTime: time(r.alarmTime)!,
    handledTime: time(r.handledTime),
  }));
}

/** A session of the agent today (the session records). */
export interface TodaySessionRow {
  readonly sessionId: string;
  readonly chatId: string;
  readonly status: string;
  readonly customerNick: string | null;
  readonly startTime: Date | null;
  readonly closeTime: Date | null;
}

/** The agent's sessions joined today, newest first, a page of them and how many. */
export async function agentTodaySessions(
  db: Queryable,
  organizationId: number,
  agentId: number,
  options: DeskClock & { limit: number; offset: number },
): Promise<{ rows: TodaySessionRow[]; total: number }> {
  const { from } = today(options);
  const where = sql`s.organization_id = ${organizationId} and s.agent_id = ${agentId}
    and coalesce(s.join_time, s.begin_time) >= ${from.toISOString()}::timestamptz`;
  const [counted, found] = await Promise.all([
    rows(db, sql`select count(*)::int as n from chat_sessions s where ${where}`),
    rows(
      db,
      sql`select s.session_id as "sessionId", s.chat_id as "chatId", s.status, s.customer_nick as "customerNick",
            coalesce(s.join_time, s.begin_time) as "startTime", s.close_time as "closeTime"
          from chat_sessions s where ${where}
          order by coalesce(s.join_time, s.begin_time) desc, s.id desc limit ${options.limit} offset ${options.offset}`,
    ),
  ]);
  return {
    rows: found.map((r) => ({
      sessionId: r.sessionId as string,
      chatId: r.chatId as string,
      status: r.status as string,
      customerNick: (r.customerNick as string | null) ?? null,
      startTime: time(r.startTime),
      closeTime: time(r.closeTime),
    })),
    total: num(counted[0]?.n),
  };
}

/** The totals of the queue monitor's 统计 row that the channel rows cannot add up: the average over all of them. */
export async function channelAverage(
  db: Queryable,
  organizationId: number,
  options: DeskClock & { lineId?: number | null },
): Promise<number | null> {
  const { from } = today(options);
  const line = options.lineId == null ? sql`` : sql`and s.line_id = ${options.lineId}`;
  const [r] = await rows(
    db,
    sql`select avg(s.duration) as avg from chat_sessions s
        where s.organization_id = ${organizationId} and s.live_seq is not null and s.status = 'CLOSED'
          and s.close_time >= ${from.toISOString()}::timestamptz ${line}`,
  );
  return r?.avg === null || r?.avg === undefined ? null : Math.round(Number(r.avg));
}

/** Names of lines by id. */
export async function lineNames(
  db: Queryable,
  organizationId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    sql`select l.id, l.name from cs_lines l where l.organization_id = ${organizationId} and l.id = any(${sqlIds(ids)})`,
  );
  return new Map(found.map((r) => [Number(r.id), r.name as string]));
}
