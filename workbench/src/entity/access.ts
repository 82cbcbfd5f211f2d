import {
  AUTHENTICATED,
  type CrudKeys,
  ENTITY_CONTRACTS,
  type PermissionKey,
  PUBLIC,
  ROUTE_PERMISSIONS,
  type RouteAccess,
} from '@qcdesk/contracts';

/**
 * What a screen of an entity does, by the call it makes: its list (page), create, change, status, delete; `restore`
 * is the trash's restore and empty, which share the delete call unless the contract gives them a key of their own.
 */
export type EntityCall = 'view' | 'create' | 'change' | 'status' | 'delete' | 'restore';

const CALL_PATH: Record<Exclude<EntityCall, 'restore'>, string> = {
  view: 'page',
  create: 'create',
  change: 'change',
  status: 'status',
  delete: 'delete',
};

/** The delete call's last part where a contract names it otherwise (`/v3/system/censor-ban/remove`), by base path. */
const DELETE_PATHS: ReadonlyMap<string, string> = new Map(
  Object.values(ENTITY_CONTRACTS).map((contract) => [contract.base, contract.deletePath]),
);

/** The contracts whose restore and empty are calls of their own (`CrudKeys.trash`), by base path. */
const OWN_TRASH_KEYS: ReadonlySet<string> = new Set(
  Object.values(ENTITY_CONTRACTS)
    .filter((contract) => (contract.keys as CrudKeys).trash !== undefined)
    .map((contract) => contract.base),
);

function callPath(base: string, call: EntityCall): string {
  if (call === 'restore') return OWN_TRASH_KEYS.has(base) ? `${base}/restore` : callPath(base, 'delete');
  return `${base}/${call === 'delete' ? (DELETE_PATHS.get(base) ?? CALL_PATH.delete) : CALL_PATH[call]}`;
}

/**
 * Who may make `call` of the entity at `base`, read from the contracts' ROUTE_PERMISSIONS (the table the server
 * enforces), so a button is shown exactly when the server would let its call through. `null`: the entity has no
 * such call, and nobody gets the button.
 */
export function entityAccess(base: string, call: EntityCall): RouteAccess | null {
  const path = callPath(base, call);
  return Object.hasOwn(ROUTE_PERMISSIONS, path) ? ROUTE_PERMISSIONS[path as keyof typeof ROUTE_PERMISSIONS] : null;
}

/** The permission key a route or nav entry needs for `call` (undefined: any signed-in user). */
export function entityPermission(base: string, call: EntityCall): PermissionKey | undefined {
  const access = entityAccess(base, call);
  if (access === null) throw new Error(`${callPath(base, call)} is not in ROUTE_PERMISSIONS`);
  return access === PUBLIC || access === AUTHENTICATED ? undefined : access;
}

/** Whether a user for whom `can` answers may make `call` of the entity at `base`. */
export function mayUse(can: (key: string | undefined) => boolean, base: string, call: EntityCall): boolean {
  const access = entityAccess(base, call);
  if (access === null) return false;
  return access === PUBLIC || access === AUTHENTICATED || can(access);
}

/** An entity description's API from its contract: the base path and the detail call's query name, never retyped. */
export function contractApi(contract: { readonly base: string; readonly detailParam: string }): {
  base: string;
  detailParam: string;
} {
  return { base: contract.base, detailParam: contract.detailParam };
}
