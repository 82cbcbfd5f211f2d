export { manualResultRoutes } from './manual-result-routes.js';
