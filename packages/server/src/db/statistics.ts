import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Database } from './connect.js';

/** Rows written in one go (an import, a task run) after which the planner's statistics are refreshed. */
export const BULK_ROWS = 1000;

/**
 * Refreshes the planner's statistics of `tables` after a bulk write. PGlite has no autovacuum, so without this a
 * table never has statistics and every plan is a guess (a count through the wrong index, a list sorting the whole
 * table instead of reading its index); PostgreSQL's autovacuum would get there later, this gets there now. Best
 * effort: a failure here never fails the import or the task that wrote the rows.
 */
export async function refreshStatistics(db: Database, tables: readonly Table[]): Promise<void> {
  const names = tables.map((t) => `"${getTableName(t)}"`).join(', ');
  await db.execute(sql.raw(`ANALYZE ${names}`)).catch(() => undefined);
}
