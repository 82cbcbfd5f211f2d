import type { AgentMode, AgentStatus, DeskAssign, DeskEvent, LiveEventType } from '@qcdesk/contracts';
import type { CensoredMessage, MessagePlace } from '../censor/censor-message.js';
import type { agentLive, chatMessages, chatSessions } from '../db/schema/index.js';
import { quickDateRange } from '../http/quick-date.js';
import { wallClock } from '../http/time-zone.js';
import { type Candidate, pickAgent, type RoutingGroup, withOverflow } from './assign-session.js';

/**
 * The desk as one batch of the feed sees it: the sessions, agents, skill groups and queue the batch touches, loaded
 * from the tables at the start of the batch (under the organisation's lock, see accept-events.ts), changed in memory
 * event by event, and written back in one go at the end (write-desk.ts). The rules of the desk live here: who takes
 * a session, when it waits, when a freed agent takes the oldest waiting one.
 */

export type SessionRow = typeof chatSessions.$inferSelect;
export type AgentLiveRow = typeof agentLive.$inferSelect;
export type MessageRow = typeof chatMessages.$inferInsert;

export interface LiveSession {
  /** the chat_sessions row; `id` is 0 until a new session is written */
  row: SessionRow;
  readonly isNew: boolean;
  dirty: boolean;
}

export interface LiveAgent {
  readonly agentId: number;
  readonly name: string | null;
  readonly nick: string;
  readonly capacity: number;
  /** agent_live, as loaded or as made for the agent's first event */
  live: AgentLiveRow;
  dirty: boolean;
  /** status or mode changed: cs_agents is told too (the agent list shows it) */
  statusChanged: boolean;
}

export interface LiveGroup extends RoutingGroup {
  readonly name: string;
  readonly firstAssign: DeskAssign | null;
  readonly secondAssign: DeskAssign | null;
  /** receivers, in the group's order */
  readonly agentIds: readonly number[];
}

export interface LiveLine {
  readonly lineId: number;
  readonly name: string;
  /** the skill groups its GROUP navigations route to, in route order */
  readonly groupIds: readonly number[];
}

export interface QueueEntry {
  readonly sessionId: string;
  readonly lineId: number | null;
  readonly trackClient: string | null;
  readonly groupIds: readonly number[];
  readonly excludedAgentId: number | null;
  readonly enqueuedAt: Date;
  /** the table's order for equal times; new entries after every stored one */
  readonly position: number;
  readonly isNew: boolean;
}

/** An event as stored in live_events. */
export interface StoredEvent {
  readonly eventId: string;
  readonly type: LiveEventType;
  readonly origin: 'FEED' | 'DESK';
  readonly sessionId: string | null;
  readonly seq: number | null;
  readonly agentId: number | null;
  readonly at: Date;
  readonly payload: Record<string, unknown>;
}

/** A message to write, with its censor result (the log rows are made once it has its id). */
export interface PendingMessage {
  readonly row: Omit<MessageRow, 'sessionRef' | 'organizationId'>;
  readonly place: MessagePlace;
  readonly censored: CensoredMessage | null;
}

/** Statuses that are signed in but take no sessions (the group monitor's "suspended" agents). */
export const RESTING_STATUSES: readonly AgentStatus[] = ['BUSY', 'BREAK', 'TRAINING', 'MEETING'];

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of `at` in the time zone. */
export function dayKey(at: Date, timeZone: string): string {
  return new Date(Math.floor(wallClock(at, timeZone) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

export class LiveDesk {
  readonly sessions = new Map<string, LiveSession>();
  readonly agents = new Map<number, LiveAgent>();
  /** the organisation's ACTIVE ONLINE skill groups (loaded when the batch routes anything) */
  readonly groups = new Map<number, LiveGroup>();
  readonly lines = new Map<number, LiveLine>();
  /** waiting sessions, oldest first */
  queue: QueueEntry[] = [];
  /** stored queue rows that left it in this batch */
  readonly dequeued = new Set<string>();
  /** the agent who last served each customer (LAST_RECEIVER) */
  readonly lastReceiver = new Map<string, number>();
  /** `${sessionId}\u0000${messageId}` of messages already in their sessions */
  readonly messageKeys = new Set<string>();
  readonly messages: PendingMessage[] = [];
  readonly events: StoredEvent[] = [];
  readonly deskEvents: DeskEvent[] = [];
  private nextPosition = Number.MAX_SAFE_INTEGER / 2;
  /** day keys by instant: assignment asks for each candidate, and reading the time zone is not cheap */
  private readonly days = new Map<number, string>();

  constructor(
    readonly organizationId: number,
    readonly timeZone: string,
  ) {}

  // ---- sessions ---------------------------------------------------------------------------------------------

  /** The next place in the session's history. */
  nextSeq(session: LiveSession): number {
    session.row.liveSeq = (session.row.liveSeq ?? -1) + 1;
    session.dirty = true;
    return session.row.liveSeq;
  }

  record(event: Omit<StoredEvent, 'origin'>, origin: 'FEED' | 'DESK' = 'FEED'): void {
    this.events.push({ ...event, origin });
  }

  // ---- agents -----------------------------------------------------------------------------------------------

  /**
   * The agent's row made current for `at`: counters of an earlier day start again at 0 (the time spent in the
   * current status before midnight belongs to that day and is dropped with it).
   */
  touch(agent: LiveAgent, at: Date): AgentLiveRow {
    const day = this.dayOf(at);
    const live = agent.live;
    if (live.day !== day) {
      const midnight = quickDateRange('TODAY', at, this.timeZone)!.from;
      agent.live = {
        ...live,
        day,
        todayReceptions: 0,
        todayClosed: 0,
        todaySent: 0,
        todayReceived: 0,
        todayTransfers: 0,
        todayOnlineSeconds: 0,
        todayRestSeconds: 0,
        firstOnlineTime: live.status === 'ONLINE' ? midnight : null,
        lastOfflineTime: null,
        statusTime: new Date(Math.max(live.statusTime.getTime(), midnight.getTime())),
      };
    }
    agent.dirty = true;
    return agent.live;
  }

  /** A new status (and mode) from `at`: the time in the old one is counted into the day's online or rest time. */
  setStatus(agent: LiveAgent, status: AgentStatus, mode: AgentMode | null, at: Date): void {
    const live = this.touch(agent, at);
    const seconds = Math.max(0, Math.round((at.getTime() - live.statusTime.getTime()) / 1000));
    if (live.status === 'ONLINE') live.todayOnlineSeconds += seconds;
    else if (RESTING_STATUSES.includes(live.status)) live.todayRestSeconds += seconds;
    if (live.status !== status || live.mode !== mode) agent.statusChanged = true;
    if (status === 'ONLINE' && live.firstOnlineTime === null) live.firstOnlineTime = at;
    if (status === 'OFFLINE' && live.status !== 'OFFLINE') live.lastOfflineTime = at;
    live.status = status;
    live.mode = mode;
    live.statusTime = at;
  }

  candidate(agent: LiveAgent, at: Date): Candidate {
    const sameDay = agent.live.day === this.dayOf(at);
    return {
      agentId: agent.agentId,
      status: agent.live.status,
      capacity: agent.capacity,
      receptions: agent.live.receptions,
      todayReceptions: sameDay ? agent.live.todayReceptions : 0,
      lastAssignTime: agent.live.lastAssignTime?.getTime() ?? null,
    };
  }

  dayOf(at: Date): string {
    const ms = at.getTime();
    let day = this.days.get(ms);
    if (day === undefined) {
      day = dayKey(at, this.timeZone);
      this.days.set(ms, day);
    }
    return day;
  }

  /** The ACTIVE ONLINE groups the agent receives for. */
  groupsOf(agentId: number): number[] {
    return [...this.groups.values()].filter((g) => g.agentIds.includes(agentId)).map((g) => g.groupId);
  }

  // ---- routing ------------------------------------------------------------------------------------------------

  /**
   * The groups a new session may be served in: the one the customer chose, else the line's (GROUP navigations),
   * else — a line routing nowhere — every ACTIVE ONLINE group of the organisation; each with its overflow group.
   */
  routeOf(lineGroupIds: readonly number[], chosenGroupId: number | null): number[] {
    const chosen =
      chosenGroupId !== null ? [chosenGroupId] : lineGroupIds.length > 0 ? lineGroupIds : [...this.groups.keys()];
    return withOverflow(chosen, this.groups);
  }

  /**
   * Gives the session to an agent of the first of `groupIds` (in order) that has one free, by that group's rule;
   * true when it found one.
   */
  tryAssign(session: LiveSession, groupIds: readonly number[], at: Date, excludeAgentId: number | null): boolean {
    const customer = session.row.customerId;
    for (const groupId of groupIds) {
      const group = this.groups.get(groupId);
      if (group === undefined) continue;
      const agents = group.agentIds.flatMap((id) => {
        const agent = this.agents.get(id);
        return agent === undefined ? [] : [agent];
      });
      const picked = pickAgent(
        group.firstAssign,
        agents.map((a) => this.candidate(a, at)),
        {
          secondAssign: group.secondAssign,
          lastReceiverId: customer === null ? null : (this.lastReceiver.get(customer) ?? null),
          excludeAgentId,
        },
      );
      if (picked === null) continue;
      this.assign(session, this.agents.get(picked.agentId)!, group, at, 'DESK');
      return true;
    }
    return false;
  }

  /** The agent takes the session (the desk's choice, or a transfer to him). */
  assign(session: LiveSession, agent: LiveAgent, group: LiveGroup | null, at: Date, by: 'DESK' | 'TRANSFER'): void {
    const row = session.row;
    row.agentId = agent.agentId;
    row.agentName = agent.name;
    row.agentNick = agent.nick;
    if (group !== null) {
      row.groupId = group.groupId;
      if (row.groupIds.at(-1) !== group.groupId) {
        row.groupIds = [...row.groupIds, group.groupId];
        row.groups = [...row.groups, { groupId: group.groupId, groupName: group.name }];
      }
    }
    if (row.joinTime === null) {
      row.joinTime = at;
      const arrival = row.arrivalTime ?? row.beginTime;
      row.queueSeconds = Math.max(0, Math.round((at.getTime() - arrival.getTime()) / 1000));
    }
    session.dirty = true;
    const live = this.touch(agent, at);
    live.receptions += 1;
    live.todayReceptions += 1;
    live.lastAssignTime = at;
    if (row.customerId !== null) this.lastReceiver.set(row.customerId, agent.agentId);
    this.leaveQueue(row.sessionId);
    if (by === 'DESK')
      this.deskEvent(session, 'SESSION_ASSIGNED', at, { agentId: agent.agentId, groupId: group?.groupId });
  }

  /** The session waits for an agent of `groupIds`. */
  enqueue(session: LiveSession, groupIds: readonly number[], at: Date, excludedAgentId: number | null): void {
    // a stored row of the session leaves (deleted at write) before the new one is added
    this.leaveQueue(session.row.sessionId);
    this.queue.push({
      sessionId: session.row.sessionId,
      lineId: session.row.lineId,
      trackClient: session.row.trackClient,
      groupIds: [...groupIds],
      excludedAgentId,
      enqueuedAt: at,
      position: this.nextPosition++,
      isNew: true,
    });
    this.queue.sort(byQueueOrder);
    this.deskEvent(session, 'SESSION_QUEUED', at, { groupIds: [...groupIds] });
  }

  /** Takes the session out of the queue, if it waits. */
  leaveQueue(sessionId: string): void {
    const at = this.queue.findIndex((entry) => entry.sessionId === sessionId);
    if (at < 0) return;
    const [entry] = this.queue.splice(at, 1);
    if (!entry!.isNew) this.dequeued.add(sessionId);
  }

  /** The agent no longer serves the session (closed, or transferred away). */
  release(session: LiveSession, at: Date): LiveAgent | null {
    const agentId = session.row.agentId;
    const agent = agentId === null ? undefined : this.agents.get(agentId);
    if (agent === undefined) return null;
    const live = this.touch(agent, at);
    live.receptions = Math.max(0, live.receptions - 1);
    return agent;
  }

  /**
   * A freed agent (a session closed or left him, or he came ONLINE) takes the oldest waiting sessions of his groups
   * while he can, each by its groups' rules (which may give it to another agent of the group who is free too).
   */
  drainFor(agent: LiveAgent, at: Date): void {
    const mine = new Set(this.groupsOf(agent.agentId));
    if (mine.size === 0) return;
    const tried = new Set<string>();
    for (;;) {
      if (this.candidate(agent, at).status !== 'ONLINE' || agent.live.receptions >= agent.capacity) return;
      const entry = this.queue.find(
        (e) => !tried.has(e.sessionId) && e.excludedAgentId !== agent.agentId && e.groupIds.some((id) => mine.has(id)),
      );
      if (entry === undefined) return;
      tried.add(entry.sessionId);
      const session = this.sessions.get(entry.sessionId);
      if (session === undefined) continue;
      this.tryAssign(session, entry.groupIds, at, entry.excludedAgentId);
    }
  }

  private deskEvent(
    session: LiveSession,
    type: 'SESSION_QUEUED' | 'SESSION_ASSIGNED',
    at: Date,
    detail: { agentId?: number | undefined; groupId?: number | undefined; groupIds?: number[] },
  ): void {
    const seq = this.nextSeq(session);
    const sessionId = session.row.sessionId;
    const eventId = `desk:${sessionId}:${seq}`;
    const payload: Record<string, unknown> = {};
    if (detail.agentId !== undefined) payload.agentId = String(detail.agentId);
    if (detail.groupId !== undefined) payload.groupId = String(detail.groupId);
    if (detail.groupIds !== undefined) payload.groupIds = detail.groupIds.map(String);
    this.record({ eventId, type, sessionId, seq, agentId: detail.agentId ?? null, at, payload }, 'DESK');
    this.deskEvents.push({ eventId, type, sessionId, seq, at: at.getTime(), ...payload });
  }
}

function byQueueOrder(a: QueueEntry, b: QueueEntry): number {
  return a.enqueuedAt.getTime() - b.enqueuedAt.getTime() || a.position - b.position;
}

/** Sorts stored and new queue entries into the queue's order. */
export function sortQueue(entries: QueueEntry[]): QueueEntry[] {
  return entries.sort(byQueueOrder);
}
