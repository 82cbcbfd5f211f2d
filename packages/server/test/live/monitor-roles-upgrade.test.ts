import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { rolesAfterUpgrade } from '../helpers/roles-upgrade.js';

/** what the supervisor gained with the monitors and forced transfer (two of them some stores' roles held already) */
const MONITOR_KEYS = [
  'csGroup.view',
  'csLine.view',
  'monitor-agent.view',
  'monitor-group.view',
  'monitor-queue.view',
  'monitor.transfer',
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('stored roles upgrade: the monitor keys', () => {
  it("gives an older store's supervisor the monitor and transfer keys once each, and nobody else anything", async () => {
    const keys = await rolesAfterUpgrade(
      '_agent_alarms',
      {
        admin: ['*'],
        // an older supervisor: no monitor keys, but csLine.view given by hand already
        supervisor: [...DEMO_ROLES.supervisor.permissions.filter((p) => !MONITOR_KEYS.includes(p)), 'csLine.view'],
        agent: DEMO_ROLES.agent.permissions,
        reader: ['qc-rule.view'],
      },
      cleanups,
    );
    expect([...keys.supervisor!].sort()).toEqual([...DEMO_ROLES.supervisor.permissions].sort());
    expect(keys.agent).toEqual(DEMO_ROLES.agent.permissions);
    expect(keys.admin).toEqual(['*']);
    expect(keys.reader).toEqual(['qc-rule.view']);
  }, 120_000);
});
