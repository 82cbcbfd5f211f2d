export { csLineRoutes } from './line-routes.js';
