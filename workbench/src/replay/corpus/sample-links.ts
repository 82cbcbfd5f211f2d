/**
 * Where a sample session of a corpus run opens: the single replay on the same target, by server session id, or by
 * hand-over for an uploaded session (the server does not have it; see session-handover.ts).
 */
import type { RouteLocation } from '../../router/location';
import { toQuery } from '../../router/location';
import { navigateTo } from '../../router/router-store';
import { REPLAY_PATH, type ReplayQuery } from '../replay-query';
import { HANDOVER_PARAM, useSessionHandover } from '../session-handover';
import type { SampleSession } from './corpus-tally';

export const CORPUS_REPLAY_PATH = '/qc/replay/corpus';

/** The target part of a replay address (rule, scheme or draft), shared by both replays. */
export function targetQuery(query: ReplayQuery): Record<string, string> {
  return toQuery({
    ruleId: query.ruleId,
    schemeId: query.schemeId,
    draft: query.draft ? '1' : null,
    withinSchemeId: query.draft ? query.withinSchemeId : null,
  });
}

/** The single replay of `sample` on the same target. */
export function sampleLocation(query: ReplayQuery, sample: SampleSession, kind: 'file' | 'server'): RouteLocation {
  const param = kind === 'server' ? 'sessionId' : HANDOVER_PARAM;
  return { path: REPLAY_PATH, query: { ...targetQuery(query), [param]: sample.sessionId } };
}

/** Opens `sample` in the single replay, handing an uploaded session over first. */
export function openSample(query: ReplayQuery, sample: SampleSession, kind: 'file' | 'server'): void {
  if (kind === 'file' && sample.payload !== null) {
    const session = (typeof sample.payload === 'string' ? JSON.parse(sample.payload) : sample.payload) as {
      messages?: unknown;
    };
    const messages = Array.isArray(session.messages) ? (session.messages as unknown[]) : [];
    useSessionHandover.getState().handOver({ sessionId: sample.sessionId, messages });
  }
  navigateTo(sampleLocation(query, sample, kind));
}
