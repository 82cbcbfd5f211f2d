export { appRoutes } from './app-routes.js';
export { createDefaultApp, DEFAULT_APP_NAME } from './default-app.js';
