import {
  checkMove,
  type FlowNode,
  formatMessage,
  initialState,
  isClosedStatusGroup,
  keptFieldValues,
  NODE_DEFAULTS,
  nodeDeadlines,
  type TicketAssign,
  type TicketCreate,
  type TicketEventType,
  type TicketStatusGroup,
  ticketFieldProblems,
  ticketNumber,
} from '@qcdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { createdBy, modifiedBy, type Queryable } from '../crud/entity-table.js';
import { dbId } from '../crud/ids.js';
import type { RowOf } from '../crud/rows.js';
import {
  aiResults,
  chatSessions,
  taskGroups,
  ticketEvents,
  ticketSequences,
  tickets,
  users,
} from '../db/schema/index.js';
import { attachUploads } from '../files/upload-lifetime.js';
import { ApiError } from '../http/api-error.js';
import type { RequestAuth } from '../http/request-auth.js';
import { leastLoadedStaff, liveStaff, lockGroups, type Routed, routeInGroups } from './group-routing.js';
import { type KindRow, kindFieldSpecs, loadKindFlow, statesByCode, statusGroupOf } from './kind-flow.js';

export type TicketRow = RowOf<typeof tickets>;

/** Who acts on tickets: a signed-in caller, or the demo seed acting as one of its people. */
export type TicketActor = Pick<RequestAuth, 'userId' | 'name' | 'organizationId' | 'permissions' | 'agentId'>;

/** The key that lets someone move and assign tickets he does not handle. */
export const MANAGE_KEY = 'ticket.manage';

const TICKET = { zh: '工单', en: 'Ticket' };

/** A database inside a transaction (the service runs every change in one). */
type Tx = Queryable;

/**
 * Opens a ticket of an ACTIVE kind in the kind's first state: fields checked against the kind's, the attachment rule,
 * the QC session and AI result it comes from; routed in `groupId` by the group's rule (or waiting there when every
 * member is full), else handled by its creator. Deadlines in the first state: the node defaults (10 and 720 minutes),
 * as no node brought it there. Answers the new ticket's id.
 */
export async function createTicket(tx: Tx, actor: TicketActor, body: TicketCreate, now = new Date()): Promise<number> {
  const organizationId = actor.organizationId;
  const kindKey = dbId(body.kindId);
  const loaded = kindKey === null ? null : await loadKindFlow(tx, organizationId, kindKey);
  if (loaded === null) throw ApiError.of(400, 'INVALID_FIELD', 'ticket.kind.unknown', { id: body.kindId }, 'kindId');
  const { kind, flow } = loaded;
  if (kind.status !== 'ACTIVE' || kind.deleted !== 'NONE')
    throw ApiError.of(400, 'KIND_INACTIVE', 'ticket.kind.inactive', { name: kind.name }, 'kindId');
  const start = initialState(flow);
  if (start === null) throw ApiError.of(400, 'KIND_NO_STATES', 'ticket.kind.noStates', { name: kind.name }, 'kindId');

  const fields = await kindFieldSpecs(tx, organizationId, kind);
  const problems = ticketFieldProblems(fields, body.fieldValues);
  if (problems.length > 0) {
    const errors = (lang: 'zh' | 'en') =>
      problems.map((p) => ({
        code: p.message,
        field: `fieldValues.${p.fieldId}`,
        message: formatMessage(p.message, lang, p.values ?? {}),
      }));
    throw ApiError.invalidFields(errors('zh'), errors('en'));
  }
  if (kind.attachmentRequired === 1 && body.attachments.length === 0)
    throw ApiError.of(400, 'INVALID_FIELD', 'ticket.attachmentRequired', {}, 'attachments');
  const origin = await originOf(tx, actor, body);

  let routed: Routed | null = null;
  if (body.groupId) {
    const groupKey = dbId(body.groupId) ?? 0;
    routed = await routeInGroups(tx, organizationId, [groupKey], null);
    if (routed === null)
      throw ApiError.of(400, 'INVALID_FIELD', 'ticket.group.unknown', { id: body.groupId }, 'groupId');
  }
  const handlerId = routed === null ? actor.userId : routed.handlerId;
  await attachUploads(
    tx,
    actor as RequestAuth,
    body.attachments.map((file, i) => ({ path: file.path, field: `attachments[${i}].path` })),
    now,
  );
  const states = await statesByCode(tx, organizationId, [start]);
  const statusGroup = statusGroupOf(states, flow, start);
  const number = ticketNumber(kind.taskCode, await nextSequence(tx, organizationId, kind));
  const [row] = await tx
    .insert(tickets)
    .values({
      ...createdBy(actor as RequestAuth),
      createTime: now,
      modifyTime: now,
      kindId: kind.id,
      number,
      title: body.title,
      content: body.content ?? null,
      stateCode: start,
      statusGroup,
      groupId: routed?.groupId ?? null,
      handlerId,
      sessionId: origin.sessionId,
      aiResultId: origin.aiResultId,
      fieldValues: keptFieldValues(fields, body.fieldValues),
      attachments: body.attachments,
      stateSince: now,
      ...deadlines(NODE_DEFAULTS, statusGroup, now),
    })
    .returning({ id: tickets.id });
  const id = row!.id;
  await addEvent(tx, actor, id, { type: 'CREATED', toState: start }, now);
  await addEvent(
    tx,
    actor,
    id,
    {
      type: 'ASSIGNED',
      groupId: routed?.groupId ?? null,
      groupName: routed?.groupName ?? null,
      handlerId,
      handlerName: await nameOf(tx, handlerId),
      routed: routed !== null,
    },
    now,
  );
  return id;
}

/**
 * Moves a ticket to `stateTo`, which only the kind's flow decides (checkMove: refused with 400 and the flow's message
 * otherwise, the ticket left as it was). Only its handler may move it, or a holder of ticket.manage. The node on the
 * move names the next handler and the deadlines in the new state.
 */
export async function moveTicket(
  tx: Tx,
  actor: TicketActor,
  body: { id: string; version: number; stateTo: string; remark?: string | null | undefined },
  now = new Date(),
): Promise<number> {
  const ticket = await lockTicket(tx, actor, body.id, body.version);
  const loaded = await loadKindFlow(tx, actor.organizationId, ticket.kindId);
  if (loaded === null) throw ApiError.of(400, 'INVALID_FIELD', 'ticketFlow.moveUnknownState', {}, 'stateTo');
  const move = checkMove(loaded.flow, ticket.stateCode, body.stateTo);
  if (!move.ok) throw ApiError.of(400, 'MOVE_REFUSED', move.refusal, {}, 'stateTo');
  requireHandler(actor, ticket);
  const states = await statesByCode(tx, actor.organizationId, [body.stateTo]);
  const statusGroup = statusGroupOf(states, loaded.flow, body.stateTo);
  const next = await nextHandler(tx, actor, ticket, move.node);
  const changesHands = next.handlerId !== ticket.handlerId || next.groupId !== ticket.groupId;
  await tx
    .update(tickets)
    .set({
      stateCode: body.stateTo,
      statusGroup,
      stateSince: now,
      ...deadlines(move.node, statusGroup, now),
      handlerId: next.handlerId,
      groupId: next.groupId,
      lastHandlerId: lastHandlerAfter(ticket, next.handlerId),
      ...modifiedBy(actor as RequestAuth),
      modifyTime: now,
      version: sql`${tickets.version} + 1`,
    })
    .where(eq(tickets.id, ticket.id));
  await addEvent(
    tx,
    actor,
    ticket.id,
    {
      type: 'MOVED',
      fromState: ticket.stateCode,
      toState: body.stateTo,
      nodeId: dbId(move.node.id),
      nodeName: move.node.name,
      remark: body.remark ?? null,
    },
    now,
  );
  if (changesHands)
    await addEvent(
      tx,
      actor,
      ticket.id,
      {
        type: 'ASSIGNED',
        groupId: next.groupId,
        groupName: next.groupName,
        handlerId: next.handlerId,
        handlerName: await nameOf(tx, next.handlerId),
        nodeId: dbId(move.node.id),
        nodeName: move.node.name,
        routed: true,
      },
      now,
    );
  return ticket.id;
}

/**
 * Hands a ticket on: to a person (his choice, so capacity does not apply), or into a ticket group, routed there by its
 * rule. Only the handler or a holder of ticket.manage; not once the ticket is resolved or closed.
 */
export async function assignTicket(tx: Tx, actor: TicketActor, body: TicketAssign, now = new Date()): Promise<number> {
  const ticket = await lockTicket(tx, actor, body.id, body.version);
  if (isClosedStatusGroup(ticket.statusGroup)) throw ApiError.of(400, 'TICKET_ENDED', 'ticket.ended', {}, 'id');
  requireHandler(actor, ticket);
  let handlerId: number | null;
  let groupId: number | null;
  let groupName: string | null = null;
  let routed = false;
  if (body.handlerId) {
    const key = dbId(body.handlerId) ?? 0;
    const [person] = await liveStaff(tx, actor.organizationId, [key]);
    if (person === undefined)
      throw ApiError.of(400, 'INVALID_FIELD', 'ticket.staff.unknown', { id: body.handlerId }, 'handlerId');
    handlerId = person;
    // the ticket stays in its group when the new handler is a member of it
    const group =
      ticket.groupId === null
        ? undefined
        : (await lockGroups(tx, actor.organizationId, [ticket.groupId])).get(ticket.groupId);
    groupId = group?.staffIds.includes(person) ? group.id : null;
    groupName = group?.staffIds.includes(person) ? group.name : null;
  } else {
    const key = dbId(body.groupId ?? '') ?? 0;
    const into = await routeInGroups(tx, actor.organizationId, [key], ticket.id);
    if (into === null)
      throw ApiError.of(400, 'INVALID_FIELD', 'ticket.group.unknown', { id: body.groupId ?? '' }, 'groupId');
    handlerId = into.handlerId;
    groupId = into.groupId;
    groupName = into.groupName;
    routed = true;
  }
  await tx
    .update(tickets)
    .set({
      handlerId,
      groupId,
      lastHandlerId: lastHandlerAfter(ticket, handlerId),
      ...modifiedBy(actor as RequestAuth),
      modifyTime: now,
      version: sql`${tickets.version} + 1`,
    })
    .where(eq(tickets.id, ticket.id));
  await addEvent(
    tx,
    actor,
    ticket.id,
    {
      type: 'ASSIGNED',
      groupId,
      groupName,
      handlerId,
      handlerName: await nameOf(tx, handlerId),
      routed,
      remark: body.remark ?? null,
    },
    now,
  );
  return ticket.id;
}

/**
 * A member takes a ticket waiting in his group. Claiming is a person's choice, so it is allowed above the group's
 * capacity (capacity bounds routing only). A holder of ticket.manage may claim any waiting ticket.
 */
export async function claimTicket(
  tx: Tx,
  actor: TicketActor,
  body: { id: string; version?: number | null | undefined },
  now = new Date(),
): Promise<number> {
  const ticket = await lockTicket(tx, actor, body.id, body.version ?? undefined);
  if (isClosedStatusGroup(ticket.statusGroup)) throw ApiError.of(400, 'TICKET_ENDED', 'ticket.ended', {}, 'id');
  if (ticket.handlerId !== null) throw ApiError.of(400, 'NOT_WAITING', 'ticket.notWaiting', {}, 'id');
  const group =
    ticket.groupId === null
      ? undefined
      : (await lockGroups(tx, actor.organizationId, [ticket.groupId])).get(ticket.groupId);
  const member = group?.staffIds.includes(actor.userId) ?? false;
  if (!member && !actor.permissions.has(MANAGE_KEY))
    throw ApiError.of(403, 'NOT_MEMBER', 'ticket.notMember', { name: group?.name ?? String(ticket.groupId ?? '') });
  await tx
    .update(tickets)
    .set({
      handlerId: actor.userId,
      ...modifiedBy(actor as RequestAuth),
      modifyTime: now,
      version: sql`${tickets.version} + 1`,
    })
    .where(eq(tickets.id, ticket.id));
  await addEvent(
    tx,
    actor,
    ticket.id,
    {
      type: 'CLAIMED',
      groupId: group?.id ?? null,
      groupName: group?.name ?? null,
      handlerId: actor.userId,
      handlerName: actor.name,
    },
    now,
  );
  return ticket.id;
}

/** A remark in the ticket's history; it changes nothing else (so nobody's open move becomes stale). */
export async function commentTicket(
  tx: Tx,
  actor: TicketActor,
  body: { id: string; remark: string },
  now = new Date(),
): Promise<number> {
  const ticket = await findTicket(tx, actor, body.id);
  await addEvent(tx, actor, ticket.id, { type: 'COMMENTED', remark: body.remark }, now);
  return ticket.id;
}

/** The caller's ticket by wire id, or 404. */
export async function findTicket(
  db: Queryable,
  actor: Pick<TicketActor, 'organizationId'>,
  id: string,
): Promise<TicketRow> {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(tickets)
          .where(
            and(eq(tickets.id, key), eq(tickets.organizationId, actor.organizationId), eq(tickets.deleted, 'NONE')),
          );
  if (row === undefined) throw notFoundTicket(id);
  return row;
}

export function notFoundTicket(id: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${TICKET.zh} ${id} 不存在`, `${TICKET.en} ${id} not found`);
}

/** Whether `actor` may move and hand on `ticket`: its handler, or a holder of ticket.manage. */
export function mayHandle(
  actor: Pick<TicketActor, 'userId' | 'permissions'>,
  ticket: Pick<TicketRow, 'handlerId'>,
): boolean {
  return ticket.handlerId === actor.userId || actor.permissions.has(MANAGE_KEY);
}

function requireHandler(actor: TicketActor, ticket: TicketRow): void {
  if (!mayHandle(actor, ticket)) throw ApiError.of(403, 'NOT_HANDLER', 'ticket.notHandler');
}

/** The ticket locked for this transaction, at the version the caller read (409 otherwise). */
async function lockTicket(tx: Tx, actor: TicketActor, id: string, version: number | undefined): Promise<TicketRow> {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await tx
          .select()
          .from(tickets)
          .where(
            and(eq(tickets.id, key), eq(tickets.organizationId, actor.organizationId), eq(tickets.deleted, 'NONE')),
          )
          .for('update');
  if (row === undefined) throw notFoundTicket(id);
  if (version !== undefined && version !== row.version) throw ApiError.staleVersion();
  return row;
}

interface NextHandler {
  readonly handlerId: number | null;
  readonly groupId: number | null;
  readonly groupName: string | null;
}

/**
 * Who handles the ticket after a move through `node`:
 * - CREATOR: the ticket's creator;
 * - LAST: the handler before the current one (the creator when there was none);
 * - GROUP: routed in the node's first group, in the node's order, that has a member with room; when all are full it
 *   waits in the first live one; with no live group left it stays with its handler;
 * - STAFF: the node's staff member with the fewest open tickets; with none left it stays with its handler.
 */
async function nextHandler(tx: Tx, actor: TicketActor, ticket: TicketRow, node: FlowNode): Promise<NextHandler> {
  const stay = {
    handlerId: ticket.handlerId,
    groupId: ticket.groupId,
    groupName: await groupNameOf(tx, ticket.groupId),
  };
  const ids = node.handlerIds.map((id) => dbId(id) ?? 0);
  switch (node.handlerType) {
    case 'CREATOR':
      return { handlerId: ticket.creatorId, groupId: null, groupName: null };
    case 'LAST':
      return { handlerId: ticket.lastHandlerId ?? ticket.creatorId, groupId: null, groupName: null };
    case 'GROUP': {
      const routed = await routeInGroups(tx, actor.organizationId, ids, ticket.id);
      return routed === null
        ? stay
        : { handlerId: routed.handlerId, groupId: routed.groupId, groupName: routed.groupName };
    }
    case 'STAFF': {
      const handlerId = await leastLoadedStaff(tx, actor.organizationId, ids, ticket.id);
      return handlerId === null ? stay : { handlerId, groupId: null, groupName: null };
    }
  }
}

/** The previous handler after a change of hands: the one who had it, when it was someone else. */
function lastHandlerAfter(ticket: TicketRow, next: number | null): number | null {
  return ticket.handlerId !== null && ticket.handlerId !== next ? ticket.handlerId : ticket.lastHandlerId;
}

/** Deadlines in a new state: from the node's minutes, none once the ticket is resolved or closed. */
function deadlines(
  node: { alarmMinutes: number; timeoutMinutes: number },
  statusGroup: TicketStatusGroup,
  at: Date,
): { alarmAt: Date | null; timeoutAt: Date | null } {
  if (isClosedStatusGroup(statusGroup)) return { alarmAt: null, timeoutAt: null };
  return nodeDeadlines(node, at);
}

/** The next number of the kind's prefix in the organisation, handed out atomically. */
async function nextSequence(tx: Tx, organizationId: number, kind: KindRow): Promise<number> {
  const prefix = ticketNumber(kind.taskCode, 0).replace(/0+$/, '');
  const [row] = await tx
    .insert(ticketSequences)
    .values({ organizationId, prefix, last: 1 })
    .onConflictDoUpdate({
      target: [ticketSequences.organizationId, ticketSequences.prefix],
      set: { last: sql`${ticketSequences.last} + 1` },
    })
    .returning({ last: ticketSequences.last });
  return row!.last;
}

/** The session and AI result a ticket is opened from: they must be the organisation's and belong together. */
async function originOf(
  tx: Tx,
  actor: TicketActor,
  body: Pick<TicketCreate, 'sessionId' | 'aiResultId'>,
): Promise<{ sessionId: string | null; aiResultId: number | null }> {
  let sessionId = body.sessionId ?? null;
  let aiResultId: number | null = null;
  if (body.aiResultId) {
    const key = dbId(body.aiResultId) ?? 0;
    const [result] = await tx
      .select({ id: aiResults.id, sessionId: aiResults.sessionId })
      .from(aiResults)
      .where(
        and(eq(aiResults.id, key), eq(aiResults.organizationId, actor.organizationId), eq(aiResults.deleted, 'NONE')),
      );
    if (result === undefined)
      throw ApiError.of(400, 'INVALID_FIELD', 'ticket.aiResult.unknown', { id: body.aiResultId }, 'aiResultId');
    if (sessionId !== null && sessionId !== result.sessionId)
      throw ApiError.of(
        400,
        'INVALID_FIELD',
        'ticket.aiResult.notInSession',
        { id: body.aiResultId, sessionId },
        'aiResultId',
      );
    sessionId = result.sessionId;
    aiResultId = result.id;
  } else if (sessionId !== null) {
    const [session] = await tx
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.organizationId, actor.organizationId),
          eq(chatSessions.sessionId, sessionId),
          actor.agentId === null ? undefined : eq(chatSessions.agentId, actor.agentId),
        ),
      );
    if (session === undefined)
      throw ApiError.of(400, 'INVALID_FIELD', 'ticket.session.unknown', { id: sessionId }, 'sessionId');
  }
  return { sessionId, aiResultId };
}

interface EventValues {
  readonly type: TicketEventType;
  readonly fromState?: string | null;
  readonly toState?: string | null;
  readonly nodeId?: number | null;
  readonly nodeName?: string | null;
  readonly groupId?: number | null;
  readonly groupName?: string | null;
  readonly handlerId?: number | null;
  readonly handlerName?: string | null;
  readonly routed?: boolean;
  readonly remark?: string | null;
}

async function addEvent(tx: Tx, actor: TicketActor, ticketId: number, event: EventValues, at: Date): Promise<void> {
  await tx.insert(ticketEvents).values({
    organizationId: actor.organizationId,
    ticketId,
    ...event,
    actorId: actor.userId,
    actorName: actor.name,
    createTime: at,
  });
}

async function nameOf(tx: Tx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

async function groupNameOf(tx: Tx, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  const [row] = await tx.select({ name: taskGroups.name }).from(taskGroups).where(eq(taskGroups.id, groupId));
  return row?.name ?? null;
}
