import { csLineContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

describeCrudEntity({
  contract: csLineContract,
  body: (name) => ({ name, intro: '售前咨询' }),
  change: { field: 'code', value: 'presale-01' },
  invalid: { patch: { code: 'c'.repeat(51) }, field: 'code' },
  // a new line is in service at once (spec §3.1 status ACTIVE or INACTIVE; the create modal has no status)
  initialStatus: 'ACTIVE',
});
