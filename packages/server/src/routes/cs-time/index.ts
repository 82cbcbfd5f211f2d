export { csTimeRoutes } from './time-routes.js';
