export { censorLogRoutes } from './censor-log-routes.js';
