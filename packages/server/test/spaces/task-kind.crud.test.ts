import { taskKindContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

describeCrudEntity({
  contract: taskKindContract,
  body: (name) => ({ name, code: 'RETURN', taskCode: 'TH' }),
  change: { field: 'taskCode', value: 'HF' },
  invalid: { patch: { name: '名'.repeat(31) }, field: 'name' },
});
