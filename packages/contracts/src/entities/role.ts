import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { auditShape, err, filter, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** A role grants every permission key (also keys added later) when its list holds this. */
export const ALL_PERMISSIONS_KEY = '*';
export const ROLE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ROLE_LIMITS = { codeMax: 64, nameMax: 50, permissionsMax: 200 } as const;

/** A role: a named set of permission keys (PERMISSIONS), or `*` for all of them. */
export const roleSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** users (not emptied) holding the role */
  userCount: z.number().int(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  tenantId: z.string().optional(),
  ...auditShape,
});
export type Role = z.infer<typeof roleSchema>;

/**
 * /v3/users/role/create or /change: `{id, version, code, name, permissions}`. Each permission is a key of
 * PERMISSIONS or `*`; the server names an unknown one (`permissions[i]`), since the key list is the server's table.
 */
export const roleSaveSchema = z
  .object({
    ...saveKeysShape,
    code: requiredText(ROLE_LIMITS.codeMax).regex(ROLE_CODE_PATTERN, err('role.codeFormat')),
    name: requiredText(ROLE_LIMITS.nameMax),
    permissions: z.array(z.string().trim().min(1).max(100)).max(ROLE_LIMITS.permissionsMax).default([]),
  })
  .superRefine(requireVersionOnChange);
export type RoleSave = z.infer<typeof roleSaveSchema>;

/** Role list (/v3/users/role/page and /list): keyword searches the code and the name. */
export const roleFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(100)),
  deleted: Deleted.schema.default('NONE'),
});
export type RoleFilter = z.infer<typeof roleFilterSchema>;

/** One permission key as /v3/users/permission/list answers it: for the role form's checklist. */
export const permissionItemSchema = z.object({
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  area: z.string(),
  /** `spec`: the spec's own key; `qcdesk`: ours, where the spec names none */
  source: z.enum(['spec', 'qcdesk']),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;
