/**
 * Routing under concurrency: tickets opened into one group at the same moment must not all see the same counts and
 * overfill a member. Each routing locks its group row (SELECT … FOR UPDATE) and counts under the lock. Runs on PGlite
 * and, in `npm run test:pg`, on PostgreSQL, where the requests really run in parallel on a pool of connections.
 */
import { and, eq } from 'drizzle-orm';
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
let kindId = 0;

beforeAll(async () => {
  t = await startTestApp();
  const made = await organisationWith(t, 'ticket-race', {
    lead: ['ticket.view', 'ticket.edit', 'ticket.manage'],
    s1: ['ticket.view', 'ticket.edit'],
    s2: ['ticket.view', 'ticket.edit'],
    s3: ['ticket.view', 'ticket.edit'],
  });
  ({ organizationId, lead } = made);
  for (const who of ['s1', 's2', 's3'] as const) staff.push(await userIdOf(made[who]));
  await writeStates(t.database.db, organizationId);
  ({ kindId } = await writeKind(t.database.db, organizationId, {
    name: '并发',
    states: ['PENDING', 'PROCESSING', 'CLOSED'],
    nodes: [{ from: 'PENDING', to: 'PROCESSING' }],
  }));
}, 60_000);
afterAll(async () => t?.close());

/** `n` tickets opened into `groupId` at once; answers their handlers. */
async function openAtOnce(groupId: number, n: number): Promise<(number | null)[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      lead.post('/v3/feed/ticket/create', { kindId: String(kindId), title: `并发 ${i}`, groupId: String(groupId) }),
    ),
  );
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  const rows = await t.database.db
    .select({ handlerId: tickets.handlerId })
    .from(tickets)
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.groupId, groupId)));
  expect(rows).toHaveLength(n);
  return rows.map((r) => r.handlerId);
}

const tally = (handlers: readonly (number | null)[]) => {
  const held = new Map<number | null, number>();
  for (const h of handlers) held.set(h, (held.get(h) ?? 0) + 1);
  return held;
};

describe('routing tickets opened at the same moment', () => {
  it('LOAD: twelve at once into three members of capacity 3 fill each to 3 exactly; the other three wait', async () => {
    const groupId = await writeGroup(t.database.db, organizationId, { name: '负载', staffIds: staff, capacity: 3 });
    const held = tally(await openAtOnce(groupId, 12));
    for (const member of staff) expect(held.get(member), `member ${member}`).toBe(3);
    expect(held.get(null)).toBe(3);
  });

  it('ROTATE: six at once into three members go two to each, the turn kept on the group', async () => {
    const groupId = await writeGroup(t.database.db, organizationId, {
      name: '轮流',
      staffIds: staff,
      capacity: 10,
      routeType: 'ROTATE',
    });
    const held = tally(await openAtOnce(groupId, 6));
    for (const member of staff) expect(held.get(member), `member ${member}`).toBe(2);
    const [group] = await t.database.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    expect(staff).toContain(group!.rotateCursor);
  });

  it('numbers stay unique when tickets are opened at once', async () => {
    const groupId = await writeGroup(t.database.db, organizationId, { name: '编号', staffIds: staff, capacity: 100 });
    await openAtOnce(groupId, 8);
    const page = await ok(lead.post('/v3/feed/ticket/page', {}, { query: { page: '1', size: '500' } }));
    const numbers = page.records.map((r: Json) => r.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
