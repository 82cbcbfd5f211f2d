import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/connect.js';

/** What PostgreSQL says when an administrator shuts it down (SQLSTATE 57P01, admin_shutdown). */
export const SHUTDOWN_MESSAGE = 'terminating connection due to administrator command';

/**
 * Makes every insert into chat_sessions fail as a database being shut down does: the import must stop with one clear
 * error instead of reporting each record as bad. Answers how to undo it.
 */
export async function refuseSessionsAsShutDown(db: Database): Promise<(db: Database) => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION shut_down_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '${SHUTDOWN_MESSAGE}' USING ERRCODE = 'admin_shutdown';
      END $$`),
  );
  await db.execute(
    sql.raw(
      'CREATE TRIGGER shut_down BEFORE INSERT ON chat_sessions FOR EACH ROW EXECUTE FUNCTION shut_down_on_insert()',
    ),
  );
  return async (again) => {
    await again.execute(sql.raw('DROP TRIGGER shut_down ON chat_sessions'));
  };
}
