export { qcRuleRoutes } from './rule-routes.js';
