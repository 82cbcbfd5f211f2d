// the demo's custom fields and summary join the first start's seeding (seed-store runs demoSeeders)
import '../../seed/demo-summaries.js';

export { summaryConfigRoutes } from './summary-config-routes.js';
