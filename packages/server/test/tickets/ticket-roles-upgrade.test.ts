import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roles } from '../../src/db/schema/index.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { migrationBefore, storeMigratedFrom } from '../helpers/store-before-migration.js';

const TICKET_KEYS = ['ticket.view', 'ticket.edit', 'ticket.manage'];
/** a built-in role as stores made before tickets hold it: without the ticket keys */
const beforeTickets = (permissions: readonly string[]) => permissions.filter((p) => !TICKET_KEYS.includes(p));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('stored roles upgrade: the ticket keys', () => {
  it('gives the built-in roles of older stores the keys their ticket work needs, and nobody else anything', async () => {
    let organizationId = 0;
    const { opened, close } = await storeMigratedFrom(migrationBefore('_tickets'), async (run) => {
      const made = await run(sql`insert into organizations (name) values ('旧公司') returning id`);
      organizationId = Number(made.rows[0]!.id);
      const role = (code: string, permissions: readonly string[]) =>
        run(
          sql`insert into roles (organization_id, code, name, permissions) values (${organizationId}, ${code}, ${code}, ${JSON.stringify(permissions)}::jsonb)`,
        );
      await role('admin', ['*']);
      for (const who of ['inspector', 'supervisor', 'agent'] as const)
        await role(who, beforeTickets(DEMO_ROLES[who].permissions));
      // a role of the administrator's own making keeps exactly what it had
      await role('reader', ['qc-rule.view']);
    });
    cleanups.push(close);
    const stored = await opened.db
      .select({ code: roles.code, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.organizationId, organizationId))
      .orderBy(asc(roles.id));
    const keys = Object.fromEntries(stored.map((r) => [r.code, r.permissions]));
    // after the upgrade each built-in role holds what a new organisation's does
    for (const who of ['inspector', 'supervisor', 'agent'] as const)
      expect([...keys[who]!].sort()).toEqual([...DEMO_ROLES[who].permissions].sort());
    expect(keys.supervisor).toContain('ticket.manage');
    expect(keys.agent).not.toContain('ticket.manage');
    expect(keys.admin).toEqual(['*']);
    expect(keys.reader).toEqual(['qc-rule.view']);
  }, 120_000);
});
