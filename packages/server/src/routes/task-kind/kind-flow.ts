import {
  type FlowNode,
  type FlowProblem,
  formatMessage,
  movesFrom,
  type TaskKindNode,
  type TaskKindState,
  type TicketFlow,
} from '@qcdesk/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { taskGroups, taskKindNodes, taskStates, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

type NodeRow = typeof taskKindNodes.$inferSelect;

/**
 * A kind's flow as the contracts' one definition reads it (ticket-flow.ts): its ordered state codes and its nodes.
 * Whatever decides a move (the kind's screens, the node calls, tickets moving) builds the flow with this.
 */
export function flowOf(stateCodes: readonly string[], nodes: readonly NodeRow[]): TicketFlow {
  return { states: stateCodes, nodes: nodes.map(flowNode) };
}

export function flowNode(row: NodeRow): FlowNode {
  return {
    id: String(row.id),
    name: row.name,
    stateFrom: row.stateFrom,
    stateTo: row.stateTo,
    handlerType: row.handlerType,
    handlerIds: row.handlerIds.map(String),
    alarmMinutes: row.alarmMinutes,
    timeoutMinutes: row.timeoutMinutes,
  };
}

/** The node rows of the kinds `kindKeys`, oldest first. */
export async function nodeRows(db: Queryable, organizationId: number, kindKeys: readonly number[]): Promise<NodeRow[]> {
  if (kindKeys.length === 0) return [];
  return db
    .select()
    .from(taskKindNodes)
    .where(and(eq(taskKindNodes.organizationId, organizationId), inArray(taskKindNodes.kindId, [...new Set(kindKeys)])))
    .orderBy(asc(taskKindNodes.id));
}

/**
 * The flow of one kind of the organisation (its stored state codes and its nodes), for the callers that move
 * tickets: `checkMove(await kindFlow(…), from, to)`.
 */
export async function kindFlow(
  db: Queryable,
  organizationId: number,
  kind: { readonly id: number; readonly stateCodes: readonly string[] },
): Promise<TicketFlow> {
  return flowOf(kind.stateCodes, await nodeRows(db, organizationId, [kind.id]));
}

/**
 * The organisation's states (not emptied) by code, as a kind answers them: tenantId '0' for the system states (the
 * spec's tenant 0), else the organisation's id. `liveOnly`: only those that can join a flow now (not in the trash).
 */
export async function statesByCode(
  db: Queryable,
  organizationId: number,
  codes: readonly string[],
  liveOnly = false,
): Promise<Map<string, TaskKindState>> {
  const unique = [...new Set(codes)].filter((code) => code !== '');
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(taskStates)
    .where(
      and(
        eq(taskStates.organizationId, organizationId),
        inArray(taskStates.code, unique),
        liveOnly ? eq(taskStates.deleted, 'NONE') : ne(taskStates.deleted, 'BUFFER'),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.code,
      {
        id: String(row.id),
        code: row.code,
        name: row.name,
        color: row.color,
        status: row.statusGroup,
        tenantId: row.system ? '0' : String(row.organizationId),
      },
    ]),
  );
}

/** A flow's states in its order, each as the organisation has it (a code with no state left is left out). */
export function statesInOrder(codes: readonly string[], states: ReadonlyMap<string, TaskKindState>): TaskKindState[] {
  return codes.flatMap((code) => {
    const state = states.get(code);
    return state === undefined ? [] : [state];
  });
}

/** The names of the ticket groups (GROUP) and staff (STAFF) the nodes name, by type and key, one query each. */
export async function handlerNames(
  db: Queryable,
  organizationId: number,
  nodes: readonly NodeRow[],
): Promise<{ GROUP: Map<number, string>; STAFF: Map<number, string> }> {
  const keysOf = (type: 'GROUP' | 'STAFF') => [
    ...new Set(nodes.filter((node) => node.handlerType === type).flatMap((node) => node.handlerIds)),
  ];
  const groupKeys = keysOf('GROUP');
  const staffKeys = keysOf('STAFF');
  const groups =
    groupKeys.length === 0
      ? []
      : await db
          .select({ id: taskGroups.id, name: taskGroups.name })
          .from(taskGroups)
          .where(and(eq(taskGroups.organizationId, organizationId), inArray(taskGroups.id, groupKeys)));
  const staff =
    staffKeys.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.organizationId, organizationId), inArray(users.id, staffKeys)));
  return {
    GROUP: new Map(groups.map((g) => [g.id, g.name])),
    STAFF: new Map(staff.map((u) => [u.id, u.name])),
  };
}

/**
 * A kind's nodes as answered, in the order of its matrix (by from-state, then to-state, as the flow lists its
 * states); a node on a state the flow no longer has (none should be left: a states save removes them) comes last.
 */
export async function nodeRecords(
  db: Queryable,
  organizationId: number,
  stateCodes: readonly string[],
  rows: readonly NodeRow[],
): Promise<TaskKindNode[]> {
  const names = await handlerNames(db, organizationId, rows);
  const flow = flowOf(stateCodes, rows);
  const ordered = stateCodes.flatMap((from) => movesFrom(flow, from).map((node) => node.id));
  const rank = (row: NodeRow) => {
    const at = ordered.indexOf(String(row.id));
    return at < 0 ? ordered.length : at;
  };
  return [...rows]
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id)
    .map((row) => ({
      id: String(row.id),
      name: row.name,
      kindId: String(row.kindId),
      handlerType: row.handlerType,
      handlerIds: row.handlerIds.map(String),
      handlers: row.handlerIds.map((key) => {
        const name =
          row.handlerType === 'GROUP' || row.handlerType === 'STAFF' ? names[row.handlerType].get(key) : null;
        return { id: String(key), name: name ?? String(key) };
      }),
      stateFrom: row.stateFrom,
      stateTo: row.stateTo,
      alarmMinutes: row.alarmMinutes,
      timeoutMinutes: row.timeoutMinutes,
    }));
}

/**
 * A problem of the flow as a 400: its message from the contracts' catalogue, with a state named by its name where
 * the organisation has one ('退款中 状态已经存在' rather than the code), at `field`.
 */
export function flowProblemError(
  problem: FlowProblem,
  field: string,
  states: ReadonlyMap<string, TaskKindState>,
): ApiError {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(problem.values ?? {})) values[key] = states.get(value)?.name ?? value;
  return new ApiError(
    400,
    'INVALID_FLOW',
    formatMessage(problem.message, 'zh', values),
    formatMessage(problem.message, 'en', values),
    field,
  );
}
