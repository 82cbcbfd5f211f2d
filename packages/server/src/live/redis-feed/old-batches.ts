import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { liveBatches } from '../../db/schema/index.js';

/** Forgets the answers of queued batches older than a day: no consumer takes a batch over that late. */
export async function forgetOldBatches(db: Database): Promise<void> {
  await db.delete(liveBatches).where(lt(liveBatches.createdTime, sql`now() - interval '1 day'`));
}
