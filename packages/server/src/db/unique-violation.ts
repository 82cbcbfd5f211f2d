/** PostgreSQL's SQLSTATE for a unique violation; PGlite reports the same code. */
const UNIQUE_VIOLATION = '23505';

interface DriverError {
  readonly code?: unknown;
  readonly constraint?: unknown;
  readonly cause?: unknown;
}

/**
 * Whether `error` is a unique violation (of the index or constraint named `constraint`, when given). Drizzle wraps
 * the driver's error (DrizzleQueryError) with the original as `cause`, both on node-postgres and on PGlite, whose
 * errors carry `code` and `constraint`; the chain is followed a few levels so a rethrown wrapper is seen through.
 * An "at most one" rule is kept by a unique index; a route catches its violation with this and answers the rule's
 * business error instead of 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as DriverError;
    if (e.code === UNIQUE_VIOLATION) return constraint === undefined || e.constraint === constraint;
    current = e.cause;
  }
  return false;
}

/** Which of `constraints` a unique violation broke, or null (another error, or another index). */
export function findUniqueViolation(error: unknown, constraints: readonly string[]): string | null {
  return constraints.find((constraint) => isUniqueViolation(error, constraint)) ?? null;
}
