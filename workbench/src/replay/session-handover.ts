/**
 * Sessions handed from the corpus replay to the single replay: an uploaded session the server does not have. The
 * corpus replay puts it here and opens `/qc/replay?…&handover=<sessionId>`; the single replay reads
 * `useSessionHandover.getState().sessions[<sessionId>]` (a `ReplaySession`) and replays it as a local session.
 * Kept in memory only, and only the last few, so that going back and forth between samples works without growing.
 */
import { create } from 'zustand';
import type { ReplaySession } from './transcript/parse-transcript';

/** The query parameter of the single replay naming a handed-over session. */
export const HANDOVER_PARAM = 'handover';

const KEEP = 20;

interface SessionHandover {
  /** by session id, oldest first in insertion order */
  sessions: Readonly<Record<string, ReplaySession>>;
  handOver(session: ReplaySession): void;
}

export const useSessionHandover = create<SessionHandover>((set) => ({
  sessions: {},
  handOver: (session) =>
    set((state) => {
      const rest = Object.entries(state.sessions).filter(([id]) => id !== session.sessionId);
      return { sessions: Object.fromEntries([...rest.slice(-(KEEP - 1)), [session.sessionId, session]]) };
    }),
}));
