import type { TicketRouteType } from '@qcdesk/contracts';

/** What routing reads of a ticket group (tickets spec "Ticket groups": capacity, routeType, staff; our cursor). */
export interface RoutingGroup {
  readonly routeType: TicketRouteType;
  /** the members in the group's order */
  readonly staffIds: readonly number[];
  /** the most open tickets a member may hold before routing passes him by (0: nobody is assigned automatically) */
  readonly capacity: number;
  /** the member who had the last routed ticket; the turn goes on after him */
  readonly rotateCursor: number | null;
}

/**
 * The member of `group` who gets the next ticket, or null when every member is at or above capacity (the ticket then
 * waits in the group for a member to claim it). `openCounts`: each member's open tickets (missing: none).
 * - LOAD (the default): the fewest open tickets; ties go in turn, starting after the cursor;
 * - ROTATE: in turn after the cursor, skipping members at capacity.
 * A member is listed once however often the group names him.
 */
export function pickHandler(group: RoutingGroup, openCounts: ReadonlyMap<number, number>): number | null {
  const order = inTurn(group.staffIds, group.rotateCursor);
  const count = (id: number) => openCounts.get(id) ?? 0;
  const withRoom = order.filter((id) => count(id) < group.capacity);
  if (withRoom.length === 0) return null;
  if (group.routeType === 'ROTATE') return withRoom[0]!;
  const fewest = Math.min(...withRoom.map(count));
  return withRoom.find((id) => count(id) === fewest)!;
}

/** The members (each once) in the order their turns come: the one after the cursor first, then round. */
export function inTurn(staffIds: readonly number[], cursor: number | null): number[] {
  const members = [...new Set(staffIds)];
  const at = cursor === null ? -1 : members.indexOf(cursor);
  return [...members.slice(at + 1), ...members.slice(0, at + 1)];
}
