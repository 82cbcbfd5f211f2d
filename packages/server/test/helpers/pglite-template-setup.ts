import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The node project's global set-up (vitest.config.ts): migrate one in-memory PGlite store and dump it to a file
 * that each test's store boots from (`openDatabase({ template })`), so no test file pays PGlite's initdb. Not on
 * PostgreSQL runs (`DATABASE_URL`), whose scratch databases come from the server.
 */
export async function setup(project: {
  provide(key: 'pgliteTemplate', value: string): void;
}): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await migrate(drizzle({ client }), {
    migrationsFolder: new URL('../../drizzle', import.meta.url).pathname,
  });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(tmpdir(), `qcdesk-pglite-template-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return async () => {
    await rm(path, { force: true });
  };
}
