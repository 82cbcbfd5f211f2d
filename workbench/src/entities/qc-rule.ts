import { LIMITS, type QcRule, qcRuleContract, RuleType } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, EntityFormDescription } from '../entity/types';

/**
 * The rule create modal (/qc/rule/create): name and comments. On save it opens /qc/rule/config?id={id}&_reload=list
 * (the conditions are configured there; the config screen itself is custom).
 */
export const qcRuleCreateForm: EntityFormDescription<QcRule> = {
  permission: 'qc-rule.edit',
  fields: [
    { key: 'name', kind: 'text', label: 'rule.name', required: true, maxLength: LIMITS.nameMax },
    { key: 'comments', kind: 'textarea', label: 'common.comments', maxLength: LIMITS.commentsMax },
  ],
  afterSave: (id) => ({ path: '/qc/rule/config', query: { id, _reload: 'list' } }),
};

/** QC rules (qc-area §2 "QC rule config": searchable by keyword and type, with create and delete). */
export const qcRuleDescription: EntityDescriptionWithForm<QcRule> = {
  name: 'qc-rule',
  title: 'rule.title',
  api: contractApi(qcRuleContract),
  listPath: '/qc/rule/list',
  softDelete: true,
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
  form: qcRuleCreateForm,
};
