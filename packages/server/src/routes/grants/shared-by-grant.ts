import { type SQL, sql } from 'drizzle-orm';
import type { EntityTable } from '../../crud/entity-table.js';
import { grants } from '../../db/schema/index.js';
import type { RequestAuth } from '../../http/request-auth.js';

/** The kinds of records the shared authorisation panel grants (the `grants.target_type` values). */
export type GrantTargetType = (typeof grants.$inferSelect)['targetType'];

/**
 * Rows of `table` (of another organisation) granted to the caller's organisation by an ORG grant: what
 * `EntityRoutes.sharedWith` ORs into the reads, so organisation B sees a line organisation A granted it.
 */
export function sharedByGrant(table: EntityTable, targetType: GrantTargetType): (auth: RequestAuth) => SQL {
  return (auth) =>
    sql`exists (select 1 from ${grants} where ${grants.organizationId} = ${table.organizationId} and ${grants.targetType} = ${targetType} and ${grants.targetId} = ${table.id} and ${grants.memberType} = 'ORG' and ${grants.memberId} = ${auth.organizationId})`;
}
