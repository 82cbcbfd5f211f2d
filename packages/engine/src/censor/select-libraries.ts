import type { ReadLibrary } from './read-libraries.js';
import type { CensorMessage } from './types.js';

/**
 * Which libraries check a message: `cs-agent` ones for AGENT messages (limited by their scopes to the given
 * staff or branch ids; no scopes means everyone), `cs-customer` ones for CUSTOMER messages. A byte per
 * library (1: selected), or null when none is.
 */
export function selectLibraries(libraries: readonly ReadLibrary[], message: CensorMessage): Uint8Array | null {
  const role = typeof message.role === 'string' ? message.role.toUpperCase() : '';
  const flag = role === 'AGENT' ? 'cs-agent' : role === 'CUSTOMER' ? 'cs-customer' : null;
  if (flag === null) return null;
  const staffId = message.staffId === undefined || message.staffId === null ? null : String(message.staffId);
  const branchId = message.branchId === undefined || message.branchId === null ? null : String(message.branchId);
  let selected: Uint8Array | null = null;
  libraries.forEach((library, lib) => {
    if (library.flag !== flag) return;
    if (flag === 'cs-agent' && (library.staffIds !== null || library.branchIds !== null)) {
      const inScope =
        (staffId !== null && library.staffIds?.has(staffId) === true) ||
        (branchId !== null && library.branchIds?.has(branchId) === true);
      if (!inScope) return;
    }
    selected ??= new Uint8Array(libraries.length);
    selected[lib] = 1;
  });
  return selected;
}
