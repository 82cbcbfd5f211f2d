import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/config/server-config.js';
import { type Database, openDatabase } from '../../src/db/connect.js';
import { roles } from '../../src/db/schema/index.js';
import { createOrganization, createRole } from '../../src/seed/accounts.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** the last migration before qc-complaint.review existed in stored roles */
const BEFORE_SPLIT = '0002_seed_steps';

/** The migrations folder as it was up to `lastTag`: its SQL files and a journal cut there. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  const entries = journal.entries.slice(0, last + 1);
  for (const e of entries) copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** A role as the demo seed stored it before the split: qc-complaint.edit where review is now. */
const beforeSplit = (permissions: readonly string[]) =>
  permissions.map((p) => (p === 'qc-complaint.review' ? 'qc-complaint.edit' : p));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * A store migrated only up to `BEFORE_SPLIT`, then filled by `fill`, then opened as the server opens it (every
 * migration run). PGlite on disk, or a fresh PostgreSQL database when DATABASE_URL is set.
 */
async function upgradedStore(fill: (db: Database) => Promise<void>): Promise<Database> {
  const old = migrationsUpTo(BEFORE_SPLIT);
  cleanups.push(() => rmSync(old, { recursive: true, force: true }));
  const { databaseUrl } = readServerConfig({ ...process.env, QCDESK_DEMO: '0' });
  if (databaseUrl === null) {
    const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-upgrade-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const client = new PGlite(dataDir);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: old });
    await fill(db as unknown as Database);
    await client.close();
    const opened = await openDatabase({ databaseUrl: null, dataDir });
    cleanups.push(() => opened.close());
    return opened.db;
  }
  const name = `qcdesk_test_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder: old });
  await fill(db as unknown as Database);
  await pool.end();
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  cleanups.push(() => opened.close());
  return opened.db;
}

describe('stored roles upgrade: qc-complaint.review', () => {
  it("grants the review key to the reviewers' roles that held qc-complaint.edit, never to the agent's", async () => {
    let organizationId = 0;
    const db = await upgradedStore(async (old) => {
      organizationId = await createOrganization(old, '演示公司');
      await createRole(old, organizationId, { ...DEMO_ROLES.admin });
      for (const who of ['inspector', 'supervisor', 'agent'] as const) {
        const role = DEMO_ROLES[who];
        await createRole(old, organizationId, { ...role, permissions: beforeSplit(role.permissions) });
      }
      // a role of the administrator's making that already has the key keeps it once
      await createRole(old, organizationId, {
        code: 'lead',
        name: '组长',
        permissions: ['qc-complaint.edit', 'qc-manual-result.status', 'qc-complaint.review'],
      });
      // reviewers' other keys without qc-complaint.edit: nothing to carry over
      await createRole(old, organizationId, {
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
