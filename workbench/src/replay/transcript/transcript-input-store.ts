/**
 * The tester's own transcript inputs (pasted or uploaded JSON, typed lines) and the local session in use. Kept
 * outside the screen: picking a target or a server session changes the address, which mounts the screen afresh,
 * and what the inspector typed must survive that.
 */
import { create } from 'zustand';
import type { ReplaySession } from './parse-transcript';

export type TranscriptSource = 'server' | 'paste' | 'typed';

interface TranscriptInputs {
  source: TranscriptSource;
  pasteText: string;
  /** the uploaded file's name, shown beside the paste box */
  fileName: string | null;
  typedText: string;
  /** the sessions the last applied paste held (a JSON Lines file may hold many) and the one replayed */
  pasted: ReplaySession[];
  /** the local session replayed when the address names no server session */
  local: ReplaySession | null;
  set(patch: Partial<Omit<TranscriptInputs, 'set'>>): void;
}

export const useTranscriptInputs = create<TranscriptInputs>((set) => ({
  source: 'server',
  pasteText: '',
  fileName: null,
  typedText: '',
  pasted: [],
  local: null,
  set: (patch) => set(patch),
}));
