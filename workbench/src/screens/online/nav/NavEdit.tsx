import { csNavDescription } from '../../../entities/cs-nav';
import { EntityForm } from '../../../entity/EntityForm';
import type { RouteLocation } from '../../../router/location';

/** /online/csNav/edit?id=&kind=&_modal=small: the name form of the description; its save opens the config modal. */
export function NavEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={csNavDescription} location={location} />;
}
