// manual results and complaints join the first start's demo data (seed-store runs demoSeeders)
import '../../seed/demo-assessments.js';

export { complaintRoutes } from './complaint-routes.js';
