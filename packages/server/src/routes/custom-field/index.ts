export { customFieldRoutes } from './custom-field-routes.js';
export { withFieldNames } from './field-names.js';
