import { roleContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

let n = 0;

describeCrudEntity({
  contract: roleContract,
  // codes are unique in an organisation: one of its own for every body
  body: (name) => ({ code: `crud-role-${++n}`, name, permissions: ['qc-rule.view'] }),
  change: { field: 'permissions', value: ['qc-rule.view', 'qc-task.view'] },
  invalid: { patch: { code: 'no spaces' }, field: 'code' },
});
