import type { ComplaintType } from '@qcdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { complaints } from '../../db/schema/qc-results.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/api-error.js';

/** The partial unique index that keeps "one pending complaint per result" (schema/qc-results.ts). */
export const ONE_PENDING_COMPLAINT = 'complaints_one_pending_uq';

/** The id of the result's pending complaint, if it has one. */
export async function pendingComplaintId(
  db: Queryable,
  organizationId: number,
  type: ComplaintType,
  resultId: number,
): Promise<number | undefined> {
  const [pending] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(
        eq(complaints.organizationId, organizationId),
        eq(complaints.type, type),
        eq(complaints.resultId, resultId),
        eq(complaints.status, 'PENDING'),
        eq(complaints.deleted, 'NONE'),
      ),
    );
  return pending?.id;
}

export function alreadyPending(id: number | string): ApiError {
  return ApiError.of(400, 'COMPLAINT_PENDING', 'qc.complaint.alreadyPending', { id }, 'resultId');
}

/**
 * A filing that lost the race to another one (the check saw none, the index refused the second): the same business
 * error as the check's, naming the winner, which is committed by then. Any other error is returned as it was.
 */
export async function pendingConflict(
  db: Queryable,
  error: unknown,
  organizationId: number,
  type: ComplaintType,
  resultId: number,
): Promise<unknown> {
  if (!isUniqueViolation(error, ONE_PENDING_COMPLAINT)) return error;
  const winner = await pendingComplaintId(db, organizationId, type, resultId);
  return alreadyPending(winner ?? '-');
}
