export { csNavRoutes } from './nav-routes.js';
