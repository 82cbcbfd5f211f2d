import { userContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

let n = 0;
// user names are unique across the store and take no spaces or `%`: one of its own for every body
const person = (name: string) => ({ username: `crud.user${++n}`, name, roleIds: [] });

describeCrudEntity({
  contract: userContract,
  body: (name) => ({ ...person(name), password: 'crud-password-1' }),
  changeBody: (name) => person(name),
  invalid: { patch: { username: 'no spaces' }, field: 'username' },
  initialStatus: 'ACTIVE',
});
