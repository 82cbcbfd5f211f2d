import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { rolesAfterUpgrade } from '../helpers/roles-upgrade.js';

const TICKET_KEYS = ['ticket.view', 'ticket.edit', 'ticket.manage'];
/** a built-in role as stores made before tickets hold it: without the ticket keys */
const beforeTickets = (permissions: readonly string[]) => permissions.filter((p) => !TICKET_KEYS.includes(p));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('stored roles upgrade: the ticket keys', () => {
  it('gives the built-in roles of older stores the keys their ticket work needs, and nobody else anything', async () => {
    const keys = await rolesAfterUpgrade(
      '_tickets',
      {
        admin: ['*'],
        inspector: beforeTickets(DEMO_ROLES.inspector.permissions),
        supervisor: beforeTickets(DEMO_ROLES.supervisor.permissions),
        agent: beforeTickets(DEMO_ROLES.agent.permissions),
        // a role of the administrator's own making keeps exactly what it had
        reader: ['qc-rule.view'],
      },
      cleanups,
    );
    // after the upgrade each built-in role holds what a new organisation's does
    for (const who of ['inspector', 'supervisor', 'agent'] as const)
      expect([...keys[who]!].sort()).toEqual([...DEMO_ROLES[who].permissions].sort());
    expect(keys.supervisor).toContain('ticket.manage');
    expect(keys.agent).not.toContain('ticket.manage');
    expect(keys.admin).toEqual(['*']);
    expect(keys.reader).toEqual(['qc-rule.view']);
  }, 120_000);
});
