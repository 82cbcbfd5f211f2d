export { censorBanRoutes } from './censor-ban-routes.js';
