import type { TicketFieldSpec, TicketFlow, TicketStatusGroup } from '@qcdesk/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import type { RowOf } from '../crud/rows.js';
import { customFields, taskKinds, taskStates } from '../db/schema/index.js';
import { flowOf, nodeRows } from '../routes/task-kind/kind-flow.js';

export type KindRow = RowOf<typeof taskKinds>;

export interface KindWithFlow {
  readonly kind: KindRow;
  readonly flow: TicketFlow;
}

/** The kind (not emptied) of the organisation with its flow, or null. */
export async function loadKindFlow(
  db: Queryable,
  organizationId: number,
  kindId: number,
): Promise<KindWithFlow | null> {
  const [kind] = await db
    .select()
    .from(taskKinds)
    .where(
      and(eq(taskKinds.id, kindId), eq(taskKinds.organizationId, organizationId), ne(taskKinds.deleted, 'BUFFER')),
    );
  if (kind === undefined) return null;
  // the kind's screens and node calls build the flow the same way (routes/task-kind/kind-flow.ts)
  return { kind, flow: flowOf(kind.stateCodes, await nodeRows(db, organizationId, [kind.id])) };
}

/** A state as tickets show it. */
export interface StateInfo {
  readonly code: string;
  readonly name: string;
  readonly color: string;
  readonly statusGroup: TicketStatusGroup;
}

/** The organisation's states (system ones included, the trash too: a flow may still name one) by code. */
export async function statesByCode(
  db: Queryable,
  organizationId: number,
  codes?: readonly string[],
): Promise<Map<string, StateInfo>> {
  if (codes !== undefined && codes.length === 0) return new Map();
  const rows = await db
    .select({
      code: taskStates.code,
      name: taskStates.name,
      color: taskStates.color,
      statusGroup: taskStates.statusGroup,
    })
    .from(taskStates)
    .where(
      and(
        eq(taskStates.organizationId, organizationId),
        ne(taskStates.deleted, 'BUFFER'),
        codes === undefined ? undefined : inArray(taskStates.code, [...codes]),
      ),
    );
  return new Map(rows.map((r) => [r.code, r]));
}

/**
 * The status group a ticket has in `code`: the state's own; a code no state of the organisation has any more counts
 * as PENDING in the first state of the flow and PROCESSING elsewhere, so the ticket stays open.
 */
export function statusGroupOf(
  states: ReadonlyMap<string, StateInfo>,
  flow: TicketFlow,
  code: string,
): TicketStatusGroup {
  return states.get(code)?.statusGroup ?? (flow.states[0] === code ? 'PENDING' : 'PROCESSING');
}

/** The custom fields a ticket of the kind carries, in the kind's order, with their type and options. */
export async function kindFieldSpecs(
  db: Queryable,
  organizationId: number,
  kind: Pick<KindRow, 'fields'>,
): Promise<TicketFieldSpec[]> {
  const ids = kind.fields.map((f) => f.fieldId);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, organizationId),
        inArray(customFields.id, ids),
        ne(customFields.deleted, 'BUFFER'),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return kind.fields.flatMap((f) => {
    const field = byId.get(f.fieldId);
    if (field === undefined) return [];
    return [
      {
        fieldId: String(f.fieldId),
        label: f.label || field.name,
        required: f.required,
        type: field.type,
        options: field.options,
        placeholder: field.placeholder,
      },
    ];
  });
}
