import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on a PostgreSQL server, and how to drop it. */
export interface ScratchDatabase {
  /** the connection string of the new database */
  readonly url: string;
  /** drops it, closing whatever is still connected */
  drop(): Promise<void>;
}

/**
 * Creates a throw-away database on the server `adminUrl` names (the test and benchmark runs' DATABASE_URL), so that
 * each test file or benchmark run starts from nothing and leaves nothing behind.
 */
export async function scratchDatabase(adminUrl: string, prefix = 'qcdesk_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
