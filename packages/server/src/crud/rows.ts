import type { PageQuery } from '@qcdesk/contracts';
import { and, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestAuth } from '../http/request-auth.js';
import { type EntityName, type EntityTable, inTrash, notFound, type Queryable, visible } from './entity-table.js';
import { dbId } from './ids.js';
import { offsetOf } from './page.js';

export type RowOf<T extends PgTable> = T['$inferSelect'];

/**
 * The caller's row of `table` by its wire id, or 404 (another organisation's row, an emptied one, or an id that
 * cannot exist). `live`: a row in the trash answers 400 "restore it first"; `forUpdate` locks it for the
 * transaction. `shared`: other organisations' rows the caller may read too (`EntityRoutes.sharedWith`); the caller's own
 * row wins when both organisations use the id.
 */
export async function requireRow<T extends EntityTable>(
  db: Queryable,
  table: T,
  auth: RequestAuth,
  id: string,
  what: EntityName,
  options: { live?: boolean; forUpdate?: boolean; shared?: SQL } = {},
): Promise<RowOf<T>> {
  const key = dbId(id);
  if (key !== null) {
    const query =
      options.shared === undefined
        ? db
            .select()
            .from(table as PgTable)
            .where(and(eq(table.id, key), visible(table, auth)))
        : db
            .select()
            .from(table as PgTable)
            .where(and(eq(table.id, key), readableRows(table, auth, options.shared)))
            .orderBy(sql`${table.organizationId} = ${auth.organizationId} desc`)
            .limit(1);
    const [row] = (options.forUpdate === true ? await query.for('update') : await query) as RowOf<T>[];
    if (row !== undefined) {
      if (options.live === true && (row as { deleted: string }).deleted !== 'NONE') throw inTrash(what, id);
      return row;
    }
  }
  throw notFound(what, id);
}

/**
 * The caller's rows (not emptied), and the live rows of other organisations that `shared` lets the caller read
 * (a line granted to the caller's organisation): never another organisation's trash.
 */
export function readableRows(table: EntityTable, auth: RequestAuth, shared: SQL): SQL {
  return and(
    ne(table.deleted, 'BUFFER'),
    or(eq(table.organizationId, auth.organizationId), and(shared, eq(table.deleted, 'NONE'))),
  )!;
}

/** One page of rows and the count of all rows matching `where`, newest change first unless `order` says. */
export async function pagedSelect<T extends EntityTable>(
  db: Queryable,
  table: T,
  where: SQL | undefined,
  query: PageQuery,
  order: SQL[] = [desc(table.modifyTime), desc(table.id)],
): Promise<{ rows: RowOf<T>[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as RowOf<T>[], total: total?.n ?? 0 };
}
