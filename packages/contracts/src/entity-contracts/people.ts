import { entityContract } from '../crud/entity-contract.js';
import { roleFilterSchema, roleSaveSchema, roleSchema } from '../entities/role.js';
import { userFilterSchema, userSaveSchema, userSchema } from '../entities/user.js';

/** Console users (issue 14 §2, ours: the spec shows no user calls), plus reset-password. */
export const userContract = entityContract({
  base: '/v3/users/user',
  name: { zh: '用户', en: 'User' },
  detailParam: 'userId',
  keys: { view: 'user.view', edit: 'user.edit', delete: 'user.delete', status: 'user.edit' },
  record: userSchema,
  save: userSaveSchema,
  filter: userFilterSchema,
  softDelete: true,
});

/** Roles: named sets of permission keys; a role in use cannot go to the trash. */
export const roleContract = entityContract({
  base: '/v3/users/role',
  name: { zh: '角色', en: 'Role' },
  detailParam: 'roleId',
  keys: { view: 'role.view', edit: 'role.edit', delete: 'role.delete' },
  record: roleSchema,
  save: roleSaveSchema,
  filter: roleFilterSchema,
  softDelete: true,
});
