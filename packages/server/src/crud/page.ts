import type { PageAnswer, PageQuery } from '@qcdesk/contracts';

/** `{records, total, page, size}` — the one shape of every paged answer. */
export function pageAnswer<T>(records: T[], total: number, query: PageQuery): PageAnswer<T> {
  return { records, total, page: query.page, size: query.size };
}

export function offsetOf(query: PageQuery): number {
  return (query.page - 1) * query.size;
}

/**
 * Keeps only the requested `fields` of a record (plus `id`, which every list row needs for selection and links).
 * No list, or an empty one, keeps everything; names the record does not have are ignored.
 */
export function pickFields<T extends object>(record: T, fields: readonly string[] | undefined): T {
  if (fields === undefined || fields.length === 0) return record;
  const out: Record<string, unknown> = {};
  const source = record as Record<string, unknown>;
  if ('id' in source) out.id = source.id;
  for (const field of fields) if (Object.hasOwn(source, field)) out[field] = source[field];
  // typed as the whole record: the answer schemas describe untrimmed answers, and defineRoute's run-time check skips
  // trimmed ones (the `fields` tests check those)
  return out as T;
}
