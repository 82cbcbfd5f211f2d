import { type ComponentType, lazy } from 'react';
import { lazyScreen } from '../app/lazy-screen';
import type { EntityCall } from '../entity/access';
import type { EntityDescription, EntityRecord } from '../entity/types';
import type { MessageKey } from '../i18n/dictionary';
import type { RouteLocation } from '../router/location';
import type { AreaKey } from '../router/route-types';
import { AI_PLATFORM_EDIT_PATH, aiPlatformDescription } from './ai-platform';
import { AI_RESULT_CHANGE, AI_RESULT_DETAIL, AI_RESULT_LIST, aiResultDescription } from './ai-result';
import { CENSOR_BAN_EDIT_PATH, censorBanDescription } from './censor-ban';
import { CENSOR_LOG_SESSION_PATH, censorLogDescription } from './censor-log';
import { CHATBOT_EDIT_PATH, chatbotDescription } from './chatbot';
import { COMPLAINT_FILE, complaintDescription } from './complaint';
import { AGENT_EDIT_PATH, csAgentDescription } from './cs-agent';
import { CS_GROUP_CONFIG_PATH, CS_GROUP_CREATE_PATH, csGroupDescription } from './cs-group';
import { csLineDescription, LINE_CREATE_PATH, LINE_SCREENS, type LineScreenPath } from './cs-line';
import { csNavDescription, NAV_CONFIG_PATH, NAV_EDIT_PATH } from './cs-nav';
import { csNavHotlineDescription, HOTLINE_NAV_CONFIG_PATH } from './cs-nav-hotline';
import { CS_TIME_EDIT_PATH, csTimeDescription } from './cs-time';
import { customFieldDescription, FIELD_CONFIG_PATH } from './custom-field';
import { MANUAL_ASSESS_PATH, MANUAL_DETAIL_PATH, manualResultDescription } from './manual-result';
import { qcRuleDescription } from './qc-rule';
import { qcSchemeDescription } from './qc-scheme';
import { qcTaskDescription, TASK_EDIT_PATH } from './qc-task';
import { ROLE_EDIT_PATH, roleDescription } from './role';
import { SCORE_CONFIG_PATH, SCORE_CREATE_PATH, scoreConfigDescription } from './score-config';
import { SPACE_AUTH_PATH, SPACE_CONFIG_PATH, SPACE_CREATE_PATH, spaceDescription } from './space';
import { SUMMARY_CONFIG_PATH, SUMMARY_CREATE_PATH, summaryConfigDescription } from './summary-config';
import { GROUP_EDIT_PATH, taskGroupDescription } from './task-group';
import { KIND_CONFIG_PATH, KIND_CREATE_PATH, taskKindDescription } from './task-kind';
import { STATE_EDIT_PATH, taskStateDescription } from './task-state';
import { TICKET_CREATE_PATH, TICKET_DETAIL_PATH, ticketDescription } from './ticket';
import { USER_EDIT_PATH, USER_RESET_PATH, userDescription } from './user';

type Screen = ComponentType<{ location: RouteLocation }>;

/** A screen of an entity besides its list (a config modal, a detail, a form), opened over the list by default. */
export interface EntityScreen {
  path: string;
  /** the page or modal title, by the location where it differs */
  title: MessageKey | ((location: RouteLocation) => MessageKey);
  /** the call whose permission opens the screen (its key is the route table's, never restated) */
  access: EntityCall;
  component: Screen;
  /** the list lying under it when opened directly: the entity's own list unless another one is named */
  parent?: RouteLocation;
}

/**
 * One entity of the console: its description, where it sits in the side menu, its list screen (EntityList of the
 * description unless the entity has its own) and its other screens. Routes, menu entries, titles and every
 * permission follow from this (see app/route-table.tsx and entity/access.ts).
 */
export interface EntityRegistration<R extends EntityRecord = EntityRecord> {
  description: EntityDescription<R>;
  area: AreaKey;
  /** the side-menu label; the list's title is the description's */
  nav: MessageKey;
  list?: Screen;
  screens?: readonly EntityScreen[];
}

/** Keeps a registration's record type for its own checks while the registry holds them side by side. */
function register<R extends EntityRecord>(registration: EntityRegistration<R>): EntityRegistration<never> {
  return registration as unknown as EntityRegistration<never>;
}

// Screens load on first use (the scheme and rule screens carry the engine compiler and Monaco).
const SchemeConfig = lazy(() =>
  import('../screens/qc/scheme/SchemeConfig').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.SchemeConfig location={location} readOnly={false} />,
  })),
);
const SchemeView = lazy(() =>
  import('../screens/qc/scheme/SchemeConfig').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.SchemeConfig location={location} readOnly />,
  })),
);
const RuleCreate = lazy(() =>
  import('../screens/qc/rule/RuleCreate').then((m) => ({ default: () => <m.RuleCreate /> })),
);
const RuleConfig = lazy(() => import('../screens/qc/rule/RuleConfig').then((m) => ({ default: m.RuleConfig })));
const TaskList = lazyScreen(() => import('../screens/qc/task/TaskList').then((m) => ({ default: m.TaskList })));
const TaskEdit = lazy(() => import('../screens/qc/task/TaskEdit').then((m) => ({ default: m.TaskEdit })));
const AiResultList = lazyScreen(() =>
  import('../screens/qc/ai-result/AiResultList').then((m) => ({ default: m.AiResultList })),
);
const AiResultDetail = lazy(() =>
  import('../screens/qc/ai-result/AiResultDetail').then((m) => ({ default: m.AiResultDetail })),
);
const AiResultChange = lazy(() =>
  import('../screens/qc/ai-result/AiResultChange').then((m) => ({ default: m.AiResultChange })),
);
const ManualResultList = lazyScreen(() =>
  import('../screens/qc/manual-result/ManualResultList').then((m) => ({ default: m.ManualResultList })),
);
const ManualResultDetail = lazy(() =>
  import('../screens/qc/manual-result/ManualResultDetail').then((m) => ({ default: m.ManualResultDetail })),
);
const ManualAssess = lazy(() =>
  import('../screens/qc/manual-result/ManualAssess').then((m) => ({ default: m.ManualAssess })),
);
const ComplaintList = lazyScreen(() =>
  import('../screens/qc/complaint/ComplaintList').then((m) => ({ default: m.ComplaintList })),
);
const ComplaintDetail = lazy(() =>
  import('../screens/qc/complaint/ComplaintDetail').then((m) => ({ default: m.ComplaintDetail })),
);
const ComplaintFile = lazy(() =>
  import('../screens/qc/complaint/ComplaintFile').then((m) => ({ default: m.ComplaintFile })),
);
const ApproveAi = lazy(() =>
  import('../screens/qc/complaint/ComplaintApprove').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ComplaintApprove location={location} kind="AI" />,
  })),
);
const ApproveManual = lazy(() =>
  import('../screens/qc/complaint/ComplaintApprove').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ComplaintApprove location={location} kind="MANUAL" />,
  })),
);

const CsTimeEdit = lazy(() => import('../screens/staffing/CsTimeEdit').then((m) => ({ default: m.CsTimeEdit })));
const CsGroupCreate = lazy(() =>
  import('../screens/staffing/CsGroupConfig').then((m) => ({ default: m.CsGroupCreate })),
);
const CsGroupConfig = lazy(() =>
  import('../screens/staffing/CsGroupConfig').then((m) => ({ default: m.CsGroupConfig })),
);

// the service line: its create modal and the seven screens of its side menu
const LineCreate = lazy(() => import('../screens/online/line/LineCreate').then((m) => ({ default: m.LineCreate })));
const LINE_COMPONENTS: Record<LineScreenPath, ComponentType<{ location: RouteLocation }>> = {
  '/online/csLine/config': lazy(() =>
    import('../screens/online/line/LineConfig').then((m) => ({ default: m.LineConfig })),
  ),
  '/online/csLine/agent-config': lazy(() =>
    import('../screens/online/line/LineAgentConfig').then((m) => ({ default: m.LineAgentConfig })),
  ),
  '/online/csLine/waiting-config': lazy(() =>
    import('../screens/online/line/LineWaitingConfig').then((m) => ({ default: m.LineWaitingConfig })),
  ),
  '/online/csLine/note-config': lazy(() =>
    import('../screens/online/line/LineNoteConfig').then((m) => ({ default: m.LineNoteConfig })),
  ),
  '/online/csLine/prompt-config': lazy(() =>
    import('../screens/online/line/LinePromptConfig').then((m) => ({ default: m.LinePromptConfig })),
  ),
  '/online/csLine/message-config': lazy(() =>
    import('../screens/online/line/LineMessageConfig').then((m) => ({ default: m.LineMessageConfig })),
  ),
  '/online/csLine/auth': lazy(() => import('../screens/online/line/LineAuth').then((m) => ({ default: m.LineAuth }))),
};

// navigations: the name form and the config modal with the editor of each kind
const NavEdit = lazy(() => import('../screens/online/nav/NavEdit').then((m) => ({ default: m.NavEdit })));
const NavConfig = lazy(() => import('../screens/online/nav/NavConfig').then((m) => ({ default: m.NavConfig })));
// the hotline list always asks for HOTLINE navigations; its config is the same modal (IVR by its path)
const HotlineNavList = lazyScreen(() =>
  import('../screens/online/nav/HotlineNavList').then((m) => ({ default: m.HotlineNavList })),
);

const AgentList = lazy(() => import('../screens/people/AgentList').then((m) => ({ default: m.AgentList })));
const AgentEdit = lazy(() => import('../screens/people/PeopleEdit').then((m) => ({ default: m.AgentEdit })));
// the online area's AI platforms and chatbots
const AiPlatformEdit = lazy(() =>
  import('../screens/online/AiPlatformEdit').then((m) => ({ default: m.AiPlatformEdit })),
);
const ChatbotEdit = lazy(() => import('../screens/online/ChatbotEdit').then((m) => ({ default: m.ChatbotEdit })));
// satisfaction configs: the create modal and the config modal with the survey's preview
const ScoreCreate = lazy(() => import('../screens/online/score/ScoreConfig').then((m) => ({ default: m.ScoreCreate })));
const ScoreConfig = lazy(() => import('../screens/online/score/ScoreConfig').then((m) => ({ default: m.ScoreConfig })));
// tickets themselves: the create form and the detail with its moves and history
const TicketCreate = lazy(() => import('../screens/ticket/TicketCreate').then((m) => ({ default: m.TicketCreate })));
const TicketDetail = lazy(() => import('../screens/ticket/TicketDetail').then((m) => ({ default: m.TicketDetail })));
// the ticket area's spaces and ticket kinds (their forms, as far as lines and chatbots point at them)
const SpaceEdit = lazy(() => import('../screens/ticket/SpaceEdit').then((m) => ({ default: m.SpaceEdit })));
// a space's config modal: the base-config and auth tabs
const SpaceConfig = lazy(() => import('../screens/ticket/SpaceConfig').then((m) => ({ default: m.SpaceConfig })));
const SpaceAuth = lazy(() => import('../screens/ticket/SpaceAuth').then((m) => ({ default: m.SpaceAuth })));
const TaskKindEdit = lazy(() => import('../screens/ticket/TaskKindEdit').then((m) => ({ default: m.TaskKindEdit })));
// a kind's config: its fields, the state flow and the matrix of nodes
const TaskKindConfig = lazy(() =>
  import('../screens/ticket/TaskKindConfig').then((m) => ({ default: m.TaskKindConfig })),
);
// ticket states (grouped under the status groups, their form with the colour palette) and ticket groups
const TaskStateList = lazyScreen(() =>
  import('../screens/ticket/TaskStateList').then((m) => ({ default: m.TaskStateList })),
);
const TaskStateEdit = lazy(() => import('../screens/ticket/TaskStateEdit').then((m) => ({ default: m.TaskStateEdit })));
const TaskGroupEdit = lazy(() => import('../screens/ticket/TaskGroupEdit').then((m) => ({ default: m.TaskGroupEdit })));
// custom fields (ticket area) and the service summaries made of them (online area)
const FieldConfig = lazy(() => import('../screens/field/FieldConfig').then((m) => ({ default: m.FieldConfig })));
const SummaryCreate = lazy(() =>
  import('../screens/online/summary/SummaryCreate').then((m) => ({ default: m.SummaryCreate })),
);
const SummaryConfig = lazy(() =>
  import('../screens/online/summary/SummaryConfig').then((m) => ({ default: m.SummaryConfig })),
);
const UserEdit = lazy(() => import('../screens/people/PeopleEdit').then((m) => ({ default: m.UserEdit })));
const RoleEdit = lazy(() => import('../screens/people/PeopleEdit').then((m) => ({ default: m.RoleEdit })));
const UserResetPassword = lazy(() =>
  import('../screens/people/UserResetPassword').then((m) => ({ default: m.UserResetPassword })),
);

// the censor area: the library list and form, the log and the session it opens
const CensorBanList = lazyScreen(() =>
  import('../screens/censor/CensorBanList').then((m) => ({ default: m.CensorBanList })),
);
const CensorBanEdit = lazy(() => import('../screens/censor/CensorBanEdit').then((m) => ({ default: m.CensorBanEdit })));
const CensorLogList = lazyScreen(() =>
  import('../screens/censor/CensorLogList').then((m) => ({ default: m.CensorLogList })),
);
const CensorSession = lazy(() => import('../screens/censor/CensorSession').then((m) => ({ default: m.CensorSession })));

/** Every entity of the console, in side-menu order. */
export const ENTITY_REGISTRY = {
  'qc-scheme': register({
    description: qcSchemeDescription,
    area: 'qc',
    nav: 'nav.qcScheme',
    screens: [
      {
        // without an id the modal creates a scheme; after the save it reopens on the saved one
        path: '/qc/scheme/config',
        title: (location) => (location.query.id ? 'scheme.configTitle.edit' : 'scheme.configTitle.create'),
        access: 'view',
        component: SchemeConfig,
      },
      { path: '/qc/scheme/view', title: 'scheme.viewTitle', access: 'view', component: SchemeView },
    ],
  }),
  'qc-rule': register({
    description: qcRuleDescription,
    area: 'qc',
    nav: 'nav.qcRule',
    screens: [
      { path: '/qc/rule/create', title: 'rule.createTitle', access: 'create', component: RuleCreate },
      { path: '/qc/rule/config', title: 'rule.configTitle', access: 'view', component: RuleConfig },
    ],
  }),
  'qc-ai-result': register({
    description: aiResultDescription,
    area: 'qc',
    nav: 'nav.qcAiResult',
    list: AiResultList,
    screens: [
      { path: AI_RESULT_DETAIL, title: 'aiResult.detailTitle', access: 'view', component: AiResultDetail },
      { path: AI_RESULT_CHANGE, title: 'aiResult.changeTitle', access: 'create', component: AiResultChange },
    ],
  }),
  'qc-manual-result': register({
    description: manualResultDescription,
    area: 'qc',
    nav: 'nav.qcManualResult',
    list: ManualResultList,
    screens: [
      { path: MANUAL_DETAIL_PATH, title: 'manual.detailTitle', access: 'view', component: ManualResultDetail },
      { path: MANUAL_ASSESS_PATH, title: 'manual.assessTitle', access: 'create', component: ManualAssess },
    ],
  }),
  'qc-complaint': register({
    description: complaintDescription,
    area: 'qc',
    nav: 'nav.qcComplaint',
    list: ComplaintList,
    screens: [
      { path: '/qc/complaint/detail', title: 'complaint.detailTitle', access: 'view', component: ComplaintDetail },
      // an agent files a complaint from the AI or manual result's detail
      {
        path: COMPLAINT_FILE,
        title: 'complaint.fileTitle',
        access: 'create',
        component: ComplaintFile,
        parent: { path: AI_RESULT_LIST, query: {} },
      },
      // a review is a change of the complaint
      { path: '/qc/complaint/approve-ai', title: 'complaint.approveAiTitle', access: 'change', component: ApproveAi },
      {
        path: '/qc/complaint/approve-manual',
        title: 'complaint.approveManualTitle',
        access: 'change',
        component: ApproveManual,
      },
    ],
  }),
  'qc-task': register({
    description: qcTaskDescription,
    area: 'qc',
    nav: 'nav.qcTask',
    list: TaskList,
    screens: [{ path: TASK_EDIT_PATH, title: 'task.editTitle', access: 'view', component: TaskEdit }],
  }),
  // lines are the centre of online service: first of the online entries
  'cs-line': register({
    description: csLineDescription,
    area: 'online',
    nav: 'nav.csLine',
    screens: [
      { path: LINE_CREATE_PATH, title: 'csLine.createTitle', access: 'create', component: LineCreate },
      // each screen opens for whoever may view lines; its inputs and save need csLine.edit
      ...LINE_SCREENS.map((screen) => ({
        path: screen.path,
        title: screen.title,
        access: 'view' as const,
        component: LINE_COMPONENTS[screen.path],
      })),
    ],
  }),
  'cs-nav': register({
    description: csNavDescription,
    area: 'online',
    nav: 'nav.csNav',
    screens: [
      {
        path: NAV_EDIT_PATH,
        title: (location) => (location.query.id ? 'csNav.editTitle.edit' : 'csNav.editTitle.create'),
        access: 'view',
        component: NavEdit,
      },
      {
        // without an id the modal starts a new navigation of the query's kind
        path: NAV_CONFIG_PATH,
        title: (location) => (location.query.id ? 'csNav.configTitle.edit' : 'csNav.configTitle.create'),
        access: 'view',
        component: NavConfig,
      },
    ],
  }),
  'cs-nav-hotline': register({
    description: csNavHotlineDescription,
    area: 'online',
    nav: 'nav.csNavHotline',
    list: HotlineNavList,
    screens: [
      {
        // without an id the modal starts a new IVR navigation
        path: HOTLINE_NAV_CONFIG_PATH,
        title: (location) => (location.query.id ? 'csNav.configTitle.edit' : 'csNav.configTitle.create'),
        access: 'view',
        component: NavConfig,
      },
    ],
  }),
  'cs-group': register({
    description: csGroupDescription,
    area: 'online',
    nav: 'nav.csGroup',
    screens: [
      { path: CS_GROUP_CREATE_PATH, title: 'csGroup.createTitle', access: 'create', component: CsGroupCreate },
      { path: CS_GROUP_CONFIG_PATH, title: 'csGroup.configTitle', access: 'view', component: CsGroupConfig },
    ],
  }),
  'cs-time': register({
    description: csTimeDescription,
    area: 'online',
    nav: 'nav.csTime',
    screens: [
      {
        path: CS_TIME_EDIT_PATH,
        title: (location) => (location.query.id ? 'csTime.editTitle.edit' : 'csTime.editTitle.create'),
        access: 'view',
        component: CsTimeEdit,
      },
    ],
  }),
  'cs-agent': register({
    description: csAgentDescription,
    area: 'online',
    nav: 'nav.csAgent',
    list: AgentList,
    screens: [
      {
        path: AGENT_EDIT_PATH,
        title: (location) => (location.query.id ? 'agent.editTitle.edit' : 'agent.editTitle.create'),
        access: 'view',
        component: AgentEdit,
      },
    ],
  }),
  chatbot: register({
    description: chatbotDescription,
    area: 'online',
    nav: 'nav.chatbot',
    screens: [
      {
        path: CHATBOT_EDIT_PATH,
        title: (location) => (location.query.id ? 'chatbot.editTitle.edit' : 'chatbot.editTitle.create'),
        access: 'view',
        component: ChatbotEdit,
      },
    ],
  }),
  'ai-platform': register({
    description: aiPlatformDescription,
    area: 'online',
    nav: 'nav.aiPlatform',
    screens: [
      {
        path: AI_PLATFORM_EDIT_PATH,
        title: (location) => (location.query.id ? 'aiPlatform.editTitle.edit' : 'aiPlatform.editTitle.create'),
        access: 'view',
        component: AiPlatformEdit,
      },
    ],
  }),
  'score-config': register({
    description: scoreConfigDescription,
    area: 'online',
    nav: 'nav.csScore',
    screens: [
      { path: SCORE_CREATE_PATH, title: 'score.createTitle', access: 'create', component: ScoreCreate },
      { path: SCORE_CONFIG_PATH, title: 'score.configTitle', access: 'view', component: ScoreConfig },
    ],
  }),
  'summary-config': register({
    description: summaryConfigDescription,
    area: 'online',
    nav: 'nav.csSummary',
    screens: [
      { path: SUMMARY_CREATE_PATH, title: 'summary.createTitle', access: 'create', component: SummaryCreate },
      { path: SUMMARY_CONFIG_PATH, title: 'summary.configTitle', access: 'view', component: SummaryConfig },
    ],
  }),
  // the desk's tickets come first in the ticket area: what its users open every day
  ticket: register({
    description: ticketDescription,
    area: 'ticket',
    nav: 'nav.ticketList',
    screens: [
      { path: TICKET_CREATE_PATH, title: 'ticket.createTitle', access: 'create', component: TicketCreate },
      { path: TICKET_DETAIL_PATH, title: 'ticket.detailTitle', access: 'view', component: TicketDetail },
    ],
  }),
  space: register({
    description: spaceDescription,
    area: 'ticket',
    nav: 'nav.space',
    screens: [
      { path: SPACE_CREATE_PATH, title: 'space.createTitle', access: 'create', component: SpaceEdit },
      { path: SPACE_CONFIG_PATH, title: 'space.configTitle', access: 'view', component: SpaceConfig },
      { path: SPACE_AUTH_PATH, title: 'space.authTitle', access: 'view', component: SpaceAuth },
    ],
  }),
  'task-kind': register({
    description: taskKindDescription,
    area: 'ticket',
    nav: 'nav.ticketKind',
    screens: [
      { path: KIND_CREATE_PATH, title: 'ticketKind.createTitle', access: 'create', component: TaskKindEdit },
      { path: KIND_CONFIG_PATH, title: 'ticketKind.configTitle', access: 'view', component: TaskKindConfig },
    ],
  }),
  'task-state': register({
    description: taskStateDescription,
    area: 'ticket',
    nav: 'nav.ticketState',
    list: TaskStateList,
    screens: [
      {
        // without an id the modal creates a state; a system state opens read-only
        path: STATE_EDIT_PATH,
        title: (location) => (location.query.id ? 'ticketState.editTitle' : 'ticketState.createTitle'),
        access: 'view',
        component: TaskStateEdit,
      },
    ],
  }),
  'task-group': register({
    description: taskGroupDescription,
    area: 'ticket',
    nav: 'nav.ticketGroup',
    screens: [
      {
        // without an id the modal creates a group; after the save it reopens on the saved one
        path: GROUP_EDIT_PATH,
        title: (location) => (location.query.id ? 'ticketGroup.editTitle' : 'ticketGroup.createTitle'),
        access: 'view',
        component: TaskGroupEdit,
      },
    ],
  }),
  'custom-field': register({
    description: customFieldDescription,
    area: 'ticket',
    nav: 'nav.customField',
    screens: [
      {
        // without an id the modal creates a field; after the save it reopens on the saved one
        path: FIELD_CONFIG_PATH,
        title: (location) => (location.query.id ? 'field.configTitle' : 'field.createTitle'),
        access: 'view',
        component: FieldConfig,
      },
    ],
  }),
  user: register({
    description: userDescription,
    area: 'system',
    nav: 'nav.systemUser',
    screens: [
      {
        path: USER_EDIT_PATH,
        title: (location) => (location.query.id ? 'user.editTitle.edit' : 'user.editTitle.create'),
        access: 'view',
        component: UserEdit,
      },
      // resetting a password is a change of the user (user.edit)
      { path: USER_RESET_PATH, title: 'user.resetTitle', access: 'change', component: UserResetPassword },
    ],
  }),
  role: register({
    description: roleDescription,
    area: 'system',
    nav: 'nav.systemRole',
    screens: [
      {
        path: ROLE_EDIT_PATH,
        title: (location) => (location.query.id ? 'role.editTitle.edit' : 'role.editTitle.create'),
        access: 'view',
        component: RoleEdit,
      },
    ],
  }),
  'censor-ban': register({
    description: censorBanDescription,
    area: 'censor',
    nav: 'nav.censorBan',
    list: CensorBanList,
    screens: [
      {
        path: CENSOR_BAN_EDIT_PATH,
        title: (location) => (location.query.id ? 'censorBan.editTitle' : 'censorBan.createTitle'),
        access: 'view',
        component: CensorBanEdit,
      },
    ],
  }),
  'censor-log': register({
    description: censorLogDescription,
    area: 'censor',
    nav: 'nav.censorLog',
    list: CensorLogList,
    screens: [
      { path: CENSOR_LOG_SESSION_PATH, title: 'censorLog.sessionTitle', access: 'view', component: CensorSession },
    ],
  }),
} as const satisfies Record<string, EntityRegistration<never>>;

export type EntityName = keyof typeof ENTITY_REGISTRY;
export const ENTITY_NAMES = Object.keys(ENTITY_REGISTRY) as EntityName[];
