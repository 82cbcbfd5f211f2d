import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { AI_RESULT_BASE, type AiResultDetail } from '../../../entities/ai-result';

/**
 * Loads /v3/chats/ai-result/detail?sessionId=&schemeId= (the route's `id` is the session id and `schemeId` the row's
 * scheme, as the list's links give them; without a scheme the server answers the session's newest result).
 */
export function useAiResultDetail(sessionId: string | undefined, schemeId?: string) {
  const client = useApi();
  const { data, error, loading, reload } = useLoad(
    () =>
      client.request<AiResultDetail>({
        path: `${AI_RESULT_BASE}/detail`,
        query: schemeId ? { sessionId: sessionId!, schemeId } : { sessionId: sessionId! },
      }),
    [client, sessionId, schemeId],
    { enabled: Boolean(sessionId) },
  );
  return { detail: data, error, loading, reload };
}
