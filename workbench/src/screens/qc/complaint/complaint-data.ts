import type {
  AiResult,
  AiResultComplaintDetailAnswer,
  ComplaintType,
  ManualResultComplaintDetailAnswer,
  ResultRule,
} from '@qcdesk/contracts';
import type { ApiClient } from '../../../api/client';

/** What the detail-complaint calls answer: the result, the complaint in full, the session panel and its messages. */
export type AiComplaintDetail = AiResultComplaintDetailAnswer;
export type ManualComplaintDetail = ManualResultComplaintDetailAnswer;
export type ComplaintDetailAnswer =
  | { type: 'AI'; result: AiComplaintDetail }
  | { type: 'MANUAL'; result: ManualComplaintDetail };

/** /v3/chats/ai-result/detail-complaint or /v3/chats/qc-manual-result/detail-complaint by the complaint's type. */
export async function loadComplaintDetail(
  client: ApiClient,
  type: ComplaintType,
  complaintId: string,
): Promise<ComplaintDetailAnswer> {
  if (type === 'AI') {
    const result = await client.request<AiComplaintDetail>({
      path: '/v3/chats/ai-result/detail-complaint',
      query: { complaintId },
    });
    return { type, result };
  }
  const result = await client.request<ManualComplaintDetail>({
    path: '/v3/chats/qc-manual-result/detail-complaint',
    query: { complaintId },
  });
  return { type, result };
}

/** The hit rules of an AI result (`resultRules`, or `rules` from older answers). */
export function hitRules(result: Pick<AiResult, 'resultRules' | 'rules'>): ResultRule[] {
  return result.resultRules.length > 0 ? result.resultRules : (result.rules ?? []);
}

/** Where approve-ai / approve-manual reopen the complaint after a save. */
export function afterReview(complaintId: string, type: ComplaintType) {
  return { path: '/qc/complaint/detail', query: { id: complaintId, type, _reload: 'list', _modal: 'large' } };
}
