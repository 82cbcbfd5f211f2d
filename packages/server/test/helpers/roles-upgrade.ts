import { asc, eq, sql } from 'drizzle-orm';
import { roles } from '../../src/db/schema/index.js';
import { migrationBefore, storeMigratedFrom } from './store-before-migration.js';

/**
 * The roles of one organisation as a store holds them after the migrations from `migrationSuffix` on ran: the store
 * is made just before that migration with these roles (code → permissions), then opened as the server opens it.
 * `cleanups` gets the store's close.
 */
export async function rolesAfterUpgrade(
  migrationSuffix: string,
  given: Readonly<Record<string, readonly string[]>>,
  cleanups: (() => Promise<void>)[],
): Promise<Record<string, string[]>> {
  let organizationId = 0;
  const { opened, close } = await storeMigratedFrom(migrationBefore(migrationSuffix), async (run) => {
    const made = await run(sql`insert into organizations (name) values ('旧公司') returning id`);
    organizationId = Number(made.rows[0]!.id);
    for (const [code, permissions] of Object.entries(given))
      await run(
        sql`insert into roles (organization_id, code, name, permissions) values (${organizationId}, ${code}, ${code}, ${JSON.stringify(permissions)}::jsonb)`,
      );
  });
  cleanups.push(close);
  const stored = await opened.db
    .select({ code: roles.code, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(roles.id));
  return Object.fromEntries(stored.map((r) => [r.code, r.permissions]));
}
