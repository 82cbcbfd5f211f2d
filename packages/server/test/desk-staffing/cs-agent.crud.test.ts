import { csAgentContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';

// every create binds another user (a user is one agent); the people calls make enough of them
let next = 0;
describeCrudEntity({
  contract: csAgentContract,
  prepare: async (admin) => {
    const userIds: string[] = [];
    const prefix = `crud-agent-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    for (let i = 0; i < 40; i++)
      userIds.push(
        (
          await ok(
            admin.post('/v3/users/user/create', {
              username: `${prefix}-${i}`,
              name: `员工${i}`,
              password: 'test-password-1',
            }),
          )
        ).id,
      );
    return { userIds };
  },
  body: (nick, prepared) => ({ userId: (prepared.userIds as string[])[next++ % 40], nick }),
  keywordField: 'nick',
  change: { field: 'capacity', value: 35 },
  invalid: { patch: { capacity: 1001 }, field: 'capacity' },
});
