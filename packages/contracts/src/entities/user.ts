import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { auditShape, err, filter, idSchema, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** User names: the sign-in name, unique across the whole store (sign-in asks for no organisation). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USER_LIMITS = { usernameMin: 2, usernameMax: 64, nameMax: 50, passwordMin: 8, passwordMax: 128 } as const;

/** a user name as typed: trimmed, 2–64 letters, digits and `._-@` */
export const usernameSchema = requiredText(USER_LIMITS.usernameMax)
  .min(USER_LIMITS.usernameMin)
  .regex(USERNAME_PATTERN, err('user.usernameFormat'));

/** a new password: 8–128 characters, taken as typed (never trimmed) */
export const newPasswordSchema = z
  .string({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .min(USER_LIMITS.passwordMin)
  .max(USER_LIMITS.passwordMax);

/** A console user as the user list and detail answer him: never his password. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** enabled or disabled (/v3/users/user/status); a disabled user cannot sign in */
  status: ActiveStatus.schema,
  /** the desk agent this user is (he sees his own results); null for other users */
  agentId: z.string().nullish(),
  roleIds: z.array(z.string()),
  /** the names of his roles, in the order of roleIds */
  roleNames: z.array(z.string()),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  tenantId: z.string().optional(),
  ...auditShape,
});
export type User = z.infer<typeof userSchema>;

/**
 * /v3/users/user/create or /change: `{id, version, username, name, password, roleIds, agentId}`. The password is
 * given on create only; a change keeps it (reset-password sets a new one).
 */
export const userSaveSchema = z
  .object({
    ...saveKeysShape,
    username: usernameSchema,
    name: requiredText(USER_LIMITS.nameMax),
    password: newPasswordSchema.optional(),
    /** absent on a change: his roles stay as they are */
    roleIds: z.array(idSchema).max(50).optional(),
    agentId: idSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    requireVersionOnChange(body, ctx);
    if (!body.id && body.password === undefined)
      ctx.addIssue({ code: 'custom', message: 'common.required', path: ['password'] });
    if (body.id && body.password !== undefined)
      ctx.addIssue({ code: 'custom', message: 'user.passwordOnChange', path: ['password'] });
  });
export type UserSave = z.infer<typeof userSaveSchema>;

/** User list (/v3/users/user/page and /list): keyword searches the user name and the name. */
export const userFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(100)),
  status: filter(ActiveStatus.schema),
  roleId: filter(idSchema),
  deleted: Deleted.schema.default('NONE'),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

/** /v3/users/user/reset-password: a new password for one user; his sessions and bearer tokens end. */
export const userResetPasswordSchema = z.object({ id: idSchema, password: newPasswordSchema });
export type UserResetPassword = z.infer<typeof userResetPasswordSchema>;
