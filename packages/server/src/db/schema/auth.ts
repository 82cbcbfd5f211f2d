import type { ActiveStatus } from '@qcdesk/contracts';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns, organizationColumn } from './columns.js';

/**
 * A person who signs in to the console. User names are unique across the whole store (sign-in asks only for a user
 * name and a password, so the name alone must find the organisation), trashed and emptied users' names included.
 * Only an ACTIVE user not in the trash signs in.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // organisation, soft delete, version, who and when (the organisation and times were here before the others)
    ...entityColumns(),
    username: text('username').notNull(),
    /** the name shown in the console (creator/modifier names) */
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** the agent (cs-agent id) this user is, for agents who view their own results and file complaints */
    agentId: bigint('agent_id', { mode: 'number' }),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), index('users_organization_idx').on(t.organizationId)],
);

/** A named bundle of permission keys (`qc-scheme.edit`, …); `*` grants every key. */
export const roles = pgTable(
  'roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...entityColumns(),
    /** unique in the organisation, trashed roles included */
    code: text('code').notNull(),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('roles_organization_code_key').on(t.organizationId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** A signed-in browser: the cookie holds a random token, the table only its SHA-256. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('login_sessions_token_key').on(t.tokenHash), index('login_sessions_user_idx').on(t.userId)],
);

/** A bearer token for a backend service; it acts as its user, with that user's roles. Stored as SHA-256. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    lastUsedTime: timestamp('last_used_time', { withTimezone: true }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_key').on(t.tokenHash),
    index('api_tokens_organization_idx').on(t.organizationId),
  ],
);

/**
 * Failed sign-ins, one row per user name and address: how many, and when the next password may be checked (see
 * auth/login-limiter.ts). A successful sign-in deletes the row; a day without failures forgets it.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    /** passwords checked since the last successful sign-in (counted before the check, so a burst cannot slip by) */
    failures: integer('failures').notNull().default(0),
    /** when the last of them was checked */
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** no password of this name from this address is checked before then */
    nextTryTime: timestamp('next_try_time', { withTimezone: true }).notNull().defaultNow(),
    /** whether the latest try was let through: what the claiming statement's RETURNING tells its caller */
    lastAllowed: boolean('last_allowed').notNull().default(true),
  },
  (t) => [
    uniqueIndex('login_failures_name_ip_key').on(t.username, t.ip),
    // the failures of an address across user names, and the clean-up of old rows
    index('login_failures_ip_idx').on(t.ip, t.time),
    index('login_failures_time_idx').on(t.time),
  ],
);
