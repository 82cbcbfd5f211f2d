// the demo's spaces and ticket kinds join the first start's seeding (seed-store runs demoSeeders)
import '../../seed/demo-spaces.js';

export { spaceRoutes } from './space-routes.js';
