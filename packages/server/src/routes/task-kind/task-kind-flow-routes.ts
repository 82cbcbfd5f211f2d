import {
  type FlowNode,
  flowProblems,
  savedAnswerSchema,
  type TaskKindNodeSave,
  taskKindNodeRemoveSchema,
  taskKindNodeSaveSchema,
  taskKindSpaceAnswerSchema,
  taskKindSpaceBodySchema,
  taskKindStatesAnswerSchema,
  taskKindStatesBodySchema,
  withStates,
} from '@qcdesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { modifiedBy, notFound, type Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { type RowOf, requireRow } from '../../crud/rows.js';
import { spaces, taskGroups, taskKindNodes, taskKinds, users } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { flowOf, flowProblemError, nodeRows, statesByCode, statesInOrder } from './kind-flow.js';

type KindRow = RowOf<typeof taskKinds>;

const KIND = { zh: '工单模版', en: 'Ticket kind' };
const NODE = { zh: '模版节点', en: 'Node' };
const SPACE = { zh: '空间', en: 'Space' };
const tags = ['task-kind'];

/**
 * The flow of a ticket kind (tickets spec "State flow view", "Node editor", §7) and its place in spaces:
 * - /states reads the ordered state codes, or saves the whole ordered list: each a live state of the organisation,
 *   once, none blank (the contracts' flowProblems, so the screen warns with the same words); the nodes on a pair
 *   whose state left the list go in the same transaction (withStates);
 * - /node/save creates or changes the node of one cell of the matrix, /node/remove removes one;
 * - /space/save appends a kind to a ticket space's ordered list (a kind listed already stays where it is),
 *   /space/remove takes it out.
 * The states and node calls refuse while the kind is ACTIVE (400 KIND_ACTIVE with the spec's two texts). They lock the
 * kind's row, so a switch to ACTIVE and a flow change never cross.
 */
export async function taskKindFlowRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/states',
      body: taskKindStatesBodySchema,
      summary:
        'a kind’s flow states (id): without stateCodes answers them in order; with stateCodes saves the whole ordered list (live states of the organisation, each once, the first the initial state) and removes the nodes on states that left it; refused while the kind is ACTIVE; version, when sent, must be the kind’s',
      response: taskKindStatesAnswerSchema,
      errors: [404, 409],
      tags,
    },
    async ({ body, auth }) => {
      if (body.stateCodes === null || body.stateCodes === undefined) {
        const kind = await requireRow(db, taskKinds, auth, body.id, KIND);
        return statesAnswer(db, auth, kind, kind.stateCodes);
      }
      const codes = body.stateCodes;
      return db.transaction(async (tx) => {
        const kind = await requireRow(tx, taskKinds, auth, body.id, KIND, { live: true, forUpdate: true });
        if (kind.status === 'ACTIVE') throw ApiError.of(400, 'KIND_ACTIVE', 'ticketKind.shieldFirst');
        if (body.version !== null && body.version !== undefined && body.version !== kind.version)
          throw ApiError.staleVersion();
        const states = await statesByCode(tx, auth.organizationId, codes, true);
        const [problem] = flowProblems({ states: codes, nodes: [] });
        if (problem !== undefined)
          throw flowProblemError(problem, `stateCodes${problem.path.slice('states'.length)}`, states);
        const unknown = codes.findIndex((code) => !states.has(code));
        if (unknown >= 0)
          throw ApiError.of(
            400,
            'INVALID_REFERENCE',
            'ticketKind.state.unknown',
            { state: codes[unknown]! },
            `stateCodes[${unknown}]`,
          );
        // the nodes on a pair whose state left the list go with it
        const rows = await nodeRows(tx, auth.organizationId, [kind.id]);
        const kept = new Set(withStates(flowOf(kind.stateCodes, rows), codes).nodes.map((node) => node.id));
        const gone = rows.filter((row) => !kept.has(String(row.id))).map((row) => row.id);
        if (gone.length > 0) await tx.delete(taskKindNodes).where(inArray(taskKindNodes.id, gone));
        const [saved] = await tx
          .update(taskKinds)
          .set({ stateCodes: codes, ...modifiedBy(auth), version: sql`${taskKinds.version} + 1` })
          .where(eq(taskKinds.id, kind.id))
          .returning();
        return statesAnswer(tx, auth, saved!, codes);
      });
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/node/save',
      body: taskKindNodeSaveSchema,
      summary:
        'save a node of a kind’s flow: creates without id, changes with it; name ≤ 30 and handlerType required; handlerIds required for GROUP (ticket groups) and STAFF (staff), none for CREATOR and LAST; stateFrom ≠ stateTo, both in the flow, one node per cell; alarmMinutes 10 and timeoutMinutes 720 unless given, both ≥ 0; refused while the kind is ACTIVE',
      response: savedAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const kind = await requireRow(tx, taskKinds, auth, body.kindId, KIND, { live: true, forUpdate: true });
        if (kind.status === 'ACTIVE') throw ApiError.of(400, 'KIND_ACTIVE', 'ticketKind.nodeShieldFirst');
        const rows = await nodeRows(tx, auth.organizationId, [kind.id]);
        const stored = body.id === undefined ? null : await requireNode(tx, auth, body.id);
        if (stored !== null && stored.kindId !== kind.id)
          throw ApiError.of(400, 'INVALID_REFERENCE', 'ticketKind.node.otherKind', { id: body.id! }, 'id');
        await checkNode(tx, auth, kind, rows, body);
        const values = {
          name: body.name,
          handlerType: body.handlerType,
          handlerIds: body.handlerIds.map((id) => dbId(id)!),
          stateFrom: body.stateFrom,
          stateTo: body.stateTo,
          alarmMinutes: body.alarmMinutes,
          timeoutMinutes: body.timeoutMinutes,
          modifyTime: new Date(),
        };
        let id: number;
        if (stored === null) {
          const [row] = await tx
            .insert(taskKindNodes)
            .values({ ...values, kindId: kind.id, organizationId: auth.organizationId, creatorId: auth.userId })
            .returning({ id: taskKindNodes.id });
          id = row!.id;
        } else {
          await tx.update(taskKindNodes).set(values).where(eq(taskKindNodes.id, stored.id));
          id = stored.id;
        }
        await touchKind(tx, auth, kind.id);
        return { id: String(id) };
      }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/node/remove',
      body: taskKindNodeRemoveSchema,
      summary: 'remove a node of a kind’s flow (id); refused while the kind is ACTIVE',
      response: savedAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const node = await requireNode(tx, auth, body.id);
        const [kind] = await tx.select().from(taskKinds).where(eq(taskKinds.id, node.kindId)).for('update');
        if (kind?.status === 'ACTIVE') throw ApiError.of(400, 'KIND_ACTIVE', 'ticketKind.nodeShieldFirst');
        await tx.delete(taskKindNodes).where(eq(taskKindNodes.id, node.id));
        await touchKind(tx, auth, node.kindId);
        return { id: body.id };
      }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/space/save',
      body: taskKindSpaceBodySchema,
      summary:
        'add a ticket kind (a live one of the organisation) to the end of a ticket space’s ordered list; a kind listed already keeps its place',
      response: taskKindSpaceAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const { space, kind } = await spaceAndKind(tx, auth, body);
        const kindIds = space.kindIds.includes(kind.id) ? space.kindIds : [...space.kindIds, kind.id];
        if (kindIds !== space.kindIds) await changeSpaceKinds(tx, auth, space.id, kindIds);
        return { spaceId: String(space.id), kindIds: kindIds.map(String) };
      }),
  );

  defineRoute(
    app,
    {
      path: '/v3/feed/task-kind/space/remove',
      body: taskKindSpaceBodySchema,
      summary: 'take a ticket kind out of a ticket space’s list (kindId, spaceId); the others keep their order',
      response: taskKindSpaceAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const space = await requireTicketSpace(tx, auth, body.spaceId);
        // a kind in the trash can be taken out too (the space lists it again once it is restored otherwise)
        const kind = await requireRow(tx, taskKinds, auth, body.kindId, KIND);
        const kindIds = space.kindIds.filter((key) => key !== kind.id);
        if (kindIds.length !== space.kindIds.length) await changeSpaceKinds(tx, auth, space.id, kindIds);
        return { spaceId: String(space.id), kindIds: kindIds.map(String) };
      }),
  );
}

/** The kind's flow states as /states answers them. */
async function statesAnswer(db: Queryable, auth: RequestAuth, kind: KindRow, codes: readonly string[]) {
  const states = await statesByCode(db, auth.organizationId, codes);
  return { id: String(kind.id), version: kind.version, stateCodes: [...codes], states: statesInOrder(codes, states) };
}

/** The caller's node by its wire id, or 404. */
async function requireNode(tx: Queryable, auth: RequestAuth, id: string) {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await tx
          .select()
          .from(taskKindNodes)
          .where(and(eq(taskKindNodes.id, key), eq(taskKindNodes.organizationId, auth.organizationId)));
  if (row === undefined) throw notFound(NODE, id);
  return row;
}

/**
 * The node's rules: the flow with this node in it (replacing the stored one) must have no problem concerning it
 * (flowProblems: states of the flow, different, a free cell, handlers as the type wants them), and its handlers must
 * be live ticket groups (GROUP) or staff (STAFF) of the organisation.
 */
async function checkNode(
  tx: Queryable,
  auth: RequestAuth,
  kind: KindRow,
  rows: RowOf<typeof taskKindNodes>[],
  body: TaskKindNodeSave,
): Promise<void> {
  const node: FlowNode = {
    id: body.id ?? 'new',
    name: body.name,
    stateFrom: body.stateFrom,
    stateTo: body.stateTo,
    handlerType: body.handlerType,
    handlerIds: body.handlerIds,
    alarmMinutes: body.alarmMinutes,
    timeoutMinutes: body.timeoutMinutes,
  };
  const others = flowOf(kind.stateCodes, rows).nodes.filter((other) => other.id !== body.id);
  const prefix = `nodes[${others.length}].`;
  const problem = flowProblems({ states: kind.stateCodes, nodes: [...others, node] }).find((p) =>
    p.path.startsWith(prefix),
  );
  if (problem !== undefined) {
    const states = await statesByCode(tx, auth.organizationId, [body.stateFrom, body.stateTo]);
    throw flowProblemError(problem, problem.path.slice(prefix.length), states);
  }
  if (body.handlerType !== 'GROUP' && body.handlerType !== 'STAFF') return;
  const keys = body.handlerIds.map((id) => dbId(id) ?? 0);
  const found =
    body.handlerType === 'GROUP'
      ? await tx
          .select({ id: taskGroups.id })
          .from(taskGroups)
          .where(
            and(
              eq(taskGroups.organizationId, auth.organizationId),
              inArray(taskGroups.id, keys),
              eq(taskGroups.deleted, 'NONE'),
            ),
          )
      : await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.organizationId, auth.organizationId), inArray(users.id, keys), eq(users.deleted, 'NONE')),
          );
  const known = new Set(found.map((row) => row.id));
  const missing = keys.findIndex((key) => !known.has(key));
  if (missing >= 0)
    throw ApiError.of(
      400,
      'INVALID_REFERENCE',
      body.handlerType === 'GROUP' ? 'ticketKind.group.unknown' : 'ticketKind.staff.unknown',
      { id: body.handlerIds[missing]! },
      `handlerIds[${missing}]`,
    );
}

/** A node change is a change of its kind: who and when (the version stays: the kind's own columns did not change). */
async function touchKind(tx: Queryable, auth: RequestAuth, kindKey: number): Promise<void> {
  await tx.update(taskKinds).set(modifiedBy(auth)).where(eq(taskKinds.id, kindKey));
}

/** The caller's live ticket space (locked), or 404; a space of another type is a 400 on spaceId. */
async function requireTicketSpace(tx: Queryable, auth: RequestAuth, id: string) {
  const space = await requireRow(tx, spaces, auth, id, SPACE, { live: true, forUpdate: true });
  if (space.type !== 'TICKET') throw ApiError.of(400, 'INVALID_FIELD', 'space.kinds.ticketOnly', {}, 'spaceId');
  return space;
}

async function spaceAndKind(tx: Queryable, auth: RequestAuth, body: { kindId: string; spaceId: string }) {
  const space = await requireTicketSpace(tx, auth, body.spaceId);
  const kind = await requireRow(tx, taskKinds, auth, body.kindId, KIND, { live: true });
  return { space, kind };
}

/** The space's new list of kinds: a change of the space (its version moves on, so an open form reloads it). */
async function changeSpaceKinds(tx: Queryable, auth: RequestAuth, spaceKey: number, kindIds: number[]) {
  await tx
    .update(spaces)
    .set({ kindIds, ...modifiedBy(auth), version: sql`${spaces.version} + 1` })
    .where(eq(spaces.id, spaceKey));
}
