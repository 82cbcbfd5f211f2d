import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database as routes and services see it, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabase {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** a human-readable location: the data folder or the URL without its password */
  readonly location: string;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and brings its schema up to date: PostgreSQL when `databaseUrl` is set, else PGlite in
 * `dataDir` (created if missing), or in memory when `dataDir` is null (tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  /**
   * PGlite in memory only: start from this dump of an already migrated store (`dumpDataDir`) instead of an empty
   * cluster; the migrations still run, finding nothing to do. The test suites use it: booting from a dump skips
   * initdb, most of what a fresh in-memory PGlite costs.
   */
  template?: Blob | null;
}): Promise<OpenDatabase> {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, DROP DATABASE … FORCE) is an 'error' event on the
    // pool; unheard it would end the process. The pool opens a new connection on next use.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(`PostgreSQL: idle connection lost: ${error.message}`);
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      location: redact(options.databaseUrl),
      close: () => pool.end(),
    };
  }
  if (options.dataDir !== null) mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.dataDir !== null
      ? new PGlite(options.dataDir)
      : new PGlite(options.template ? { loadDataDir: options.template } : {});
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    location: options.dataDir ?? 'memory',
    close: () => client.close(),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
