import { csLineDescription } from '../../../entities/cs-line';
import { EntityForm } from '../../../entity/EntityForm';
import type { RouteLocation } from '../../../router/location';

/** /online/csLine/create?_modal=small: name and intro; the save opens the new line's config modal. */
export function LineCreate({ location }: { location: RouteLocation }) {
  return <EntityForm description={csLineDescription} location={location} />;
}
