import { type DictValue, defineDictionary } from './dictionary.js';

/**
 * Assignment order inside a skill group (online-service-config §4 "dict-desk-assign"). The spec names IDLE_RATE
 * (the default) and LAST_RECEIVER; the other values and every label are ours.
 */
export const DeskAssign = defineDictionary('dict-desk-assign', {
  IDLE_RATE: { zh: '空闲率优先', en: 'Lowest load first' },
  LAST_RECEIVER: { zh: '上次接待人优先', en: 'Last receiver first' },
  ROUND_ROBIN: { zh: '轮流分配', en: 'Round robin' },
  FEWEST_RECEPTIONS: { zh: '接待量最少优先', en: 'Fewest receptions first' },
});
export type DeskAssign = DictValue<typeof DeskAssign>;
export const DEFAULT_FIRST_ASSIGN: DeskAssign = 'IDLE_RATE';
/** the only first assignment that offers a second one (spec §4) */
export const SECOND_ASSIGN_AFTER: DeskAssign = 'LAST_RECEIVER';

/** Skill-group type (spec §3.2 "desk type"): a CATEGORY group is the parent of ONLINE and HOTLINE groups. */
export const GroupType = defineDictionary('dict-desk-type', {
  ONLINE: { zh: '在线', en: 'Online' },
  HOTLINE: { zh: '热线', en: 'Hotline' },
  CATEGORY: { zh: '分类', en: 'Category' },
  TICKET: { zh: '工单', en: 'Ticket' },
});
export type GroupType = DictValue<typeof GroupType>;
/** the types that may have a CATEGORY parent (spec §3.2, §5) */
export const GROUP_TYPES_WITH_PARENT: readonly GroupType[] = ['ONLINE', 'HOTLINE'];
/** the types whose assignment config applies (spec §3.2) */
export const GROUP_TYPES_WITH_CONFIG: readonly GroupType[] = ['ONLINE', 'TICKET'];

/**
 * Agent status (spec §4): ONLINE, OFFLINE, BREAK, TRAINING, MEETING "plus busy states" — the busy state's name and
 * every label are ours.
 */
export const AgentStatus = defineDictionary('dict-agent-status', {
  ONLINE: { zh: '在线', en: 'Online' },
  BUSY: { zh: '忙碌', en: 'Busy' },
  BREAK: { zh: '小休', en: 'On a break' },
  TRAINING: { zh: '培训', en: 'Training' },
  MEETING: { zh: '会议', en: 'In a meeting' },
  OFFLINE: { zh: '离线', en: 'Offline' },
});
export type AgentStatus = DictValue<typeof AgentStatus>;

/** The mode an ONLINE agent serves in (spec §4 "ONLINE also carries a mode"; values not shown, so ours). */
export const AgentMode = defineDictionary('dict-agent-mode', {
  CHAT: { zh: '在线会话', en: 'Chat' },
  CALL: { zh: '热线电话', en: 'Calls' },
  ALL: { zh: '全渠道', en: 'Chat and calls' },
});
export type AgentMode = DictValue<typeof AgentMode>;

/** Weekdays of a general service period, ISO numbering (1 Monday … 7 Sunday); the spec shows none, so ours. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, { zh: string; en: string }>> = {
  1: { zh: '周一', en: 'Mon' },
  2: { zh: '周二', en: 'Tue' },
  3: { zh: '周三', en: 'Wed' },
  4: { zh: '周四', en: 'Thu' },
  5: { zh: '周五', en: 'Fri' },
  6: { zh: '周六', en: 'Sat' },
  7: { zh: '周日', en: 'Sun' },
};
