export { csAgentRoutes } from './agent-routes.js';
