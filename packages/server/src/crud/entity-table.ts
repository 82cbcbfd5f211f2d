import { canMoveDeleted, type Deleted, deleteSourceOf } from '@qcdesk/contracts';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.js';
import { ApiError } from '../http/api-error.js';
import type { RequestAuth } from '../http/request-auth.js';
import { dbId, dbIds } from './ids.js';

/** A table with the shared entity columns (db/schema/columns.ts); the helpers below work on any of them. */
export type EntityTable = PgTable & {
  readonly id: PgColumn;
  readonly organizationId: PgColumn;
  readonly deleted: PgColumn;
  readonly version: PgColumn;
  readonly modifierId: PgColumn;
  readonly modifierName: PgColumn;
  readonly modifyTime: PgColumn;
};

/** A database or a transaction: both run queries the same way. */
export type Queryable = Pick<Database, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What an entity is called in messages, both languages. */
export interface EntityName {
  readonly zh: string;
  readonly en: string;
}

export function notFound(what: EntityName, id: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${what.zh} ${id} 不存在`, `${what.en} ${id} not found`);
}

/** Rows of the caller's organisation that are not emptied (BUFFER is gone for good as far as anyone can see). */
export function visible(table: EntityTable, auth: RequestAuth): SQL {
  return and(eq(table.organizationId, auth.organizationId), ne(table.deleted, 'BUFFER'))!;
}

/** The id as a key of `table` in the caller's organisation, or 404 (another organisation's id is simply not there). */
export async function requireVisible(
  db: Queryable,
  table: EntityTable,
  auth: RequestAuth,
  id: string,
  what: EntityName,
): Promise<{ id: number; deleted: Deleted; version: number }> {
  const key = dbId(id);
  if (key !== null) {
    const [row] = await db
      .select({ id: table.id, deleted: table.deleted, version: table.version })
      .from(table)
      .where(and(eq(table.id, key), visible(table, auth)));
    if (row !== undefined) return row as { id: number; deleted: Deleted; version: number };
  }
  throw notFound(what, id);
}

/** Who changed a row and when, for every write. */
export function modifiedBy(auth: RequestAuth): { modifierId: number; modifierName: string; modifyTime: Date } {
  return { modifierId: auth.userId, modifierName: auth.name, modifyTime: new Date() };
}
export function createdBy(auth: RequestAuth) {
  return { ...modifiedBy(auth), creatorId: auth.userId, creatorName: auth.name, organizationId: auth.organizationId };
}

/**
 * Changes one row under optimistic locking: `UPDATE … WHERE id = ? AND version = ?` bumps the version. No row
 * changed means the id is not the caller's (404), the row is in the trash (400), or someone saved first (409) —
 * in every case nothing is overwritten.
 */
export async function updateVersioned(
  db: Queryable,
  table: EntityTable,
  auth: RequestAuth,
  id: string,
  version: number | undefined,
  values: Record<string, unknown>,
  what: EntityName,
): Promise<number> {
  const key = dbId(id);
  if (version === undefined) throw ApiError.of(400, 'INVALID_FIELD', 'common.versionRequired', {}, 'version');
  if (key !== null) {
    const changed = await db
      .update(table)
      .set({ ...values, ...modifiedBy(auth), version: sql`${table.version} + 1` } as never)
      .where(
        and(
          eq(table.id, key),
          eq(table.organizationId, auth.organizationId),
          eq(table.version, version),
          eq(table.deleted, 'NONE'),
        ),
      )
      .returning({ id: table.id });
    if (changed.length === 1) return key;
  }
  const row = await requireVisible(db, table, auth, id, what);
  if (row.deleted !== 'NONE') throw inTrash(what, id);
  throw ApiError.staleVersion();
}

export function inTrash(what: EntityName, id: string): ApiError {
  return new ApiError(
    400,
    'IN_TRASH',
    `${what.zh} ${id} 在回收站中，请先恢复`,
    `${what.en} ${id} is in the trash; restore it first`,
  );
}

/**
 * Moves rows between NONE, TRASH and BUFFER: delete NONE→TRASH, restore TRASH→NONE, empty TRASH→BUFFER. Every id
 * must be the caller's and in the state the move starts from, else nothing moves (404 / 400 naming the id).
 */
export async function moveDeleted(
  db: Database,
  table: EntityTable,
  auth: RequestAuth,
  ids: readonly string[],
  to: Deleted,
  what: EntityName,
  /** more rows to move along (an angle's rule links), inside the same transaction */
  alsoMove?: (tx: Queryable, keys: number[], from: Deleted, to: Deleted) => Promise<void>,
): Promise<{ ids: string[]; deleted: Deleted }> {
  const from = deleteSourceOf(to);
  if (from === null) throw ApiError.of(400, 'BAD_DELETE_MOVE', 'common.deleteMove', { from: '-', to }, 'deleted');
  const keys = dbIds(ids);
  return db.transaction(async (tx) => {
    const rows = (await tx
      .select({ id: table.id, deleted: table.deleted })
      .from(table)
      .where(and(inArray(table.id, keys), visible(table, auth)))
      .for('update')) as { id: number; deleted: Deleted }[];
    const byId = new Map(rows.map((r) => [r.id, r.deleted]));
    ids.forEach((id, i) => {
      const state = byId.get(keys[i]!);
      if (state === undefined) throw notFound(what, id);
      if (!canMoveDeleted(state, to))
        throw ApiError.of(400, 'BAD_DELETE_MOVE', 'common.deleteMove', { from: state, to }, `ids[${i}]`);
    });
    await tx
      .update(table)
      .set({ deleted: to, ...modifiedBy(auth), version: sql`${table.version} + 1` } as never)
      .where(and(inArray(table.id, keys), eq(table.organizationId, auth.organizationId)));
    if (alsoMove !== undefined) await alsoMove(tx, keys, from, to);
    return { ids: [...ids], deleted: to };
  });
}

/** Keys of `ids` that are the caller's and not emptied; the first id that is not answers 404. */
export async function requireAllVisible(
  db: Queryable,
  table: EntityTable,
  auth: RequestAuth,
  ids: readonly string[],
  what: EntityName,
  states: readonly Deleted[] = ['NONE'],
): Promise<number[]> {
  const keys = dbIds(ids);
  const rows = (await db
    .select({ id: table.id, deleted: table.deleted })
    .from(table)
    .where(and(inArray(table.id, keys), visible(table, auth)))) as { id: number; deleted: Deleted }[];
  const byId = new Map(rows.map((r) => [r.id, r.deleted]));
  ids.forEach((id, i) => {
    const state = byId.get(keys[i]!);
    if (state === undefined) throw notFound(what, id);
    if (!states.includes(state)) throw inTrash(what, id);
  });
  return keys;
}
