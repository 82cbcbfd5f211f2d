export { taskKindRoutes } from './task-kind-routes.js';
