import {
  isClosedStatusGroup,
  movesFrom,
  type Ticket,
  type TicketDetail,
  type TicketEvent,
  type TicketFilter,
  type TicketMoveOption,
} from '@qcdesk/contracts';
import { and, arrayContains, asc, count, eq, inArray, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import { auditFields } from '../crud/audit-fields.js';
import type { Queryable } from '../crud/entity-table.js';
import { dbId, wireId } from '../crud/ids.js';
import { keywordMatch } from '../crud/keyword.js';
import { taskGroups, taskKinds, ticketEvents, tickets, users } from '../db/schema/index.js';
import { timeFilter } from '../http/time-filter.js';
import { formatTime } from '../http/time-zone.js';
import { ENDED_GROUPS } from './group-routing.js';
import { kindFieldSpecs, loadKindFlow, statesByCode } from './kind-flow.js';
import { MANAGE_KEY, mayHandle, type TicketActor, type TicketRow } from './ticket-service.js';

/** The ticket groups (live) the caller is a member of. */
export async function groupsOf(
  db: Queryable,
  actor: Pick<TicketActor, 'organizationId' | 'userId'>,
): Promise<number[]> {
  const rows = await db
    .select({ id: taskGroups.id })
    .from(taskGroups)
    .where(
      and(
        eq(taskGroups.organizationId, actor.organizationId),
        eq(taskGroups.deleted, 'NONE'),
        arrayContains(taskGroups.staffIds, [actor.userId]),
      ),
    );
  return rows.map((r) => r.id);
}

const open = () => notInArray(tickets.statusGroup, [...ENDED_GROUPS]);

/** The page's conditions for the caller, besides the organisation. */
export async function ticketWhere(
  db: Queryable,
  actor: TicketActor,
  filter: TicketFilter,
  timeZone: string,
  now = new Date(),
): Promise<SQL> {
  const parts: (SQL | undefined)[] = [eq(tickets.organizationId, actor.organizationId), eq(tickets.deleted, 'NONE')];
  parts.push(keywordMatch([tickets.number, tickets.title], filter.keyword));
  if (filter.kindId) parts.push(eq(tickets.kindId, dbId(filter.kindId) ?? 0));
  if (filter.stateCode) parts.push(eq(tickets.stateCode, filter.stateCode));
  if (filter.statusGroup) parts.push(eq(tickets.statusGroup, filter.statusGroup));
  if (filter.open === true) parts.push(open());
  if (filter.open === false) parts.push(inArray(tickets.statusGroup, [...ENDED_GROUPS]));
  if (filter.handlerId) parts.push(eq(tickets.handlerId, dbId(filter.handlerId) ?? 0));
  if (filter.groupId) parts.push(eq(tickets.groupId, dbId(filter.groupId) ?? 0));
  if (filter.sessionId) parts.push(eq(tickets.sessionId, filter.sessionId));
  if (filter.aiResultId) parts.push(eq(tickets.aiResultId, dbId(filter.aiResultId) ?? 0));
  if (filter.view === 'MINE') parts.push(eq(tickets.handlerId, actor.userId), open());
  if (filter.view === 'WAITING') parts.push(await waitingInGroupsOf(db, actor), open());
  if (filter.handler === 'ME') parts.push(eq(tickets.handlerId, actor.userId));
  if (filter.handler === 'WAITING') parts.push(isNull(tickets.handlerId));
  if (filter.handler === 'MY_GROUPS') parts.push(await waitingInGroupsOf(db, actor), open());
  if (filter.overdue === 'ALARM') parts.push(open(), lte(tickets.alarmAt, now));
  if (filter.overdue === 'TIMEOUT') parts.push(open(), lte(tickets.timeoutAt, now));
  parts.push(...timeFilter(tickets.createTime, filter, timeZone, now));
  return and(...parts)!;
}

/** Waiting unclaimed in a group the caller belongs to. */
async function waitingInGroupsOf(db: Queryable, actor: TicketActor): Promise<SQL> {
  const groups = await groupsOf(db, actor);
  return and(isNull(tickets.handlerId), groups.length === 0 ? eq(tickets.id, 0) : inArray(tickets.groupId, groups))!;
}

/** The tab counts of the caller: his open tickets, and the open ones waiting in his groups. */
export async function tabCounts(db: Queryable, actor: TicketActor): Promise<{ myNum: number; waitingNum: number }> {
  const base = and(eq(tickets.organizationId, actor.organizationId), eq(tickets.deleted, 'NONE'), open());
  const countOf = async (where: SQL): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(tickets).where(and(base, where));
    return row?.n ?? 0;
  };
  return {
    myNum: await countOf(eq(tickets.handlerId, actor.userId)),
    waitingNum: await countOf(await waitingInGroupsOf(db, actor)),
  };
}

/** Rows → records, with the names of their kinds, states, groups and people read in a few queries. */
export async function ticketRecords(
  db: Queryable,
  organizationId: number,
  rows: readonly TicketRow[],
  timeZone: string,
  now = new Date(),
): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const kindIds = [...new Set(rows.map((r) => r.kindId))];
  const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
  const userIds = [...new Set(rows.flatMap((r) => [r.handlerId, r.lastHandlerId].filter((id) => id !== null)))];
  const [kinds, groups, people, states] = await Promise.all([
    db.select({ id: taskKinds.id, name: taskKinds.name }).from(taskKinds).where(inArray(taskKinds.id, kindIds)),
    groupIds.length === 0
      ? []
      : db
          .select({ id: taskGroups.id, name: taskGroups.name })
          .from(taskGroups)
          .where(inArray(taskGroups.id, groupIds)),
    userIds.length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, userIds as number[])),
    statesByCode(db, organizationId, [...new Set(rows.map((r) => r.stateCode))]),
  ]);
  const kindName = new Map(kinds.map((k) => [k.id, k.name]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const personName = new Map(people.map((p) => [p.id, p.name]));
  return rows.map((row) => {
    const state = states.get(row.stateCode);
    const ongoing = !isClosedStatusGroup(row.statusGroup);
    return {
      id: String(row.id),
      number: row.number,
      title: row.title,
      content: row.content,
      kindId: String(row.kindId),
      kindName: kindName.get(row.kindId) ?? null,
      stateCode: row.stateCode,
      stateName: state?.name ?? row.stateCode,
      stateColor: state?.color ?? null,
      statusGroup: row.statusGroup,
      groupId: wireId(row.groupId),
      groupName: row.groupId === null ? null : (groupName.get(row.groupId) ?? null),
      handlerId: wireId(row.handlerId),
      handlerName: row.handlerId === null ? null : (personName.get(row.handlerId) ?? null),
      lastHandlerId: wireId(row.lastHandlerId),
      lastHandlerName: row.lastHandlerId === null ? null : (personName.get(row.lastHandlerId) ?? null),
      sessionId: row.sessionId,
      aiResultId: wireId(row.aiResultId),
      fieldValues: row.fieldValues,
      attachments: row.attachments,
      stateSince: formatTime(row.stateSince, timeZone)!,
      alarmAt: formatTime(row.alarmAt, timeZone),
      timeoutAt: formatTime(row.timeoutAt, timeZone),
      alarmed: ongoing && row.alarmAt !== null && row.alarmAt.getTime() <= now.getTime(),
      timedOut: ongoing && row.timeoutAt !== null && row.timeoutAt.getTime() <= now.getTime(),
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}

/** The detail: the record, its kind's fields, the moves allowed now with who handles each, the history, the actions. */
export async function ticketDetail(
  db: Queryable,
  actor: TicketActor,
  row: TicketRow,
  timeZone: string,
  now = new Date(),
): Promise<TicketDetail> {
  const [record] = await ticketRecords(db, actor.organizationId, [row], timeZone, now);
  const loaded = await loadKindFlow(db, actor.organizationId, row.kindId);
  const nodes = loaded === null ? [] : movesFrom(loaded.flow, row.stateCode);
  const states = await statesByCode(
    db,
    actor.organizationId,
    nodes.map((n) => n.stateTo),
  );
  const handlerKeys = (type: string) =>
    nodes.filter((n) => n.handlerType === type).flatMap((n) => n.handlerIds.map((id) => dbId(id) ?? 0));
  const [groupRows, staffRows, eventRows, fields, memberOf] = await Promise.all([
    handlerKeys('GROUP').length === 0
      ? []
      : db
          .select({ id: taskGroups.id, name: taskGroups.name })
          .from(taskGroups)
          .where(
            and(eq(taskGroups.organizationId, actor.organizationId), inArray(taskGroups.id, handlerKeys('GROUP'))),
          ),
    handlerKeys('STAFF').length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.organizationId, actor.organizationId), inArray(users.id, handlerKeys('STAFF')))),
    db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, row.id)).orderBy(asc(ticketEvents.id)),
    loaded === null ? [] : kindFieldSpecs(db, actor.organizationId, loaded.kind),
    groupsOf(db, actor),
  ]);
  const names = new Map<string, string>([
    ...groupRows.map((g) => [`GROUP:${g.id}`, g.name] as const),
    ...staffRows.map((s) => [`STAFF:${s.id}`, s.name] as const),
  ]);
  const stateNames = new Map([...states.values()].map((s) => [s.code, s.name]));
  const moves: TicketMoveOption[] = nodes.map((node) => {
    const state = states.get(node.stateTo);
    return {
      stateTo: node.stateTo,
      stateName: state?.name ?? node.stateTo,
      stateColor: state?.color ?? null,
      statusGroup: state?.statusGroup ?? null,
      nodeId: node.id,
      nodeName: node.name,
      handlerType: node.handlerType,
      handlers: node.handlerIds.map((id) => ({ id, name: names.get(`${node.handlerType}:${id}`) ?? null })),
      alarmMinutes: node.alarmMinutes,
      timeoutMinutes: node.timeoutMinutes,
    };
  });
  const allStates = await statesByCode(db, actor.organizationId, [
    ...new Set(eventRows.flatMap((e) => [e.fromState, e.toState].filter((s): s is string => s !== null))),
  ]);
  const events: TicketEvent[] = eventRows.map((e) => ({
    id: String(e.id),
    type: e.type,
    fromState: e.fromState,
    fromStateName:
      e.fromState === null ? null : (allStates.get(e.fromState)?.name ?? stateNames.get(e.fromState) ?? e.fromState),
    toState: e.toState,
    toStateName: e.toState === null ? null : (allStates.get(e.toState)?.name ?? e.toState),
    nodeId: wireId(e.nodeId),
    nodeName: e.nodeName,
    groupId: wireId(e.groupId),
    groupName: e.groupName,
    handlerId: wireId(e.handlerId),
    handlerName: e.handlerName,
    routed: e.routed,
    remark: e.remark,
    actorId: wireId(e.actorId),
    actorName: e.actorName,
    time: formatTime(e.createTime, timeZone)!,
  }));
  const ongoing = !isClosedStatusGroup(row.statusGroup);
  const handles = mayHandle(actor, row);
  const waitingForMe =
    row.handlerId === null &&
    ((row.groupId !== null && memberOf.includes(row.groupId)) || actor.permissions.has(MANAGE_KEY));
  return {
    ...record!,
    fields: fields.map((f) => ({ ...f, options: [...f.options] })),
    moves,
    events,
    actions: {
      move: handles && moves.length > 0,
      claim: ongoing && waitingForMe,
      assign: ongoing && handles,
      comment: actor.permissions.has('ticket.edit'),
    },
  };
}
