import type { AgentMode, FeedEvent, MessageCode, MessageParams } from '@qcdesk/contracts';
import { messageText } from '@qcdesk/engine';
import { censorMessage } from '../censor/censor-message.js';
import type { OrgScanner } from '../censor/org-scanner.js';
import { dbId } from '../crud/ids.js';
import type { LiveAgent, LiveDesk, LiveSession } from './live-desk.js';

/** Why an event was refused: a code, a message of the catalogue, and the field of the event it concerns. */
export interface Refusal {
  readonly code: string;
  readonly message: MessageCode;
  readonly params: MessageParams;
  /** the path inside the event ('sessionId', 'agentId'); the answer puts `events[i].` before it */
  readonly field: string;
}

/** Applied: the event's place in its session's history (null for an agent's status). */
export type Applied = { readonly seq: number | null } | { readonly refused: Refusal };

const refuse = (code: string, message: MessageCode, params: MessageParams, field: string): Applied => ({
  refused: { code, message, params, field },
});

/**
 * Applies one parsed event to the desk of the batch, in the order the events arrive: opens, messages, transfers and
 * closes sessions, changes an agent's presence, and lets the desk assign or queue what that leaves waiting. An event
 * that cannot apply (an unknown session, a message after the close, an agent message before any agent joined…) is
 * refused and changes nothing.
 */
export function applyEvent(desk: LiveDesk, event: FeedEvent, censor: OrgScanner | null): Applied {
  const at = new Date(event.at);
  switch (event.type) {
    case 'SESSION_OPENED':
      return open(desk, event, at);
    case 'MESSAGE':
      return message(desk, event, at, censor);
    case 'SESSION_TRANSFERRED':
      return transfer(desk, event, at);
    case 'SESSION_CLOSED':
      return close(desk, event, at);
    case 'AGENT_STATUS':
      return agentStatus(desk, event, at);
  }
}

type EventOf<T extends FeedEvent['type']> = Extract<FeedEvent, { type: T }>;

function open(desk: LiveDesk, event: EventOf<'SESSION_OPENED'>, at: Date): Applied {
  if (desk.sessions.has(event.sessionId))
    return refuse('SESSION_EXISTS', 'live.sessionExists', { id: event.sessionId }, 'sessionId');
  const line = desk.lines.get(dbId(event.lineId) ?? -1);
  if (line === undefined) return refuse('INVALID_REFERENCE', 'live.lineUnknown', { id: event.lineId }, 'lineId');
  let chosen: number | null = null;
  if (event.groupId != null) {
    chosen = dbId(event.groupId);
    if (chosen === null || !desk.groups.has(chosen))
      return refuse('INVALID_REFERENCE', 'live.groupUnknown', { id: event.groupId }, 'groupId');
  }
  const now = new Date();
  const session: LiveSession = {
    isNew: true,
    dirty: true,
    row: {
      id: 0,
      organizationId: desk.organizationId,
      sessionId: event.sessionId,
      chatId: event.chatId ?? event.sessionId,
      source: event.source ?? 'LIVE',
      status: 'ACTIVE',
      lineId: line.lineId,
      lineName: line.name,
      agentId: null,
      agentName: null,
      agentNick: null,
      customerId: event.customerId ?? null,
      customerNick: event.customerNick ?? null,
      customerPhone: null,
      groups: [],
      groupIds: [],
      trackClient: event.trackClient ?? null,
      closeWay: null,
      closeReason: null,
      mode: null,
      summary: false,
      summaryDetail: null,
      scoreProgress: -1,
      scoreWay: null,
      scoringTime: null,
      scoredTime: null,
      scoreResult: null,
      satisfaction: null,
      resolved: null,
      beginTime: at,
      closeTime: null,
      duration: 0,
      messageCount: 0,
      agentText: '',
      customerText: '',
      humanQuality: null,
      // a live session is never an import's: a later import of the same id replaces it
      contentHash: 'live',
      createTime: now,
      modifyTime: now,
      arrivalTime: at,
      joinTime: null,
      firstReplyTime: null,
      queueSeconds: null,
      groupId: null,
      liveSeq: null,
    },
  };
  desk.sessions.set(event.sessionId, session);
  const seq = desk.nextSeq(session);
  desk.record({
    eventId: event.eventId,
    type: event.type,
    sessionId: event.sessionId,
    seq,
    agentId: null,
    at,
    payload: payloadOf(event),
  });
  const route = desk.routeOf(line.groupIds, chosen);
  if (!desk.tryAssign(session, route, at, null)) desk.enqueue(session, route, at, null);
  return { seq };
}

/** The session the event names, if the feed opened it and it is still open. */
function openSession(desk: LiveDesk, sessionId: string): LiveSession | Applied {
  const session = desk.sessions.get(sessionId);
  if (session === undefined || session.row.liveSeq === null)
    return refuse('SESSION_UNKNOWN', 'live.sessionUnknown', { id: sessionId }, 'sessionId');
  if (session.row.status === 'CLOSED')
    return refuse('SESSION_CLOSED', 'live.sessionClosed', { id: sessionId }, 'sessionId');
  return session;
}
const isSession = (value: LiveSession | Applied): value is LiveSession => 'row' in value;

function message(desk: LiveDesk, event: EventOf<'MESSAGE'>, at: Date, censor: OrgScanner | null): Applied {
  const found = openSession(desk, event.sessionId);
  if (!isSession(found)) return found;
  const row = found.row;
  const key = `${event.sessionId}\u0000${event.messageId}`;
  if (desk.messageKeys.has(key))
    return refuse('MESSAGE_EXISTS', 'live.messageExists', { id: event.messageId }, 'messageId');
  const agent = row.agentId === null ? undefined : desk.agents.get(row.agentId);
  if (event.senderRole === 'AGENT' && row.agentId === null)
    return refuse('NO_AGENT', 'live.noAgentYet', { id: event.sessionId }, 'senderRole');
  desk.messageKeys.add(key);
  const toScan = {
    messageId: event.messageId,
    chatId: row.chatId,
    sessionId: row.sessionId,
    senderRole: event.senderRole,
    senderNick: event.senderNick ?? (event.senderRole === 'AGENT' ? row.agentNick : row.customerNick),
    senderAvatar: event.senderAvatar ?? null,
    sendTime: event.at,
    content: event.content,
  };
  const place = { lineId: row.lineId, lineName: row.lineName, agentId: row.agentId };
  // scanned as it arrives, by the same libraries and code as an import (censor-message.ts)
  const censored = censor === null ? null : censorMessage(censor, toScan, place);
  const messageRow = {
    ...toScan,
    seq: row.messageCount,
    censorOperation: censored?.censorOperation ?? null,
    censorWords: censored?.censorWords ?? null,
    maskedContent: censored?.maskedContent ?? null,
  };
  desk.messages.push({ row: messageRow, place, censored: censored?.hits.length ? censored : null });
  row.messageCount += 1;
  const text = messageText(event.content);
  if (text !== null && text !== '') {
    if (event.senderRole === 'AGENT') row.agentText = row.agentText === '' ? text : `${row.agentText}\n${text}`;
    else row.customerText = row.customerText === '' ? text : `${row.customerText}\n${text}`;
  }
  if (event.senderRole === 'AGENT' && row.firstReplyTime === null) row.firstReplyTime = at;
  found.dirty = true;
  if (agent !== undefined) {
    const live = desk.touch(agent, at);
    if (event.senderRole === 'AGENT') live.todaySent += 1;
    else live.todayReceived += 1;
  }
  const seq = desk.nextSeq(found);
  desk.record({
    eventId: event.eventId,
    type: event.type,
    sessionId: event.sessionId,
    seq,
    agentId: row.agentId,
    at,
    payload: payloadOf(event),
  });
  return { seq };
}

function transfer(desk: LiveDesk, event: EventOf<'SESSION_TRANSFERRED'>, at: Date): Applied {
  const found = openSession(desk, event.sessionId);
  if (!isSession(found)) return found;
  const row = found.row;
  let target: LiveAgent | null = null;
  let groupId: number | null = null;
  if (event.agentId != null) {
    const agent = desk.agents.get(dbId(event.agentId) ?? -1);
    if (agent === undefined) return refuse('INVALID_REFERENCE', 'live.agentUnknown', { id: event.agentId }, 'agentId');
    if (agent.agentId === row.agentId) return refuse('SAME_AGENT', 'live.sameAgent', { id: event.agentId }, 'agentId');
    const candidate = desk.candidate(agent, at);
    if (candidate.status !== 'ONLINE')
      return refuse('AGENT_NOT_ONLINE', 'live.agentNotOnline', { id: event.agentId }, 'agentId');
    if (candidate.receptions >= candidate.capacity)
      return refuse('AGENT_FULL', 'live.agentFull', { id: event.agentId }, 'agentId');
    target = agent;
  } else {
    groupId = dbId(event.groupId ?? '');
    if (groupId === null || !desk.groups.has(groupId))
      return refuse('INVALID_REFERENCE', 'live.groupUnknown', { id: event.groupId }, 'groupId');
  }
  const seq = desk.nextSeq(found);
  desk.record({
    eventId: event.eventId,
    type: event.type,
    sessionId: event.sessionId,
    seq,
    agentId: row.agentId,
    at,
    payload: payloadOf(event),
  });
  const previous = desk.release(found, at);
  if (previous !== null) desk.touch(previous, at).todayTransfers += 1;
  if (target !== null) {
    // to an agent: he takes it now (checked above), in the group it was in
    desk.assign(found, target, row.groupId === null ? null : (desk.groups.get(row.groupId) ?? null), at, 'TRANSFER');
  } else {
    // to a group: nobody serves it until an agent of that group (never the one it left) takes it
    row.agentId = null;
    row.agentName = null;
    row.agentNick = null;
    const group = desk.groups.get(groupId!)!;
    row.groupId = group.groupId;
    if (row.groupIds.at(-1) !== group.groupId) {
      row.groupIds = [...row.groupIds, group.groupId];
      row.groups = [...row.groups, { groupId: group.groupId, groupName: group.name }];
    }
    const route = desk.routeOf([], group.groupId);
    const excluded = previous?.agentId ?? null;
    if (!desk.tryAssign(found, route, at, excluded)) desk.enqueue(found, route, at, excluded);
  }
  if (previous !== null) desk.drainFor(previous, at);
  return { seq };
}

function close(desk: LiveDesk, event: EventOf<'SESSION_CLOSED'>, at: Date): Applied {
  const found = openSession(desk, event.sessionId);
  if (!isSession(found)) return found;
  const row = found.row;
  row.status = 'CLOSED';
  row.closeTime = at;
  row.closeWay = event.way;
  row.closeReason = event.reason ?? null;
  row.duration = Math.max(0, Math.round((at.getTime() - row.beginTime.getTime()) / 1000));
  found.dirty = true;
  desk.leaveQueue(row.sessionId);
  const seq = desk.nextSeq(found);
  desk.record({
    eventId: event.eventId,
    type: event.type,
    sessionId: event.sessionId,
    seq,
    agentId: row.agentId,
    at,
    payload: payloadOf(event),
  });
  const agent = desk.release(found, at);
  if (agent !== null) {
    desk.touch(agent, at).todayClosed += 1;
    desk.drainFor(agent, at);
  }
  return { seq };
}

function agentStatus(desk: LiveDesk, event: EventOf<'AGENT_STATUS'>, at: Date): Applied {
  const agent = desk.agents.get(dbId(event.agentId) ?? -1);
  if (agent === undefined) return refuse('INVALID_REFERENCE', 'live.agentUnknown', { id: event.agentId }, 'agentId');
  if (event.status !== 'ONLINE' && event.mode != null)
    return refuse('INVALID_FIELD', 'live.modeOnlyOnline', {}, 'mode');
  const mode: AgentMode | null = event.status === 'ONLINE' ? (event.mode ?? agent.live.mode ?? 'CHAT') : null;
  desk.setStatus(agent, event.status, mode, at);
  desk.record({
    eventId: event.eventId,
    type: event.type,
    sessionId: null,
    seq: null,
    agentId: agent.agentId,
    at,
    payload: payloadOf(event),
  });
  if (event.status === 'ONLINE') desk.drainFor(agent, at);
  return { seq: null };
}

/** What live_events keeps of an event besides its columns: its own fields, a message without its content. */
function payloadOf(event: FeedEvent): Record<string, unknown> {
  const { type: _type, eventId: _eventId, at: _at, ...rest } = event;
  if (event.type === 'MESSAGE') {
    const { content: _content, ...small } = rest as Record<string, unknown>;
    return small;
  }
  return rest;
}
