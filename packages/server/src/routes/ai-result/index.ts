export { aiResultRoutes } from './ai-result-routes.js';
export { overviewRoute } from './overview/overview-route.js';
