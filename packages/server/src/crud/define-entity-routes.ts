import {
  type ActiveStatus,
  type CrudCall,
  crudCallSchemas,
  crudPath,
  type DeleteBody,
  type Deleted,
  type EntityContract,
  LIMITS,
  pageQuerySchema,
  type RemoveBody,
  type StatusBody,
  saveAction,
} from '@qcdesk/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/connect.js';
import { findUniqueViolation } from '../db/unique-violation.js';
import type { ApiError } from '../http/api-error.js';
import { defineRoute, noBody } from '../http/define-route.js';
import type { RequestAuth } from '../http/request-auth.js';
import {
  createdBy,
  type EntityTable,
  modifiedBy,
  moveDeleted,
  type Queryable,
  requireAllVisible,
  updateVersioned,
} from './entity-table.js';
import { dbIds } from './ids.js';
import { keywordMatch } from './keyword.js';
import { pageAnswer, pickFields } from './page.js';
import { pagedSelect, type RowOf, readableRows, requireRow } from './rows.js';

/** What every hook may use: the database, the caller, the desk's time zone. */
export interface EntityContext {
  readonly db: Database;
  readonly auth: RequestAuth;
  readonly timeZone: string;
}

/** A save hook's context: the transaction, and the row as stored (locked) when the body changes one. */
export interface SaveContext<T extends EntityTable> extends EntityContext {
  readonly tx: Queryable;
  readonly stored: RowOf<T> | null;
}

type Values<T extends EntityTable> = Partial<T['$inferInsert']>;
type FilterOf<C extends EntityContract> = z.infer<C['filter']>;
type SaveOf<C extends EntityContract> = z.infer<C['save']> & { id?: string | undefined; version?: number | undefined };

/**
 * The server's half of an entity (the contract is the other): its table and how rows become answers and bodies
 * become rows. Everything generic (paging, `fields`, keyword, tenancy, versions, trash moves, status) is
 * `defineEntityRoutes`'s; the hooks hold only what is this entity's own.
 */
export interface EntityRoutes<C extends EntityContract, T extends EntityTable> {
  readonly table: T;
  /** columns the filter's `keyword` searches, literally (`%` and `_` are characters) */
  readonly keywordColumns?: readonly PgColumn[];
  /**
   * Rows of other organisations the caller may read (a line granted to the caller's organisation): OR-ed with the
   * owner condition on page, list and detail only, and only while those rows are live. Writes stay the owner's (404).
   */
  readonly sharedWith?: (auth: RequestAuth) => SQL;
  /** the filter's own conditions (organisation, `deleted` and keyword are added) */
  readonly where?: (filter: FilterOf<C>, auth: RequestAuth) => (SQL | undefined)[];
  /** /list answers at most this many rows (default: the filter's `limit`, else LIMITS.topLookup) */
  readonly listLimit?: number;
  /** rows → answers, a page at once (names and counts of other tables in one query each) */
  readonly records: (
    rows: RowOf<T>[],
    context: EntityContext,
  ) => Promise<z.input<C['record']>[]> | z.input<C['record']>[];
  /** the detail answer, when it is more than the record */
  readonly detail?: (row: RowOf<T>, context: EntityContext) => Promise<z.input<C['detail']>>;
  readonly save: {
    /** the columns a body writes (checked here: a 400 naming the field for what the schema cannot know) */
    readonly values: (body: SaveOf<C>, context: SaveContext<T>) => Promise<Values<T>> | Values<T>;
    /** columns written only when creating (a new scheme starts INACTIVE, a type fixed from then on) */
    readonly createValues?: (body: SaveOf<C>, context: SaveContext<T>) => Values<T>;
    /** more writes in the same transaction after the row is saved (its key), e.g. a checkpoint to reset */
    readonly afterWrite?: (key: number, values: Values<T>, context: SaveContext<T>) => Promise<void>;
    /** after the transaction: start work the save calls for */
    readonly after?: (key: number) => void;
    /** a unique index the save may hit, by name → the 400 it answers (the check before may lose a race) */
    readonly uniqueIndexes?: Readonly<Record<string, (body: SaveOf<C>) => ApiError>>;
    readonly summary?: string;
  };
  readonly delete?: {
    /** refuse a move before anything moves (a rule still linked in a scheme, an active scheme) */
    readonly refuse?: (body: DeleteBody, context: EntityContext) => Promise<void>;
    /** more rows that move along, in the same transaction */
    readonly alsoMove?: (tx: Queryable, keys: number[], from: Deleted, to: Deleted) => Promise<void>;
    readonly after?: (keys: number[], to: Deleted) => void;
    readonly summary?: string;
  };
  readonly status?: {
    /** checks before the switch, inside the transaction with the rows' keys (e.g. angles total 100) */
    readonly check?: (keys: number[], body: StatusBody, context: EntityContext & { tx: Queryable }) => Promise<void>;
    /** a status change counts as a change of the record (an edit form open before it answers 409) */
    readonly bumpsVersion?: boolean;
    readonly after?: (keys: number[], status: ActiveStatus) => void;
    readonly summary?: string;
  };
  /** one line per call for the OpenAPI document, where the generic one says too little */
  readonly summaries?: Partial<Record<'page' | 'list' | 'detail', string>>;
}

/**
 * Defines an entity's page, list, detail, create / change, status and delete calls from its contract and its
 * server half, on top of `defineRoute` (so each call's access is the contract's key in ROUTE_PERMISSIONS, and every
 * body and query is checked before the handler runs).
 */
export function defineEntityRoutes<C extends EntityContract, T extends EntityTable>(
  app: FastifyInstance,
  contract: C,
  entity: EntityRoutes<C, T>,
): void {
  const { db, config } = app.deps;
  const { table, name } = { table: entity.table, name: contract.name };
  const schemas = crudCallSchemas(contract);
  const tags = [contract.base.slice(contract.base.lastIndexOf('/') + 1)];
  const context = (auth: RequestAuth): EntityContext => ({ db, auth, timeZone: config.timeZone });
  const path = (call: CrudCall) => crudPath(contract, call);
  const schemaOf = (call: CrudCall) => schemas[path(call)]!;

  const where = (filter: FilterOf<C>, auth: RequestAuth): SQL => {
    const deleted = (filter as { deleted?: Deleted }).deleted ?? 'NONE';
    const own = entity.where?.(filter, auth) ?? [];
    const keyword = keywordMatch(entity.keywordColumns ?? [], (filter as { keyword?: string | null }).keyword);
    const owner = eq(table.organizationId, auth.organizationId);
    const tenancy = entity.sharedWith === undefined ? owner : readableRows(table, auth, entity.sharedWith(auth));
    return and(tenancy, eq(table.deleted, deleted), keyword, ...own)!;
  };
  const records = async (rows: RowOf<T>[], auth: RequestAuth) =>
    (await entity.records(rows, context(auth))) as Record<string, unknown>[];

  defineRoute(
    app,
    {
      path: path('page'),
      query: pageQuerySchema,
      body: contract.filter as C['filter'],
      summary: entity.summaries?.page ?? `${name.en}s a page at a time, newest change first`,
      response: schemaOf('page').response,
      tags,
    },
    async ({ query, body, auth }) => {
      const filter = body as FilterOf<C>;
      const { rows, total } = await pagedSelect(db, table, where(filter, auth), query);
      const fields = (filter as { fields?: string[] }).fields;
      return pageAnswer(
        (await records(rows, auth)).map((r) => pickFields(r, fields)),
        total,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: path('list'),
      body: contract.filter as C['filter'],
      summary:
        entity.summaries?.list ??
        `${name.en}s matching the filters, at most \`limit\` (default and most ${entity.listLimit ?? LIMITS.topLookup})`,
      response: schemaOf('list').response,
      tags,
    },
    async ({ body, auth }) => {
      const filter = body as FilterOf<C>;
      const limit = (filter as { limit?: number | null }).limit ?? entity.listLimit ?? LIMITS.topLookup;
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(where(filter, auth))
        .orderBy(sql`${table.modifyTime} desc`, sql`${table.id} desc`)
        .limit(limit)) as RowOf<T>[];
      const fields = (filter as { fields?: string[] }).fields;
      return (await records(rows, auth)).map((r) => pickFields(r, fields));
    },
  );

  defineRoute(
    app,
    {
      path: path('detail'),
      query: schemaOf('detail').query!,
      body: noBody,
      summary: entity.summaries?.detail ?? `one ${name.en}`,
      response: schemaOf('detail').response,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const id = (query as Record<string, string>)[contract.detailParam]!;
      const row = await requireRow(db, table, auth, id, name, { shared: entity.sharedWith?.(auth) });
      if (entity.detail !== undefined) return entity.detail(row, context(auth));
      return (await records([row], auth))[0];
    },
  );

  for (const call of ['create', 'change'] as const) {
    defineRoute(
      app,
      {
        path: path(call),
        body: contract.save,
        summary:
          entity.save.summary ??
          `save a ${name.en}: creates without id, changes with id and the version it read (409 when stale)`,
        response: schemaOf(call).response,
        errors: call === 'change' ? [404, 409] : [],
        tags,
      },
      async ({ body, auth }) => {
        const key = await saveEntity(db, contract, entity, body as SaveOf<C>, context(auth));
        entity.save.after?.(key);
        return { id: String(key) };
      },
    );
  }

  if (contract.keys.status !== undefined) {
    defineRoute(
      app,
      {
        path: path('status'),
        body: schemaOf('status').body!,
        summary: entity.status?.summary ?? `switch ${name.en}s on (ACTIVE) or off (INACTIVE)`,
        response: schemaOf('status').response,
        errors: [404],
        tags,
      },
      async ({ body, auth }) => {
        const { ids, status } = body as StatusBody;
        const keys = await db.transaction(async (tx) => {
          const keys = await requireAllVisible(tx, table, auth, ids, name);
          await entity.status?.check?.(keys, body as StatusBody, { ...context(auth), tx });
          const bump = entity.status?.bumpsVersion === true ? { version: sql`${table.version} + 1` } : {};
          await tx
            .update(table)
            .set({ status, ...modifiedBy(auth), ...bump } as never)
            .where(and(inArray(table.id, keys), eq(table.organizationId, auth.organizationId)));
          return keys;
        });
        entity.status?.after?.(keys, status);
        return { ids, status };
      },
    );
  }

  // restore and empty with a key of their own: three calls; otherwise one delete call makes every move
  if (contract.softDelete && contract.keys.trash !== undefined) {
    defineTrashMoves(app, contract, entity, context);
  } else {
    defineRoute(
      app,
      {
        path: path('delete'),
        body: schemaOf('delete').body!,
        summary:
          entity.delete?.summary ??
          (contract.softDelete
            ? `delete (NONE→TRASH), restore (TRASH→NONE) or empty (TRASH→BUFFER) ${name.en}s`
            : `delete ${name.en}s for good`),
        response: schemaOf('delete').response,
        errors: [404],
        tags,
      },
      async ({ body, auth }) => {
        if (!contract.softDelete) return removeRows(db, table, name, body as RemoveBody, auth);
        const move = body as DeleteBody;
        await entity.delete?.refuse?.(move, context(auth));
        const moved = await moveDeleted(db, table, auth, move.ids, move.deleted, name, entity.delete?.alsoMove);
        entity.delete?.after?.(dbIds(move.ids), move.deleted);
        return moved;
      },
    );
  }
}

/**
 * The trash calls of an entity whose restore and empty have a key of their own (`CrudKeys.trash`): the delete call
 * only moves to the trash, `/restore` back, `/empty` on to BUFFER; each `{ids}`, each checked by `delete.refuse` first.
 */
function defineTrashMoves<C extends EntityContract, T extends EntityTable>(
  app: FastifyInstance,
  contract: C,
  entity: EntityRoutes<C, T>,
  context: (auth: RequestAuth) => EntityContext,
): void {
  const { db } = app.deps;
  const schemas = crudCallSchemas(contract);
  const tags = [contract.base.slice(contract.base.lastIndexOf('/') + 1)];
  const moves = [
    { call: 'delete', to: 'TRASH', summary: 'to the trash (NONE→TRASH)' },
    { call: 'restore', to: 'NONE', summary: 'back from the trash (TRASH→NONE)' },
    { call: 'empty', to: 'BUFFER', summary: 'out of the trash for good (TRASH→BUFFER)' },
  ] as const satisfies readonly { call: CrudCall; to: Deleted; summary: string }[];
  for (const move of moves) {
    const path = crudPath(contract, move.call);
    defineRoute(
      app,
      {
        path,
        body: schemas[path]!.body!,
        summary: `move ${contract.name.en}s ${move.summary}: {ids}`,
        response: schemas[path]!.response,
        errors: [404],
        tags,
      },
      async ({ body, auth }) => {
        const ids = (body as { ids: string[] }).ids;
        const deleteBody: DeleteBody = { ids, deleted: move.to };
        await entity.delete?.refuse?.(deleteBody, context(auth));
        const moved = await moveDeleted(db, entity.table, auth, ids, move.to, contract.name, entity.delete?.alsoMove);
        entity.delete?.after?.(dbIds(ids), move.to);
        return moved;
      },
    );
  }
}

/** Create or change by presence of `id`: one transaction, the stored row locked, the version checked. */
async function saveEntity<C extends EntityContract, T extends EntityTable>(
  db: Database,
  contract: C,
  entity: EntityRoutes<C, T>,
  body: SaveOf<C>,
  context: EntityContext,
): Promise<number> {
  const { table } = entity;
  const saving = db.transaction(async (tx) => {
    const stored =
      saveAction(body) === 'change'
        ? await requireRow(tx, table, context.auth, body.id!, contract.name, { live: true, forUpdate: true })
        : null;
    const save: SaveContext<T> = { ...context, tx, stored };
    const values = await entity.save.values(body, save);
    let key: number;
    if (stored === null) {
      const [row] = (await tx
        .insert(table)
        .values({ ...values, ...entity.save.createValues?.(body, save), ...createdBy(context.auth) } as never)
        .returning({ id: table.id })) as { id: number }[];
      key = row!.id;
    } else {
      key = await updateVersioned(tx, table, context.auth, body.id!, body.version, values, contract.name);
    }
    await entity.save.afterWrite?.(key, values, save);
    return key;
  });
  const indexes = entity.save.uniqueIndexes;
  if (indexes === undefined) return saving;
  return saving.catch((error: unknown) => {
    const index = findUniqueViolation(error, Object.keys(indexes));
    throw index === null ? error : indexes[index]!(body);
  });
}

/** Entities without a trash: `{ids}` removes the rows for good; every id must be the caller's, else nothing goes. */
async function removeRows<T extends EntityTable>(
  db: Database,
  table: T,
  what: EntityContract['name'],
  body: RemoveBody,
  auth: RequestAuth,
): Promise<{ ids: string[] }> {
  return db.transaction(async (tx) => {
    const keys = await requireAllVisible(tx, table, auth, body.ids, what, ['NONE', 'TRASH']);
    await tx
      .delete(table as PgTable)
      .where(and(inArray(table.id, keys), eq(table.organizationId, auth.organizationId)));
    return { ids: [...body.ids] };
  });
}
