import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { censorLogs } from '../db/schema/censor-log.js';

/**
 * How many log records each library has (the library list's `matches`): messages it matched, as ingest and rescans
 * logged them. Libraries without a record are 0. One grouped count over the log's (organisation, library) index.
 */
export async function libraryMatchCounts(
  db: Pick<Database, 'select'>,
  organizationId: number,
  banIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(banIds.map((id) => [id, 0]));
  if (banIds.length === 0) return out;
  const rows = await db
    .select({ banId: censorLogs.censorBanId, n: count() })
    .from(censorLogs)
    .where(and(eq(censorLogs.organizationId, organizationId), inArray(censorLogs.censorBanId, [...banIds])))
    .groupBy(censorLogs.censorBanId);
  for (const row of rows) out.set(row.banId, row.n);
  return out;
}
