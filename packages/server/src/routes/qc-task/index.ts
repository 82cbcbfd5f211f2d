export { qcTaskRoutes } from './task-routes.js';
