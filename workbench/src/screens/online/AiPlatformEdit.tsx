import { aiPlatformDescription } from '../../entities/ai-platform';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

/** /ai-platform/edit?id={id}&_drawer=600: the platform's form as its description says (entities/ai-platform.ts). */
export function AiPlatformEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={aiPlatformDescription} location={location} />;
}
