import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { csLines } from '../../db/schema/index.js';

export interface BoundLine {
  readonly lineId: string;
  readonly lineName: string;
}

/**
 * The live service lines of the organisation that bind each satisfaction config, by config key, in one query: the
 * "bound lines" a config's record shows and what keeps it out of the trash.
 */
export async function linesOfScoreConfigs(
  db: Queryable,
  organizationId: number,
  configKeys: readonly number[],
): Promise<Map<number, BoundLine[]>> {
  const byConfig = new Map<number, BoundLine[]>();
  if (configKeys.length === 0) return byConfig;
  const lines = await db
    .select({ id: csLines.id, name: csLines.name, configId: csLines.scoreConfigId })
    .from(csLines)
    .where(
      and(
        eq(csLines.organizationId, organizationId),
        eq(csLines.deleted, 'NONE'),
        inArray(csLines.scoreConfigId, [...new Set(configKeys)]),
      ),
    )
    .orderBy(asc(csLines.id));
  for (const line of lines)
    if (line.configId !== null)
      byConfig.set(line.configId, [
        ...(byConfig.get(line.configId) ?? []),
        { lineId: String(line.id), lineName: line.name },
      ]);
  return byConfig;
}
