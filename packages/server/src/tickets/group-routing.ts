import { and, asc, count, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import type { RowOf } from '../crud/rows.js';
import { taskGroups, tickets, users } from '../db/schema/index.js';
import { pickHandler } from './pick-handler.js';

export type GroupRow = RowOf<typeof taskGroups>;

/** The status groups of tickets that are over: they count toward nobody's load. */
export const ENDED_GROUPS = ['RESOLVED', 'CLOSED'] as const;

/**
 * Locks the live, ACTIVE ticket groups among `ids` (SELECT … FOR UPDATE, in id order so that two routings never wait
 * on each other crosswise) and answers them by id. Routing reads the members' counts only under this lock, so two
 * tickets routed at the same moment into one group see each other and cannot overfill a member.
 */
export async function lockGroups(
  tx: Queryable,
  organizationId: number,
  ids: readonly number[],
): Promise<Map<number, GroupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(taskGroups)
    .where(
      and(
        eq(taskGroups.organizationId, organizationId),
        inArray(taskGroups.id, [...new Set(ids)]),
        eq(taskGroups.deleted, 'NONE'),
        eq(taskGroups.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(taskGroups.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Of `ids`, those that are live, enabled users of the organisation, in the given order. */
export async function liveStaff(tx: Queryable, organizationId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.id, [...new Set(ids)]),
        eq(users.deleted, 'NONE'),
        eq(users.status, 'ACTIVE'),
      ),
    );
  const live = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => live.has(id));
}

/**
 * Open tickets per handler among `staffIds`: within one group (`groupId`, a member's load there, which the group's
 * capacity bounds) or across the organisation (null). `except`: the ticket being moved, which is about to leave its
 * handler.
 */
export async function openCounts(
  tx: Queryable,
  organizationId: number,
  staffIds: readonly number[],
  groupId: number | null,
  except: number | null,
): Promise<Map<number, number>> {
  if (staffIds.length === 0) return new Map();
  const where: (SQL | undefined)[] = [
    eq(tickets.organizationId, organizationId),
    inArray(tickets.handlerId, [...staffIds]),
    notInArray(tickets.statusGroup, [...ENDED_GROUPS]),
    eq(tickets.deleted, 'NONE'),
    groupId === null ? undefined : eq(tickets.groupId, groupId),
    except === null ? undefined : ne(tickets.id, except),
  ];
  const rows = await tx
    .select({ handlerId: tickets.handlerId, n: count() })
    .from(tickets)
    .where(and(...where))
    .groupBy(tickets.handlerId);
  return new Map(rows.map((r) => [r.handlerId!, r.n]));
}

/** Where routing put a ticket: a group and its member, or the group alone (the ticket waits to be claimed). */
export interface Routed {
  readonly groupId: number;
  readonly groupName: string;
  readonly handlerId: number | null;
}

/**
 * Routes a ticket into the first of `groupIds` (in that order) with a member who has room, by the group's rule
 * (pickHandler), and moves the group's turn on to him. When every group is full the ticket waits unassigned in the
 * first live group; null when none of the groups is live and enabled. Call it inside the ticket's transaction.
 */
export async function routeInGroups(
  tx: Queryable,
  organizationId: number,
  groupIds: readonly number[],
  except: number | null,
): Promise<Routed | null> {
  const groups = await lockGroups(tx, organizationId, groupIds);
  const live = groupIds.map((id) => groups.get(id)).filter((g): g is GroupRow => g !== undefined);
  for (const group of live) {
    const staffIds = await liveStaff(tx, organizationId, group.staffIds);
    const counts = await openCounts(tx, organizationId, staffIds, group.id, except);
    const handlerId = pickHandler({ ...group, staffIds }, counts);
    if (handlerId === null) continue;
    await tx.update(taskGroups).set({ rotateCursor: handlerId }).where(eq(taskGroups.id, group.id));
    return { groupId: group.id, groupName: group.name, handlerId };
  }
  const first = live[0];
  return first === undefined ? null : { groupId: first.id, groupName: first.name, handlerId: null };
}

/**
 * A STAFF node's handler: of the node's staff (live users, in the node's order), the one with the fewest open
 * tickets across the organisation; the first of them on a tie. Null when none is left.
 */
export async function leastLoadedStaff(
  tx: Queryable,
  organizationId: number,
  staffIds: readonly number[],
  except: number | null,
): Promise<number | null> {
  const live = await liveStaff(tx, organizationId, staffIds);
  if (live.length === 0) return null;
  const counts = await openCounts(tx, organizationId, live, null, except);
  return leastLoaded(live, counts);
}

/** The first of `ids` with the fewest open tickets. */
export function leastLoaded(ids: readonly number[], counts: ReadonlyMap<number, number>): number | null {
  let best: number | null = null;
  for (const id of ids) if (best === null || (counts.get(id) ?? 0) < (counts.get(best) ?? 0)) best = id;
  return best;
}
