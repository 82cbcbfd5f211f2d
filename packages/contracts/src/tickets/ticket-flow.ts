import type { NodeHandlerType } from '../enums/ticket.js';

/**
 * The flow a ticket kind allows, as one definition the server, the screens and the tests all read (tickets spec
 * "State flow view", §4): an ordered list of state codes, the first the initial one, and nodes, each on one
 * from → to pair of different states. A ticket moves from A to B only when a node sits on (A, B); the node says who
 * handles the ticket once it is in B and how long it may stay there before an alarm and a timeout.
 */
export interface FlowNode {
  readonly id: string;
  readonly name: string;
  readonly stateFrom: string;
  readonly stateTo: string;
  readonly handlerType: NodeHandlerType;
  readonly handlerIds: readonly string[];
  readonly alarmMinutes: number;
  readonly timeoutMinutes: number;
}

export interface TicketFlow {
  /** state codes in order; the first is where every ticket of the kind starts */
  readonly states: readonly string[];
  readonly nodes: readonly FlowNode[];
}

/** What is wrong with a flow, where: `states[i]` or `nodes[i].field`, and a message key with its values. */
export interface FlowProblem {
  readonly path: string;
  readonly message: FlowMessage;
  readonly values?: Readonly<Record<string, string>>;
}

export type FlowMessage =
  | 'ticketFlow.stateDuplicate'
  | 'ticketFlow.stateEmpty'
  | 'ticketFlow.nodeStateUnknown'
  | 'ticketFlow.nodeSameState'
  | 'ticketFlow.nodeDuplicatePair'
  | 'ticketFlow.nodeHandlersRequired'
  | 'ticketFlow.nodeHandlersNotAllowed';

/** Node defaults (tickets spec §9): alarm after 10 minutes, timeout after 720. */
export const NODE_DEFAULTS = { alarmMinutes: 10, timeoutMinutes: 720 } as const;

/** Handler types whose handlers are chosen (GROUP: ticket groups, STAFF: staff); CREATOR and LAST take none. */
export function takesHandlers(type: NodeHandlerType): boolean {
  return type === 'GROUP' || type === 'STAFF';
}

/** Every problem of a flow, in order (empty: the flow is sound). */
export function flowProblems(flow: TicketFlow): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const seen = new Set<string>();
  flow.states.forEach((code, i) => {
    if (code.trim() === '') problems.push({ path: `states[${i}]`, message: 'ticketFlow.stateEmpty' });
    else if (seen.has(code))
      problems.push({ path: `states[${i}]`, message: 'ticketFlow.stateDuplicate', values: { state: code } });
    seen.add(code);
  });
  const pairs = new Set<string>();
  flow.nodes.forEach((node, i) => {
    for (const field of ['stateFrom', 'stateTo'] as const)
      if (!seen.has(node[field]))
        problems.push({
          path: `nodes[${i}].${field}`,
          message: 'ticketFlow.nodeStateUnknown',
          values: { state: node[field] },
        });
    if (node.stateFrom === node.stateTo)
      problems.push({ path: `nodes[${i}].stateTo`, message: 'ticketFlow.nodeSameState' });
    const pair = pairKey(node.stateFrom, node.stateTo);
    if (pairs.has(pair))
      problems.push({
        path: `nodes[${i}].stateTo`,
        message: 'ticketFlow.nodeDuplicatePair',
        values: { from: node.stateFrom, to: node.stateTo },
      });
    pairs.add(pair);
    if (takesHandlers(node.handlerType) && node.handlerIds.length === 0)
      problems.push({ path: `nodes[${i}].handlerIds`, message: 'ticketFlow.nodeHandlersRequired' });
    if (!takesHandlers(node.handlerType) && node.handlerIds.length > 0)
      problems.push({ path: `nodes[${i}].handlerIds`, message: 'ticketFlow.nodeHandlersNotAllowed' });
  });
  return problems;
}

/** The state every new ticket of the kind starts in, or null when the kind has no states. */
export function initialState(flow: TicketFlow): string | null {
  return flow.states[0] ?? null;
}

/** The node on the cell (from, to), or null: a cell of the matrix where from = to never holds one. */
export function nodeBetween(flow: TicketFlow, from: string, to: string): FlowNode | null {
  if (from === to) return null;
  return flow.nodes.find((node) => node.stateFrom === from && node.stateTo === to) ?? null;
}

/** The moves a ticket in `from` can make, in the order of the flow's states. */
export function movesFrom(flow: TicketFlow, from: string): FlowNode[] {
  return flow.states.flatMap((to) => {
    const node = nodeBetween(flow, from, to);
    return node === null ? [] : [node];
  });
}

export type MoveRefusal = 'ticketFlow.moveUnknownState' | 'ticketFlow.moveSameState' | 'ticketFlow.moveNotAllowed';

/** Whether a ticket in `from` may move to `to`: the node that allows it, or why not. */
export function checkMove(
  flow: TicketFlow,
  from: string,
  to: string,
): { readonly ok: true; readonly node: FlowNode } | { readonly ok: false; readonly refusal: MoveRefusal } {
  if (!flow.states.includes(from) || !flow.states.includes(to))
    return { ok: false, refusal: 'ticketFlow.moveUnknownState' };
  if (from === to) return { ok: false, refusal: 'ticketFlow.moveSameState' };
  const node = nodeBetween(flow, from, to);
  return node === null ? { ok: false, refusal: 'ticketFlow.moveNotAllowed' } : { ok: true, node };
}

/** When a ticket that entered a node's state at `enteredAt` raises its alarm and times out. */
export function nodeDeadlines(
  node: Pick<FlowNode, 'alarmMinutes' | 'timeoutMinutes'>,
  enteredAt: Date,
): { readonly alarmAt: Date; readonly timeoutAt: Date } {
  const at = enteredAt.getTime();
  return { alarmAt: new Date(at + node.alarmMinutes * 60_000), timeoutAt: new Date(at + node.timeoutMinutes * 60_000) };
}

/**
 * The flow after the ordered state list is replaced (adding, removing or reordering a state saves the whole list):
 * the nodes on a pair whose state left the list go with it.
 */
export function withStates(flow: TicketFlow, states: readonly string[]): TicketFlow {
  const kept = new Set(states);
  return { states, nodes: flow.nodes.filter((node) => kept.has(node.stateFrom) && kept.has(node.stateTo)) };
}

function pairKey(from: string, to: string): string {
  return `${from}\u0000${to}`;
}
