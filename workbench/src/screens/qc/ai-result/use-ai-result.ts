import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { AI_RESULT_BASE, type AiResultDetail } from '../../../entities/ai-result';

/** Loads /v3/chats/ai-result/detail?sessionId= (the route's `id` is the session id, as the list's links give it). */
export function useAiResultDetail(sessionId: string | undefined) {
  const client = useApi();
  const [detail, setDetail] = useState<AiResultDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(Boolean(sessionId));

  const load = useCallback(async () => {
    if (!sessionId) return;
    setLoading(true);
    setError(null);
    try {
      setDetail(await client.request<AiResultDetail>({ path: `${AI_RESULT_BASE}/detail`, query: { sessionId } }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [client, sessionId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { detail, error, loading, reload: load, setError };
}
