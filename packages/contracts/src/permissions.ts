/**
 * Permission keys and the route → key table the server enforces (and the workbench uses to hide what the user
 * may not do). Keys marked `spec` are the spec's own strings; the spec leaves the read (menu) keys and the
 * complaint keys unnamed ("their exact strings: not shown"), so those few are ours and marked `qcdesk`.
 */
import { crudAccess } from './crud/entity-contract.js';
import { aiPlatformContract, chatbotContract } from './entity-contracts/bots.js';
import { censorBanContract } from './entity-contracts/censor.js';
import { customFieldContract } from './entity-contracts/custom-field.js';
import { csAgentContract, csGroupContract, csTimeContract } from './entity-contracts/desk-staffing.js';
import { csLineContract, spaceContract, taskKindContract } from './entity-contracts/lines.js';
import { csNavContract } from './entity-contracts/online-config.js';
import { roleContract, userContract } from './entity-contracts/people.js';
import { qcRuleContract, qcSchemeContract, qcTaskContract } from './entity-contracts/qc.js';
import { scoreConfigContract } from './entity-contracts/score-config.js';
import { summaryConfigContract } from './entity-contracts/summary-config.js';
import { taskGroupContract, taskStateContract } from './entity-contracts/ticket-states-groups.js';
import type { Label } from './enums/dictionary.js';
import type { QualityStatusMove } from './enums/qc.js';

interface PermissionInfo extends Label {
  readonly source: 'spec' | 'qcdesk';
  readonly area: 'qc' | 'censor' | 'ticket' | 'online' | 'system';
}

const spec = (area: PermissionInfo['area'], zh: string, en: string): PermissionInfo => ({
  source: 'spec',
  area,
  zh,
  en,
});
const ours = (area: PermissionInfo['area'], zh: string, en: string): PermissionInfo => ({
  source: 'qcdesk',
  area,
  zh,
  en,
});

export const PERMISSIONS = {
  // QC area (qc-area.md §6)
  'qc-scheme.view': ours('qc', '查看质检方案', 'View QC schemes'),
  'qc-scheme.edit': spec(
    'qc',
    '新建、启用、停用质检方案；关联与取消关联维度规则',
    'Create, activate, deactivate schemes; link and unlink angle rules',
  ),
  'qc-scheme.delete': spec('qc', '删除、恢复、清空质检方案', 'Delete, restore, empty schemes'),
  'qc-rule.view': ours('qc', '查看质检规则', 'View QC rules'),
  'qc-rule.edit': spec('qc', '新建、编辑质检规则', 'Create and edit rules'),
  'qc-rule.delete': spec('qc', '删除质检规则', 'Delete rules'),
  'qc-ai-result.view': spec('qc', '查看智能质检结果', 'View AI results'),
  'qc-ai-result.edit': spec('qc', '智能质检复检', 'Re-inspect AI results'),
  'qc-manual-result.view': spec('qc', '查看人工质检结果', 'View manual results'),
  'qc-manual-result.edit': spec('qc', '人工质检评分、释放、批量释放', 'Assess, release, bulk release'),
  'qc-manual-result.status': spec('qc', '移至待质检', 'Move to be inspected'),
  'qc-complaint.view': ours('qc', '查看申诉', 'View complaints'),
  'qc-complaint.edit': ours('qc', '提交申诉', 'File complaints'),
  'qc-complaint.review': ours('qc', '审核申诉', 'Review complaints'),
  'qc-task.view': ours('qc', '查看质检任务', 'View QC tasks'),
  'qc-task.edit': spec('qc', '新建、编辑质检任务，修改状态', 'Create, edit, change status of QC tasks'),
  // the spec has no import call (sessions come from the desk itself); backend services import through this key
  'chat-session.import': ours('qc', '导入会话', 'Import sessions'),
  // sensitive words (tickets-censor-tasks-monitoring.md §6)
  'cs-censor-ban.view': ours('censor', '查看敏感词库', 'View sensitive-word libraries'),
  'cs-censor-ban.edit': spec('censor', '新建、启用、停用敏感词库', 'Create, activate, deactivate libraries'),
  'ban.delete': spec('censor', '删除敏感词', 'Delete sensitive words'),
  'cs-censor-log.view': ours('censor', '查看敏感词日志', 'View the sensitive-word log'),
  'cs-censor-log.export': spec('censor', '导出敏感词日志', 'Export the log'),
  // ticket area
  // the spec names no read keys for spaces and ticket kinds: these two are ours
  'ticket-space.view': ours('ticket', '查看工单空间', 'View spaces'),
  'ticket-kind.view': ours('ticket', '查看工单模版', 'View ticket kinds'),
  'ticket-space.edit': spec('ticket', '新建、编辑工单空间', 'Create, edit spaces'),
  'ticket-space.delete': spec('ticket', '删除、恢复、清空工单空间', 'Delete, restore, empty spaces'),
  'ticket-kind.edit': spec('ticket', '新建、编辑工单模版', 'Create and edit ticket kinds'),
  'ticket-kind.status': spec('ticket', '启用、停用工单模版', 'Activate and deactivate ticket kinds'),
  'ticket-kind.delete': spec('ticket', '删除工单模版', 'Delete ticket kinds'),
  'ticket-state.edit': spec('ticket', '新建、编辑、删除工单状态', 'Create, edit, delete states'),
  'field.delete': spec('ticket', '恢复、清空工单状态', 'Restore and empty ticket states'),
  'ticket-group.edit': spec('ticket', '新建、删除工单组', 'Create and delete ticket groups'),
  // the spec names no read keys for ticket states and groups: these two are ours
  'ticket-state.view': ours('ticket', '查看工单状态', 'View ticket states'),
  'ticket-group.view': ours('ticket', '查看工单组', 'View ticket groups'),
  // tickets themselves: the spec shows no ticket screens, so these three are ours
  'ticket.view': ours('ticket', '查看工单', 'View tickets'),
  'ticket.edit': ours(
    'ticket',
    '新建工单；流转、转派自己处理的工单，认领所在组的工单，备注',
    'Open tickets; move and hand on the tickets one handles, claim those of one’s groups, comment',
  ),
  'ticket.manage': ours('ticket', '流转、分配任何工单', 'Move and assign any ticket'),
  // the spec names no read key for custom fields: this one is ours
  'csField.view': ours('ticket', '查看自定义字段', 'View custom fields'),
  'csField.edit': spec('ticket', '新建、编辑自定义字段', 'Create, edit custom fields'),
  'csField.delete': spec('ticket', '删除、恢复、清空自定义字段', 'Delete, restore, empty custom fields'),
  // online service configuration (online-service-config.md §6)
  'csLine.edit': spec(
    'online',
    '新建、启用、停用服务线路；线路授权',
    'Create, activate, deactivate lines; line authorisation',
  ),
  'csLine.delete': spec('online', '删除、恢复、清空服务线路', 'Delete, restore, empty lines'),
  // the spec names no read key for lines (menu keys: "not shown"), so this one is ours
  'csLine.view': ours('online', '查看服务线路', 'View lines'),
  // the spec names no read keys for the desk-staffing lists (menu keys: "not shown"), so these three are ours
  'csGroup.view': ours('online', '查看技能组', 'View skill groups'),
  'csTime.view': ours('online', '查看服务时间', 'View service times'),
  'csAgent.view': ours('online', '查看坐席', 'View agents'),
  'csGroup.edit': spec('online', '新建、编辑技能组', 'Create and edit skill groups'),
  'csGroup.delete': spec(
    'online',
    '删除、恢复、清空技能组（含工单组的恢复与清空）',
    'Delete, restore, empty skill groups (and ticket groups)',
  ),
  'csTime.edit': spec('online', '编辑服务时间', 'Edit service times'),
  'csTime.delete': spec('online', '删除服务时间', 'Delete service times'),
  'csAgent.edit': spec('online', '新建、批量新建、批量保存坐席', 'Create, batch create, batch save agents'),
  'csAgent.pull': spec('online', '从外部呼叫平台拉取坐席', 'Pull agents from an external call platform'),
  'csAgent.delete': spec('online', '删除、恢复、清空坐席', 'Delete, restore, empty agents'),
  // the live feed (issue 20): a contact-centre platform pushes sessions, messages and agent presence; ours
  'live-feed.push': ours('online', '推送实时会话与坐席状态', 'Push live sessions and agent presence'),
  // the monitor menu entries (tickets spec §6: "menu permission keys exist … for the monitor entries"; strings ours)
  'monitor-agent.view': ours(
    'online',
    '坐席监控：查看坐席、详情与实时会话',
    'Agent monitor: agents, details, live sessions',
  ),
  'monitor-group.view': ours('online', '技能组监控', 'Group monitor'),
  'monitor-queue.view': ours('online', '排队监控', 'Queue monitor'),
  // forced transfer of a live chat (tickets spec §2 "Agent transfer dialog"; key ours)
  'monitor.transfer': ours('online', '强制转接会话', 'Force-transfer a live chat'),
  // the spec names no read key for chatbots, and no key at all for AI platforms: these four are ours
  'chatbot.view': ours('online', '查看机器人', 'View bots'),
  'aiPlatform.view': ours('online', '查看 AI 平台', 'View AI platforms'),
  'aiPlatform.edit': ours('online', '新建、编辑 AI 平台', 'Create and edit AI platforms'),
  'aiPlatform.delete': ours('online', '删除、恢复、清空 AI 平台', 'Delete, restore, empty AI platforms'),
  'chatbot.edit': spec('online', '新建机器人', 'Create bots'),
  'chatbot.delete': spec('online', '删除、恢复、清空机器人', 'Delete, restore, empty bots'),
  // the spec names no read key for navigations: this one is ours
  'csNav.view': ours('online', '查看导航', 'View navigations'),
  'csNav.edit': spec('online', '新建、编辑导航', 'Create and edit navigations'),
  'csNav.delete': spec('online', '删除导航', 'Delete navigations'),
  // the spec names no read key for satisfaction configs: this one is ours
  'online.score.view': ours('online', '查看满意度配置', 'View satisfaction configs'),
  'online.score.edit': spec('online', '编辑满意度配置', 'Edit satisfaction configs'),
  'online.score.delete': spec('online', '删除满意度配置', 'Delete satisfaction configs'),
  // the spec names no read key for summary configs: this one is ours
  'csSummary.view': ours('online', '查看服务小结配置', 'View summary configs'),
  'csSummary.edit': spec('online', '编辑服务小结配置', 'Edit summary configs'),
  'csSummary.delete': spec('online', '删除服务小结配置', 'Delete summary configs'),
  // people and roles (ours: the spec shows no user calls)
  'user.view': ours('system', '查看用户', 'View users'),
  'user.edit': ours(
    'system',
    '新建、编辑、启用、停用用户，重置密码',
    'Create, edit, enable, disable users; reset passwords',
  ),
  'user.delete': ours('system', '删除、恢复、清空用户', 'Delete, restore, empty users'),
  'role.view': ours('system', '查看角色与权限', 'View roles and permissions'),
  'role.edit': ours('system', '新建、编辑角色', 'Create and edit roles'),
  'role.delete': ours('system', '删除、恢复、清空角色', 'Delete, restore, empty roles'),
} as const satisfies Record<string, PermissionInfo>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];
/** only the keys the spec itself names */
export const SPEC_PERMISSION_KEYS = PERMISSION_KEYS.filter((k) => PERMISSIONS[k].source === 'spec');

export function isPermissionKey(key: unknown): key is PermissionKey {
  return typeof key === 'string' && Object.hasOwn(PERMISSIONS, key);
}

/** Route access that is not a permission key: anyone, or any signed-in user. */
export const PUBLIC = 'public';
export const AUTHENTICATED = 'authenticated';
export type RouteAccess = PermissionKey | typeof PUBLIC | typeof AUTHENTICATED;

/**
 * Every /v3 path of the QC area, QC tasks, sessions, attachments, sensitive words and sign-in → what it needs. All
 * are POST but the download (GET). The server takes every route's access from this table.
 */
export const ROUTE_PERMISSIONS = {
  '/v3/health': PUBLIC,
  // sign-in (ours: the spec shows no auth calls)
  '/v3/auth/login': PUBLIC,
  '/v3/auth/logout': AUTHENTICATED,
  '/v3/auth/me': AUTHENTICATED,
  // bearer tokens a signed-in user makes for his backend services; they act as him
  '/v3/auth/token/create': AUTHENTICATED,
  '/v3/auth/token/list': AUTHENTICATED,
  '/v3/auth/token/revoke': AUTHENTICATED,

  // QC schemes
  ...crudAccess(qcSchemeContract),
  // angles and their rules are part of a scheme's configuration
  '/v3/chats/qc-angle/detail': 'qc-scheme.view',
  '/v3/chats/qc-angle/create': 'qc-scheme.edit',
  '/v3/chats/qc-angle/change': 'qc-scheme.edit',
  '/v3/chats/qc-angle/delete': 'qc-scheme.edit',
  '/v3/chats/qc-angle-rule/create': 'qc-scheme.edit',
  '/v3/chats/qc-angle-rule/delete': 'qc-scheme.edit',

  // QC rules
  ...crudAccess(qcRuleContract),
  '/v3/chats/qc-rule/detail-outId': 'qc-rule.view',

  // AI results
  '/v3/chats/ai-result/page': 'qc-ai-result.view',
  /** beyond the spec: the QC overview, the home of users who see AI results */
  '/v3/chats/ai-result/overview': 'qc-ai-result.view',
  '/v3/chats/ai-result/list': 'qc-ai-result.view',
  '/v3/chats/ai-result/detail': 'qc-ai-result.view',
  '/v3/chats/ai-result/detail-complaint': 'qc-complaint.view',
  '/v3/chats/ai-result/create': 'qc-ai-result.edit',

  // manual results
  '/v3/chats/qc-manual-result/page': 'qc-manual-result.view',
  '/v3/chats/qc-manual-result/list': 'qc-manual-result.view',
  '/v3/chats/qc-manual-result/detail': 'qc-manual-result.view',
  '/v3/chats/qc-manual-result/detail-complaint': 'qc-complaint.view',
  '/v3/chats/qc-manual-result/create': 'qc-manual-result.edit',
  /** body-dependent: see `qualityStatusPermission` (READY_CHECKED needs .status, UNCHECKED .edit) */
  '/v3/chats/session/quality-status': 'qc-manual-result.status',

  // complaints
  '/v3/chats/complaint/page': 'qc-complaint.view',
  '/v3/chats/complaint/list': 'qc-complaint.view',
  /** body-dependent: a body with `complaint.id` is a review (see `routePermission`) */
  '/v3/chats/complaint/create': 'qc-complaint.edit',
  '/v3/chats/complaint/change': 'qc-complaint.review',

  // sessions in from a desk or a backend service
  '/v3/chats/session/import': 'chat-session.import',
  // sessions and messages, read by every result and complaint view
  '/v3/chats/session/list': AUTHENTICATED,
  // the agents, groups and lines (records) and the sessions' channels, for the filters (an agent sees only his own)
  '/v3/chats/session/directory': AUTHENTICATED,
  '/v3/chats/session/detail': AUTHENTICATED,
  // the service summary of the session panel, as the session detail (an agent only his own sessions)
  '/v3/chats/session/summary': AUTHENTICATED,
  // transcripts in bulk for the corpus replay (ours): whoever may read rules may replay them over sessions
  '/v3/chats/session/transcripts': 'qc-rule.view',
  '/v3/chats/message/query': AUTHENTICATED,
  '/v3/chats/message/fetch': AUTHENTICATED,

  // QC tasks
  ...crudAccess(qcTaskContract),
  '/v3/chats/qc-task/progress': 'qc-task.view',
  '/v3/chats/qc-task/rerun': 'qc-task.edit',

  // attachments (complaints): any signed-in user, within his organisation
  '/v3/worker/center/upload': AUTHENTICATED,
  '/v3/worker/center/download': AUTHENTICATED,

  // sensitive-word libraries
  ...crudAccess(censorBanContract),
  // the sensitive-word log (its paths are not shown in the spec; ours): page, rescan of a range, export as a file
  '/v3/system/censor-log/page': 'cs-censor-log.view',
  '/v3/system/censor-log/rescan': 'cs-censor-ban.edit',
  '/v3/system/censor-log/rescan/progress': 'cs-censor-ban.edit',
  '/v3/system/censor-log/export': 'cs-censor-log.export',
  '/v3/system/censor-log/export/progress': 'cs-censor-log.export',
  '/v3/system/censor-log/export/download': 'cs-censor-log.export',

  // people and roles
  ...crudAccess(userContract),
  '/v3/users/user/reset-password': 'user.edit',
  ...crudAccess(roleContract),
  // every permission key with its labels and area, for the role form
  '/v3/users/permission/list': 'role.view',

  // desk staffing (online-service-config §7): service times, skill groups, agents
  ...crudAccess(csTimeContract),
  ...crudAccess(csGroupContract),
  // the active top-level groups of a type (category picker, spec §2.2 "Top list"), and a chat's transfer targets
  '/v3/chats/cs-group/list/top': 'csGroup.view',
  '/v3/chats/cs-group/select': 'csGroup.view',
  ...crudAccess(csAgentContract),
  '/v3/chats/cs-agent/createBatch': 'csAgent.edit',
  '/v3/chats/cs-agent/changeBatch': 'csAgent.edit',
  '/v3/chats/cs-agent/pull': 'csAgent.pull',
  // the live feed (issue 20; path ours): events of sessions as they happen and of agents' presence
  '/v3/feed/live/events': 'live-feed.push',
  // the monitors (tickets spec §7 "Agents and monitoring"; the queue monitor's path is ours)
  '/v3/chats/monitor/page': 'monitor-agent.view',
  '/v3/chats/monitor/agent-detail': 'monitor-agent.view',
  '/v3/chats/monitor/today-data': 'monitor-agent.view',
  '/v3/chats/monitor/today-session': 'monitor-agent.view',
  '/v3/chats/monitor/longest-session': 'monitor-agent.view',
  '/v3/chats/monitor/group-page': 'monitor-group.view',
  '/v3/chats/monitor/channel': 'monitor-queue.view',
  '/v3/chats/monitor/queue': 'monitor-queue.view',
  // an agent's alarms and the monitors' change notices (server-sent events; path ours)
  '/v3/chats/monitor/alarm': 'monitor-agent.view',
  '/v3/chats/monitor/stream': 'monitor-agent.view',
  // forced transfer (tickets spec §7) and the agents of a target group it offers (path ours)
  '/v3/chatting/transfer': 'monitor.transfer',
  '/v3/chatting/transfer/agents': 'monitor.transfer',
  // chatbots and the AI platforms they call (online-service-config §2.5, §2.6)
  ...crudAccess(aiPlatformContract),
  // the organisation's QC model asked for labels (ours), for the replay tester: whoever may replay rules may ask
  '/v3/feed/ai-platform/classify': 'qc-rule.view',
  ...crudAccess(chatbotContract),

  // service lines (online-service-config §2.1, §7), their authorisation panels and the satisfaction check
  ...crudAccess(csLineContract),
  '/v3/chats/cs-line/auth/page': 'csLine.view',
  '/v3/chats/cs-line/auth/apply': 'csLine.edit',
  '/v3/chats/score-config/check-issue': 'csLine.view',
  // navigations (§2.7, §7), which lines bind, and the upload configuration of their icons (§7; path ours)
  ...crudAccess(csNavContract),
  '/v3/worker/center/upload/config': AUTHENTICATED,
  // satisfaction configs (§2.8, §7), which lines bind
  ...crudAccess(scoreConfigContract),
  // the owning-app selector of a line (spec §7 "app list /v3/users/app/list/top")
  '/v3/users/app/list/top': 'csLine.view',
  // spaces and the ticket kinds a line's note config picks from (built minimally ahead of the ticket area)
  ...crudAccess(spaceContract),
  // a space's authorisation panels (tickets spec §2 "/ticket/space/auth", §6: the organisation panel only for its owner)
  '/v3/feed/space/auth/page': 'ticket-space.view',
  '/v3/feed/space/auth/apply': 'ticket-space.edit',
  ...crudAccess(taskKindContract),
  // tickets (ours): opened from an ACTIVE kind, moved only along its flow; move, assign and claim check the handler
  '/v3/feed/ticket/page': 'ticket.view',
  '/v3/feed/ticket/list': 'ticket.view',
  '/v3/feed/ticket/detail': 'ticket.view',
  '/v3/feed/ticket/options': 'ticket.view',
  '/v3/feed/ticket/create': 'ticket.edit',
  '/v3/feed/ticket/move': 'ticket.edit',
  '/v3/feed/ticket/assign': 'ticket.edit',
  '/v3/feed/ticket/claim': 'ticket.edit',
  '/v3/feed/ticket/comment': 'ticket.edit',
  '/v3/feed/task-kind/space/kinds': 'ticket-space.view',
  // ticket states and ticket groups (tickets spec §7; the groups' paths are ours): restore and empty are calls of
  // their own, gated by field.delete and csGroup.delete as the spec's key index says
  ...crudAccess(taskStateContract),
  ...crudAccess(taskGroupContract),
  // the staff a ticket group's processors and a node's handlers are picked from (keyword, at most 100; path ours)
  '/v3/users/staff/top': AUTHENTICATED,
  // a kind's flow (tickets spec §7): its ordered states and its nodes are edits of the kind; a space's list of kinds
  // is an edit of the space
  '/v3/feed/task-kind/states': 'ticket-kind.edit',
  '/v3/feed/task-kind/node/save': 'ticket-kind.edit',
  '/v3/feed/task-kind/node/remove': 'ticket-kind.edit',
  '/v3/feed/task-kind/space/save': 'ticket-space.edit',
  '/v3/feed/task-kind/space/remove': 'ticket-space.edit',
  // custom fields (tickets spec "Custom fields"; paths ours) and the service summaries built of them (§2.9, §7)
  ...crudAccess(customFieldContract),
  ...crudAccess(summaryConfigContract),
} as const satisfies Record<string, RouteAccess>;

export type ApiPath = keyof typeof ROUTE_PERMISSIONS;
export const API_PATHS = Object.keys(ROUTE_PERMISSIONS) as ApiPath[];

/**
 * Paths whose key depends on the body (see `routePermission`): the server lets any signed-in caller in and checks
 * the key the body calls for.
 */
export const BODY_DEPENDENT_PATHS = [
  '/v3/chats/session/quality-status',
  '/v3/chats/complaint/create',
] as const satisfies readonly ApiPath[];

/** Two actions share /v3/chats/session/quality-status: move to be inspected (.status) and release (.edit). */
export const QUALITY_STATUS_PERMISSIONS = {
  READY_CHECKED: 'qc-manual-result.status',
  UNCHECKED: 'qc-manual-result.edit',
} as const satisfies Record<QualityStatusMove, PermissionKey>;

/**
 * What a call needs, reading the body where the route's key depends on it; `null` for a path that is not in
 * the table (the server answers 404 for it).
 */
export function routePermission(path: string, body?: unknown): RouteAccess | null {
  if (!Object.hasOwn(ROUTE_PERMISSIONS, path)) return null;
  if (path === '/v3/chats/session/quality-status') {
    const status = (body as { status?: unknown } | undefined)?.status;
    if (status === 'UNCHECKED' || status === 'READY_CHECKED') return QUALITY_STATUS_PERMISSIONS[status];
  }
  if (path === '/v3/chats/complaint/create' && isComplaintReview(body)) return 'qc-complaint.review';
  return ROUTE_PERMISSIONS[path as ApiPath];
}

/** /v3/chats/complaint/create with a `complaint.id` reviews a complaint (as /change) rather than filing one. */
export function isComplaintReview(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const complaint = (body as { complaint?: unknown }).complaint;
  return typeof complaint === 'object' && complaint !== null && 'id' in complaint;
}

/** Whether a user holding `keys` may call `path` (signed in is assumed; PUBLIC needs nothing). */
export function mayCall(keys: ReadonlySet<string> | readonly string[], path: string, body?: unknown): boolean {
  const need = routePermission(path, body);
  if (need === null) return false;
  if (need === PUBLIC || need === AUTHENTICATED) return true;
  return Array.isArray(keys) ? keys.includes(need) : (keys as ReadonlySet<string>).has(need);
}
