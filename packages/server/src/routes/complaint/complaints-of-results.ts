import type { ComplaintInResult, ComplaintType } from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { complaints } from '../../db/schema/qc-results.js';

/**
 * The complaints of results, as a result carries them (`{id, status, commonReason, commonAttachment, version}`), oldest
 * first per result; the last one is the result's `complaint`.
 */
export async function complaintsOfResults(
  db: Queryable,
  organizationId: number,
  type: ComplaintType,
  resultIds: readonly number[],
): Promise<Map<number, ComplaintInResult[]>> {
  const out = new Map<number, ComplaintInResult[]>();
  if (resultIds.length === 0) return out;
  const rows = await db
    .select({
      id: complaints.id,
      resultId: complaints.resultId,
      status: complaints.status,
      commonReason: complaints.commonReason,
      commonAttachment: complaints.commonAttachment,
      version: complaints.version,
    })
    .from(complaints)
    .where(
      and(
        eq(complaints.organizationId, organizationId),
        eq(complaints.type, type),
        inArray(complaints.resultId, [...new Set(resultIds)]),
        eq(complaints.deleted, 'NONE'),
      ),
    )
    .orderBy(asc(complaints.createTime), asc(complaints.id));
  for (const r of rows) {
    const list = out.get(r.resultId) ?? [];
    list.push({
      id: String(r.id),
      status: r.status as ComplaintInResult['status'],
      commonReason: r.commonReason,
      commonAttachment: r.commonAttachment,
      version: r.version,
    });
    out.set(r.resultId, list);
  }
  return out;
}
