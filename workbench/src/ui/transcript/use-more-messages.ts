import { type ChatMessage, LIMITS } from '@qcdesk/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Page } from '../../api/resource';

export interface MessageSource {
  sessionId: string;
  chatId?: string | null;
}

/**
 * The messages that follow the `loaded` ones of a session: the next page of `/v3/chats/message/query` (paged, in send
 * order) counted from how many are loaded; messages already loaded are dropped (when `loaded` is not a whole number
 * of pages the page overlaps them).
 */
export async function fetchMessagesAfter(
  client: ApiClient,
  source: MessageSource,
  loaded: readonly Pick<ChatMessage, 'messageId'>[],
  size: number = LIMITS.chatPageSizeResult,
): Promise<{ records: ChatMessage[]; total: number }> {
  const page = Math.floor(loaded.length / size) + 1;
  const answer = await client.request<Page<ChatMessage>>({
    path: '/v3/chats/message/query',
    query: { page, size },
    body: source.chatId ? { chatId: source.chatId, sessionId: source.sessionId } : { sessionId: source.sessionId },
  });
  const known = new Set(loaded.map((m) => m.messageId));
  return { records: (answer?.records ?? []).filter((m) => !known.has(m.messageId)), total: answer?.total ?? 0 };
}

/**
 * A transcript that starts with the messages a detail carried (`given`, at most a server limit) and reads the rest
 * from the server on demand: `loadMore` appends the next page. `total` is the session's message count; once a read
 * brings nothing new, the loaded ones are all there are. Failures are not shown (the spec gives the message load no
 * error handling): the control stays, and the next 'view more' tries again.
 */
export function useMoreMessages(
  client: ApiClient,
  source: MessageSource | null,
  given: readonly ChatMessage[],
  givenTotal: number | null | undefined,
) {
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const sessionId = source?.sessionId ?? null;
  const chatId = source?.chatId ?? null;

  // a new detail starts again from what it carried
  // biome-ignore lint/correctness/useExhaustiveDependencies: `given` and the session are the triggers
  useEffect(() => {
    setExtra([]);
    setExhausted(false);
  }, [given, sessionId, chatId]);

  const messages = useMemo(() => (extra.length === 0 ? given : [...given, ...extra]), [given, extra]);
  const total = exhausted ? messages.length : Math.max(givenTotal ?? 0, messages.length);

  const loadMore = useCallback(async () => {
    if (busy.current || sessionId === null) return;
    busy.current = true;
    setLoading(true);
    try {
      const answer = await fetchMessagesAfter(client, { sessionId, chatId }, messages);
      if (answer.records.length === 0) setExhausted(true);
      else setExtra((loaded) => [...loaded, ...answer.records]);
    } catch {
      // no error handling for the message load (spec §8): the user may try again
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [client, sessionId, chatId, messages]);

  return { messages, total, hasMoreOnServer: total > messages.length, loadMore, loading };
}
