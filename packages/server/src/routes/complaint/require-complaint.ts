import { and, eq, ne } from 'drizzle-orm';
import { notFound, type Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { complaints } from '../../db/schema/qc-results.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { COMPLAINT, type ComplaintRow } from './complaint-record.js';

/** The caller's complaint (an agent's own only), or 404. */
export async function requireComplaint(db: Queryable, auth: RequestAuth, id: string): Promise<ComplaintRow> {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(complaints)
          .where(
            and(
              eq(complaints.id, key),
              eq(complaints.organizationId, auth.organizationId),
              ne(complaints.deleted, 'BUFFER'),
              auth.agentId === null ? undefined : eq(complaints.agentId, auth.agentId),
            ),
          );
  if (row === undefined) throw notFound(COMPLAINT, id);
  return row;
}
