import { entityContract } from '../crud/entity-contract.js';
import { qcTaskSaveSchema, qcTaskSchema } from '../entities/qc-task.js';
import { qcRuleSchema, ruleSaveSchema } from '../entities/rule.js';
import { qcSchemeSchema, schemeSaveSchema } from '../entities/scheme.js';
import { schemeDetailSchema } from '../requests/answers.js';
import { qcTaskFilterSchema, ruleFilterSchema, schemeFilterSchema } from '../requests/lists.js';

/** QC rules (qc-area §3): /v3/chats/qc-rule/…, plus detail-outId. */
export const qcRuleContract = entityContract({
  base: '/v3/chats/qc-rule',
  name: { zh: '质检规则', en: 'QC rule' },
  detailParam: 'ruleId',
  keys: { view: 'qc-rule.view', edit: 'qc-rule.edit', delete: 'qc-rule.delete', status: 'qc-rule.edit' },
  record: qcRuleSchema,
  save: ruleSaveSchema,
  filter: ruleFilterSchema,
  softDelete: true,
});

/** QC schemes (qc-area §2); their angles and rule links have calls of their own. */
export const qcSchemeContract = entityContract({
  base: '/v3/chats/qc-scheme',
  name: { zh: '质检方案', en: 'QC scheme' },
  detailParam: 'schemeId',
  keys: { view: 'qc-scheme.view', edit: 'qc-scheme.edit', delete: 'qc-scheme.delete', status: 'qc-scheme.edit' },
  record: qcSchemeSchema,
  detail: schemeDetailSchema,
  save: schemeSaveSchema,
  filter: schemeFilterSchema,
  softDelete: true,
});

/** QC tasks (tickets-censor-tasks-monitoring §QC tasks), plus progress and rerun. */
export const qcTaskContract = entityContract({
  base: '/v3/chats/qc-task',
  name: { zh: '质检任务', en: 'QC task' },
  detailParam: 'taskId',
  keys: { view: 'qc-task.view', edit: 'qc-task.edit', delete: 'qc-task.edit', status: 'qc-task.edit' },
  record: qcTaskSchema,
  save: qcTaskSaveSchema,
  filter: qcTaskFilterSchema,
  softDelete: true,
});
