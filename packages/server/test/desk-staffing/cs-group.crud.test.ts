import { csGroupContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';
import { createTime } from './helpers.js';

describeCrudEntity({
  contract: csGroupContract,
  // a group needs a service time and a receiver: an agent bound to a user made through the people calls
  prepare: async (admin) => {
    const timeId = await createTime(admin);
    const user = await ok(
      admin.post('/v3/users/user/create', {
        username: `recv-${timeId}-${Date.now()}`,
        name: '接待人',
        password: 'test-password-1',
      }),
    );
    const agentId = (await ok(admin.post('/v3/chats/cs-agent/create', { userId: user.id, nick: '小接' }))).id;
    return { timeId, agentId };
  },
  body: (name, prepared) => ({ name, type: 'ONLINE', timeId: prepared.timeId, agentIds: [prepared.agentId] }),
  change: { field: 'intro', value: '售后咨询' },
  invalid: { patch: { agentIds: [] }, field: 'agentIds' },
  initialStatus: 'ACTIVE',
});
