import { taskGroupContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';

describeCrudEntity({
  contract: taskGroupContract,
  // every group's processor is the organisation's own administrator
  prepare: async (admin) => ({ userId: (await ok(admin.post('/v3/auth/me', {}))).user.id }),
  body: (name, prepared) => ({ name, staffIds: [prepared.userId] }),
  change: { field: 'capacity', value: 50 },
  initialStatus: 'ACTIVE',
});
