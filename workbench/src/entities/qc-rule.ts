import { RuleType } from '@qcdesk/contracts';
import type { RuleRecord } from '../contracts-gaps';
import type { EntityDescription } from '../entity/types';

/** QC rules (qc-area §2 "QC rule config": searchable by keyword and type, with create and delete). */
export const qcRuleDescription: EntityDescription<RuleRecord> = {
  name: 'qc-rule',
  title: 'rule.title',
  api: { base: '/v3/chats/qc-rule', detailParam: 'ruleId' },
  listPath: '/qc/rule/list',
  softDelete: true,
  permissions: { create: 'qc-rule.edit', delete: 'qc-rule.delete' },
  keyword: true,
  filters: [{ key: 'type', label: 'rule.type', kind: 'select', dictionary: RuleType }],
  columns: [
    { key: 'id', title: 'common.id' },
    {
      key: 'name',
      title: 'rule.name',
      link: (row) => ({ path: '/qc/rule/config', query: { id: row.id, _modal: 'large' } }),
    },
    { key: 'type', title: 'rule.type', kind: 'dict', dictionary: RuleType },
    { key: 'comments', title: 'common.comments' },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time' },
  ],
  fields: ['id', 'name', 'type', 'comments', 'modifyTime', 'version'],
  create: () => ({ path: '/qc/rule/create', query: { _modal: 'small' } }),
};
