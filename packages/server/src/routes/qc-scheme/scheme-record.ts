import { qcSchemeContract } from '@qcdesk/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { EntityName, Queryable } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import { qcAngleRules, qcAngles, qcRules, type qcSchemes } from '../../db/schema/index.js';
import { formatTime } from '../../http/time-zone.js';

export type SchemeRow = typeof qcSchemes.$inferSelect;

export const SCHEME: EntityName = qcSchemeContract.name;
export const ANGLE: EntityName = { zh: '质检维度', en: 'QC angle' };
export const ANGLE_RULE: EntityName = { zh: '维度规则关联', en: 'angle rule link' };

/** A scheme as the list calls answer it (without its angles). */
export function schemeRecord(row: SchemeRow, timeZone: string) {
  const config = row.schemeConfig ?? null;
  return {
    id: String(row.id),
    name: row.name,
    status: row.status,
    type: row.type,
    targetType: row.targetType,
    groupId: row.groupId,
    groupName: row.groupName,
    schemeOutId: row.schemeOutId,
    tenantId: String(row.organizationId),
    startTime: formatTime(row.startTime, timeZone),
    endTime: formatTime(row.endTime, timeZone),
    style: row.style,
    comments: row.comments,
    schemeConfig: config === null ? null : { ...config, veto: (config.veto ?? []).map(String) },
    deleted: row.deleted,
    version: row.version,
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    createTime: formatTime(row.createTime, timeZone),
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}

export interface AngleRuleRecord {
  id: string;
  ruleId: string;
  ruleName: string;
  ruleOutId: string | null;
  conditionConfig: Record<string, unknown> | null;
}
export interface AngleRecord {
  id: string;
  angleId: string;
  angleName: string;
  name: string;
  score: number;
  version: number;
  schemeId: string;
  angleRules: AngleRuleRecord[];
}

/**
 * The live angles of schemes with their live rule links, in the order they were added. A link shows the rule's
 * name and its conditionConfig (the popover and the rule score column read it).
 */
export async function loadAngles(
  db: Queryable,
  organizationId: number,
  where: { schemeIds: number[] } | { angleIds: number[] },
): Promise<AngleRecord[]> {
  const angleFilter =
    'schemeIds' in where ? inArray(qcAngles.schemeId, where.schemeIds) : inArray(qcAngles.id, where.angleIds);
  const angles = await db
    .select()
    .from(qcAngles)
    .where(and(angleFilter, eq(qcAngles.organizationId, organizationId), eq(qcAngles.deleted, 'NONE')))
    .orderBy(asc(qcAngles.id));
  if (angles.length === 0) return [];
  const links = await db
    .select({
      id: qcAngleRules.id,
      angleId: qcAngleRules.angleId,
      ruleId: qcAngleRules.ruleId,
      ruleName: qcRules.name,
      ruleOutId: qcRules.ruleOutId,
      conditionConfig: qcRules.conditionConfig,
    })
    .from(qcAngleRules)
    .innerJoin(qcRules, eq(qcRules.id, qcAngleRules.ruleId))
    .where(
      and(
        inArray(
          qcAngleRules.angleId,
          angles.map((a) => a.id),
        ),
        eq(qcAngleRules.organizationId, organizationId),
        eq(qcAngleRules.deleted, 'NONE'),
        ne(qcRules.deleted, 'BUFFER'),
      ),
    )
    .orderBy(asc(qcAngleRules.id));
  return angles.map((a) => ({
    id: String(a.id),
    angleId: String(a.id),
    angleName: a.name,
    name: a.name,
    score: a.score,
    version: a.version,
    schemeId: String(a.schemeId),
    angleRules: links
      .filter((l) => l.angleId === a.id)
      .map((l) => ({
        id: String(l.id),
        ruleId: String(l.ruleId),
        ruleName: l.ruleName,
        ruleOutId: l.ruleOutId,
        conditionConfig: l.conditionConfig ?? null,
      })),
  }));
}
