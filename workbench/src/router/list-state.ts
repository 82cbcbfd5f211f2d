import type { RouteLocation } from './location';

/**
 * A list's place (filters, quick date, page, page size, sort, view) kept in its hash query, so that a reload, back and
 * forward, and a shared link show the same rows (issue 15, defect 3). Each value sits under its body name
 * (`agentId=1003&isVeto=true&page=3&size=50`); a value equal to its default is left out.
 */

/** One piece of a list's state: its query (and body) name, whether it holds several values, and its default. */
export interface ListField {
  key: string;
  many?: boolean;
  defaultValue?: string;
}

export type ListValue = string | readonly string[];
export type ListValues = Record<string, ListValue>;

/** The page and page size live under these names. */
export const PAGE_KEY = 'page';
export const SIZE_KEY = 'size';

/** A value cleared on purpose where the default is not empty (a status select emptied to mean "any"). */
export const CLEARED = '-';

// several values are joined by commas; a comma or percent sign inside a value is escaped first
const escapeItem = (item: string) => item.replace(/%/g, '%25').replace(/,/g, '%2C');
const unescapeItem = (item: string) => item.replace(/%2C/g, ',').replace(/%25/g, '%');

function joinMany(values: readonly string[]): string {
  return values.map(escapeItem).join(',');
}

function splitMany(text: string): string[] {
  return text === '' ? [] : text.split(',').map(unescapeItem);
}

/** The list values a query holds, each field's default where it holds none. */
export function decodeList(query: Readonly<Record<string, string>>, fields: readonly ListField[]): ListValues {
  const values: ListValues = {};
  for (const field of fields) {
    const raw = query[field.key];
    if (field.many) values[field.key] = raw === undefined ? splitMany(field.defaultValue ?? '') : splitMany(raw);
    else if (raw === undefined) values[field.key] = field.defaultValue ?? '';
    else values[field.key] = raw === CLEARED && (field.defaultValue ?? '') !== '' ? '' : raw;
  }
  return values;
}

/**
 * The query entries of `values` for the given fields: undefined (left out) for a default, so merging the answer into
 * a query also removes what went back to its default.
 */
export function encodeList(values: ListValues, fields: readonly ListField[]): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const field of fields) {
    if (!(field.key in values)) continue;
    const value = values[field.key]!;
    const text = typeof value === 'string' ? value : joinMany(value.filter((v) => v !== ''));
    const fallback = field.defaultValue ?? '';
    if (text === fallback) query[field.key] = undefined;
    else if (text === '') query[field.key] = CLEARED;
    else query[field.key] = text;
  }
  return query;
}

/** The page (from 1) and page size of a query; a size not offered falls back to the default. */
export function decodePaging(
  query: Readonly<Record<string, string>>,
  defaultSize: number,
  sizes: readonly number[],
): { page: number; size: number } {
  const page = Number(query[PAGE_KEY]);
  const size = Number(query[SIZE_KEY]);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: sizes.includes(size) ? size : defaultSize,
  };
}

export function encodePaging(page: number, size: number, defaultSize: number): Record<string, string | undefined> {
  return {
    [PAGE_KEY]: page > 1 ? String(page) : undefined,
    [SIZE_KEY]: size !== defaultSize ? String(size) : undefined,
  };
}

/**
 * The location of `list` with `change` merged into its query (undefined removes a key). A change of filters goes
 * back to page 1 unless it names the page itself; the router's one-off flags are dropped.
 */
export function changedList(
  list: RouteLocation,
  change: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = { ...list.query, _reload: undefined };
  if (!(PAGE_KEY in change)) query[PAGE_KEY] = undefined;
  return Object.assign(query, change);
}
