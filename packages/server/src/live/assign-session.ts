import { type AgentStatus, DEFAULT_FIRST_ASSIGN, type DeskAssign } from '@qcdesk/contracts';

/** An agent as assignment sees him: presence, ceiling and load. */
export interface Candidate {
  readonly agentId: number;
  readonly status: AgentStatus;
  /** the reception ceiling (cs_agents.capacity) */
  readonly capacity: number;
  /** sessions he serves now */
  readonly receptions: number;
  /** sessions taken today (FEWEST_RECEPTIONS) */
  readonly todayReceptions: number;
  /** epoch ms of his last assignment, null if never (ROUND_ROBIN) */
  readonly lastAssignTime: number | null;
}

export interface PickContext {
  /** the rule after LAST_RECEIVER when the last receiver cannot take the session (default IDLE_RATE) */
  readonly secondAssign?: DeskAssign | null;
  /** the agent who last served this customer (LAST_RECEIVER) */
  readonly lastReceiverId?: number | null;
  /** never this agent (a session transferred away from him) */
  readonly excludeAgentId?: number | null;
}

/** Whether the agent may take one more session: ONLINE (not busy, resting or signed out) and below his ceiling. */
export function canTake(agent: Candidate): boolean {
  return agent.status === 'ONLINE' && agent.receptions < agent.capacity;
}

/** receptions / capacity, compared without floating point: a/b < c/d ⇔ a·d < c·b (capacities are positive) */
function compareLoad(a: Candidate, b: Candidate): number {
  return a.receptions * b.capacity - b.receptions * a.capacity;
}

/** Longest idle first: never assigned before anything, then the earliest last assignment. */
function compareIdle(a: Candidate, b: Candidate): number {
  if (a.lastAssignTime === b.lastAssignTime) return 0;
  if (a.lastAssignTime === null) return -1;
  if (b.lastAssignTime === null) return 1;
  return a.lastAssignTime - b.lastAssignTime;
}

type Order = (a: Candidate, b: Candidate) => number;
type OrderedRule = Exclude<DeskAssign, 'LAST_RECEIVER'>;
/** after LAST_RECEIVER without a second rule: the default first rule */
const SECOND_FALLBACK: OrderedRule = 'IDLE_RATE';

/**
 * The order of each rule (online-service-config §3.2 DeskAssign), the group's order (`agents` as given, its receivers
 * in the order chosen) breaking the last ties:
 * - IDLE_RATE: the lowest load (receptions / capacity), then fewer receptions, then the longest idle;
 * - FEWEST_RECEPTIONS: the fewest sessions taken today, then the lowest load;
 * - ROUND_ROBIN: in turn, the agent given a session longest ago (or never) first.
 */
const ORDERS: Readonly<Record<OrderedRule, Order>> = {
  IDLE_RATE: (a, b) => compareLoad(a, b) || a.receptions - b.receptions || compareIdle(a, b),
  FEWEST_RECEPTIONS: (a, b) => a.todayReceptions - b.todayReceptions || compareLoad(a, b),
  ROUND_ROBIN: (a, b) => compareIdle(a, b),
};

/**
 * The agent of a group who takes the next session under the group's first assignment rule, or null when nobody can
 * (then the session waits). Only an agent who `canTake` is ever picked. LAST_RECEIVER gives the session to the agent
 * who last served the customer when he can take it, else applies the second rule (IDLE_RATE when none is set).
 */
export function pickAgent(
  rule: DeskAssign | null | undefined,
  agents: readonly Candidate[],
  context: PickContext = {},
): Candidate | null {
  const free = agents.filter((agent) => canTake(agent) && agent.agentId !== context.excludeAgentId);
  if (free.length === 0) return null;
  const first = rule ?? DEFAULT_FIRST_ASSIGN;
  if (first === 'LAST_RECEIVER') {
    const last = context.lastReceiverId == null ? undefined : free.find((a) => a.agentId === context.lastReceiverId);
    if (last !== undefined) return last;
    const second = context.secondAssign;
    return best(free, ORDERS[second == null || second === 'LAST_RECEIVER' ? SECOND_FALLBACK : second]);
  }
  return best(free, ORDERS[first]);
}

/** The first of `agents` in `order`; among equals the earlier in the group's own order. */
function best(agents: readonly Candidate[], order: Order): Candidate {
  let chosen = agents[0]!;
  for (let i = 1; i < agents.length; i++) if (order(agents[i]!, chosen) < 0) chosen = agents[i]!;
  return chosen;
}

/** A skill group as routing sees it. */
export interface RoutingGroup {
  readonly groupId: number;
  /** the upper-limit overflow group (config.overloadGroupId) */
  readonly overloadGroupId: number | null;
}

/**
 * The groups a session may be served in, in order of preference: the chosen ones, each followed by its overflow
 * group when that is not already in the list (a full group overflows there, spec §3.2 "upper-limit overflow
 * group"), unknown groups left out, each once.
 */
export function withOverflow(groupIds: readonly number[], groups: ReadonlyMap<number, RoutingGroup>): number[] {
  const out: number[] = [];
  const add = (id: number | null) => {
    if (id !== null && groups.has(id) && !out.includes(id)) out.push(id);
  };
  for (const id of groupIds) add(id);
  for (const id of groupIds) add(groups.get(id)?.overloadGroupId ?? null);
  return out;
}
