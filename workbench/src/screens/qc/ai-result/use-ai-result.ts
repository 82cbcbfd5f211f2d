import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { AI_RESULT_BASE, type AiResultDetail } from '../../../entities/ai-result';

/**
 * Loads /v3/chats/ai-result/detail?sessionId=&schemeId= (the route's `id` is the session id and `schemeId` the row's
 * scheme, as the list's links give them; without a scheme the server answers the session's newest result).
 */
export function useAiResultDetail(sessionId: string | undefined, schemeId?: string) {
  const client = useApi();
  const [detail, setDetail] = useState<AiResultDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(Boolean(sessionId));

  const load = useCallback(async () => {
    if (!sessionId) return;
    setLoading(true);
    setError(null);
    try {
      const query = schemeId ? { sessionId, schemeId } : { sessionId };
      setDetail(await client.request<AiResultDetail>({ path: `${AI_RESULT_BASE}/detail`, query }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [client, sessionId, schemeId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { detail, error, loading, reload: load, setError };
}
