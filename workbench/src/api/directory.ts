/**
 * The organisation's agents, skill groups and service lines (records; an agent sees only where he served) and the
 * channels the sessions name (`/v3/chats/session/directory`), for pickers that show names and send ids.
 */
import type { DirectoryEntry, DirectoryKind } from '@qcdesk/contracts';
import type { ApiClient } from './client';

export interface DirectoryOption {
  value: string;
  label: string;
}

export async function loadDirectory(
  client: ApiClient,
  kind: DirectoryKind,
  keyword: string | null = null,
): Promise<DirectoryOption[]> {
  const entries = await client.request<DirectoryEntry[]>({
    path: '/v3/chats/session/directory',
    body: { kind, keyword },
  });
  const list = entries ?? [];
  const seen = new Map<string, number>();
  for (const e of list) seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
  // two agents of one nick are told apart by their ids
  return list.map((e) => ({ value: e.id, label: (seen.get(e.name) ?? 0) > 1 ? `${e.name}（${e.id}）` : e.name }));
}
