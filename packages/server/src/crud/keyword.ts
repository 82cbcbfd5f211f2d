import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%` and `_` in a keyword are searched for, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows where any of `columns` contains `keyword` literally (case-insensitive); no keyword, no condition. */
export function keywordMatch(columns: readonly PgColumn[], keyword: string | null | undefined): SQL | undefined {
  if (!keyword || columns.length === 0) return undefined;
  const like = `%${escapeLike(keyword)}%`;
  return or(...columns.map((column) => ilike(column, like)));
}
