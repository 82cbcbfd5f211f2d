import type { AgentStatus } from '@qcdesk/contracts';
import type { RouteLocation } from '../../router/location';
import { ABSENT } from '../../ui/display';

export const AGENT_MONITOR_PATH = '/cs-agent-monitor/list';
export const GROUP_MONITOR_PATH = '/cs-group-monitor/list';
export const QUEUE_MONITOR_PATH = '/queue-monitor/list';
export const AGENT_DETAIL_PATH = '/cs-agent-monitor/detail';
export const SESSION_RECORD_PATH = '/cs-agent-monitor/session-record';
export const SESSION_DETAIL_PATH = '/cs-agent-monitor/session-detail';

export type DetailMenu = 'basic' | 'alarm' | 'chat';

/** /cs-agent-monitor/detail?agentId={id}&menu={basic|alarm|chat} */
export function detailLocation(agentId: string, menu: DetailMenu = 'basic'): RouteLocation {
  return { path: AGENT_DETAIL_PATH, query: { agentId, menu } };
}

/** /cs-agent-monitor/session-record?agentId={id} */
export function recordLocation(agentId: string): RouteLocation {
  return { path: SESSION_RECORD_PATH, query: { agentId } };
}

/** /cs-agent-monitor/session-detail?agentId=&sessionId=&_modal=large&_index=1 (spec §2) */
export function sessionLocation(agentId: string, sessionId: string): RouteLocation {
  return { path: SESSION_DETAIL_PATH, query: { agentId, sessionId, _modal: 'large', _index: '1' } };
}

/** the status tags' colours (the AgentStatus dictionary gives the words) */
export const STATUS_COLORS: Record<AgentStatus, string> = {
  ONLINE: 'green',
  BUSY: 'orange',
  BREAK: 'yellow',
  TRAINING: 'grape',
  MEETING: 'indigo',
  OFFLINE: 'gray',
};

/** seconds as h:mm:ss (or m:ss), '--' when absent */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return ABSENT;
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
