import { ENTITY_REGISTRY, type EntityName, type EntityRegistration } from '../entities/registry';
import { entityPermission } from '../entity/access';
import { EntityList } from '../entity/EntityList';
import { markListPaths, type RouteLocation } from '../router/location';
import type { AreaKey, NavArea, NavEntry, RouteDefinition } from '../router/route-types';
import {
  AGENT_DETAIL_PATH,
  AGENT_MONITOR_PATH,
  GROUP_MONITOR_PATH,
  QUEUE_MONITOR_PATH,
  SESSION_DETAIL_PATH,
  SESSION_RECORD_PATH,
} from '../screens/monitor/monitor-links';
import { ComingSoon } from './ComingSoon';
import { lazyScreen } from './lazy-screen';

const ReplayTranscriptRoute = lazyScreen(() =>
  import('../screens/replay/transcript/ReplayTranscript').then((m) => ({
    default: ({ location }: { location: RouteLocation }) => <m.ReplayTranscript location={location} hasCorpus />,
  })),
);

const CorpusReplayRoute = lazyScreen(() =>
  import('../screens/replay/corpus/CorpusReplay').then((m) => ({ default: m.CorpusReplay })),
);

const QcOverviewRoute = lazyScreen(() =>
  import('../screens/qc/overview/QcOverview').then((m) => ({ default: m.QcOverview })),
);

// the monitors (issue 20): agents, groups, queues, an agent's detail, his sessions of today, a live session
const AgentMonitorRoute = lazyScreen(() =>
  import('../screens/monitor/AgentMonitor').then((m) => ({ default: m.AgentMonitor })),
);
const GroupMonitorRoute = lazyScreen(() =>
  import('../screens/monitor/GroupMonitor').then((m) => ({ default: m.GroupMonitor })),
);
const QueueMonitorRoute = lazyScreen(() =>
  import('../screens/monitor/QueueMonitor').then((m) => ({ default: m.QueueMonitor })),
);
const AgentMonitorDetailRoute = lazyScreen(() =>
  import('../screens/monitor/AgentMonitorDetail').then((m) => ({ default: m.AgentMonitorDetail })),
);
const SessionRecordRoute = lazyScreen(() =>
  import('../screens/monitor/SessionRecord').then((m) => ({ default: m.SessionRecord })),
);
const MonitorSessionRoute = lazyScreen(() =>
  import('../screens/monitor/MonitorSession').then((m) => ({ default: m.MonitorSession })),
);
const agentMonitorList = { path: AGENT_MONITOR_PATH, query: {} };

const registrations = Object.values(ENTITY_REGISTRY) as EntityRegistration<never>[];
// the lists keep their place in the query (router/list-state.ts) and stay mounted while it changes
markListPaths(registrations.map((r) => r.description.listPath));
const listOf = (name: EntityName): RouteLocation => ({ path: ENTITY_REGISTRY[name].description.listPath, query: {} });

/** An entity's routes: its list (its own screen or EntityList of the description), then its other screens. */
function entityRoutes({ description: d, area, list, screens = [] }: EntityRegistration<never>): RouteDefinition[] {
  const parent = { path: d.listPath, query: {} };
  return [
    {
      path: d.listPath,
      area,
      title: d.title,
      permission: entityPermission(d.api.base, 'view'),
      component: list ?? (({ location }) => <EntityList description={d} location={location} />),
    },
    ...screens.map((screen) => ({
      path: screen.path,
      area,
      title: screen.title,
      permission: entityPermission(d.api.base, screen.access),
      component: screen.component,
      parent: screen.parent ?? parent,
    })),
  ];
}

/** The QC overview reads AI results: whoever may view them has it as his home. */
const overviewPermission = entityPermission(ENTITY_REGISTRY['qc-ai-result'].description.api.base, 'view');
export const QC_OVERVIEW_PATH = '/qc/overview';

/** The replay screens read rules: whoever may view rules may replay them. */
const replayPermission = entityPermission(ENTITY_REGISTRY['qc-rule'].description.api.base, 'view');

export const ROUTES: RouteDefinition[] = [
  ...registrations.flatMap(entityRoutes),
  {
    path: QC_OVERVIEW_PATH,
    area: 'qc',
    title: 'overview.title',
    permission: overviewPermission,
    component: QcOverviewRoute,
  },
  {
    // ?ruleId= | ?schemeId= | ?draft=1 (&ruleId, &withinSchemeId), &sessionId=
    path: '/qc/replay',
    area: 'qc',
    title: 'replay.title',
    permission: replayPermission,
    component: ReplayTranscriptRoute,
  },
  {
    // the same target parameters as /qc/replay; sample sessions open there
    path: '/qc/replay/corpus',
    area: 'qc',
    title: 'corpus.title',
    permission: replayPermission,
    component: CorpusReplayRoute,
  },
  {
    path: AGENT_MONITOR_PATH,
    area: 'monitor',
    title: 'monitor.agentTitle',
    permission: 'monitor-agent.view',
    component: AgentMonitorRoute,
  },
  {
    path: GROUP_MONITOR_PATH,
    area: 'monitor',
    title: 'monitor.groupTitle',
    permission: 'monitor-group.view',
    component: GroupMonitorRoute,
  },
  {
    path: QUEUE_MONITOR_PATH,
    area: 'monitor',
    title: 'monitor.queueTitle',
    permission: 'monitor-queue.view',
    component: QueueMonitorRoute,
  },
  {
    path: AGENT_DETAIL_PATH,
    area: 'monitor',
    title: 'monitor.detailTitle',
    permission: 'monitor-agent.view',
    component: AgentMonitorDetailRoute,
    parent: agentMonitorList,
  },
  {
    path: SESSION_RECORD_PATH,
    area: 'monitor',
    title: 'monitor.recordTitle',
    permission: 'monitor-agent.view',
    component: SessionRecordRoute,
    parent: agentMonitorList,
  },
  {
    path: SESSION_DETAIL_PATH,
    area: 'monitor',
    title: 'monitor.sessionTitle',
    permission: 'monitor-agent.view',
    component: MonitorSessionRoute,
    parent: agentMonitorList,
  },
  { path: '/coming', area: 'online', title: 'nav.coming', component: ComingSoon },
];

const coming = (area: AreaKey) => ({ path: '/coming', query: { area } });

/** The side-menu entries of an area: its entities' lists in registry order, then `more`. */
function areaEntries(area: AreaKey, more: NavEntry[] = []): NavEntry[] {
  const entities = registrations
    .filter((r) => r.area === area)
    .map((r) => ({
      label: r.nav,
      to: { path: r.description.listPath, query: {} },
      permission: entityPermission(r.description.api.base, 'view'),
    }));
  return [...entities, ...more];
}

/** An area without entities yet shows a single "coming soon" entry; `first` entries come before the entities'. */
function areaNav(key: AreaKey, label: NavArea['label'], more: NavEntry[] = [], first: NavEntry[] = []): NavArea {
  const entries = [...first, ...areaEntries(key, more)];
  return { key, label, entries: entries.length > 0 ? entries : [{ label: 'nav.coming', to: coming(key) }] };
}

export const NAV: NavArea[] = [
  areaNav(
    'qc',
    'area.qc',
    [
      { label: 'nav.qcReplay', to: { path: '/qc/replay', query: {} }, permission: replayPermission },
      { label: 'nav.qcReplayCorpus', to: { path: '/qc/replay/corpus', query: {} }, permission: replayPermission },
    ],
    // the home of users who see AI results (homeFor takes the first entry they may view)
    [{ label: 'nav.qcOverview', to: { path: QC_OVERVIEW_PATH, query: {} }, permission: overviewPermission }],
  ),
  areaNav('online', 'area.online'),
  areaNav('ticket', 'area.ticket'),
  areaNav('censor', 'area.censor'),
  areaNav('monitor', 'area.monitor', [
    { label: 'nav.agentMonitor', to: agentMonitorList, permission: 'monitor-agent.view' },
    { label: 'nav.groupMonitor', to: { path: GROUP_MONITOR_PATH, query: {} }, permission: 'monitor-group.view' },
    { label: 'nav.queueMonitor', to: { path: QUEUE_MONITOR_PATH, query: {} }, permission: 'monitor-queue.view' },
  ]),
  areaNav('system', 'area.system'),
];

/**
 * The home route of a signed-in user: the first entry of the side navigation he may view (the QC overview for whoever
 * sees AI results, the scheme list for a rule editor who does not), from his permission keys.
 */
export function homeFor(can: (key: string | undefined) => boolean): RouteLocation {
  for (const area of NAV) {
    const entry = area.entries.find((e) => can(e.permission));
    if (entry) return entry.to;
  }
  return listOf('qc-scheme');
}

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((r) => r.path === path);
}
