// the area's demo data joins the first start's seeding (seed-store runs demoSeeders)
import '../../tasks/demo-seeder.js';

export { SESSION_IMPORT_PERMISSION, sessionRoutes } from './session-routes.js';
