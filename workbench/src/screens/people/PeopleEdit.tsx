import { agentChangeForm, agentCreateForm, csAgentDescription } from '../../entities/cs-agent';
import { userChangeForm, userCreateForm, userDescription } from '../../entities/user';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

// Agents and users have a field that exists on create only (the agent's user, the user's password), so each route
// renders the shared EntityForm with the create or the change form by presence of id. The descriptions are built
// once: EntityForm loads again whenever its description changes.
const agentCreate = { ...csAgentDescription, form: agentCreateForm };
const agentChange = { ...csAgentDescription, form: agentChangeForm };
const userCreate = { ...userDescription, form: userCreateForm };
const userChange = { ...userDescription, form: userChangeForm };

/** /csAgent/edit?id={id}&_modal=small */
export function AgentEdit({ location }: { location: RouteLocation }) {
  const creating = !location.query.id;
  return (
    <EntityForm
      key={creating ? 'create' : 'change'}
      description={creating ? agentCreate : agentChange}
      location={location}
    />
  );
}

/** /system/user/edit?id={id}&_modal=small */
export function UserEdit({ location }: { location: RouteLocation }) {
  const creating = !location.query.id;
  return (
    <EntityForm
      key={creating ? 'create' : 'change'}
      description={creating ? userCreate : userChange}
      location={location}
    />
  );
}

/** /system/role/edit?id={id}&_modal=small: the permission checklist is the role's own form (RoleForm). */
export { RoleForm as RoleEdit } from './RoleForm';
