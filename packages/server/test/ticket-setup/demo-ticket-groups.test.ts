/**
 * The demo's ticket states and groups (the step 'ticket-groups-states'), as the console shows them: two states of the
 * organisation beside the system ones, 售后一组 by load with the administrator, supervisor and agent, 回访组 in turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoSeedContext } from '../../src/seed/demo-seeders.js';
import { findDemoTicketGroups, seedDemoTicketGroups } from '../../src/seed/demo-ticket-groups.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let organizationId: number;
const people = { admin: 0, inspector: 0, supervisor: 0, agent: 0 };

beforeAll(async () => {
  t = await startTestApp();
  const org = await organisationWith(t, 'demo-tgroups', {
    admin: ['*'],
    inspector: ['ticket-state.view'],
    supervisor: ['ticket-group.view'],
    agent: [],
  });
  ({ admin, organizationId } = org);
  for (const who of Object.keys(people) as (keyof typeof people)[])
    people[who] = Number((await ok(org[who].post('/v3/auth/me', {}))).user.id);
  const context = {
    db: t.database.db,
    config: t.config,
    organizationId,
    users: { ...people, agent: { userId: people.agent, agentId: 0 } },
    rules: new Map(),
    schemes: { activeAi: 0, draftAi: 0, person: 0 },
    log: () => {},
    seededAt: new Date(),
  } satisfies DemoSeedContext;
  await seedDemoTicketGroups(context);
}, 60_000);
afterAll(async () => t?.close());

describe('demo ticket states and groups', () => {
  it('adds 待回访 (in progress) and 已退款 (resolved) beside the five system states', async () => {
    const states = (await ok(admin.post('/v3/feed/task-state/list', {}))) as Json[];
    expect(states).toHaveLength(7);
    expect(states.filter((s) => !s.system)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: '待回访', code: 'CALLBACK', status: 'PROCESSING', color: '#13c2c2' }),
        expect.objectContaining({ name: '已退款', code: 'REFUNDED', status: 'RESOLVED', color: '#fa8c16' }),
      ]),
    );
  });

  it('adds 售后一组 (LOAD: admin, supervisor, agent) and 回访组 (ROTATE: supervisor, inspector)', async () => {
    const groups = (await ok(admin.post('/v3/feed/task-group/list', {}))) as Json[];
    const byName = new Map(groups.map((g) => [g.name, g]));
    expect(byName.get('售后一组')).toMatchObject({
      routeType: 'LOAD',
      capacity: 20,
      agentTicket: true,
      status: 'ACTIVE',
      staffIds: [people.admin, people.supervisor, people.agent].map(String),
    });
    expect(byName.get('回访组')).toMatchObject({
      routeType: 'ROTATE',
      staffs: [
        { staffId: String(people.supervisor), staffName: 'supervisor' },
        { staffId: String(people.inspector), staffName: 'inspector' },
      ],
    });
    const keys = await findDemoTicketGroups(t.database.db, organizationId);
    expect([String(keys.afterSales), String(keys.callback)]).toEqual([
      byName.get('售后一组').id,
      byName.get('回访组').id,
    ]);
  });
});
