import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { organizations } from '../db/schema/tenancy.js';

/** The organisation a command works in: the one named, or the first (the one the first start created). */
export async function commandOrganization(db: Database, id: number | null): Promise<number> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(id === null ? undefined : eq(organizations.id, id))
    .orderBy(asc(organizations.id))
    .limit(1);
  if (row !== undefined) return row.id;
  throw new Error(
    id === null
      ? '还没有组织：请先启动一次控制台 / no organisation yet: start the console once first'
      : `组织 ${id} 不存在 / organisation ${id} not found`,
  );
}
