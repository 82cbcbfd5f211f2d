import type { SessionSummary } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { customFields } from '../../db/schema/index.js';

/**
 * A summary whose fields came without names (an import carries codes only) names them after the organisation's live
 * custom fields of the same codes; a field stored with its name keeps it, as the agent saw it then.
 */
export async function withFieldNames(
  db: Queryable,
  organizationId: number,
  summary: SessionSummary,
): Promise<SessionSummary> {
  const codes = [...new Set(summary.fields.filter((f) => !f.fieldName).map((f) => f.fieldCode))];
  if (codes.length === 0) return summary;
  const rows = await db
    .select({ code: customFields.code, name: customFields.name })
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, organizationId),
        inArray(customFields.code, codes),
        eq(customFields.deleted, 'NONE'),
      ),
    );
  const names = new Map(rows.map((row) => [row.code, row.name]));
  return {
    ...summary,
    fields: summary.fields.map((f) => (f.fieldName ? f : { ...f, fieldName: names.get(f.fieldCode) ?? f.fieldName })),
  };
}
