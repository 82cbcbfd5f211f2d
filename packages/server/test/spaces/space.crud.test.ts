import { spaceContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';

describeCrudEntity({
  contract: spaceContract,
  // every ticket space of the suite lists a ticket kind of its own organisation
  prepare: async (admin) => ({
    kindId: (await ok(admin.post('/v3/feed/task-kind/create', { name: '投诉处理', code: 'COMPLAINT' }))).id,
  }),
  body: (name, prepared) => ({ name, type: 'TICKET', intro: '售后', taskKindIds: [prepared.kindId] }),
  change: { field: 'intro', value: '售后问题的工单' },
  invalid: { patch: { intro: '介'.repeat(201) }, field: 'intro' },
});
