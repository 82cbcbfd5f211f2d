import { qcTaskDescription } from '../../../entities/qc-task';
import { EntityForm } from '../../../entity/EntityForm';
import type { RouteLocation } from '../../../router/location';

/**
 * /qc/task/edit?id={id}&type={type}&_modal=small: the task's form as its description says (entities/qc-task.ts),
 * rendered by the shared EntityForm.
 */
export function TaskEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={qcTaskDescription} location={location} />;
}
