export { aiPlatformRoutes } from './ai-platform-routes.js';
