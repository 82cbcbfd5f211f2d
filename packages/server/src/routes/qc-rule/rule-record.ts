import { qcRuleContract } from '@qcdesk/contracts';
import type { InferSelectModel } from 'drizzle-orm';
import type { EntityName } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import type { qcRules } from '../../db/schema/index.js';
import { formatTime } from '../../http/time-zone.js';

export type RuleRow = InferSelectModel<typeof qcRules>;

export const RULE: EntityName = qcRuleContract.name;

/** A rule as the detail and list calls answer it (qc-area §3 "QC rule"). */
export function ruleRecord(row: RuleRow, timeZone: string) {
  return {
    id: String(row.id),
    name: row.name,
    type: row.type,
    status: row.status,
    version: row.version,
    businessId: row.businessId,
    businessName: row.businessName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    ruleOutId: row.ruleOutId,
    comments: row.comments,
    conditionConfig: row.conditionConfig,
    deleted: row.deleted,
    tenantId: String(row.organizationId),
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    createTime: formatTime(row.createTime, timeZone),
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
export type RuleRecord = ReturnType<typeof ruleRecord>;
