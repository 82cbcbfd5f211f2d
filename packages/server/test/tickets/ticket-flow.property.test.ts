/**
 * The property, against the real routes on PGlite (and PostgreSQL in `npm run test:pg`): for any kind
 * (random states, random nodes of every handler type) and any sequence of requested moves, a ticket only ever visits
 * states the kind's matrix allows from its current state — a refused move leaves it where it was, at the same
 * version — and LOAD routing never gives a member of a group more open tickets than the group's capacity.
 */
import { checkMove, type NodeHandlerType, type TicketFlow } from '@qcdesk/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskGroups, tickets } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import { userIdOf, writeGroup, writeKind, writeStates } from './ticket-fixtures.js';

let t: TestApp;
let organizationId: number;
let lead: Caller;
const staff: number[] = [];

/** the codes a flow picks from (system states and two of the organisation's), and one no state has */
const POOL = ['PENDING', 'PROCESSING', 'SUSPENDED', 'RESOLVED', 'CLOSED', 'CHECKING', 'RETURNED'];

beforeAll(async () => {
  t = await startTestApp();
  const made = await organisationWith(t, 'ticket-property', {
    lead: ['ticket.view', 'ticket.edit', 'ticket.manage'],
    s1: ['ticket.view', 'ticket.edit'],
    s2: ['ticket.view', 'ticket.edit'],
    s3: ['ticket.view', 'ticket.edit'],
  });
  ({ organizationId, lead } = made);
  for (const who of ['s1', 's2', 's3'] as const) staff.push(await userIdOf(made[who]));
  await writeStates(t.database.db, organizationId, [
    { code: 'CHECKING', name: '审核中', statusGroup: 'PROCESSING' },
    { code: 'RETURNED', name: '已退回', statusGroup: 'PENDING' },
  ]);
}, 60_000);
afterAll(async () => t?.close());

interface NodeDraft {
  from: number;
  to: number;
  handlerType: NodeHandlerType;
  pick: number;
}

/** a flow: 2–6 states of the pool in some order, nodes on random cells with random handlers */
const flowArb = fc.shuffledSubarray(POOL, { minLength: 2, maxLength: 6 }).chain((states) =>
  fc.record({
    states: fc.constant(states),
    nodes: fc.uniqueArray(
      fc.record({
        from: fc.nat(states.length - 1),
        to: fc.nat(states.length - 1),
        handlerType: fc.constantFrom<NodeHandlerType>('CREATOR', 'LAST', 'GROUP', 'STAFF'),
        pick: fc.nat(5),
      }),
      { selector: (n: NodeDraft) => `${n.from}-${n.to}`, maxLength: 12 },
    ),
    capacity: fc.integer({ min: 0, max: 2 }),
    routeType: fc.constantFrom('LOAD' as const, 'ROTATE' as const),
    /** each request: which ticket, and which state (the pool's, or one no flow has) */
    requests: fc.array(fc.record({ ticket: fc.nat(2), to: fc.constantFrom(...POOL, 'NOWHERE') }), {
      minLength: 1,
      maxLength: 14,
    }),
  }),
);

describe('tickets move only along the matrix; routing never overfills a member', () => {
  it('holds for random kinds and random requested moves', async () => {
    await fc.assert(
      fc.asyncProperty(flowArb, async (run) => {
        const db = t.database.db;
        // two groups of the organisation's staff with the run's capacity and rule
        const groups = [
          await writeGroup(db, organizationId, {
            name: 'P1',
            staffIds: staff,
            capacity: run.capacity,
            routeType: run.routeType,
          }),
          await writeGroup(db, organizationId, {
            name: 'P2',
            staffIds: staff.slice(1),
            capacity: run.capacity,
            routeType: 'LOAD',
          }),
        ];
        const nodes = run.nodes
          .filter((n) => n.from !== n.to)
          .map((n) => ({
            from: run.states[n.from]!,
            to: run.states[n.to]!,
            handlerType: n.handlerType,
            handlerIds:
              n.handlerType === 'GROUP'
                ? [groups[n.pick % 2]!, groups[(n.pick + 1) % 2]!].slice(0, 1 + (n.pick % 2))
                : n.handlerType === 'STAFF'
                  ? [staff[n.pick % staff.length]!]
                  : [],
          }));
        const { kindId } = await writeKind(db, organizationId, { name: 'prop', states: run.states, nodes });
        const flow: TicketFlow = {
          states: run.states,
          nodes: nodes.map((n, i) => ({
            id: String(i),
            name: '',
            stateFrom: n.from,
            stateTo: n.to,
            handlerType: n.handlerType,
            handlerIds: n.handlerIds.map(String),
            alarmMinutes: 10,
            timeoutMinutes: 720,
          })),
        };
        const opened: string[] = [];
        for (let i = 0; i < 3; i++)
          opened.push(
            (
              await ok(
                lead.post('/v3/feed/ticket/create', {
                  kindId: String(kindId),
                  title: `t${i}`,
                  groupId: String(groups[i % 2]),
                }),
              )
            ).id,
          );
        await capacityHolds(groups);
        for (const request of run.requests) {
          const ticketId = opened[request.ticket]!;
          const before = await ok(lead.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));
          const allowed = checkMove(flow, before.stateCode, request.to).ok;
          const res = await lead.post('/v3/feed/ticket/move', {
            id: ticketId,
            version: before.version,
            stateTo: request.to,
          });
          const after = await ok(lead.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));
          if (allowed) {
            expect(res.statusCode, res.body).toBe(200);
            expect(after).toMatchObject({ stateCode: request.to, version: before.version + 1 });
          } else {
            expect(res.statusCode, res.body).toBe(400);
            expect(after).toMatchObject({ stateCode: before.stateCode, version: before.version });
          }
          // the moves offered are exactly the matrix's from where it is now
          expect(after.moves.map((m: Json) => m.stateTo)).toEqual(
            run.states.filter((to) => checkMove(flow, after.stateCode, to).ok),
          );
          await capacityHolds(groups);
        }
        // every ticket's history is a walk along the matrix from the first state
        for (const ticketId of opened) {
          const d = await ok(lead.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));
          let at = run.states[0]!;
          for (const event of d.events.filter((e: Json) => e.type === 'MOVED')) {
            expect(event.fromState).toBe(at);
            expect(checkMove(flow, at, event.toState).ok).toBe(true);
            at = event.toState;
          }
          expect(d.stateCode).toBe(at);
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});

/** No member of a group holds more open tickets of it than the group's capacity. */
async function capacityHolds(groups: readonly number[]): Promise<void> {
  const db = t.database.db;
  for (const groupId of groups) {
    const [group] = await db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    const rows = await db
      .select({ handlerId: tickets.handlerId })
      .from(tickets)
      .where(and(eq(tickets.groupId, groupId), notInArray(tickets.statusGroup, ['RESOLVED', 'CLOSED'])));
    const held = new Map<number, number>();
    for (const { handlerId } of rows) if (handlerId !== null) held.set(handlerId, (held.get(handlerId) ?? 0) + 1);
    for (const [member, n] of held)
      expect(n, `member ${member} of group ${groupId}`).toBeLessThanOrEqual(group!.capacity);
  }
}
