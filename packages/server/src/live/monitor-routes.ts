import {
  MONITOR_ALARMS_MAX,
  type MonitorAgent,
  type MonitorChannel,
  monitorAgentDetailSchema,
  monitorAgentFilterSchema,
  monitorAgentPageSchema,
  monitorAgentQuerySchema,
  monitorChannelListSchema,
  monitorGroupFilterSchema,
  monitorGroupPageSchema,
  monitorLineQuerySchema,
  monitorPageQuerySchema,
  monitorQueueBodySchema,
  monitorQueueSchema,
  monitorSessionQuerySchema,
  monitorSessionSchema,
  monitorTodayDataSchema,
  monitorTodaySessionPageSchema,
} from '@qcdesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dbId, dbIds } from '../crud/ids.js';
import { chatMessages, chatSessions, csLines } from '../db/schema/index.js';
import { ApiError } from '../http/api-error.js';
import { defineRoute, noBody } from '../http/define-route.js';
import { formatTime } from '../http/time-zone.js';
import { sessionTransfers } from '../routes/monitor-live/session-transfers.js';
import { messageRecord } from '../routes/sessions/session-record.js';
import { agentStates, channelCounts, groupCounters, today } from './desk-state.js';
import { RESTING_STATUSES } from './live-desk.js';
import {
  type AgentMonitorRow,
  type AlarmRow,
  agentAlarms,
  agentMonitorPage,
  agentSessionsToday,
  agentTodaySessions,
  channelAverage,
  lineNames,
  monitorGroupIds,
} from './monitor-state.js';

const tags = ['monitor'];

/** percent with one decimal, null when there is nothing to divide by */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The monitors (tickets spec §7 "Agents and monitoring"): /v3/chats/monitor/{page, group-page, agent-detail,
 * today-data, today-session, longest-session, channel} and the queue monitor (/queue, path ours). They read what the
 * live feed keeps (desk-state.ts, monitor-state.ts) as of the moment of the call; /alarm and the transfer belong to
 * the real-time half (issue 20, H7).
 */
export async function monitorRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const clock = () => ({ now: new Date(), timeZone: config.timeZone });
  const at = (d: Date | null) => formatTime(d, config.timeZone);

  const card = (r: AgentMonitorRow, now: Date): MonitorAgent => ({
    id: String(r.agentId),
    name: r.name,
    nick: r.nick,
    status: r.status,
    workNo: r.workNo,
    type: r.groups.some((g) => g.type === 'ONLINE')
      ? 'ONLINE'
      : r.groups.some((g) => g.type === 'HOTLINE')
        ? 'HOTLINE'
        : null,
    orgId: String(r.organizationId),
    receptions: r.receptions,
    totalReceptions: r.totalReceptions,
    sessions: r.sessions,
    statusTime: at(r.statusTime),
    sipNumber: r.sipNumber,
    softNumber: r.softNumber,
    alarmSessionId: r.alarmSessionId,
    avatar: r.avatar,
    groups: r.groups
      .filter((g) => g.type !== 'CATEGORY' && g.type !== 'TICKET')
      .map((g) => ({ groupId: String(g.groupId), groupName: g.groupName, type: g.type })),
    maxSession: r.capacity,
    maxSessionTime:
      r.longestJoinTime === null ? null : Math.max(0, Math.round((now.getTime() - r.longestJoinTime.getTime()) / 1000)),
    longestSessionId: r.longestSessionId,
    mode: r.mode,
  });
  const alarm = (a: AlarmRow) => ({
    id: String(a.id),
    sessionId: a.sessionId,
    type: a.type,
    source: a.source,
    reason: a.reason,
    alarmTime: at(a.alarmTime)!,
    handledTime: at(a.handledTime),
  });
  const requireAgent = async (organizationId: number, agentId: string) => {
    const id = dbId(agentId);
    const c = clock();
    const found = id === null ? null : await agentMonitorPage(db, organizationId, { ...c, filter: { agentIds: [id] } });
    const row = found?.rows[0];
    if (row === undefined) throw ApiError.notFound('坐席 agent', agentId);
    return { row, clock: c };
  };
  const requireLine = async (organizationId: number, lineId: string) => {
    const id = dbId(lineId);
    const [line] =
      id === null
        ? []
        : await db
            .select({ id: csLines.id })
            .from(csLines)
            .where(and(eq(csLines.organizationId, organizationId), eq(csLines.id, id)));
    if (line === undefined) throw ApiError.notFound('服务线路 line', lineId);
    return line.id;
  };
  const channels = async (organizationId: number, lineId: number | null): Promise<MonitorChannel[]> => {
    const found = await channelCounts(db, organizationId, { ...clock(), lineId });
    const names = await lineNames(
      db,
      organizationId,
      [...new Set(found.map((c) => c.lineId))].filter((id): id is number => id !== null),
    );
    return found.map((c) => ({
      id: `${c.lineId ?? ''}:${c.trackClient ?? ''}`,
      lineId: c.lineId === null ? null : String(c.lineId),
      lineName: c.lineId === null ? null : (names.get(c.lineId) ?? null),
      trackClient: c.trackClient,
      chatCount: c.chatCount,
      waitingCount: c.waitingCount,
      totalReceptions: c.totalReceptions,
      totalSessionCount: c.totalSessionCount,
      avgSessionTime: c.avgSessionTime,
    }));
  };

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/page',
      query: monitorPageQuerySchema,
      body: monitorAgentFilterSchema,
      summary:
        "the agent monitor, by agent id: each agent's status since when, receptions now and today, sessions closed today, bound groups, his latest unhandled alarm's session and his longest open session; filters keyword (name or nick), workNo, groupIds, type (ONLINE or HOTLINE groups), statuses, alarm. At most 100 a page",
      response: monitorAgentPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const c = clock();
      const { rows, total } = await agentMonitorPage(db, auth.organizationId, {
        ...c,
        filter: {
          keyword: body.keyword,
          workNo: body.workNo,
          groupIds: body.groupIds === undefined ? undefined : dbIds(body.groupIds),
          type: body.type,
          statuses: body.statuses,
          alarm: body.alarm,
        },
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      return { records: rows.map((r) => card(r, c.now)), total, page: query.page, size: query.size };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/group-page',
      query: monitorPageQuerySchema,
      body: monitorGroupFilterSchema,
      summary:
        'the group monitor: per ONLINE skill group its agents, those ONLINE and those suspended (busy, break, training, meeting), the sessions it serves now and took today, the sessions waiting for it, whether it has a service time, and its agents as the agent monitor shows them',
      response: monitorGroupPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const c = clock();
      const { ids, online, total } = await monitorGroupIds(db, auth.organizationId, {
        keyword: body.keyword,
        groupIds: body.groupIds === undefined ? undefined : dbIds(body.groupIds),
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      if (ids.length === 0) return { records: [], total, page: query.page, size: query.size };
      const [counters, agents] = await Promise.all([
        groupCounters(db, auth.organizationId, { ...c, groupIds: ids }),
        agentMonitorPage(db, auth.organizationId, { ...c, filter: { groupIds: ids } }),
      ]);
      return {
        records: counters.map((g) => ({
          id: String(g.groupId),
          name: g.groupName,
          online: online.get(g.groupId) ?? false,
          agentCount: g.agentCount,
          agentOnLineCount: g.agentOnLineCount,
          agentBreakCount: g.agentBreakCount,
          groupReceptionCount: g.groupReceptionCount,
          groupSessionCount: g.groupSessionCount,
          waitingCount: g.waitingCount,
          agents: agents.rows.filter((a) => a.groups.some((x) => x.groupId === g.groupId)).map((a) => card(a, c.now)),
        })),
        total,
        page: query.page,
        size: query.size,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/agent-detail',
      query: monitorAgentQuerySchema,
      body: noBody,
      summary:
        "an agent's detail: the basic tab (the card's fields, mobile, every bound group and whether it has a service time) and the alarm tab (his alarms, newest first, read-only)",
      response: monitorAgentDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const { row, clock: c } = await requireAgent(auth.organizationId, query.agentId);
      const alarms = await agentAlarms(db, auth.organizationId, row.agentId, { limit: MONITOR_ALARMS_MAX });
      return {
        ...card(row, c.now),
        capacity: row.capacity,
        mobile: row.mobile,
        boundGroups: row.groups.map((g) => ({
          groupId: String(g.groupId),
          groupName: g.groupName,
          type: g.type,
          online: g.online,
        })),
        alarms: alarms.map(alarm),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/today-data',
      query: monitorAgentQuerySchema,
      body: noBody,
      summary:
        "an agent's chat statistics of today: sessions answered and not (with percentages), messages received and sent, average and total chat time, earliest sign-in and latest sign-out, time online and resting up to now, the share of rated sessions rated 4 or 5, sessions transferred away",
      response: monitorTodayDataSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const { row, clock: c } = await requireAgent(auth.organizationId, query.agentId);
      const [live] = await agentStates(db, auth.organizationId, { ...c, agentIds: [row.agentId] });
      const sessions = await agentSessionsToday(db, auth.organizationId, row.agentId, c);
      const { now, day, from } = today(c);
      // the counters run up to statusTime; the stretch since then counts too, from midnight at the earliest
      const since = live?.statusTime == null ? null : Math.max(live.statusTime.getTime(), from.getTime());
      const running = since === null ? 0 : Math.max(0, Math.round((now.getTime() - since) / 1000));
      const status = live?.status ?? row.status;
      const receptions = live?.totalReceptions ?? 0;
      const transfers = live?.transfers ?? 0;
      const unanswered = Math.max(0, sessions.count - sessions.answered);
      return {
        agentId: String(row.agentId),
        day,
        receptions,
        answeredCount: sessions.answered,
        unansweredCount: unanswered,
        answeredPercent: percent(sessions.answered, sessions.count),
        unansweredPercent: percent(unanswered, sessions.count),
        receivedCount: live?.received ?? 0,
        sentCount: live?.sent ?? 0,
        totalMessages: (live?.received ?? 0) + (live?.sent ?? 0),
        avgReceptionTime: sessions.avgClosedSeconds,
        totalChatTime: sessions.chatSeconds,
        earliestLogin: at(live?.firstOnlineTime ?? null),
        latestLogout: at(live?.lastOfflineTime ?? null),
        totalOnlineTime: (live?.onlineSeconds ?? 0) + (status === 'ONLINE' ? running : 0),
        totalRestTime: (live?.restSeconds ?? 0) + (RESTING_STATUSES.includes(status) ? running : 0),
        ratedCount: sessions.rated,
        satisfiedCount: sessions.satisfied,
        satisfiedPercent: percent(sessions.satisfied, sessions.rated),
        transferCount: transfers,
        transferPercent: percent(transfers, receptions),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/today-session',
      query: monitorAgentQuerySchema.extend(monitorPageQuerySchema.shape),
      body: noBody,
      summary:
        "an agent's sessions of today (joined since midnight), newest first, each with his alarms on it (session records)",
      response: monitorTodaySessionPageSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const { row, clock: c } = await requireAgent(auth.organizationId, query.agentId);
      const { rows, total } = await agentTodaySessions(db, auth.organizationId, row.agentId, {
        ...c,
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      const alarms =
        rows.length === 0
          ? []
          : await agentAlarms(db, auth.organizationId, row.agentId, {
              sessionIds: rows.map((s) => s.sessionId),
              limit: MONITOR_ALARMS_MAX,
            });
      return {
        records: rows.map((s) => ({
          sessionId: s.sessionId,
          chatId: s.chatId,
          agentId: String(row.agentId),
          status: s.status,
          customerNick: s.customerNick,
          startTime: at(s.startTime),
          closeTime: at(s.closeTime),
          alarms: alarms.filter((a) => a.sessionId === s.sessionId).map(alarm),
        })),
        total,
        page: query.page,
        size: query.size,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/longest-session',
      query: monitorSessionQuerySchema,
      body: noBody,
      summary:
        "a session as the monitor shows it (an agent's longest open one, or any from the session records): its profile — arrival, join, first reply and close times — its messages so far, in order, and its transfers (time, how many messages came before it, from agent, to agent or skill group with their names now, remark, who)",
      response: monitorSessionSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const [s] = await db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.organizationId, auth.organizationId), eq(chatSessions.sessionId, query.sessionId)));
      if (s === undefined) throw ApiError.notFound('会话 session', query.sessionId);
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionRef, s.id))
        .orderBy(asc(chatMessages.seq));
      return {
        sessionId: s.sessionId,
        chatId: s.chatId,
        status: s.status,
        agentId: s.agentId === null ? null : String(s.agentId),
        agentName: s.agentName,
        nick: s.agentNick,
        customerNick: s.customerNick,
        customerId: s.customerId,
        lineName: s.lineName,
        arrivalTime: at(s.arrivalTime),
        joinTime: at(s.joinTime),
        firstReplyTime: at(s.firstReplyTime),
        closeTime: at(s.closeTime),
        messageCount: messages.length,
        messages: messages.map((m) => messageRecord(m, config.timeZone)),
        transfers: await sessionTransfers(db, auth.organizationId, s.sessionId, config.timeZone),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/channel',
      query: monitorLineQuerySchema,
      body: noBody,
      summary:
        "a line's channels (trackClient) today: sessions served now, waiting now, arrived today, taken today, and the average length of today's closed ones",
      response: monitorChannelListSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => channels(auth.organizationId, await requireLine(auth.organizationId, query.lineId)),
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/queue',
      body: monitorQueueBodySchema,
      summary:
        "the queue monitor (path ours): the channels of every line, or of one (lineId), and their totals — the 统计 row: served now, waiting, taken and arrived today, the average length of today's closed sessions, and notes (null: the live feed carries none)",
      response: monitorQueueSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const lineId = body.lineId === undefined ? null : await requireLine(auth.organizationId, body.lineId);
      const rows = await channels(auth.organizationId, lineId);
      const sum = (key: 'chatCount' | 'waitingCount' | 'totalReceptions' | 'totalSessionCount') =>
        rows.reduce((total, r) => total + r[key], 0);
      return {
        channels: rows,
        channelCounts: {
          chatCount: sum('chatCount'),
          waitingCount: sum('waitingCount'),
          totalReceptions: sum('totalReceptions'),
          totalSessionCount: sum('totalSessionCount'),
          avgSessionTime: await channelAverage(db, auth.organizationId, { ...clock(), lineId }),
          noteCount: null,
        },
      };
    },
  );
}
