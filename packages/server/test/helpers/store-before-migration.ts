import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { readServerConfig } from '../../src/config/server-config.js';
import { type Database, type OpenDatabase, openDatabase } from '../../src/db/connect.js';
import { scratchDatabase } from './scratch-database.js';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}
const journal = () => JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The tag of the migration just before the one whose tag ends with `suffix` (`_one_pending_complaint`). */
export function migrationBefore(suffix: string): string {
  const entries = journal().entries;
  const at = entries.findIndex((e) => e.tag.endsWith(suffix));
  if (at < 1) throw new Error(`no migration before one ending in ${suffix}`);
  return entries[at - 1]!.tag;
}

/** The migrations folder as it was up to `lastTag`: its SQL files and a journal cut there. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const whole = journal();
  const last = whole.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = whole.entries.slice(0, last + 1);
  for (const e of entries) copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...whole, entries }));
  return dir;
}

/** Runs SQL on a store of an older schema (raw statements: the current schema's tables may not fit it yet). */
export type RawSql = (query: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * A store migrated only up to `lastTag`, filled by `fill` (raw SQL; or the query builder, for tables whose current
 * schema still fits the old one), then opened as the server opens it (every migration run). PGlite on disk, or a
 * fresh PostgreSQL database when DATABASE_URL is set. `close` drops it all.
 */
export async function storeMigratedFrom(
  lastTag: string,
  fill: (run: RawSql, db: Database) => Promise<void>,
): Promise<{ opened: OpenDatabase; close(): Promise<void> }> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  const old = migrationsUpTo(lastTag);
  cleanups.push(() => rmSync(old, { recursive: true, force: true }));
  const { databaseUrl } = readServerConfig({ ...process.env, QCDESK_DEMO: '0' });
  if (databaseUrl === null) {
    const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-upgrade-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const client = new PGlite(dataDir);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: old });
    await fill((q) => db.execute(q) as Promise<{ rows: Record<string, unknown>[] }>, db as unknown as Database);
    await client.close();
    const opened = await openDatabase({ databaseUrl: null, dataDir });
    cleanups.push(() => opened.close());
    return { opened, close };
  }
  const scratch = await scratchDatabase(databaseUrl);
  cleanups.push(() => scratch.drop());
  const pool = new pg.Pool({ connectionString: scratch.url });
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder: old });
  await fill((q) => db.execute(q) as Promise<{ rows: Record<string, unknown>[] }>, db as unknown as Database);
  await pool.end();
  const opened = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  // closed before the database is dropped (cleanups run last first)
  cleanups.push(() => opened.close());
  return { opened, close };
}
