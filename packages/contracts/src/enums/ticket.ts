import { type DictValue, defineDictionary } from './dictionary.js';

/**
 * The system status groups of ticket states (tickets spec "Ticket states": `dict-ticket-status`, the parent rows of
 * the state list). The values are ours: the spec names the dictionary, not its entries. Every state, system or the
 * organisation's own, belongs to one group; the group is fixed once the state exists.
 */
export const TicketStatusGroup = defineDictionary('dict-ticket-status', {
  PENDING: { zh: '待处理', en: 'Pending' },
  PROCESSING: { zh: '处理中', en: 'In progress' },
  SUSPENDED: { zh: '挂起', en: 'On hold' },
  RESOLVED: { zh: '已解决', en: 'Resolved' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
});
export type TicketStatusGroup = DictValue<typeof TicketStatusGroup>;

/** Who handles a ticket at a node of a kind's flow (tickets spec "Node editor"). */
export const NodeHandlerType = defineDictionary('dict-node-handler-type', {
  CREATOR: { zh: '创建人', en: 'Creator' },
  LAST: { zh: '上一处理人', en: 'Last handler' },
  GROUP: { zh: '工单组', en: 'Ticket group' },
  STAFF: { zh: '指定员工', en: 'Staff' },
});
export type NodeHandlerType = DictValue<typeof NodeHandlerType>;

/** How a ticket group picks a handler (tickets spec §4): LOAD is the default. */
export const TicketRouteType = defineDictionary('dict-ticket-route-type', {
  LOAD: { zh: '负载优先', en: 'Least load' },
  ROTATE: { zh: '轮流分配', en: 'In turn' },
});
export type TicketRouteType = DictValue<typeof TicketRouteType>;

/** The 18 preset colours of a ticket state; the first is the default (tickets spec §9). */
export const TICKET_STATE_COLORS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#a0d911',
  '#fadb14',
  '#fa541c',
  '#08979c',
  '#389e0d',
  '#d48806',
  '#cf1322',
  '#531dab',
  '#8c8c8c',
] as const;
export type TicketStateColor = (typeof TICKET_STATE_COLORS)[number];

/**
 * The system states every organisation starts with (the spec's tenantId 0), one per status group, named as the
 * group. They can be used in any kind's flow but never changed or deleted ('系统状态不能修改').
 */
export const SYSTEM_TICKET_STATES: readonly {
  readonly code: TicketStatusGroup;
  readonly statusGroup: TicketStatusGroup;
  readonly color: TicketStateColor;
}[] = [
  { code: 'PENDING', statusGroup: 'PENDING', color: '#1677ff' },
  { code: 'PROCESSING', statusGroup: 'PROCESSING', color: '#faad14' },
  { code: 'SUSPENDED', statusGroup: 'SUSPENDED', color: '#8c8c8c' },
  { code: 'RESOLVED', statusGroup: 'RESOLVED', color: '#52c41a' },
  { code: 'CLOSED', statusGroup: 'CLOSED', color: '#722ed1' },
];
