/**
 * The pure half of the ticket kind's config screen: what the screen asks the contracts' flow definition before it
 * calls the server (so the warnings are the server's words), and where the handler choices come from.
 */
import {
  type FlowNode,
  flowProblems,
  LIMITS,
  type MessageCode,
  type MessageParams,
  type NodeHandlerType,
  type TaskKindDetail,
  type TaskKindNode,
  type TicketFlow,
  takesHandlers,
  taskGroupContract,
} from '@qcdesk/contracts';
import { call } from '../../api/calls';
import type { ApiClient } from '../../api/client';
import type { FormOption } from '../../entity/types';

/** A warning to show, as a message of the contracts' catalogue. */
export interface FlowWarning {
  readonly code: MessageCode;
  readonly params?: MessageParams;
}

/** The kind's flow as the contracts read it. */
export function flowOfKind(kind: Pick<TaskKindDetail, 'stateCodes' | 'nodes'>): TicketFlow {
  return { states: kind.stateCodes, nodes: kind.nodes };
}

/**
 * Adding `picked` to the end of the flow's states: the full ordered list to save, or the spec's warning — none
 * chosen is '请选择状态', one already in the flow '{state} 状态已经存在' (named as the select shows it). The check is
 * the contracts' flowProblems, the one the server runs on the same list.
 */
export function addState(
  codes: readonly string[],
  picked: string | null,
  nameOf: (code: string) => string,
): { readonly codes: string[] } | { readonly warning: FlowWarning } {
  const next = [...codes, picked ?? ''];
  const problem = flowProblems({ states: next, nodes: [] }).find((p) => p.path === `states[${codes.length}]`);
  if (problem === undefined) return { codes: next };
  const state = problem.values?.state;
  return { warning: { code: problem.message, params: state === undefined ? {} : { state: nameOf(state) } } };
}

/** The node being edited as the form holds it. */
export interface NodeValues {
  name: string;
  handlerType: NodeHandlerType | null;
  handlerIds: string[];
  stateFrom: string | null;
  stateTo: string | null;
  alarmMinutes: number | null;
  timeoutMinutes: number | null;
}

/** The handler type changed: CREATOR and LAST take no handlers, so the choice is cleared (spec "Node editor"). */
export function withHandlerType(values: NodeValues, handlerType: NodeHandlerType | null): NodeValues {
  const keeps = handlerType !== null && takesHandlers(handlerType) && handlerType === values.handlerType;
  return { ...values, handlerType, handlerIds: keeps ? values.handlerIds : [] };
}

/**
 * The flow's problem concerning the node once saved (it replaces the stored node of the same id): the field it names
 * in the editor and its message; null when the flow takes it. Same check as the server's.
 */
export function nodeProblem(
  flow: TicketFlow,
  node: FlowNode,
  nameOf: (code: string) => string,
): { readonly field: string; readonly warning: FlowWarning } | null {
  const others = flow.nodes.filter((other) => other.id !== node.id);
  const prefix = `nodes[${others.length}].`;
  const problem = flowProblems({ states: flow.states, nodes: [...others, node] }).find((p) =>
    p.path.startsWith(prefix),
  );
  if (problem === undefined) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(problem.values ?? {})) params[key] = nameOf(value);
  return { field: problem.path.slice(prefix.length), warning: { code: problem.message, params } };
}

/** The handlers a node may name, by type: ticket groups (GROUP) or staff (STAFF), at most 100 (spec §5). */
export async function handlerChoices(client: ApiClient, type: NodeHandlerType | null): Promise<FormOption[]> {
  if (type === 'GROUP') {
    const groups = await call(client, `${taskGroupContract.base}/list`, {
      body: { limit: LIMITS.topLookup, status: 'ACTIVE' },
    });
    return groups.map((group) => ({ value: group.id, label: group.name ?? group.id }));
  }
  if (type === 'STAFF') {
    const staff = await call(client, '/v3/users/staff/top', { body: { limit: LIMITS.topLookup } });
    return staff.map((user) => ({ value: user.id, label: `${user.name}（${user.username}）` }));
  }
  return [];
}

/** The choices with the node's own handlers added by name, so a handler beyond the first 100 still shows. */
export function withOwnHandlers(choices: readonly FormOption[], node: TaskKindNode | null): FormOption[] {
  const own = (node?.handlers ?? []).filter((h) => !choices.some((c) => c.value === h.id));
  return [...choices, ...own.map((h) => ({ value: h.id, label: h.name }))];
}
