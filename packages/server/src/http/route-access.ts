import { type ApiPath, AUTHENTICATED, PUBLIC, ROUTE_PERMISSIONS } from '@qcdesk/contracts';
import type { RouteAccess } from './define-route.js';

/** The access the contracts' route table gives `path` — the server enforces exactly what the workbench hides. */
export function accessOf(path: ApiPath): RouteAccess {
  const need = ROUTE_PERMISSIONS[path];
  if (need === PUBLIC) return { public: true };
  if (need === AUTHENTICATED) return { signedIn: true };
  return { permission: need };
}
