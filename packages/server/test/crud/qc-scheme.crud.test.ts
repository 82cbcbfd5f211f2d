import { qcSchemeContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

describeCrudEntity({
  contract: qcSchemeContract,
  // a PERSON scheme activates whatever its angles total (an AI one needs 100: schemes.test.ts)
  body: (name) => ({ name, type: 'TEXT', targetType: 'PERSON', style: 'SCORE', comments: '质检方案' }),
  change: { field: 'comments', value: '改过的说明' },
  invalid: { patch: { type: 'FAX' }, field: 'type' },
  filter: { targetType: 'PERSON' },
});
