export { ticketRoutes } from './ticket-routes.js';
