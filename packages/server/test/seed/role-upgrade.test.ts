import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connect.js';
import { roles } from '../../src/db/schema/index.js';
import { createOrganization, type RoleSpec } from '../../src/seed/accounts.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { type RawSql, storeMigratedFrom } from '../helpers/store-before-migration.js';

/** the last migration before qc-complaint.review existed in stored roles */
const BEFORE_SPLIT = '0002_seed_steps';

/** A role as the demo seed stored it before the split: qc-complaint.edit where review is now. */
const beforeSplit = (permissions: readonly string[]) =>
  permissions.map((p) => (p === 'qc-complaint.review' ? 'qc-complaint.edit' : p));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A store migrated only up to `BEFORE_SPLIT`, filled by `fill`, then opened as the server opens it. */
async function upgradedStore(fill: (db: Database, createRole: OldRole) => Promise<void>): Promise<Database> {
  const { opened, close } = await storeMigratedFrom(BEFORE_SPLIT, (run, db) => fill(db, oldRole(run)));
  cleanups.push(close);
  return opened.db;
}

type OldRole = (organizationId: number, role: RoleSpec) => Promise<void>;
/** A role as the old schema stores it (raw SQL: today's roles table has columns the old one lacks). */
const oldRole =
  (run: RawSql): OldRole =>
  async (organizationId, role) => {
    await run(
      sql`insert into roles (organization_id, code, name, permissions) values (${organizationId}, ${role.code}, ${role.name}, ${JSON.stringify(role.permissions)}::jsonb)`,
    );
  };

describe('stored roles upgrade: qc-complaint.review', () => {
  it("grants the review key to the reviewers' roles that held qc-complaint.edit, never to the agent's", async () => {
    let organizationId = 0;
    const db = await upgradedStore(async (old, createRole) => {
      organizationId = await createOrganization(old, '演示公司');
      await createRole(organizationId, { ...DEMO_ROLES.admin });
      for (const who of ['inspector', 'supervisor', 'agent'] as const) {
        const role = DEMO_ROLES[who];
        await createRole(organizationId, { ...role, permissions: beforeSplit(role.permissions) });
      }
      // a role of the administrator's making that already has the key keeps it once
      await createRole(organizationId, {
        code: 'lead',
        name: '组长',
        permissions: ['qc-complaint.edit', 'qc-manual-result.status', 'qc-complaint.review'],
      });
      // reviewers' other keys without qc-complaint.edit: nothing to carry over
      await createRole(organizationId, {
        code: 'mover',
        name: '调度',
        permissions: ['qc-manual-result.view', 'qc-manual-result.status'],
      });
    });
    const stored = await db
      .select({ code: roles.code, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.organizationId, organizationId))
      .orderBy(asc(roles.id));
    const keys = Object.fromEntries(stored.map((r) => [r.code, r.permissions]));
    expect(keys.supervisor).toContain('qc-complaint.review');
    expect(keys.inspector).toContain('qc-complaint.review');
    // nothing else of theirs changes
    expect(keys.supervisor).toEqual([...beforeSplit(DEMO_ROLES.supervisor.permissions), 'qc-complaint.review']);
    expect(keys.agent).toEqual([...DEMO_ROLES.agent.permissions]);
    expect(keys.agent).not.toContain('qc-complaint.review');
    expect(keys.admin).toEqual(['*']);
    expect(keys.lead!.filter((k) => k === 'qc-complaint.review')).toHaveLength(1);
    expect(keys.mover).toEqual(['qc-manual-result.view', 'qc-manual-result.status']);
  }, 120_000);
});
