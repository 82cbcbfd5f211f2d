import { useCallback, useState } from 'react';
import { useSessionStore } from '../auth/session-store';

/**
 * The columns a user hid in a list, kept in this browser per user and list (issue 15, defect 5: "column chooser,
 * remembered per user"). Stored as the hidden keys, so a column added later shows until hidden.
 */
export function columnChoiceKey(userId: string, list: string): string {
  return `qcdesk.columns.${userId}.${list}`;
}

function readHidden(key: string): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    // unreadable or blocked storage: every column shows
    return [];
  }
}

export function useHiddenColumns(list: string): [readonly string[], (hidden: readonly string[]) => void] {
  const userId = useSessionStore((s) => String(s.user?.id ?? s.user?.username ?? 'anonymous'));
  const key = columnChoiceKey(userId, list);
  const [state, setState] = useState<{ key: string; hidden: readonly string[] }>(() => ({
    key,
    hidden: readHidden(key),
  }));
  // another user signing in on the same page reads his own choice
  const hidden = state.key === key ? state.hidden : readHidden(key);
  const setHidden = useCallback(
    (next: readonly string[]) => {
      setState({ key, hidden: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // the choice still holds for this page
      }
    },
    [key],
  );
  return [hidden, setHidden];
}
