import { type QcRule, RuleType } from '@qcdesk/contracts';
import type { ApiClient } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { PickerDescription } from '../../../entity/types';

/**
 * The rules an angle of a scheme may link, as the contracts' `ruleRunsInScheme` decides what takes part: an AI scheme
 * runs AI rules only, so its picker asks for those; a PERSON scheme is scored by an inspector against any live rule
 * (its own manual rules first of all), so its picker offers every type, with the type shown and searchable.
 */
export function linkableRulePicker(client: ApiClient, schemeTargetType: string | null | undefined) {
  const rules = resource<QcRule>(client, '/v3/chats/qc-rule', { detailParam: 'ruleId' });
  const ai = (schemeTargetType ?? 'AI') === 'AI';
  const description: PickerDescription<QcRule> = {
    title: 'angle.pickRules',
    keyword: true,
    filters: ai ? [] : [{ key: 'type', label: 'rule.type', kind: 'select', dictionary: RuleType }],
    columns: [
      { key: 'id', title: 'angle.ruleId', width: 100 },
      { key: 'name', title: 'angle.ruleName' },
      { key: 'type', title: 'rule.type', kind: 'dict', dictionary: RuleType, width: 100 },
      { key: 'comments', title: 'common.comments' },
    ],
    load: ({ page, size, keyword, filters }) => {
      const type = ai ? 'AI' : filters.type;
      return rules.page({ page, size, filters: { keyword, deleted: 'NONE', ...(type ? { type } : {}) } });
    },
  };
  return description;
}
