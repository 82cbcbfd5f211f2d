import { summaryConfigDescription } from '../../../entities/summary-config';
import { EntityForm } from '../../../entity/EntityForm';
import type { RouteLocation } from '../../../router/location';

/** /csSummary/create?_modal=small: name and type (spec §2.9); the save goes on to the summary's config. */
export function SummaryCreate({ location }: { location: RouteLocation }) {
  return <EntityForm description={summaryConfigDescription} location={location} />;
}
