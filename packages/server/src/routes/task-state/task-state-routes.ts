import { type DeleteBody, SYSTEM_TENANT_ID, TASK_STATE_LIMITS, taskStateContract } from '@qcdesk/contracts';
import { and, arrayOverlaps, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbIds } from '../../crud/ids.js';
import { usersShown, withUsersCounted } from '../../crud/in-use.js';
import type { RowOf } from '../../crud/rows.js';
import { taskKinds, taskStates } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

type StateRow = RowOf<typeof taskStates>;

/**
 * Ticket states (tickets spec "Ticket states"): the contract's page, list, detail, create, change and remove (to the
 * trash), with restore and empty under field.delete. The system states (the spec's tenantId 0, `system` here) are
 * listed and read like the organisation's own but never changed, removed, restored or emptied; a state's code and
 * status group are fixed once it exists, since kinds' flows and tickets name it by code; and a state in the flow of a
 * kind that is not emptied stays out of the trash.
 */
export async function taskStateRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, taskStateContract, {
    table: taskStates,
    keywordColumns: [taskStates.name, taskStates.code],
    where: (filter) => [
      filter.status ? eq(taskStates.statusGroup, filter.status) : undefined,
      filter.system === undefined ? undefined : eq(taskStates.system, filter.system),
    ],
    // the state tree shows every state of the organisation at once
    listLimit: TASK_STATE_LIMITS.listMax,
    records: (rows, { timeZone }) => rows.map((row) => stateRecord(row, timeZone)),
    summaries: {
      page: 'ticket states, a page at a time (keyword on name or code, status group, system, deleted)',
      list: `ticket states matching the filters (system ones with tenantId '0'), at most \`limit\` (default and most ${TASK_STATE_LIMITS.listMax}): the state tree`,
      detail: 'one ticket state (stateId)',
    },
    save: {
      summary:
        'save a ticket state: name ≤ 30, code ≤ 20 (unique in the organisation) and status group required, colour one of the 18 presets (the first by default); code and group are fixed once created; system states cannot be changed',
      values: async (body, { tx, auth, stored }) => {
        if (stored !== null) {
          if (stored.system) throw systemLocked();
          if (body.code !== stored.code) throw ApiError.of(400, 'INVALID_FIELD', 'ticketState.codeFixed', {}, 'code');
          if (body.status !== stored.statusGroup)
            throw ApiError.of(400, 'INVALID_FIELD', 'ticketState.groupFixed', {}, 'status');
          return { name: body.name, color: body.color };
        }
        // the check answers the usual case; the unique index decides between saves at the same moment
        await refuseTakenCode(tx, auth.organizationId, body.code);
        return { name: body.name, color: body.color };
      },
      createValues: (body) => ({ code: body.code, statusGroup: body.status, system: false }),
      uniqueIndexes: { task_states_org_code_uq: (body) => takenCode(body.code) },
    },
    delete: {
      summary: 'ticket states: remove to the trash (ticket-state.edit), restore or empty (field.delete)',
      refuse: refuseStateMoves,
    },
  });
}

const systemLocked = (field?: string) => ApiError.of(400, 'SYSTEM_STATE', 'ticketState.systemLocked', {}, field);
const takenCode = (code: string) => ApiError.of(400, 'DUPLICATE', 'ticketState.duplicateCode', { value: code }, 'code');

async function refuseTakenCode(tx: Queryable, organizationId: number, code: string): Promise<void> {
  const [other] = await tx
    .select({ id: taskStates.id })
    .from(taskStates)
    .where(
      and(eq(taskStates.organizationId, organizationId), eq(taskStates.code, code), ne(taskStates.deleted, 'BUFFER')),
    );
  if (other !== undefined) throw takenCode(code);
}

/**
 * Before any move of the trash: a system state never moves ('系统状态不能修改'); one going to the trash must not be in
 * the flow of a kind that is not emptied (a kind in the trash can be restored with its flow). The answer names the
 * kinds, the first five, to change first.
 */
async function refuseStateMoves(body: DeleteBody, { db, auth }: EntityContext): Promise<void> {
  const keys = dbIds(body.ids);
  const rows = await db
    .select({ id: taskStates.id, name: taskStates.name, code: taskStates.code, system: taskStates.system })
    .from(taskStates)
    .where(and(eq(taskStates.organizationId, auth.organizationId), inArray(taskStates.id, keys)));
  const byKey = new Map(rows.map((row) => [row.id, row]));
  const system = keys.findIndex((key) => byKey.get(key)?.system === true);
  if (system >= 0) throw systemLocked(`ids[${system}]`);
  if (body.deleted !== 'TRASH') return;

  const codes = rows.map((row) => row.code);
  if (codes.length === 0) return;
  const kinds = await db
    .select({ name: taskKinds.name, stateCodes: taskKinds.stateCodes })
    .from(taskKinds)
    .where(
      and(
        eq(taskKinds.organizationId, auth.organizationId),
        ne(taskKinds.deleted, 'BUFFER'),
        arrayOverlaps(taskKinds.stateCodes, codes),
      ),
    )
    .orderBy(asc(taskKinds.id));
  const index = keys.findIndex((key) => {
    const code = byKey.get(key)?.code;
    return code !== undefined && kinds.some((kind) => kind.stateCodes.includes(code));
  });
  if (index < 0) return;
  const state = byKey.get(keys[index]!)!;
  const names = kinds.filter((kind) => kind.stateCodes.includes(state.code)).map((kind) => kind.name);
  const { shown } = usersShown(names, '个');
  throw withUsersCounted(
    ApiError.of(400, 'STATE_IN_USE', 'ticketState.usedByKinds', { name: state.name, kinds: shown }, `ids[${index}]`),
    names,
    '个',
  );
}

/** A row as answered: the status group as `status`, and tenantId '0' for a system state. */
export function stateRecord(row: StateRow, timeZone: string) {
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    status: row.statusGroup,
    color: row.color,
    system: row.system,
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
    tenantId: row.system ? SYSTEM_TENANT_ID : String(row.organizationId),
  };
}
