import type { Queryable } from '../../crud/entity-table.js';
import { apps } from '../../db/schema/index.js';

/** The app every organisation starts with (migration 0016 gave one to each organisation that existed then). */
export const DEFAULT_APP_NAME = '在线客服';

/** A new organisation's default app (FRONT, DEV, ACTIVE): what its first lines belong to. */
export async function createDefaultApp(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.insert(apps).values({ name: DEFAULT_APP_NAME, organizationId }).returning({ id: apps.id });
  return row!.id;
}
