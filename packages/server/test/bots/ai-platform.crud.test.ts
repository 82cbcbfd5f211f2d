import { aiPlatformContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

describeCrudEntity({
  contract: aiPlatformContract,
  body: (name) => ({ name, provider: 'HTTP', baseUrl: 'https://models.internal.test/v1', outerId: 'acct-1' }),
  change: { field: 'outerId', value: 'acct-2' },
  invalid: { patch: { baseUrl: 'ftp://models.internal.test' }, field: 'baseUrl' },
});
