import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';
import type { ComplaintRow } from './complaint-record.js';

/**
 * An appeal is judged by someone other than the people it concerns: the person who filed it, and the agent whose
 * result it is. 403 (not 400): the body is fine and the caller holds qc-complaint.review, but not for this one.
 */
export function refuseOwnComplaint(auth: RequestAuth, row: Pick<ComplaintRow, 'creatorId' | 'agentId'>): void {
  if (row.creatorId !== null && row.creatorId === auth.userId)
    throw new ApiError(
      403,
      'OWN_COMPLAINT',
      '不能审核自己提交的申诉，请由其他审核人审核',
      'You cannot review a complaint you filed; another reviewer must review it',
      'complaint.id',
    );
  if (auth.agentId !== null && row.agentId === auth.agentId)
    throw new ApiError(
      403,
      'OWN_COMPLAINT',
      '不能审核针对自己质检结果的申诉，请由其他审核人审核',
      'You cannot review a complaint about your own result; another reviewer must review it',
      'complaint.id',
    );
}
