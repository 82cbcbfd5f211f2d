import { qcRuleContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

describeCrudEntity({
  contract: qcRuleContract,
  body: (name) => ({ name, comments: '质检规则' }),
  change: { field: 'comments', value: '改过的说明' },
  invalid: { patch: { comments: 'x'.repeat(201) }, field: 'comments' },
  initialStatus: 'ACTIVE',
});
