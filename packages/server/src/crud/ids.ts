/**
 * Record ids travel as strings (the contracts' `idSchema`) and are bigint keys in the database. An id that is not a
 * positive whole number cannot name a row, so it reads as "not found" rather than as a bad request.
 */
export function dbId(id: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : null;
}

/** Like `dbId`, for lists: ids that cannot exist map to 0 (never a key), so lookups simply miss them. */
export function dbIds(ids: readonly string[]): number[] {
  return ids.map((id) => dbId(id) ?? 0);
}

export function wireId(id: number): string;
export function wireId(id: number | null | undefined): string | null;
export function wireId(id: number | null | undefined): string | null {
  return id === null || id === undefined ? null : String(id);
}
