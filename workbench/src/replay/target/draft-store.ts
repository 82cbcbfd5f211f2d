/**
 * The hand-over from the rule editor to the replay tester: the editor puts its current draft here (unsaved changes
 * included) and opens the tester, which reads it. Kept in memory only: a draft is not a saved rule.
 */
import { create } from 'zustand';
import type { RuleDraftInput } from './replay-target';

interface DraftHandOver {
  draft: RuleDraftInput | null;
  setDraft(draft: RuleDraftInput | null): void;
}

export const useReplayDraft = create<DraftHandOver>((set) => ({
  draft: null,
  setDraft: (draft) => set({ draft }),
}));
