import { csNavHotlineDescription, HOTLINE_NAV_FILTERS } from '../../../entities/cs-nav-hotline';
import { EntityList } from '../../../entity/EntityList';
import type { RouteLocation } from '../../../router/location';

/** /hotline/csNav/list: the description's list, always asking for HOTLINE navigations (spec §2.7). */
export function HotlineNavList({ location }: { location: RouteLocation }) {
  return <EntityList description={csNavHotlineDescription} location={location} baseFilters={HOTLINE_NAV_FILTERS} />;
}
