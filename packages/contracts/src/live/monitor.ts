import { z } from 'zod';
import { chatMessageSchema } from '../entities/chat-message.js';
import { AgentMode, AgentStatus, GroupType } from '../enums/desk.js';
import { boolFilterSchema, err, filter, idSchema, storableString } from '../fields.js';

/**
 * The monitors (tickets spec §2 "Monitoring", §3 "Monitor agent", "Monitor group", "Queue monitor", "Agent alarm",
 * §7 "/v3/chats/monitor/*"): what the agent, group and queue monitors, the agent detail and a live session read.
 * Times are 'YYYY-MM-DD HH:mm:ss' in the console's time zone; durations are seconds.
 */

/** Page sizes the monitor screens offer (spec §9). */
export const MONITOR_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

/** `?page=&size=` of the monitor pages: at most 100 a page (the largest size the screens offer). */
export const monitorPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1, err('common.pageSize')).max(100, err('common.pageSize')).default(20),
});

const ids = z.array(idSchema).max(1000);

/**
 * /v3/chats/monitor/page: keyword (name or nick), workNo, groupIds (bound to any of them), type (ONLINE or HOTLINE:
 * bound to a group of that type — the spec names the filter, not its values), statuses, alarm (true: has an alarm
 * nobody has handled; false: has none).
 */
export const monitorAgentFilterSchema = z.object({
  keyword: filter(storableString().trim().max(100)),
  workNo: filter(storableString().trim().max(100)),
  groupIds: filter(ids),
  type: filter(GroupType.schema),
  statuses: filter(z.array(AgentStatus.schema).max(10)),
  alarm: filter(boolFilterSchema),
});
export type MonitorAgentFilter = z.infer<typeof monitorAgentFilterSchema>;

const monitorGroupRefSchema = z.object({ groupId: z.string(), groupName: z.string(), type: GroupType.schema });

/** One agent card (spec §3 "Monitor agent"). */
export const monitorAgentSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  nick: z.string(),
  status: AgentStatus.schema,
  workNo: z.string().nullish(),
  /** ONLINE when bound to an online group, else HOTLINE when bound to a hotline group, else null */
  type: GroupType.schema.nullish(),
  orgId: z.string(),
  /** sessions he serves now */
  receptions: z.number().int(),
  /** sessions he took today */
  totalReceptions: z.number().int(),
  /** his sessions closed today */
  sessions: z.number().int(),
  /** since when he is in `status` (null: the feed has not heard of him) */
  statusTime: z.string().nullish(),
  sipNumber: z.string().nullish(),
  softNumber: z.string().nullish(),
  /** the session of his latest alarm nobody has handled (the card's red mark) */
  alarmSessionId: z.string().nullish(),
  avatar: z.string().nullish(),
  groups: z.array(monitorGroupRefSchema),
  /** his reception ceiling */
  maxSession: z.number().int(),
  /** seconds his longest open session has lasted, null when he serves none */
  maxSessionTime: z.number().int().nullish(),
  /** that session (what /longest-session opens) */
  longestSessionId: z.string().nullish(),
  mode: AgentMode.schema.nullish(),
});
export type MonitorAgent = z.infer<typeof monitorAgentSchema>;

export const monitorAgentPageSchema = z.object({
  records: z.array(monitorAgentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
});
export type MonitorAgentPage = z.infer<typeof monitorAgentPageSchema>;

/** /v3/chats/monitor/group-page: keyword (group name), groupIds. */
export const monitorGroupFilterSchema = z.object({
  keyword: filter(storableString().trim().max(100)),
  groupIds: filter(ids),
});

/** One group of the group monitor (spec §3 "Monitor group") with its agents. */
export const monitorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the group has a service time (spec §2: "a group counts as online if it has a serviceTime") */
  online: z.boolean(),
  agentCount: z.number().int(),
  agentOnLineCount: z.number().int(),
  /** suspended: BUSY, BREAK, TRAINING, MEETING */
  agentBreakCount: z.number().int(),
  /** sessions its agents serve now */
  groupReceptionCount: z.number().int(),
  /** sessions it took today */
  groupSessionCount: z.number().int(),
  /** sessions waiting for it */
  waitingCount: z.number().int(),
  agents: z.array(monitorAgentSchema),
});
export type MonitorGroup = z.infer<typeof monitorGroupSchema>;
export const monitorGroupPageSchema = z.object({
  records: z.array(monitorGroupSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
});
export type MonitorGroupPage = z.infer<typeof monitorGroupPageSchema>;

export const monitorAgentQuerySchema = z.object({ agentId: idSchema });
export const monitorSessionQuerySchema = z.object({ sessionId: idSchema });
export const monitorLineQuerySchema = z.object({ lineId: idSchema });
export const monitorQueueBodySchema = z.object({ lineId: filter(idSchema) });

/** An alarm on an agent (spec §3 "Agent alarm"), as the alarm tab and the session records show it. */
export const monitorAlarmSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  type: z.string(),
  source: z.string().nullish(),
  reason: z.string(),
  alarmTime: z.string(),
  handledTime: z.string().nullish(),
});
export type MonitorAlarm = z.infer<typeof monitorAlarmSchema>;

/** The alarms the detail lists, newest first. */
export const MONITOR_ALARMS_MAX = 200;

/**
 * /agent-detail: the basic tab (spec §2 "basic"): the card's fields and every bound group (online or not), and the
 * alarm tab's alarms (newest first, at most MONITOR_ALARMS_MAX), read-only here.
 */
export const monitorAgentDetailSchema = monitorAgentSchema.extend({
  capacity: z.number().int(),
  mobile: z.string().nullish(),
  boundGroups: z.array(monitorGroupRefSchema.extend({ online: z.boolean() })),
  alarms: z.array(monitorAlarmSchema),
});
export type MonitorAgentDetail = z.infer<typeof monitorAgentDetailSchema>;

/**
 * /today-data: the chat tab (spec §2 "chat statistics"). An answered session is one he replied to; percentages are
 * 0..100 with one decimal, null when there is nothing to divide by.
 */
export const monitorTodayDataSchema = z.object({
  agentId: z.string(),
  /** the day, YYYY-MM-DD in the console's time zone */
  day: z.string(),
  /** sessions taken today */
  receptions: z.number().int(),
  answeredCount: z.number().int(),
  unansweredCount: z.number().int(),
  answeredPercent: z.number().nullable(),
  unansweredPercent: z.number().nullable(),
  receivedCount: z.number().int(),
  sentCount: z.number().int(),
  totalMessages: z.number().int(),
  /** average seconds of his sessions closed today */
  avgReceptionTime: z.number().int().nullable(),
  /** seconds of his sessions today (the open ones up to now) */
  totalChatTime: z.number().int(),
  earliestLogin: z.string().nullish(),
  latestLogout: z.string().nullish(),
  totalOnlineTime: z.number().int(),
  totalRestTime: z.number().int(),
  /** his sessions today that were rated, and those rated 4 or 5 */
  ratedCount: z.number().int(),
  satisfiedCount: z.number().int(),
  satisfiedPercent: z.number().nullable(),
  transferCount: z.number().int(),
  transferPercent: z.number().nullable(),
});
export type MonitorTodayData = z.infer<typeof monitorTodayDataSchema>;

/** /today-session: one of the agent's sessions of today with its alarms (spec §2 "session-record"). */
export const monitorTodaySessionSchema = z.object({
  sessionId: z.string(),
  chatId: z.string(),
  agentId: z.string(),
  status: z.string(),
  customerNick: z.string().nullish(),
  startTime: z.string().nullish(),
  closeTime: z.string().nullish(),
  alarms: z.array(monitorAlarmSchema),
});
export type MonitorTodaySession = z.infer<typeof monitorTodaySessionSchema>;
export const monitorTodaySessionPageSchema = z.object({
  records: z.array(monitorTodaySessionSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
});

/**
 * One transfer of a session (a forced transfer of the console or a platform's SESSION_TRANSFERRED through the feed),
 * as the transcript shows it between the messages: from the agent it left (null: nobody served it), to an agent or to
 * a skill group, with the remark and who did it when the event named them. Names are read at the time of the call.
 */
export const monitorSessionTransferSchema = z.object({
  /** 'YYYY-MM-DD HH:mm:ss', the event's time */
  time: z.string(),
  /** how many of the session's messages came before it: its place in the transcript */
  messagesBefore: z.number().int().min(0),
  fromAgentId: z.string().nullish(),
  fromAgentNick: z.string().nullish(),
  toAgentId: z.string().nullish(),
  toAgentNick: z.string().nullish(),
  toGroupId: z.string().nullish(),
  toGroupName: z.string().nullish(),
  /** to a group: the agent the desk then gave the session to (null while it waits in the queue) */
  takenByAgentId: z.string().nullish(),
  takenByAgentNick: z.string().nullish(),
  remark: z.string().nullish(),
  /** who transferred it (the console's user, or whom the platform named) */
  by: z.string().nullish(),
});
export type MonitorSessionTransfer = z.infer<typeof monitorSessionTransferSchema>;

/**
 * /longest-session: a live session's profile (spec §2 "session-detail"), its messages so far and its transfers in
 * order (left out by servers before them).
 */
export const monitorSessionSchema = z.object({
  sessionId: z.string(),
  chatId: z.string(),
  status: z.string(),
  agentId: z.string().nullish(),
  agentName: z.string().nullish(),
  nick: z.string().nullish(),
  customerNick: z.string().nullish(),
  customerId: z.string().nullish(),
  lineName: z.string().nullish(),
  arrivalTime: z.string().nullish(),
  joinTime: z.string().nullish(),
  firstReplyTime: z.string().nullish(),
  closeTime: z.string().nullish(),
  messageCount: z.number().int(),
  messages: z.array(chatMessageSchema),
  transfers: z.array(monitorSessionTransferSchema).optional(),
});
export type MonitorSession = z.infer<typeof monitorSessionSchema>;

/** One channel (trackClient) of a line today (spec §3 "Queue monitor" channels rows). */
export const monitorChannelSchema = z.object({
  /** lineId:trackClient */
  id: z.string(),
  lineId: z.string().nullish(),
  lineName: z.string().nullish(),
  trackClient: z.string().nullish(),
  chatCount: z.number().int(),
  waitingCount: z.number().int(),
  totalReceptions: z.number().int(),
  totalSessionCount: z.number().int(),
  avgSessionTime: z.number().int().nullable(),
});
export type MonitorChannel = z.infer<typeof monitorChannelSchema>;

/** The queue monitor's 统计 row: the channels' totals, the waiting sessions and notes (null: the feed has none). */
export const monitorChannelTotalsSchema = z.object({
  chatCount: z.number().int(),
  waitingCount: z.number().int(),
  totalReceptions: z.number().int(),
  totalSessionCount: z.number().int(),
  avgSessionTime: z.number().int().nullable(),
  noteCount: z.number().int().nullable(),
});
export type MonitorChannelTotals = z.infer<typeof monitorChannelTotalsSchema>;

export const monitorChannelListSchema = z.array(monitorChannelSchema);
export const monitorQueueSchema = z.object({
  channels: z.array(monitorChannelSchema),
  channelCounts: monitorChannelTotalsSchema,
});
export type MonitorQueue = z.infer<typeof monitorQueueSchema>;
