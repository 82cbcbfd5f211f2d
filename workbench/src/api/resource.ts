import { type CrudKeys, type DeletePath, deleteMovePath, ENTITY_CONTRACTS } from '@qcdesk/contracts';
import type { ApiClient } from './client';

/** A page as every `/page` call answers it, with whatever else the answer carries (e.g. a tab's counts). */
export interface Page<R> {
  records: R[];
  total: number;
  page: number;
  size: number;
  readonly [more: string]: unknown;
}

export type DeletedState = 'NONE' | 'TRASH' | 'BUFFER';

export interface PageParams {
  page: number;
  size: number;
  /** the body: filters (and `deleted` for soft-deleted entities) */
  filters?: Record<string, unknown>;
  /** the requested fields, sent as `fields` in the body */
  fields?: readonly string[];
}

export type RecordId = string | number;

/**
 * The calls every entity of the spec offers under its base path, in one params object each (refine's data
 * provider): page, list, detail, save (create or change by presence of id), delete (ids, deleted), status.
 */
export interface Resource<R> {
  readonly base: string;
  page(params: PageParams): Promise<Page<R>>;
  list(filters?: Record<string, unknown>): Promise<R[]>;
  detail(id: RecordId): Promise<R>;
  /** answers the id of the saved record */
  save(body: Record<string, unknown>): Promise<RecordId>;
  /** moves records to `deleted`: TRASH (delete), NONE (restore), BUFFER (empty) */
  remove(ids: readonly RecordId[], deleted: DeletedState): Promise<void>;
  setStatus(ids: readonly RecordId[], status: string): Promise<void>;
}

export interface ResourceOptions {
  /** the query name of `/detail`, e.g. schemeId */
  detailParam: string;
}

export function resource<R>(client: ApiClient, base: string, options: ResourceOptions): Resource<R> {
  return {
    base,
    async page({ page, size, filters, fields }) {
      const body = fields ? { ...filters, fields } : { ...filters };
      const answer = await client.request<Page<R>>({ path: `${base}/page`, query: { page, size }, body });
      return {
        ...answer,
        records: answer?.records ?? [],
        total: answer?.total ?? 0,
        page: answer?.page ?? page,
        size: answer?.size ?? size,
      };
    },
    async list(filters = {}) {
      const answer = await client.request<R[] | { records: R[] }>({ path: `${base}/list`, body: filters });
      return Array.isArray(answer) ? answer : (answer?.records ?? []);
    },
    detail(id) {
      return client.request<R>({ path: `${base}/detail`, query: { [options.detailParam]: id } });
    },
    async save(body) {
      const path = body.id === undefined || body.id === null || body.id === '' ? 'create' : 'change';
      return savedId(await client.request<unknown>({ path: `${base}/${path}`, body }));
    },
    async remove(ids, deleted) {
      await client.request({ path: trashPath(base, deleted), body: { ids, deleted } });
    },
    async setStatus(ids, status) {
      await client.request({ path: `${base}/status`, body: { ids, status } });
    },
  };
}

const CONTRACTS_BY_BASE: ReadonlyMap<string, { base: string; deletePath: DeletePath; keys: CrudKeys }> = new Map(
  Object.values(ENTITY_CONTRACTS).map((contract) => [contract.base, contract]),
);

/**
 * The call that moves records to `deleted`: `${base}/delete` for most entities; the contract's own restore and empty
 * calls where they have a key of their own (ticket states and groups), and its delete call's own name.
 */
export function trashPath(base: string, deleted: DeletedState): string {
  const contract = CONTRACTS_BY_BASE.get(base);
  return contract === undefined ? `${base}/delete` : deleteMovePath(contract, deleted);
}

/** Saves answer the id, bare or as `{id}`. */
export function savedId(answer: unknown): RecordId {
  if (typeof answer === 'string' || typeof answer === 'number') return answer;
  if (answer && typeof answer === 'object' && 'id' in answer) {
    const id = (answer as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  throw new Error('保存成功但服务器未返回编号 the server saved the record but answered no id');
}
