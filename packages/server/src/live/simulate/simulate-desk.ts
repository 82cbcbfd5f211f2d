import type { AgentStatus, FeedAnswer, FeedEventInput } from '@qcdesk/contracts';
import { mulberry32 } from '@qcdesk/engine';
import type { DeskDriver } from './desk-drivers.js';
import type { Dialogue } from './dialogues.js';

/**
 * A live desk played with real dialogues (issue 20, `qcdesk simulate`): customers arrive on the desk's lines at
 * random (Poisson, `arrivalsPerMinute`), each replays a dialogue turn by turn through the feed, agents sign in and
 * take breaks at random, and the desk (the feed) assigns or queues the sessions. An agent's turn waits until the desk
 * has given the session to an agent; a customer who waits longer than `patienceMs` leaves. Everything random follows
 * `seed`, so a run is repeatable; the clock is the desk's (`startAt`, running `speed` times real time, or as fast as
 * the feed answers with `speed: Infinity`).
 */
export interface SimulateOptions {
  readonly driver: DeskDriver;
  readonly dialogues: readonly Dialogue[];
  /** agents signed in (default 6) */
  readonly agents?: number;
  /** customers arriving per minute of desk time (default 2) */
  readonly arrivalsPerMinute?: number;
  /** desk time per real time (default 1); Infinity: no waiting at all */
  readonly speed?: number;
  /** desk time during which customers arrive (ms); null or absent: until `signal` aborts */
  readonly durationMs?: number | null;
  /** after the arrivals stop, play the sessions under way to their end and sign the agents out (default true) */
  readonly drain?: boolean;
  readonly seed?: number;
  /** the desk clock's start (epoch ms; default now) */
  readonly startAt?: number;
  /** agents take breaks (default true) */
  readonly breaks?: boolean;
  /** a waiting customer leaves after this much desk time (default 10 minutes) */
  readonly patienceMs?: number;
  /** distinct customers (returning customers meet LAST_RECEIVER; default 500) */
  readonly customers?: number;
  /** prefix of session and event ids (default `sim-<start in base 36>`): a run's ids never meet another's */
  readonly runId?: string;
  readonly signal?: AbortSignal;
  /** called about every `progressEveryMs` of real time, and once at the end */
  readonly onProgress?: (progress: SimulationProgress) => void;
  readonly progressEveryMs?: number;
  /** without waiting (`speed: Infinity`), the desk time one batch gathers (default 5 s) */
  readonly fastWindowMs?: number;
}

/** What the simulator knows of the desk: what it sent, and what the feed answered. */
export interface SimulationProgress {
  /** the desk clock (epoch ms) */
  readonly deskTime: number;
  readonly opened: number;
  readonly closed: number;
  /** customers who left the queue before an agent took them */
  readonly abandoned: number;
  /** messages the feed accepted */
  readonly messages: number;
  readonly events: number;
  readonly refused: number;
  /** sessions waiting now, in total and per line id */
  readonly waiting: number;
  readonly waitingByLine: Readonly<Record<string, number>>;
  /** sessions an agent serves now */
  readonly serving: number;
  /** per agent id: sessions he serves now, and sessions the desk gave him */
  readonly byAgent: Readonly<Record<string, { readonly serving: number; readonly taken: number }>>;
  /** per group id: sessions served in it now, and sessions it took */
  readonly byGroup: Readonly<Record<string, { readonly serving: number; readonly taken: number }>>;
  readonly agentStatus: Readonly<Record<string, AgentStatus>>;
  /** real milliseconds since the start */
  readonly wallMs: number;
  /** accepted messages per real second */
  readonly messagesPerSecond: number;
}

type Action =
  | { readonly kind: 'arrive' }
  | { readonly kind: 'turn'; readonly session: string; readonly turn: number }
  | { readonly kind: 'close'; readonly session: string }
  | { readonly kind: 'patience'; readonly session: string }
  | { readonly kind: 'break'; readonly agent: string }
  | { readonly kind: 'back'; readonly agent: string };

interface Scheduled {
  readonly at: number;
  readonly order: number;
  readonly action: Action;
}

interface SimSession {
  readonly id: string;
  readonly dialogue: Dialogue;
  readonly lineId: string;
  agentId: string | null;
  groupId: string | null;
  waiting: boolean;
  everAssigned: boolean;
  closed: boolean;
  /** the agent's turn that waits for an agent to join */
  blockedTurn: number | null;
  /** who spoke last (the close's way) */
  lastRole: 'CUSTOMER' | 'AGENT';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** desk time a batch gathers when the simulator runs without waiting (default) */
const FAST_WINDOW = 5 * SECOND;

export async function simulateDesk(options: SimulateOptions): Promise<SimulationProgress> {
  if (options.dialogues.length === 0) throw new Error('没有可回放的对话 / no dialogues to replay');
  const speed = options.speed ?? 1;
  const startAt = options.startAt ?? Date.now();
  const end = options.durationMs == null ? Number.POSITIVE_INFINITY : startAt + options.durationMs;
  const drain = options.drain ?? true;
  const patience = options.patienceMs ?? 10 * MINUTE;
  const arrivals = options.arrivalsPerMinute ?? 2;
  const random = mulberry32(options.seed ?? 1);
  const runId = options.runId ?? `sim-${startAt.toString(36)}`;
  const desk = await options.driver.prepare(options.agents ?? 6);
  if (desk.lineIds.length === 0) throw new Error('没有可用的在线服务线路 / the desk has no active online line');

  const heap = new ActionHeap();
  const sessions = new Map<string, SimSession>();
  const agentStatus: Record<string, AgentStatus> = {};
  const byAgent: Record<string, { serving: number; taken: number }> = {};
  const byGroup: Record<string, { serving: number; taken: number }> = {};
  const counts = { opened: 0, closed: 0, abandoned: 0, messages: 0, events: 0, refused: 0 };
  // without arrivals there is nothing to wait for
  let arrivalsDone = arrivals <= 0;
  let seq = 0;
  let eventNo = 0;
  const eventId = (what: string) => `${runId}:${what}:${++eventNo}`;
  const exp = (mean: number) => -Math.log(1 - random()) * mean;
  const between = (low: number, high: number) => low + random() * (high - low);

  for (const id of desk.agentIds) {
    agentStatus[id] = 'ONLINE';
    byAgent[id] ??= { serving: 0, taken: 0 };
  }
  // the agents sign in at the start; breaks come at random, about one an hour each
  const pending: { at: number; event: FeedEventInput; session?: string }[] = desk.agentIds.map((agentId) => ({
    at: startAt,
    event: {
      type: 'AGENT_STATUS',
      eventId: eventId(`on-${agentId}`),
      at: startAt,
      agentId,
      status: 'ONLINE',
      mode: 'CHAT',
    },
  }));
  if (options.breaks ?? true)
    for (const agent of desk.agentIds)
      heap.push({ at: startAt + exp(60 * MINUTE), order: seq++, action: { kind: 'break', agent } });
  if (arrivals > 0) heap.push({ at: startAt + exp(MINUTE / arrivals), order: seq++, action: { kind: 'arrive' } });

  const wallStart = performance.now();
  const deskNow = () =>
    Number.isFinite(speed) ? startAt + (performance.now() - wallStart) * speed : Number.POSITIVE_INFINITY;

  const act = (item: Scheduled): void => {
    const { at, action } = item;
    switch (action.kind) {
      case 'arrive': {
        if (at >= end) {
          arrivalsDone = true;
          return;
        }
        const n = counts.opened + 1;
        const dialogue = options.dialogues[Math.floor(random() * options.dialogues.length)]!;
        const lineId = desk.lineIds[Math.floor(random() * desk.lineIds.length)]!;
        const id = `${runId}-${n}`;
        const customer = Math.floor(random() * (options.customers ?? 500));
        sessions.set(id, {
          id,
          dialogue,
          lineId,
          agentId: null,
          groupId: null,
          waiting: false,
          everAssigned: false,
          closed: false,
          blockedTurn: null,
          lastRole: 'CUSTOMER',
        });
        counts.opened += 1;
        pending.push({
          at,
          session: id,
          event: {
            type: 'SESSION_OPENED',
            eventId: eventId('open'),
            at,
            sessionId: id,
            lineId,
            customerId: `sim-customer-${customer}`,
            customerNick: `访客${customer}`,
            trackClient: CHANNELS[Math.floor(random() * CHANNELS.length)]!,
            source: `qcdesk simulate (${dialogue.id})`,
          },
        });
        heap.push({ at: at + dialogue.turns[0]!.gapMs, order: seq++, action: { kind: 'turn', session: id, turn: 0 } });
        heap.push({ at: at + patience, order: seq++, action: { kind: 'patience', session: id } });
        heap.push({ at: at + exp(MINUTE / arrivals), order: seq++, action: { kind: 'arrive' } });
        return;
      }
      case 'turn': {
        const session = sessions.get(action.session);
        if (session === undefined || session.closed) return;
        const turn = session.dialogue.turns[action.turn]!;
        if (turn.role === 'AGENT' && session.agentId === null) {
          // the agent's words wait until the desk gives the session to an agent
          session.blockedTurn = action.turn;
          return;
        }
        session.lastRole = turn.role;
        pending.push({
          at,
          session: session.id,
          event: {
            type: 'MESSAGE',
            eventId: eventId('msg'),
            at,
            sessionId: session.id,
            messageId: `${session.id}-${action.turn + 1}`,
            senderRole: turn.role,
            content: turn.content,
          },
        });
        const next = session.dialogue.turns[action.turn + 1];
        if (next === undefined)
          heap.push({ at: at + between(5, 15) * SECOND, order: seq++, action: { kind: 'close', session: session.id } });
        else
          heap.push({
            at: at + next.gapMs * between(0.6, 1.4),
            order: seq++,
            action: { kind: 'turn', session: session.id, turn: action.turn + 1 },
          });
        return;
      }
      case 'close':
      case 'patience': {
        const session = sessions.get(action.session);
        if (session === undefined || session.closed) return;
        if (action.kind === 'patience' && session.everAssigned) return;
        closeSession(session, at, action.kind === 'patience');
        return;
      }
      case 'break': {
        if (at >= end && drain) return;
        const status: AgentStatus = random() < 0.8 ? 'BREAK' : random() < 0.5 ? 'TRAINING' : 'MEETING';
        pending.push({
          at,
          event: { type: 'AGENT_STATUS', eventId: eventId(`break-${action.agent}`), at, agentId: action.agent, status },
        });
        agentStatus[action.agent] = status;
        heap.push({ at: at + between(3, 10) * MINUTE, order: seq++, action: { kind: 'back', agent: action.agent } });
        return;
      }
      case 'back': {
        pending.push({
          at,
          event: {
            type: 'AGENT_STATUS',
            eventId: eventId(`back-${action.agent}`),
            at,
            agentId: action.agent,
            status: 'ONLINE',
            mode: 'CHAT',
          },
        });
        agentStatus[action.agent] = 'ONLINE';
        heap.push({ at: at + exp(60 * MINUTE), order: seq++, action: { kind: 'break', agent: action.agent } });
        return;
      }
    }
  };

  const closeSession = (session: SimSession, at: number, abandoned: boolean) => {
    session.closed = true;
    pending.push({
      at,
      session: session.id,
      event: {
        type: 'SESSION_CLOSED',
        eventId: eventId('close'),
        at,
        sessionId: session.id,
        way: abandoned ? 'CUSTOMER' : session.lastRole,
        ...(abandoned ? { reason: '排队超时，客户离开 / left the queue' } : {}),
      },
    });
  };

  /**
   * What the feed answered: which events went in, and what the desk decided. A session's accepted events and the
   * desk's decisions are taken in their order in the session (`seq`): a session assigned and closed in one batch is
   * served, then released.
   */
  const learn = (sent: typeof pending, answer: FeedAnswer) => {
    const steps: { sessionId: string; seq: number; apply: () => void }[] = [];
    answer.results.forEach((result, i) => {
      const { event, session: sessionId } = sent[i]!;
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (result.outcome === 'REFUSED') {
        counts.refused += 1;
        if (event.type === 'SESSION_OPENED' && session !== undefined) session.closed = true;
        return;
      }
      if (result.outcome === 'DUPLICATE') return;
      counts.events += 1;
      if (event.type === 'MESSAGE') counts.messages += 1;
      if (event.type === 'SESSION_CLOSED' && session !== undefined)
        steps.push({
          sessionId: session.id,
          seq: result.seq ?? 0,
          apply: () => {
            counts.closed += 1;
            if (session.waiting && !session.everAssigned) counts.abandoned += 1;
            session.waiting = false;
            if (session.agentId !== null) serve(session.agentId, session.groupId, -1);
            session.agentId = null;
          },
        });
    });
    for (const decision of answer.desk) {
      const session = sessions.get(decision.sessionId);
      if (session === undefined) continue;
      steps.push({
        sessionId: session.id,
        seq: decision.seq,
        apply: () => {
          if (decision.type === 'SESSION_QUEUED') {
            session.waiting = true;
            return;
          }
          session.waiting = false;
          session.everAssigned = true;
          session.agentId = decision.agentId ?? null;
          session.groupId = decision.groupId ?? null;
          if (session.agentId !== null) {
            serve(session.agentId, session.groupId, 1);
            tallyOf(byAgent, session.agentId).taken += 1;
            if (session.groupId !== null) tallyOf(byGroup, session.groupId).taken += 1;
          }
          if (session.blockedTurn !== null && !session.closed) {
            // the agent answers a little after he joins
            heap.push({
              at: decision.at + between(3, 15) * SECOND,
              order: seq++,
              action: { kind: 'turn', session: session.id, turn: session.blockedTurn },
            });
            session.blockedTurn = null;
          }
        },
      });
    }
    steps.sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : a.seq - b.seq));
    for (const step of steps) step.apply();
  };
  const tallyOf = (tallies: Record<string, { serving: number; taken: number }>, id: string) => {
    tallies[id] ??= { serving: 0, taken: 0 };
    return tallies[id];
  };
  const serve = (agentId: string, groupId: string | null, delta: number) => {
    tallyOf(byAgent, agentId).serving += delta;
    if (groupId !== null) tallyOf(byGroup, groupId).serving += delta;
  };

  const progress = (deskTime: number): SimulationProgress => {
    const waitingByLine: Record<string, number> = {};
    let waiting = 0;
    let serving = 0;
    for (const s of sessions.values()) {
      if (s.waiting) {
        waiting += 1;
        waitingByLine[s.lineId] = (waitingByLine[s.lineId] ?? 0) + 1;
      }
      if (s.agentId !== null) serving += 1;
    }
    const wallMs = performance.now() - wallStart;
    return {
      deskTime,
      ...counts,
      waiting,
      waitingByLine,
      serving,
      byAgent: structuredClone(byAgent),
      byGroup: structuredClone(byGroup),
      agentStatus: { ...agentStatus },
      wallMs,
      messagesPerSecond: wallMs > 0 ? (counts.messages * 1000) / wallMs : 0,
    };
  };

  let lastProgress = performance.now();
  let clock = startAt;
  const every = options.progressEveryMs ?? 1000;
  const finished = () => arrivalsDone && (!drain || [...sessions.values()].every((s) => s.closed));
  for (;;) {
    if (options.signal?.aborted) break;
    const now = deskNow();
    // the batch: what is due (without waiting: what is due within a short window of the next action)
    const horizon = Number.isFinite(speed)
      ? now
      : Math.max(clock, heap.peek()?.at ?? clock) + (options.fastWindowMs ?? FAST_WINDOW);
    while (pending.length < 1000) {
      const next = heap.peek();
      if (next === undefined || next.at > horizon) break;
      if (!drain && next.at >= end) break;
      heap.pop();
      clock = Math.max(clock, next.at);
      act(next);
    }
    if (pending.length > 0) {
      const sent = pending.splice(0, 1000).sort((a, b) => a.at - b.at);
      const answer = await options.driver.send(sent.map((p) => p.event));
      learn(sent, answer);
    }
    if (performance.now() - lastProgress >= every) {
      lastProgress = performance.now();
      options.onProgress?.(progress(Math.min(clock, end)));
    }
    if (pending.length > 0) continue;
    if (!drain && (heap.peek() === undefined || heap.peek()!.at >= end)) break;
    if (finished()) break;
    if (heap.peek() === undefined) break;
    if (Number.isFinite(speed)) {
      const wait = Math.min(every, Math.max(0, (heap.peek()!.at - deskNow()) / speed));
      if (wait > 0) await sleep(wait, options.signal);
    }
  }
  if (drain && !options.signal?.aborted && desk.agentIds.length > 0) {
    // a tidy desk after a full run: the simulator's agents sign out
    const at = Math.max(clock, Number.isFinite(end) ? end : clock);
    const events: FeedEventInput[] = desk.agentIds.map((agentId) => ({
      type: 'AGENT_STATUS',
      eventId: eventId(`off-${agentId}`),
      at,
      agentId,
      status: 'OFFLINE',
    }));
    const answer = await options.driver.send(events);
    learn(
      events.map((event) => ({ at, event })),
      answer,
    );
    for (const id of desk.agentIds) agentStatus[id] = 'OFFLINE';
  }
  const done = progress(clock);
  options.onProgress?.(done);
  return done;
}

const CHANNELS = ['WEB', 'APP', 'WECHAT', 'WEIBO'] as const;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A binary min-heap of scheduled actions by time, then by the order they were scheduled in. */
class ActionHeap {
  private readonly items: Scheduled[] = [];

  push(item: Scheduled): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  peek(): Scheduled | undefined {
    return this.items[0];
  }

  pop(): Scheduled | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && before(items[l]!, items[m]!)) m = l;
        if (r < items.length && before(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

function before(a: Scheduled, b: Scheduled): boolean {
  return a.at < b.at || (a.at === b.at && a.order < b.order);
}
