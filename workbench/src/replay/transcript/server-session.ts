/**
 * Sessions from the server for the replay tester: the picker's choices, searched on the server as the user types
 * (/v3/chats/session/list) and one
 * session's messages in send order (/v3/chats/message/query, a page of the most the server allows at a time).
 */
import { LIMITS } from '@qcdesk/contracts';
import type { ApiClient } from '../../api/client';
import type { Page } from '../../api/resource';
import type { ReplaySession } from './parse-transcript';

/** A row of the session picker. */
export interface SessionChoice {
  sessionId: string;
  customerNick?: string | null;
  nick?: string | null;
  createTime?: string | null;
  messageCount?: number | null;
}

const CHOICE_FIELDS = ['sessionId', 'customerNick', 'nick', 'createTime', 'messageCount'];

/**
 * The newest sessions (at most `limit`), or those whose id, chat id, customer or agent contains `keyword` (the
 * server searches them all, so any session can be picked, not only the newest).
 */
export async function listSessionChoices(
  client: ApiClient,
  keyword: string | null = null,
  limit = 200,
): Promise<SessionChoice[]> {
  const answer = await client.request<SessionChoice[]>({
    path: '/v3/chats/session/list',
    body: { fields: CHOICE_FIELDS, limit, ...(keyword ? { keyword } : {}) },
  });
  return answer ?? [];
}

/** The one session with that id, or null when the server has none (or none this user may see). */
export async function findSessionChoice(client: ApiClient, sessionId: string): Promise<SessionChoice | null> {
  const answer = await client.request<SessionChoice[]>({
    path: '/v3/chats/session/list',
    body: { fields: CHOICE_FIELDS, limit: 1, sessionId },
  });
  return answer?.[0] ?? null;
}

/** Every message of a session, as the server stores it (senderRole, TIM `content`): the engine reads that shape. */
export async function loadServerSession(client: ApiClient, sessionId: string): Promise<ReplaySession> {
  const size = LIMITS.pageSizeMax;
  const messages: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.request<Page<unknown>>({
      path: '/v3/chats/message/query',
      query: { page, size },
      body: { sessionId },
    });
    const records = answer?.records ?? [];
    messages.push(...records);
    if (records.length < size || messages.length >= (answer?.total ?? 0)) break;
  }
  return { sessionId, messages };
}
