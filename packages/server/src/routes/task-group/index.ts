export { taskGroupRoutes } from './task-group-routes.js';
