import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roles } from '../../src/db/schema/index.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { migrationBefore, storeMigratedFrom } from '../helpers/store-before-migration.js';

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
    let organizationId = 0;
    const { opened, close } = await storeMigratedFrom(migrationBefore('_agent_alarms'), async (run) => {
      const made = await run(sql`insert into organizations (name) values ('旧公司') returning id`);
      organizationId = Number(made.rows[0]!.id);
      const role = (code: string, permissions: readonly string[]) =>
        run(
          sql`insert into roles (organization_id, code, name, permissions) values (${organizationId}, ${code}, ${code}, ${JSON.stringify(permissions)}::jsonb)`,
        );
      await role('admin', ['*']);
      // an older supervisor: no monitor keys, but csLine.view given by hand already
      await role('supervisor', [
        ...DEMO_ROLES.supervisor.permissions.filter((p) => !MONITOR_KEYS.includes(p)),
        'csLine.view',
      ]);
      await role('agent', DEMO_ROLES.agent.permissions);
      await role('reader', ['qc-rule.view']);
    });
    cleanups.push(close);
    const stored = await opened.db
      .select({ code: roles.code, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.organizationId, organizationId))
      .orderBy(asc(roles.id));
    const keys = Object.fromEntries(stored.map((r) => [r.code, r.permissions]));
    expect([...keys.supervisor!].sort()).toEqual([...DEMO_ROLES.supervisor.permissions].sort());
    expect(keys.agent).toEqual(DEMO_ROLES.agent.permissions);
    expect(keys.admin).toEqual(['*']);
    expect(keys.reader).toEqual(['qc-rule.view']);
  }, 120_000);
});
