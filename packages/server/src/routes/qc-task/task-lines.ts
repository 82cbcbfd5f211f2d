import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { csLines } from '../../db/schema/lines.js';
import { ApiError } from '../../http/api-error.js';

export function fieldError(field: string, zh: string, en: string): ApiError {
  return ApiError.badRequest('INVALID_FIELD', `${field}：${zh}`, `${field}: ${en}`, field);
}

/**
 * A task body's lines, each a live line (not in the trash) of the organisation, with its name: an unknown, foreign
 * or deleted one is a 400 naming `lineIds[i]`.
 */
export async function taskLines(db: Queryable, organizationId: number, ids: readonly string[]) {
  const keys = ids.map(dbId);
  const known = keys.filter((k): k is number => k !== null);
  const rows =
    known.length === 0
      ? []
      : await db
          .select({ id: csLines.id, name: csLines.name })
          .from(csLines)
          .where(
            and(eq(csLines.organizationId, organizationId), inArray(csLines.id, known), eq(csLines.deleted, 'NONE')),
          );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return keys.map((key, i) => {
    const lineName = key === null ? undefined : names.get(key);
    if (lineName === undefined)
      throw fieldError(`lineIds[${i}]`, `服务线路 ${ids[i]} 不存在`, `service line ${ids[i]} not found`);
    return { lineId: key!, lineName };
  });
}

/**
 * The lines' names as the line records have them now (a renamed line shows its new name in every task), by id; a
 * line in the trash still has its name.
 */
export async function lineNames(db: Queryable, organizationId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: csLines.id, name: csLines.name })
    .from(csLines)
    .where(and(eq(csLines.organizationId, organizationId), inArray(csLines.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}
