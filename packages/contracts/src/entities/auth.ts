import { z } from 'zod';
import { idSchema, requiredText } from '../fields.js';
import { PERMISSION_KEYS, type PermissionKey } from '../permissions.js';

/** POST /v3/auth/login */
export const loginBodySchema = z.object({
  username: requiredText(100),
  // passwords are taken as typed (no trimming)
  password: z
    .string({ error: (i) => (i.input == null ? 'common.required' : undefined) })
    .min(1, { error: 'common.required' })
    .max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /v3/auth/me: who is signed in, in which organisation (tenant), with which permission keys. */
export const meAnswerSchema = z.object({
  user: z.object({
    id: idSchema,
    username: z.string(),
    name: z.string(),
    nick: z.string().nullish(),
    avatar: z.string().nullish(),
  }),
  organisation: z.object({ id: idSchema, name: z.string() }),
  permissions: z.array(z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]])),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;
