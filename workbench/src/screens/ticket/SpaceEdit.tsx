import { spaceDescription } from '../../entities/space';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

/**
 * /ticket/space/create?type={type}&_modal=small and /ticket/space/config?id={id}&_modal=large: the space's form as
 * its description says (entities/space.ts).
 */
export function SpaceEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={spaceDescription} location={location} />;
}
