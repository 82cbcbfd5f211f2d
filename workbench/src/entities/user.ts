import { ActiveStatus, roleContract, USER_LIMITS, type User, userContract, userSaveSchema } from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type {
  EntityDescription,
  EntityFormDescription,
  EntityFormField,
  FormOption,
  RouteTarget,
} from '../entity/types';

export const USER_LIST_PATH = '/system/user';
export const USER_EDIT_PATH = '/system/user/edit';
export const USER_RESET_PATH = '/system/user/reset-password';

/** /system/user/edit?id={id}&_modal=small (create without id). */
export function userEditTarget(id?: string): RouteTarget {
  return { path: USER_EDIT_PATH, query: { id, _modal: 'small' } };
}

/** The roles a user may hold: every role not in the trash. */
export async function roleOptions(client: ApiClient): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(roleContract);
  const roles = await resource<{ id: string; name?: string }>(client, base, { detailParam }).list({
    fields: ['id', 'name'],
  });
  return roles.map((r) => ({ value: r.id, label: r.name ?? r.id }));
}

const username: EntityFormField<User> = {
  key: 'username',
  kind: 'text',
  label: 'user.username',
  required: true,
  maxLength: USER_LIMITS.usernameMax,
};
const name: EntityFormField<User> = {
  key: 'name',
  kind: 'text',
  label: 'user.name',
  required: true,
  maxLength: USER_LIMITS.nameMax,
};
const roles: EntityFormField<User> = {
  key: 'roleIds',
  kind: 'multiselect',
  label: 'user.roles',
  options: async ({ client, record }) => {
    const found = await roleOptions(client).catch((): FormOption[] => []);
    record?.roleIds.forEach((id, i) => {
      if (!found.some((o) => o.value === id)) found.push({ value: id, label: record.roleNames[i] ?? id });
    });
    return found;
  },
};

const userFormBase = {
  permission: 'user.edit',
  check: (body: Record<string, unknown>) => userSaveSchema.safeParse(body),
  afterSave: (id: string | number, _values: unknown, query: Readonly<Record<string, string>>) => ({
    path: USER_EDIT_PATH,
    query: { id: String(id), _modal: query._modal ?? 'small', _reload: 'list' },
    replace: true,
  }),
} as const;

/** A new user: user name, name, password (taken as typed, never trimmed), roles. */
export const userCreateForm: EntityFormDescription<User> = {
  ...userFormBase,
  fields: [
    username,
    name,
    {
      key: 'password',
      kind: 'text',
      label: 'user.password',
      required: true,
      maxLength: USER_LIMITS.passwordMax,
    },
    roles,
  ],
  toBody: (values) => ({
    username: typeof values.username === 'string' ? values.username.trim() : values.username,
    name: typeof values.name === 'string' ? values.name.trim() : values.name,
    password: values.password,
    roleIds: values.roleIds,
  }),
};

/** A change: the same without the password (reset-password sets a new one). */
export const userChangeForm: EntityFormDescription<User> = {
  ...userFormBase,
  fields: [username, name, roles],
};

/**
 * Console users (issue 14 §2, ours: the spec shows no user screens): keyword, status and the trash; enable and
 * disable through /status (a disabled user cannot sign in); create, change and reset password need user.edit.
 */
export const userDescription: EntityDescription<User> = {
  name: 'user',
  title: 'user.title',
  api: contractApi(userContract),
  listPath: USER_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
  columns: [
    { key: 'username', title: 'user.username', link: (row) => userEditTarget(row.id) },
    { key: 'name', title: 'user.name' },
    { key: 'roleNames', title: 'user.roles', kind: 'fold', fold: { limit: 3, label: (n) => String(n) } },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
  ],
  create: () => userEditTarget(),
  rowActions: [
    { label: 'common.edit', permission: 'user.edit', to: (row) => userEditTarget(row.id) },
    {
      label: 'user.resetPassword',
      permission: 'user.edit',
      to: (row) => ({ path: USER_RESET_PATH, query: { id: row.id, _modal: 'small' } }),
    },
  ],
  form: userChangeForm,
};
