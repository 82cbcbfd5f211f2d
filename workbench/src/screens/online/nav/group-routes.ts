import {
  type CsGroup,
  defaultRouteName,
  type GroupOnlineConfig,
  NAV_LIMITS,
  percentToWeight,
  weightToPercent,
} from '@qcdesk/contracts';
import type { ApiClient } from '../../../api/client';
import { groupPicker } from '../../../entities/cs-group';
import type { PickerDescription } from '../../../entity/types';
import { nextName } from './nav-items';

/** A GROUP route as the editor holds it (spec §3.7: id, name, groups of groupId and weight; names as answered). */
export type GroupRoute = GroupOnlineConfig['routes'][number];
export type GroupRouteGroup = GroupRoute['groups'][number];

/** A new route: 路由-N and no groups yet; the server gives it its `route-N` id on save. */
export function newRoute(routes: readonly GroupRoute[]): GroupRoute {
  return {
    id: null,
    name: nextName(
      routes.map((r) => r.name),
      defaultRouteName,
    ),
    groups: [],
  };
}

/**
 * The weight a typed percent stores (spec §9: shown 0..100 %, sent as a fraction), or null while the input holds no
 * percent (empty, out of range): the stored weight then stays as it was.
 */
export function weightOfInput(value: number | string): number | null {
  const percent = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(percent) || percent < 0 || percent > NAV_LIMITS.weightPercentMax) return null;
  return percentToWeight(percent);
}

/** The route's weights summed as the screen shows them, in hundredths so that 33.33 + 33.33 + 33.34 is exactly 100. */
export function routeTotal(route: GroupRoute): number {
  return route.groups.reduce((sum, g) => sum + Math.round(weightToPercent(g.weight) * 100), 0) / 100;
}

/**
 * The route with the picked groups added at its end. A group already in the route is ignored (spec: no group twice in
 * a route; its weight is kept). The first new group takes what is left up to 100 %, the others start at 0.
 */
export function addRouteGroups(
  route: GroupRoute,
  picked: readonly { groupId: string; groupName?: string | null }[],
): GroupRoute {
  const groups = [...route.groups];
  let left = Math.max(0, 100 - routeTotal(route));
  for (const { groupId, groupName } of picked) {
    if (groups.some((g) => g.groupId === groupId)) continue;
    groups.push({ groupId, groupName: groupName ?? null, weight: percentToWeight(left) });
    left = 0;
  }
  return { ...route, groups };
}

/** The skill-group picker of a route: the shared picker, ONLINE groups only (GROUP routes lead to online service). */
export function onlineGroupPicker(client: ApiClient): PickerDescription<CsGroup> {
  const shared = groupPicker(client);
  return { ...shared, load: (params) => shared.load({ ...params, filters: { ...params.filters, type: 'ONLINE' } }) };
}
