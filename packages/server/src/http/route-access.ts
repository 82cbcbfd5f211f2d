import { type ApiPath, AUTHENTICATED, BODY_DEPENDENT_PATHS, PUBLIC, ROUTE_PERMISSIONS } from '@qcdesk/contracts';
import type { RouteAccess } from './define-route.js';

const BY_BODY: ReadonlySet<string> = new Set(BODY_DEPENDENT_PATHS);

/**
 * The access the contracts' route table gives `path` — the server enforces exactly what the workbench hides. A path
 * whose key depends on the body lets any signed-in caller in; its handler checks `routePermission(path, body)`.
 */
export function accessOf(path: ApiPath): RouteAccess {
  const need = ROUTE_PERMISSIONS[path];
  if (need === PUBLIC) return { public: true };
  if (need === AUTHENTICATED || BY_BODY.has(path)) return { signedIn: true };
  return { permission: need };
}
