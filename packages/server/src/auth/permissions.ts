import { PERMISSION_KEYS } from '@qcdesk/contracts';

/** A role holding `*` holds every key, including keys added after the role was made. */
export const ALL_PERMISSIONS = '*';

/** The keys a user holds through the permission lists of his roles. */
export function expandPermissions(lists: readonly (readonly string[])[]): Set<string> {
  const keys = new Set<string>();
  for (const list of lists)
    for (const key of list) {
      if (key === ALL_PERMISSIONS) for (const k of PERMISSION_KEYS) keys.add(k);
      else keys.add(key);
    }
  return keys;
}
