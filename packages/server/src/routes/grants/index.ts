export { defineGrantRoutes, type GrantBase, type GrantRoutesOptions } from './grant-routes.js';
export { type GrantTargetType, sharedByGrant } from './shared-by-grant.js';
