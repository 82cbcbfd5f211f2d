/**
 * The tester's address: `/qc/replay?ruleId=…` (or `schemeId=…`, or `draft=1` with the draft's `ruleId` and an optional
 * `withinSchemeId`) and `&sessionId=…`, so that a link opens a target on a session; `&handover=…` names a session the
 * corpus replay handed over (an uploaded one the server does not have, see session-handover.ts).
 */
import type { RouteLocation } from '../router/location';
import { navigate } from '../router/router-store';

export const REPLAY_PATH = '/qc/replay';

export interface ReplayQuery {
  ruleId: string | null;
  schemeId: string | null;
  draft: boolean;
  /** a draft scored within this saved scheme */
  withinSchemeId: string | null;
  sessionId: string | null;
  /** a session handed over by the corpus replay, by its id */
  handover: string | null;
}

export function readReplayQuery(location: RouteLocation): ReplayQuery {
  const q = location.query;
  const value = (key: string) => (q[key] === undefined || q[key] === '' ? null : q[key]!);
  return {
    ruleId: value('ruleId'),
    schemeId: value('schemeId'),
    draft: q.draft === '1' || q.draft === 'true',
    withinSchemeId: value('withinSchemeId'),
    sessionId: value('sessionId'),
    handover: value('handover'),
  };
}

/**
 * Goes to the tester (or, with `path`, the corpus replay, which takes the same target parameters) with `patch`
 * applied; the address is replaced, so Back leaves the tester.
 */
export function goReplay(current: ReplayQuery, patch: Partial<ReplayQuery>, path = REPLAY_PATH): void {
  const next = { ...current, ...patch };
  navigate(
    path,
    {
      ruleId: next.ruleId,
      schemeId: next.schemeId,
      draft: next.draft ? '1' : null,
      withinSchemeId: next.draft ? next.withinSchemeId : null,
      sessionId: next.sessionId,
      handover: next.handover,
    },
    { replace: true },
  );
}
