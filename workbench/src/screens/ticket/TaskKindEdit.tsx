import { taskKindDescription } from '../../entities/task-kind';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

/** /ticket/kind/create and /ticket/kind/config?id={id}: the kind's form as its description says (entities/task-kind.ts). */
export function TaskKindEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={taskKindDescription} location={location} />;
}
