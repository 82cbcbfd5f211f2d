import { z } from 'zod';
import type { Deleted } from '../enums/common.js';
import { idSchema, idsSchema } from '../fields.js';
import { deleteAnswerSchema, idsAnswerSchema, statusAnswerSchema } from '../requests/api-answers.js';
import {
  deleteBodySchema,
  pageAnswerSchema,
  pageQuerySchema,
  removeBodySchema,
  savedAnswerSchema,
  statusBodySchema,
} from '../requests/common.js';

/**
 * The calls an entity's description generates: page, list, detail, create / change, status, delete; restore and
 * empty only where they have a key of their own (`CrudKeys.trash`).
 */
export type CrudCall = 'page' | 'list' | 'detail' | 'create' | 'change' | 'status' | 'delete' | 'restore' | 'empty';

/**
 * The last part of the delete call's path: `delete` for most entities; the spec names some `remove` (sensitive-word
 * libraries: `/v3/system/censor-ban/remove (ids)`). The call is the same either way.
 */
export type DeletePath = 'delete' | 'remove';

/** Which permission key each generated call needs; `status` absent: the entity has no /status call. */
export interface CrudKeys {
  readonly view: string;
  readonly edit: string;
  readonly delete: string;
  readonly status?: string;
  /**
   * Where the spec gates restore and empty apart from delete (ticket states: field.delete; ticket groups:
   * csGroup.delete): the delete call then only moves to the trash, and `${base}/restore` and `${base}/empty` (each
   * `{ids}`) need this key. Absent: `${base}/delete` with `{ids, deleted}` makes all three moves.
   */
  readonly trash?: string;
}

/**
 * What the server, the workbench and the tests share about one console entity: its API base path, what it is
 * called, the query name of its detail call, the record / save / filter schemas, and the keys of its calls. The
 * server's `defineEntityRoutes`, the route permissions, the workbench's registry and the shared CRUD suite all read
 * this one object, so an entity's calls cannot differ between them.
 */
export interface EntityContract<
  B extends string = string,
  K extends CrudKeys = CrudKeys,
  R extends z.ZodObject = z.ZodObject,
  S extends z.ZodType = z.ZodType,
  F extends z.ZodObject = z.ZodObject,
  D extends z.ZodType = z.ZodType,
  X extends DeletePath = DeletePath,
> {
  /** e.g. `/v3/chats/qc-rule`; the calls are `${base}/page`, `${base}/list`, … */
  readonly base: B;
  /** in messages: `质检规则 12 不存在` / `QC rule 12 not found` */
  readonly name: { readonly zh: string; readonly en: string };
  /** the query parameter of `${base}/detail`, e.g. `ruleId` */
  readonly detailParam: string;
  /** another name the detail call also reads for it when `detailParam` is absent (a space: the spec's `id`) */
  readonly detailAlias?: string;
  readonly keys: K;
  /** one row of the page and list answers */
  readonly record: R;
  /** the detail answer (the record, or more) */
  readonly detail: D;
  /** the body of create and change: without `id` creates, with `id` and `version` changes */
  readonly save: S;
  /** the body of page and list: filters, `fields`, and `deleted` for entities with a trash */
  readonly filter: F;
  /** NONE → TRASH → BUFFER through `${base}/delete` (restore and empty included); else `{ids}` deletes for good */
  readonly softDelete: boolean;
  /** the delete call is `${base}/${deletePath}` */
  readonly deletePath: X;
}

/** Declares an entity contract, keeping its literal base path and keys for the route table's types. */
export function entityContract<
  const B extends string,
  const K extends CrudKeys,
  R extends z.ZodObject,
  S extends z.ZodType,
  F extends z.ZodObject,
  D extends z.ZodType = R,
  const X extends DeletePath = 'delete',
>(contract: {
  base: B;
  name: { zh: string; en: string };
  detailParam: string;
  detailAlias?: string;
  keys: K;
  record: R;
  detail?: D;
  save: S;
  filter: F;
  softDelete: boolean;
  deletePath?: X;
}): EntityContract<B, K, R, S, F, D, X> {
  return {
    ...contract,
    detail: (contract.detail ?? contract.record) as D,
    deletePath: (contract.deletePath ?? 'delete') as X,
  };
}

type ViewCalls<B extends string> = `${B}/page` | `${B}/list` | `${B}/detail`;
type EditCalls<B extends string> = `${B}/create` | `${B}/change`;

/** The route-table entries of an entity's generated calls (spread into ROUTE_PERMISSIONS). */
export type CrudAccess<B extends string, K extends CrudKeys, X extends DeletePath = 'delete'> = {
  readonly [P in ViewCalls<B>]: K['view'];
} & {
  readonly [P in EditCalls<B>]: K['edit'];
} & { readonly [P in `${B}/${X}`]: K['delete'] } & (K['status'] extends string
    ? { readonly [P in `${B}/status`]: K['status'] }
    : unknown) &
  (K['trash'] extends string ? { readonly [P in `${B}/restore` | `${B}/empty`]: K['trash'] } : unknown);

/** `crudAccess(contract)`: who may call each generated call, from the contract's keys. */
export function crudAccess<B extends string, K extends CrudKeys, X extends DeletePath>(contract: {
  readonly base: B;
  readonly keys: K;
  readonly deletePath: X;
}): CrudAccess<B, K, X> {
  const { base, keys } = contract;
  const entries: Record<string, string> = {
    [`${base}/page`]: keys.view,
    [`${base}/list`]: keys.view,
    [`${base}/detail`]: keys.view,
    [`${base}/create`]: keys.edit,
    [`${base}/change`]: keys.edit,
    [`${base}/${contract.deletePath}`]: keys.delete,
  };
  if (keys.status !== undefined) entries[`${base}/status`] = keys.status;
  if (keys.trash !== undefined) {
    entries[`${base}/restore`] = keys.trash;
    entries[`${base}/empty`] = keys.trash;
  }
  return entries as CrudAccess<B, K, X>;
}

/** The move of `deleted` each trash call makes, where restore and empty are calls of their own. */
const TRASH_MOVES = { delete: 'TRASH', restore: 'NONE', empty: 'BUFFER' } as const satisfies Partial<
  Record<CrudCall, Deleted>
>;

/**
 * The call that moves records to `to` (TRASH, NONE or BUFFER): `${base}/delete` for most contracts; for one whose
 * restore and empty have their own key, the delete call, `${base}/restore` or `${base}/empty`. Either takes
 * `{ids, deleted: to}`.
 */
export function deleteMovePath(contract: Pick<EntityContract, 'base' | 'deletePath' | 'keys'>, to: Deleted): string {
  if (contract.keys.trash === undefined) return crudPath(contract, 'delete');
  const call = (Object.keys(TRASH_MOVES) as (keyof typeof TRASH_MOVES)[]).find((c) => TRASH_MOVES[c] === to);
  return crudPath(contract, call ?? 'delete');
}

/**
 * The body of one trash call of a contract with its own restore and empty key: `{ids}`, and `deleted` if sent must be
 * the call's own move (a restore sent to the delete call is refused, never turned into a delete).
 */
function trashMoveBodySchema(to: Deleted) {
  return z.object({ ids: idsSchema, deleted: z.literal(to).optional() });
}

/** The path of one of a contract's calls (the delete call's is `${base}/${deletePath}`). */
export function crudPath(contract: Pick<EntityContract, 'base' | 'deletePath'>, call: CrudCall): string {
  return `${contract.base}/${call === 'delete' ? contract.deletePath : call}`;
}

/** The calls a contract generates, each with its path. */
export function crudCalls(contract: EntityContract): { call: CrudCall; path: string }[] {
  const calls: CrudCall[] = ['page', 'list', 'detail', 'create', 'change', 'delete'];
  if (contract.keys.status !== undefined) calls.push('status');
  if (contract.keys.trash !== undefined) calls.push('restore', 'empty');
  return calls.map((call) => ({ call, path: crudPath(contract, call) }));
}

/** One call's schemas: the JSON body, the query string, the answer. */
export interface CallSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response: z.ZodType;
}

/** A page or list row may carry only the requested `fields` (and always `id`). */
export function fieldsRecordSchema<R extends z.ZodObject>(record: R) {
  return record.partial().extend({ id: z.string() });
}

/**
 * The detail call's query: `{[detailParam]: id}`; with an alias either name, the answer always under `detailParam`
 * (both absent: the 400 names `detailParam`).
 */
function detailQuerySchema(contract: Pick<EntityContract, 'detailParam' | 'detailAlias'>): z.ZodType {
  const { detailParam: param, detailAlias: alias } = contract;
  if (alias === undefined) return z.object({ [param]: idSchema });
  return z
    .object({ [param]: idSchema.optional(), [alias]: idSchema.optional() })
    .superRefine((query, ctx) => {
      if (query[param] === undefined && query[alias] === undefined)
        ctx.addIssue({ code: 'custom', message: 'common.required', path: [param] });
    })
    .transform((query) => ({ [param]: (query[param] ?? query[alias]) as string }));
}

/** The schemas of every call a contract generates, keyed by path. */
export function crudCallSchemas(contract: EntityContract): Record<string, CallSchemas> {
  const row = fieldsRecordSchema(contract.record);
  const schemas: Record<string, CallSchemas> = {
    [`${contract.base}/page`]: { query: pageQuerySchema, body: contract.filter, response: pageAnswerSchema(row) },
    [`${contract.base}/list`]: { body: contract.filter, response: z.array(row) },
    [`${contract.base}/detail`]: { query: detailQuerySchema(contract), response: contract.detail },
    [`${contract.base}/create`]: { body: contract.save, response: savedAnswerSchema },
    [`${contract.base}/change`]: { body: contract.save, response: savedAnswerSchema },
    [crudPath(contract, 'delete')]: contract.softDelete
      ? { body: deleteBodySchema, response: deleteAnswerSchema }
      : { body: removeBodySchema, response: idsAnswerSchema },
  };
  if (contract.keys.status !== undefined)
    schemas[`${contract.base}/status`] = { body: statusBodySchema, response: statusAnswerSchema };
  if (contract.keys.trash !== undefined)
    for (const [call, to] of Object.entries(TRASH_MOVES))
      schemas[crudPath(contract, call as CrudCall)] = { body: trashMoveBodySchema(to), response: deleteAnswerSchema };
  return schemas;
}
