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
    /** the agent this user is (he sees his own results); null for other users */
    agentId: z.string().nullish(),
  }),
  organisation: z.object({ id: idSchema, name: z.string() }),
  permissions: z.array(z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]])),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/** POST /v3/auth/token/create: a bearer token for a backend service, acting as the signed-in user. */
export const apiTokenCreateSchema = z.object({
  name: requiredText(100),
  /** days until the token stops working; absent: it works until revoked */
  expireDays: z.number().int().min(1).max(3650).nullish(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A bearer token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createTime: z.string(),
  expireTime: z.string().nullable(),
  lastUsedTime: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of /v3/auth/token/create: the secret (`qcd_…`), shown this once. */
export const apiTokenCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  expireTime: z.string().nullable(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
