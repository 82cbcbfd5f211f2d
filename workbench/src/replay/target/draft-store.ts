/**
 * The hand-over from the rule editor to the replay tester: the editor puts its current draft here (unsaved changes
 * included) and opens the tester, which reads it. Kept in memory only: a draft is not a saved rule. The corpus
 * replay's calibration hands over a whole calibrated target (rules and scheme) the same way; the tester has one
 * draft at a time, so either hand-over replaces the other.
 */
import { create } from 'zustand';
import type { ReplayTarget, RuleDraftInput } from './replay-target';

/** A calibrated target: its rules and scheme, and the saved version they are diffed against. */
export type CalibratedDraft = Pick<ReplayTarget, 'label' | 'rules' | 'scheme' | 'saved'>;

interface DraftHandOver {
  draft: RuleDraftInput | null;
  calibrated: CalibratedDraft | null;
  setDraft(draft: RuleDraftInput | null): void;
  setCalibrated(calibrated: CalibratedDraft | null): void;
}

export const useReplayDraft = create<DraftHandOver>((set) => ({
  draft: null,
  calibrated: null,
  setDraft: (draft) => set({ draft, calibrated: null }),
  setCalibrated: (calibrated) => set({ calibrated, draft: null }),
}));
