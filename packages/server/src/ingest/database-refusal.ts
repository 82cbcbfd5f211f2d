/**
 * Telling a database that refuses one record (a value it cannot hold, a constraint, a trigger's veto) from one that
 * cannot take any (connection lost, shut down, out of resources, schema missing): the first costs that record, the
 * second stops the import. Neither ever shows the SQL statement: drizzle's error message is the whole query with
 * its parameters, so people see the database's own reason instead.
 */

/**
 * SQLSTATE classes that say the database, or the way to it, is in trouble, whatever the record: connection (08),
 * authorisation (28), catalog (3D), transaction state and rollback (25, 40), schema or privileges (42), resources (53),
 * locks and object state (55), shutdown and cancel (57), I/O (58), configuration (F0), internal (XX), unsupported (0A).
 */
const TROUBLE_CLASSES = new Set(['08', '0A', '25', '28', '3D', '40', '42', '53', '55', '57', '58', 'F0', 'XX']);
/** a deadlock or serialization failure: the batch may be retried record by record, but is no record's fault */
const TRANSIENT_CLASS = '40';
const MAX_REASON = 200;

/** The errors an error stands for, outermost first (drizzle wraps the driver's error as `cause`). */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  let current = error;
  while (current instanceof Error && out.length < 5) {
    out.push(current);
    current = current.cause;
  }
  if (out.length === 0) out.push(error);
  return out;
}

/** The SQLSTATE of a database's answer (node-postgres and PGlite errors carry `code` and `severity`), or null. */
export function sqlState(error: unknown): string | null {
  for (const e of chain(error)) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  }
  return null;
}

/** Whether the database answered that it will not keep this record (rather than that it cannot work at all). */
export function isRecordRefusal(error: unknown): boolean {
  const state = sqlState(error);
  return state !== null && !TROUBLE_CLASSES.has(state.slice(0, 2));
}

/** Whether a failed batch is worth retrying record by record: a refusal, or a deadlock the smaller writes avoid. */
export function isWorthRetrying(error: unknown): boolean {
  return isRecordRefusal(error) || sqlState(error)?.slice(0, 2) === TRANSIENT_CLASS;
}

/** The database's (or driver's) own reason, one line and short, never the failed statement. */
export function databaseReason(error: unknown): string {
  const errors = chain(error);
  for (let i = errors.length - 1; i >= 0; i--) {
    const e = errors[i];
    const text = e instanceof Error ? e.message : String(e);
    if (text.startsWith('Failed query:') || text.trim() === '') continue;
    const line = text.split('\n')[0]!.trim();
    return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON)}…` : line;
  }
  return 'query failed';
}

/**
 * The database cannot take any write (down, shut down, schema missing): the import stops here, with the
 * database's reason. Batches written before it stay written; running the import again is safe.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(`数据库不可用 / the database is unavailable: ${reason}`, options);
    this.name = 'DatabaseUnavailableError';
  }
}
