import { censorBanContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

describeCrudEntity({
  contract: censorBanContract,
  body: (name) => ({ name, flag: 'cs-customer', operation: 'REPORT', words: ['退钱', '骗子'] }),
  filter: { flag: 'cs-customer' },
  change: { field: 'words', value: ['垃圾客服', '投诉你'] },
  invalid: { patch: { flag: 'cs-agent', operation: 'FUZZY' }, field: 'operation' },
});
