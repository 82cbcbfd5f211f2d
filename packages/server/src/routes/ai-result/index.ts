export { aiResultRoutes } from './ai-result-routes.js';
