export { createSystemStates } from './system-states.js';
export { stateRecord, taskStateRoutes } from './task-state-routes.js';
