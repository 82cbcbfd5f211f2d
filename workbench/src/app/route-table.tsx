import { lazy } from 'react';
import { qcRuleDescription } from '../entities/qc-rule';
import { qcSchemeDescription } from '../entities/qc-scheme';
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
const RuleConfigRoute = lazy(() => import('../screens/qc/rule/RuleConfig').then((m) => ({ default: m.RuleConfig })));

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

export const ROUTES: RouteDefinition[] = [
  entityListRoute(qcSchemeDescription, 'qc', 'qc-scheme.view'),
  {
    path: '/qc/scheme/config',
    area: 'qc',
    title: 'scheme.configTitle.edit',
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
  { path: '/coming', area: 'online', title: 'nav.coming', component: ComingSoon },
];

export const HOME: RouteLocation = schemeList;

const coming = (area: AreaKey) => ({ path: '/coming', query: { area } });

export const NAV: NavArea[] = [
  {
    key: 'qc',
    label: 'area.qc',
    entries: [
      { label: 'nav.qcScheme', to: schemeList, permission: 'qc-scheme.view' },
      { label: 'nav.qcRule', to: ruleList, permission: 'qc-rule.view' },
    ],
  },
  { key: 'online', label: 'area.online', entries: [{ label: 'nav.coming', to: coming('online') }] },
  { key: 'ticket', label: 'area.ticket', entries: [{ label: 'nav.coming', to: coming('ticket') }] },
  { key: 'censor', label: 'area.censor', entries: [{ label: 'nav.coming', to: coming('censor') }] },
  { key: 'monitor', label: 'area.monitor', entries: [{ label: 'nav.coming', to: coming('monitor') }] },
];

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((r) => r.path === path);
}
