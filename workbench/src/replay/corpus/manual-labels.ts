/**
 * Labels from the console's manual assessments, for a corpus of the server's sessions: the manual result list the
 * manual-result screens read (/v3/chats/qc-manual-result/page), CHECKED results only, a page at a time. Of a session
 * assessed more than once, its newest checked result decides. A SCORE-style result gives its manual score, a
 * PASS-style one 1 (up to standard) or 0.
 */
import type { ManualResult } from '@qcdesk/contracts';
import type { ApiClient } from '../../api/client';

export const MANUAL_RESULT_PAGE_PATH = '/v3/chats/qc-manual-result/page';
/** the list's largest page */
export const MANUAL_LABEL_PAGE_SIZE = 500;

interface ManualResultPage {
  readonly records: readonly ManualResult[];
  readonly total: number;
}

/** The label one result gives: PASS / FAIL as 1 / 0 for a pass/fail scheme, else the manual score; null if none. */
export function labelOfManualResult(result: ManualResult): number | null {
  if (result.style === 'PASS') return typeof result.pass === 'boolean' ? (result.pass ? 1 : 0) : null;
  return typeof result.manualScore === 'number' && Number.isFinite(result.manualScore) ? result.manualScore : null;
}

// when the result was made: the inspection time, else its last change; times are `YYYY-MM-DD HH:mm:ss`, so the
// text orders as the time does
const madeAt = (r: ManualResult) => r.resultTime ?? r.modifyTime ?? r.createTime ?? '';

/**
 * Every checked session's label, keyed by session id. `onPage` hears the results read so far and their total;
 * aborting `signal` stops between pages.
 */
export async function manualAssessmentLabels(
  client: ApiClient,
  options: {
    readonly pageSize?: number;
    readonly signal?: AbortSignal;
    readonly onPage?: (read: number, total: number) => void;
  } = {},
): Promise<Map<string, number>> {
  const size = options.pageSize ?? MANUAL_LABEL_PAGE_SIZE;
  const newest = new Map<string, ManualResult>();
  let read = 0;
  for (let page = 1; ; page++) {
    options.signal?.throwIfAborted();
    const answer = await client.request<ManualResultPage>({
      path: MANUAL_RESULT_PAGE_PATH,
      query: { page, size },
      body: { manualStatus: 'CHECKED' },
    });
    for (const result of answer.records) {
      // the list filters by status; a result of another status is still not a judgement
      if (result.manualStatus !== 'CHECKED') continue;
      const seen = newest.get(result.sessionId);
      if (seen === undefined || madeAt(result) > madeAt(seen)) newest.set(result.sessionId, result);
    }
    read += answer.records.length;
    options.onPage?.(read, answer.total);
    if (answer.records.length === 0 || read >= answer.total) break;
  }
  const labels = new Map<string, number>();
  for (const [sessionId, result] of newest) {
    const label = labelOfManualResult(result);
    if (label !== null) labels.set(sessionId, label);
  }
  return labels;
}
