import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leastLoaded } from '../../src/tickets/group-routing.js';
import { inTurn, pickHandler, type RoutingGroup } from '../../src/tickets/pick-handler.js';

const staff = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 });
/** a group, members possibly repeated, and each member's open count */
const situation = staff.chain((ids) =>
  fc.record({
    group: fc.record({
      routeType: fc.constantFrom('LOAD' as const, 'ROTATE' as const),
      staffIds: fc.constant(ids),
      capacity: fc.integer({ min: 0, max: 6 }),
      rotateCursor: fc.option(fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 41, max: 50 })), { nil: null }),
    }),
    counts: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: ids.length, maxLength: ids.length }),
  }),
);
const countsOf = (group: RoutingGroup, counts: readonly number[]) =>
  new Map(group.staffIds.map((id, i) => [id, counts[i]!]));

describe('pickHandler: who gets the next ticket of a group', () => {
  it('never picks a member at or above capacity, and picks someone whenever a member has room', () => {
    fc.assert(
      fc.property(situation, ({ group, counts }) => {
        const open = countsOf(group, counts);
        const picked = pickHandler(group, open);
        const withRoom = group.staffIds.filter((id) => open.get(id)! < group.capacity);
        if (withRoom.length === 0) expect(picked).toBeNull();
        else {
          expect(picked).not.toBeNull();
          expect(group.staffIds).toContain(picked);
          expect(open.get(picked!)!).toBeLessThan(group.capacity);
        }
      }),
    );
  });

  it('LOAD picks a member with the fewest open tickets, the first of them after the cursor', () => {
    fc.assert(
      fc.property(situation, ({ group, counts }) => {
        const load = { ...group, routeType: 'LOAD' as const };
        const open = countsOf(load, counts);
        const picked = pickHandler(load, open);
        if (picked === null) return;
        const fewest = Math.min(
          ...load.staffIds.filter((id) => open.get(id)! < load.capacity).map((id) => open.get(id)!),
        );
        expect(open.get(picked)).toBe(fewest);
        // ties are broken in turn: no tied member comes before him in the turn order
        const order = inTurn(load.staffIds, load.rotateCursor);
        const before = order.slice(0, order.indexOf(picked));
        expect(before.filter((id) => open.get(id) === fewest)).toEqual([]);
      }),
    );
  });

  it('ROTATE visits every member in turn (with room for all, n tickets go to n different members)', () => {
    fc.assert(
      fc.property(staff, fc.integer({ min: 1, max: 3 }), (ids, rounds) => {
        let cursor: number | null = null;
        const seen: number[] = [];
        for (let i = 0; i < ids.length * rounds; i++) {
          const picked: number | null = pickHandler(
            { routeType: 'ROTATE', staffIds: ids, capacity: 1000, rotateCursor: cursor },
            new Map(),
          );
          seen.push(picked!);
          cursor = picked;
        }
        for (let r = 0; r < rounds; r++)
          expect([...seen.slice(r * ids.length, (r + 1) * ids.length)].sort((a, b) => a - b)).toEqual(
            [...ids].sort((a, b) => a - b),
          );
        // and in the group's order
        expect(seen.slice(0, ids.length)).toEqual(ids);
      }),
    );
  });

  it('LOAD with equal loads goes round the members in turn too', () => {
    const group = { routeType: 'LOAD' as const, staffIds: [7, 3, 9], capacity: 5 };
    const picks: number[] = [];
    let cursor: number | null = null;
    const open = new Map<number, number>();
    for (let i = 0; i < 6; i++) {
      const picked: number = pickHandler({ ...group, rotateCursor: cursor }, open)!;
      picks.push(picked);
      open.set(picked, (open.get(picked) ?? 0) + 1);
      cursor = picked;
    }
    expect(picks).toEqual([7, 3, 9, 7, 3, 9]);
  });

  it('capacity 0 assigns nobody automatically', () => {
    expect(pickHandler({ routeType: 'LOAD', staffIds: [1, 2], capacity: 0, rotateCursor: null }, new Map())).toBeNull();
  });

  it('STAFF nodes: the least loaded of the node’s staff, the first on a tie', () => {
    expect(
      leastLoaded(
        [4, 5, 6],
        new Map([
          [4, 2],
          [5, 1],
          [6, 1],
        ]),
      ),
    ).toBe(5);
    expect(leastLoaded([4, 5], new Map())).toBe(4);
    expect(leastLoaded([], new Map())).toBeNull();
  });
});
