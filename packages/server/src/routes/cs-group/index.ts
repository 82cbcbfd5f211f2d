// the desk's demo staffing joins the first start's seeding (seed-store runs demoSeeders), after the sessions step
import '../../desk/demo-staffing.js';

export { csGroupRoutes } from './group-routes.js';
