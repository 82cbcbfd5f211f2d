export { scoreConfigRoutes } from './score-config-routes.js';
