import type { PermissionItem, Role } from '@qcdesk/contracts';
import { roleContract } from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { contractApi } from '../entity/access';
import type { EntityDescription, RouteTarget } from '../entity/types';

export const ROLE_LIST_PATH = '/system/role';
export const ROLE_EDIT_PATH = '/system/role/edit';
export const PERMISSION_LIST_PATH = '/v3/users/permission/list';

/** /system/role/edit?id={id}&_modal=small (create without id). */
export function roleEditTarget(id?: string): RouteTarget {
  return { path: ROLE_EDIT_PATH, query: { id, _modal: 'small' } };
}

/** Every permission key a role may hold, as the server's table lists it (labels in both languages, by area). */
export function loadPermissions(client: ApiClient): Promise<PermissionItem[]> {
  return client.request<PermissionItem[]>({ path: PERMISSION_LIST_PATH });
}

/**
 * Roles (issue 14 §2, ours): code, name and the permission keys; a role held by users cannot go to the trash (the
 * server says so). Create and change need role.edit, delete, restore and empty role.delete. Its form, with the
 * permission checklist, is screens/people/RoleForm.
 */
export const roleDescription: EntityDescription<Role> = {
  name: 'role',
  title: 'role.title',
  api: contractApi(roleContract),
  listPath: ROLE_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'role.name', link: (row) => roleEditTarget(row.id) },
    { key: 'code', title: 'role.code' },
    { key: 'userCount', title: 'role.userCount', width: 90 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
  ],
  create: () => roleEditTarget(),
  rowActions: [{ label: 'common.edit', permission: 'role.edit', to: (row) => roleEditTarget(row.id) }],
};
