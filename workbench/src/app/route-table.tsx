import { lazy } from 'react';
import { COMPLAINT_FILE } from '../entities/complaint';
import { qcRuleDescription } from '../entities/qc-rule';
import { qcSchemeDescription } from '../entities/qc-scheme';
import { qcTaskDescription } from '../entities/qc-task';
import { EntityList } from '../entity/EntityList';
import type { EntityDescription, EntityRecord } from '../entity/types';
import type { RouteLocation } from '../router/location';
import type { AreaKey, NavArea, RouteDefinition } from '../router/route-types';
import { ComingSoon } from './ComingSoon';

// Screens that carry the engine compiler and Monaco load on first use.
const SchemeConfigRoute = lazy(() =>
  import('../screens/qc/scheme/SchemeConfig').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.SchemeConfig location={location} readOnly={false} />,
  })),
);
const SchemeViewRoute = lazy(() =>
  import('../screens/qc/scheme/SchemeConfig').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.SchemeConfig location={location} readOnly />,
  })),
);
const RuleCreateRoute = lazy(() =>
  import('../screens/qc/rule/RuleCreate').then((m) => ({ default: () => <m.RuleCreate /> })),
);
const TaskListRoute = lazy(() => import('../screens/qc/task/TaskList').then((m) => ({ default: m.TaskList })));
const TaskEditRoute = lazy(() => import('../screens/qc/task/TaskEdit').then((m) => ({ default: m.TaskEdit })));
const RuleConfigRoute = lazy(() => import('../screens/qc/rule/RuleConfig').then((m) => ({ default: m.RuleConfig })));
const AiResultListRoute = lazy(() =>
  import('../screens/qc/ai-result/AiResultList').then((m) => ({ default: m.AiResultList })),
);
const AiResultDetailRoute = lazy(() =>
  import('../screens/qc/ai-result/AiResultDetail').then((m) => ({ default: m.AiResultDetail })),
);
const AiResultChangeRoute = lazy(() =>
  import('../screens/qc/ai-result/AiResultChange').then((m) => ({ default: m.AiResultChange })),
);
const ManualResultListRoute = lazy(() =>
  import('../screens/qc/manual-result/ManualResultList').then((m) => ({ default: m.ManualResultList })),
);
const ManualResultDetailRoute = lazy(() =>
  import('../screens/qc/manual-result/ManualResultDetail').then((m) => ({ default: m.ManualResultDetail })),
);
const ManualAssessRoute = lazy(() =>
  import('../screens/qc/manual-result/ManualAssess').then((m) => ({ default: m.ManualAssess })),
);
const ComplaintListRoute = lazy(() =>
  import('../screens/qc/complaint/ComplaintList').then((m) => ({ default: m.ComplaintList })),
);
const ComplaintDetailRoute = lazy(() =>
  import('../screens/qc/complaint/ComplaintDetail').then((m) => ({ default: m.ComplaintDetail })),
);
const ComplaintFileRoute = lazy(() =>
  import('../screens/qc/complaint/ComplaintFile').then((m) => ({ default: m.ComplaintFile })),
);
const ApproveAiRoute = lazy(() =>
  import('../screens/qc/complaint/ComplaintApprove').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ComplaintApprove location={location} kind="AI" />,
  })),
);
const ApproveManualRoute = lazy(() =>
  import('../screens/qc/complaint/ComplaintApprove').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ComplaintApprove location={location} kind="MANUAL" />,
  })),
);

const ReplayTranscriptRoute = lazy(() =>
  import('../screens/replay/transcript/ReplayTranscript').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ReplayTranscript location={location} hasCorpus />,
  })),
);

const CorpusReplayRoute = lazy(() =>
  import('../screens/replay/corpus/CorpusReplay').then((m) => ({ default: m.CorpusReplay })),
);

/** The list route of an entity description: adding an entity's list is adding this line to ROUTES. */
export function entityListRoute<R extends EntityRecord>(
  description: EntityDescription<R>,
  area: AreaKey,
  permission?: RouteDefinition['permission'],
): RouteDefinition {
  return {
    path: description.listPath,
    area,
    title: description.title,
    permission,
    component: ({ location }) => <EntityList description={description} location={location} />,
  };
}

const schemeList = { path: qcSchemeDescription.listPath, query: {} };
const ruleList = { path: qcRuleDescription.listPath, query: {} };
const taskList = { path: qcTaskDescription.listPath, query: {} };
const aiResultList = { path: '/qc/ai-result/list', query: {} };
const manualResultList = { path: '/qc/manual-result/list', query: {} };
const complaintList = { path: '/qc/complaint', query: {} };

export const ROUTES: RouteDefinition[] = [
  entityListRoute(qcSchemeDescription, 'qc', 'qc-scheme.view'),
  {
    path: '/qc/scheme/config',
    area: 'qc',
    // without an id the modal creates a scheme; after the save it reopens on the saved one
    title: (location) => (location.query.id ? 'scheme.configTitle.edit' : 'scheme.configTitle.create'),
    permission: 'qc-scheme.view',
    component: SchemeConfigRoute,
    parent: schemeList,
  },
  {
    path: '/qc/scheme/view',
    area: 'qc',
    title: 'scheme.viewTitle',
    permission: 'qc-scheme.view',
    component: SchemeViewRoute,
    parent: schemeList,
  },
  entityListRoute(qcRuleDescription, 'qc', 'qc-rule.view'),
  {
    path: '/qc/rule/create',
    area: 'qc',
    title: 'rule.createTitle',
    permission: 'qc-rule.edit',
    component: RuleCreateRoute,
    parent: ruleList,
  },
  {
    path: '/qc/rule/config',
    area: 'qc',
    title: 'rule.configTitle',
    permission: 'qc-rule.view',
    component: RuleConfigRoute,
    parent: ruleList,
  },
  {
    path: qcTaskDescription.listPath,
    area: 'qc',
    title: 'task.title',
    permission: 'qc-task.view',
    component: TaskListRoute,
  },
  {
    path: '/qc/task/edit',
    area: 'qc',
    title: 'task.editTitle',
    permission: 'qc-task.view',
    component: TaskEditRoute,
    parent: taskList,
  },
  {
    path: aiResultList.path,
    area: 'qc',
    title: 'aiResult.title',
    permission: 'qc-ai-result.view',
    component: AiResultListRoute,
  },
  {
    path: '/qc/ai-result/detail',
    area: 'qc',
    title: 'aiResult.detailTitle',
    permission: 'qc-ai-result.view',
    component: AiResultDetailRoute,
    parent: aiResultList,
  },
  {
    path: '/qc/ai-result/change',
    area: 'qc',
    title: 'aiResult.changeTitle',
    permission: 'qc-ai-result.edit',
    component: AiResultChangeRoute,
    parent: aiResultList,
  },
  {
    path: manualResultList.path,
    area: 'qc',
    title: 'manual.title',
    permission: 'qc-manual-result.view',
    component: ManualResultListRoute,
  },
  {
    path: '/qc/manual-result/detail',
    area: 'qc',
    title: 'manual.detailTitle',
    permission: 'qc-manual-result.view',
    component: ManualResultDetailRoute,
    parent: manualResultList,
  },
  {
    path: '/qc/manual-result/assess',
    area: 'qc',
    title: 'manual.assessTitle',
    permission: 'qc-manual-result.edit',
    component: ManualAssessRoute,
    parent: manualResultList,
  },
  {
    path: complaintList.path,
    area: 'qc',
    title: 'complaint.title',
    permission: 'qc-complaint.view',
    component: ComplaintListRoute,
  },
  {
    path: '/qc/complaint/detail',
    area: 'qc',
    title: 'complaint.detailTitle',
    permission: 'qc-complaint.view',
    component: ComplaintDetailRoute,
    parent: complaintList,
  },
  {
    // an agent files a complaint from the AI or manual result's detail
    path: COMPLAINT_FILE,
    area: 'qc',
    title: 'complaint.fileTitle',
    permission: 'qc-complaint.edit',
    component: ComplaintFileRoute,
    parent: aiResultList,
  },
  {
    path: '/qc/complaint/approve-ai',
    area: 'qc',
    title: 'complaint.approveAiTitle',
    permission: 'qc-complaint.review',
    component: ApproveAiRoute,
    parent: complaintList,
  },
  {
    path: '/qc/complaint/approve-manual',
    area: 'qc',
    title: 'complaint.approveManualTitle',
    permission: 'qc-complaint.review',
    component: ApproveManualRoute,
    parent: complaintList,
  },
  {
    // ?ruleId= | ?schemeId= | ?draft=1 (&ruleId, &withinSchemeId), &sessionId=
    path: '/qc/replay',
    area: 'qc',
    title: 'replay.title',
    permission: 'qc-rule.view',
    component: ReplayTranscriptRoute,
  },
  {
    // the same target parameters as /qc/replay; sample sessions open there
    path: '/qc/replay/corpus',
    area: 'qc',
    title: 'corpus.title',
    permission: 'qc-rule.view',
    component: CorpusReplayRoute,
  },
  { path: '/coming', area: 'online', title: 'nav.coming', component: ComingSoon },
];

const coming = (area: AreaKey) => ({ path: '/coming', query: { area } });

export const NAV: NavArea[] = [
  {
    key: 'qc',
    label: 'area.qc',
    entries: [
      { label: 'nav.qcScheme', to: schemeList, permission: 'qc-scheme.view' },
      { label: 'nav.qcRule', to: ruleList, permission: 'qc-rule.view' },
      { label: 'nav.qcAiResult', to: aiResultList, permission: 'qc-ai-result.view' },
      { label: 'nav.qcManualResult', to: manualResultList, permission: 'qc-manual-result.view' },
      { label: 'nav.qcComplaint', to: complaintList, permission: 'qc-complaint.view' },
      { label: 'nav.qcTask', to: taskList, permission: 'qc-task.view' },
      { label: 'nav.qcReplay', to: { path: '/qc/replay', query: {} }, permission: 'qc-rule.view' },
      { label: 'nav.qcReplayCorpus', to: { path: '/qc/replay/corpus', query: {} }, permission: 'qc-rule.view' },
    ],
  },
  { key: 'online', label: 'area.online', entries: [{ label: 'nav.coming', to: coming('online') }] },
  { key: 'ticket', label: 'area.ticket', entries: [{ label: 'nav.coming', to: coming('ticket') }] },
  { key: 'censor', label: 'area.censor', entries: [{ label: 'nav.coming', to: coming('censor') }] },
  { key: 'monitor', label: 'area.monitor', entries: [{ label: 'nav.coming', to: coming('monitor') }] },
];

/**
 * The home route of a signed-in user: the first entry of the side navigation he may view (the scheme list for an
 * inspector, his AI results for an agent), from his permission keys.
 */
export function homeFor(can: (key: string | undefined) => boolean): RouteLocation {
  for (const area of NAV) {
    const entry = area.entries.find((e) => can(e.permission));
    if (entry) return entry.to;
  }
  return schemeList;
}

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((r) => r.path === path);
}
