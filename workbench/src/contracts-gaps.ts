/**
 * Placeholders for what @qcdesk/contracts does not export yet. Each one is to be replaced by the contract's own
 * export once it exists; nothing here is meant to outlive that.
 */
import type { ConditionConfig } from '@qcdesk/engine';

/** qc-area §3 entities as the workbench reads them (the contract's entity types replace these). */
export interface AngleRuleRecord {
  id: string | number;
  ruleId: string | number;
  ruleName?: string | null;
  conditionConfig?: Partial<ConditionConfig> | null;
}
export interface SchemeAngleRecord {
  id: string | number;
  angleId?: string | number | null;
  angleName?: string | null;
  name?: string | null;
  score: number;
  version?: number | null;
  angleRules?: AngleRuleRecord[] | null;
}
export interface SchemeRecord {
  id: string | number;
  name: string;
  status?: string | null;
  type?: string | null;
  targetType?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  style?: string | null;
  comments?: string | null;
  modifyTime?: string | null;
  version?: number | null;
  schemeConfig?: {
    num?: number | null;
    compareOperator?: string | null;
    appraises?: { appraise: string; required: boolean }[] | null;
    veto?: (string | number)[] | null;
  } | null;
  schemeAngles?: SchemeAngleRecord[] | null;
}
export interface RuleRecord {
  id: string | number;
  name: string;
  type?: string | null;
  version?: number | null;
  businessId?: string | number | null;
  businessName?: string | null;
  categoryId?: string | number | null;
  categoryName?: string | null;
  ruleOutId?: string | null;
  comments?: string | null;
  modifyTime?: string | null;
  conditionConfig?: ConditionConfig | string | null;
}
