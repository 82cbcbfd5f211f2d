import { scoreConfigContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

describeCrudEntity({
  contract: scoreConfigContract,
  // the create modal's four fields: the survey starts as the default one
  body: (name) => ({ name, type: 'ONLINE', agentVisible: false, validDays: 3 }),
  change: { field: 'validDays', value: 7 },
  invalid: { patch: { validDays: 5 }, field: 'validDays' },
  // a new survey can run at once
  initialStatus: 'ACTIVE',
});
