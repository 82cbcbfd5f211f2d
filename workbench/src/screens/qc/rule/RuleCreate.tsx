import type { RecordId } from '../../../api/resource';
import { qcRuleDescription } from '../../../entities/qc-rule';
import { EntityForm } from '../../../entity/EntityForm';
import type { RouteLocation } from '../../../router/location';

const CREATE: RouteLocation = { path: '/qc/rule/create', query: {} };

/**
 * /qc/rule/create: name and comments (entities/qc-rule.ts), rendered by the shared EntityForm. On save it opens
 * /qc/rule/config?id={id}&_reload=list, or, inside a drawer, hands the new id to `onCreated` instead.
 */
export function RuleCreate({
  onCreated,
  location = CREATE,
}: {
  onCreated?: (id: RecordId) => void;
  location?: RouteLocation;
}) {
  return <EntityForm description={qcRuleDescription} location={location} onSaved={onCreated} />;
}
