import { spaceDescription } from '../../entities/space';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

/**
 * /ticket/space/create?type={type}&_modal=small: the space's create form as its description says (entities/space.ts);
 * after a save it opens the space's config (SpaceConfig.tsx).
 */
export function SpaceEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={spaceDescription} location={location} />;
}
