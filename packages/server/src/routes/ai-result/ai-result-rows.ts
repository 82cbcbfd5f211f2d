import type { ComplaintInResult } from '@qcdesk/contracts';
import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { aiResults, complaints, manualResults } from '../../db/schema/qc-results.js';
import type { AiResultRow, ManualRow } from './ai-result-record.js';

/** An AI result with what its record shows besides: the session's manual result and the result's complaints. */
export interface AiResultWithRelated {
  readonly row: AiResultRow;
  readonly manual: ManualRow | undefined;
  readonly complaints: ComplaintInResult[];
}

/**
 * `"table"."column"`: drizzle writes the columns of a one-table select's fields without their table, which inside
 * these correlated subqueries would name the subquery's own columns.
 */
function q(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The session's manual result a record shows: the latest assessment, an unassessed one (no result time) before
 * any — as the records have always shown it (the last by result time ascending, where no time sorts last).
 * A scalar subquery rather than a join: PostgreSQL evaluates it for the rows of the page only, after the sort and
 * limit, even when the page is sorted by a score and every match must be sorted.
 */
const manualOfSession = sql<ManualRow | null>`(select json_build_object(
    'sessionRef', ${q(manualResults.sessionRef)}, 'manualScore', ${q(manualResults.manualScore)},
    'manualAngles', ${q(manualResults.manualAngles)}, 'style', ${q(manualResults.style)}, 'pass', ${q(manualResults.pass)},
    'manualStatus', ${q(manualResults.manualStatus)})
  from ${manualResults}
  where ${q(manualResults.sessionRef)} = ${q(aiResults.sessionRef)} and ${q(manualResults.deleted)} = 'NONE'
  order by ${q(manualResults.resultTime)} desc nulls first, ${q(manualResults.id)} desc
  limit 1)`;

/** The result's complaints as a record carries them (complaint/complaints-of-results.ts), oldest first. */
const complaintsOfResult = sql<ComplaintInResult[]>`coalesce((select json_agg(json_build_object(
    'id', ${q(complaints.id)}::text, 'status', ${q(complaints.status)}, 'commonReason', ${q(complaints.commonReason)},
    'commonAttachment', ${q(complaints.commonAttachment)}, 'version', ${q(complaints.version)})
  order by ${q(complaints.createTime)}, ${q(complaints.id)})
  from ${complaints}
  where ${q(complaints.organizationId)} = ${q(aiResults.organizationId)} and ${q(complaints.type)} = 'AI'
    and ${q(complaints.resultId)} = ${q(aiResults.id)} and ${q(complaints.deleted)} = 'NONE'), '[]'::json)`;

export interface AiResultRowsQuery {
  readonly where: SQL;
  readonly order: SQL[];
  readonly limit: number;
  readonly offset?: number;
  /** also count every row `where` matches (a page's `total`) */
  readonly total?: boolean;
}

/**
 * AI results with their manual result and complaints — and, for a page, the count of all matches — in one
 * statement: a page costs one round trip instead of four (rows, count, manual results, complaints), which is what
 * bounds list throughput on PGlite (one query at a time, in process) and on a busy connection pool.
 */
export async function aiResultRows(
  db: Database,
  query: AiResultRowsQuery,
): Promise<{ rows: AiResultWithRelated[]; total: number }> {
  const offset = query.offset ?? 0;
  // uncorrelated (its own `ai_results`): PostgreSQL evaluates it once per statement
  const total = query.total
    ? sql<number>`(select count(*) from ${aiResults} where ${query.where})`.mapWith(Number)
    : sql<number>`0`.mapWith(Number);
  const found = await db
    .select({
      result: aiResults,
      manual: manualOfSession,
      complaints: complaintsOfResult,
      total,
    })
    .from(aiResults)
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(offset);
  const rows = found.map((f) => ({ row: f.result, manual: f.manual ?? undefined, complaints: f.complaints }));
  if (!query.total) return { rows, total: 0 };
  if (found.length > 0) return { rows, total: found[0]!.total };
  // a page past the last one has no row to carry the count
  if (offset === 0) return { rows, total: 0 };
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(aiResults)
    .where(query.where);
  return { rows, total: counted?.n ?? 0 };
}
