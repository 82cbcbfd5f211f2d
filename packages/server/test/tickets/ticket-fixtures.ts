/**
 * Ticket templates written straight into the store (kinds with states and nodes, states, ticket groups, custom fields),
 * so that the ticket tests do not depend on the template screens' routes. Each helper answers the ids it made.
 */
import type {
  ActiveStatus,
  FieldOption,
  NodeHandlerType,
  SummaryFieldType,
  TicketRouteType,
  TicketStatusGroup,
} from '@qcdesk/contracts';
import type { Database } from '../../src/db/connect.js';
import { customFields, taskGroups, taskKindNodes, taskKinds, taskStates } from '../../src/db/schema/index.js';
import { createSystemStates } from '../../src/routes/task-state/system-states.js';
import type { Caller } from '../helpers/accounts.js';
import { ok } from '../tasks/fixtures.js';

export interface NodeSpec {
  readonly from: string;
  readonly to: string;
  readonly handlerType?: NodeHandlerType;
  readonly handlerIds?: readonly number[];
  readonly name?: string;
  readonly alarmMinutes?: number;
  readonly timeoutMinutes?: number;
}

export interface KindSpec {
  readonly name: string;
  readonly taskCode?: string | null;
  readonly status?: ActiveStatus;
  readonly states: readonly string[];
  readonly nodes?: readonly NodeSpec[];
  readonly fields?: readonly { fieldId: number; label?: string; required?: boolean }[];
  readonly attachmentRequired?: boolean;
}

/** A kind (ACTIVE unless said) with its ordered states and its nodes (CREATOR unless said). */
export async function writeKind(
  db: Database,
  organizationId: number,
  spec: KindSpec,
): Promise<{ kindId: number; nodeIds: number[] }> {
  const [kind] = await db
    .insert(taskKinds)
    .values({
      organizationId,
      name: spec.name,
      code: spec.name,
      taskCode: spec.taskCode === undefined ? 'TS' : spec.taskCode,
      status: spec.status ?? 'ACTIVE',
      attachmentRequired: spec.attachmentRequired ? 1 : 0,
      stateCodes: [...spec.states],
      fields: (spec.fields ?? []).map((f) => ({
        fieldId: f.fieldId,
        label: f.label ?? '',
        search: false,
        required: f.required ?? false,
      })),
    })
    .returning({ id: taskKinds.id });
  const kindId = kind!.id;
  const nodeIds: number[] = [];
  for (const node of spec.nodes ?? []) {
    const [row] = await db
      .insert(taskKindNodes)
      .values({
        organizationId,
        kindId,
        name: node.name ?? `${node.from}→${node.to}`,
        handlerType: node.handlerType ?? 'CREATOR',
        handlerIds: [...(node.handlerIds ?? [])],
        stateFrom: node.from,
        stateTo: node.to,
        alarmMinutes: node.alarmMinutes ?? 10,
        timeoutMinutes: node.timeoutMinutes ?? 720,
      })
      .returning({ id: taskKindNodes.id });
    nodeIds.push(row!.id);
  }
  return { kindId, nodeIds };
}

/** The system states (PENDING … CLOSED) of a bare organisation, and more states of its own. */
export async function writeStates(
  db: Database,
  organizationId: number,
  own: readonly { code: string; name: string; statusGroup: TicketStatusGroup; color?: string }[] = [],
): Promise<void> {
  await createSystemStates(db, organizationId);
  for (const state of own)
    await db
      .insert(taskStates)
      .values({ organizationId, color: '#1677ff', ...state })
      .onConflictDoNothing();
}

/** A ticket group of `staffIds` (LOAD, capacity 20 unless said). */
export async function writeGroup(
  db: Database,
  organizationId: number,
  spec: {
    name: string;
    staffIds: readonly number[];
    capacity?: number;
    routeType?: TicketRouteType;
    status?: ActiveStatus;
  },
): Promise<number> {
  const [row] = await db
    .insert(taskGroups)
    .values({
      organizationId,
      name: spec.name,
      staffIds: [...spec.staffIds],
      capacity: spec.capacity ?? 20,
      routeType: spec.routeType ?? 'LOAD',
      status: spec.status ?? 'ACTIVE',
    })
    .returning({ id: taskGroups.id });
  return row!.id;
}

/** A custom field. */
export async function writeField(
  db: Database,
  organizationId: number,
  spec: { name: string; code: string; type: SummaryFieldType; options?: FieldOption[] },
): Promise<number> {
  const [row] = await db
    .insert(customFields)
    .values({ organizationId, options: [], ...spec })
    .returning({ id: customFields.id });
  return row!.id;
}

/** The caller's user id. */
export async function userIdOf(caller: Caller): Promise<number> {
  return Number((await ok(caller.post('/v3/auth/me', {}))).user.id);
}
