import type { CsAgent, Role, User } from '@qcdesk/contracts';
import { csAgentDescription } from '../src/entities/cs-agent';
import { roleDescription } from '../src/entities/role';
import { userDescription } from '../src/entities/user';
import { describeEntityScreens } from './describe-entity-screens';
import { agentRecord } from './people-fixtures';

// The shared list and form suite on the agent, user and role descriptions. The agent's form has no `name` (its
// nick is the name it edits), so its form is tested in people-agent.test.tsx instead.

const { form: _agentForm, ...agentList } = csAgentDescription;
describeEntityScreens<CsAgent>(agentList, { record: agentRecord });

describeEntityScreens<User>(userDescription, {
  record: (i) => ({
    id: `U${i}`,
    username: `user${i}`,
    name: `用户${i}号`,
    status: 'ACTIVE',
    roleIds: ['R1'],
    roleNames: ['质检员'],
    version: 1,
  }),
  more: { '/v3/users/role/list': () => [{ id: 'R1', name: '质检员' }] },
});

describeEntityScreens<Role>(roleDescription, {
  record: (i) => ({
    id: `R${i}`,
    code: `role_${i}`,
    name: `角色${i}号`,
    permissions: ['qc-scheme.view'],
    userCount: 0,
    version: 1,
  }),
  more: {
    '/v3/users/permission/list': () => [
      { key: 'qc-scheme.view', zh: '查看质检方案', en: 'View QC schemes', area: 'qc', source: 'qcdesk' },
    ],
  },
});
