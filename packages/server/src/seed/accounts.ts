import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { ALL_PERMISSIONS } from '../auth/permissions.js';
import type { Queryable } from '../crud/entity-table.js';
import type { Database } from '../db/connect.js';
import { organizations, roles, userRoles, users } from '../db/schema/index.js';
import { createDefaultApp } from '../routes/app/default-app.js';
import { createSystemStates } from '../routes/task-state/system-states.js';

/** A bare organisation row (tests, and stores of older schemas): setUpOrganization makes a whole one. */
export async function createOrganization(db: Database, name: string): Promise<number> {
  const [row] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  return row!.id;
}

export interface RoleSpec {
  readonly code: string;
  readonly name: string;
  /** permission keys; `*` for every key */
  readonly permissions: readonly string[];
}

/**
 * The roles every organisation starts with (the first start's and `qcdesk org create`'s): the administrator holds
 * every key, the others what their work needs.
 */
export const BUILT_IN_ROLES = {
  admin: { code: 'admin', name: '系统管理员', permissions: [ALL_PERMISSIONS] },
  inspector: {
    code: 'inspector',
    name: '质检员',
    permissions: [
      'qc-scheme.view',
      'qc-scheme.edit',
      'qc-scheme.delete',
      'qc-rule.view',
      'qc-rule.edit',
      'qc-rule.delete',
      'qc-ai-result.view',
      'qc-ai-result.edit',
      'qc-manual-result.view',
      'qc-manual-result.edit',
      'qc-manual-result.status',
      'qc-complaint.view',
      'qc-complaint.review',
      'qc-task.view',
      // an inspector opens a ticket for a session he inspected
      'ticket.view',
      'ticket.edit',
    ],
  },
  supervisor: {
    code: 'supervisor',
    name: '主管',
    permissions: [
      'qc-scheme.view',
      'qc-rule.view',
      'qc-ai-result.view',
      'qc-manual-result.view',
      'qc-manual-result.status',
      'qc-complaint.view',
      'qc-complaint.review',
      'qc-task.view',
      'qc-task.edit',
      'cs-censor-ban.view',
      'cs-censor-log.view',
      'cs-censor-log.export',
      // a supervisor works tickets and moves or assigns anyone's
      'ticket.view',
      'ticket.edit',
      'ticket.manage',
      // a supervisor watches the live desk (and filters it by group and line)
      'csGroup.view',
      'csLine.view',
      'monitor-agent.view',
      'monitor-group.view',
      'monitor-queue.view',
      // and moves a chat to another group or agent (the groups it may go to: /v3/chats/cs-group/select)
      'monitor.transfer',
    ],
  },
  // an agent sees his own results (the result routes scope by users.agent_id) and files complaints (not reviews)
  agent: {
    code: 'agent',
    name: '坐席',
    permissions: [
      'qc-ai-result.view',
      'qc-manual-result.view',
      'qc-complaint.view',
      'qc-complaint.edit',
      // an agent handles the tickets routed to him and claims those of his ticket groups
      'ticket.view',
      'ticket.edit',
    ],
  },
} as const satisfies Record<string, RoleSpec>;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

export async function createRole(db: Queryable, organizationId: number, role: RoleSpec): Promise<number> {
  const [row] = await db
    .insert(roles)
    .values({ organizationId, code: role.code, name: role.name, permissions: [...role.permissions] })
    .returning({ id: roles.id });
  return row!.id;
}

export interface UserSpec {
  readonly username: string;
  readonly name: string;
  readonly password: string;
  readonly roleIds: readonly number[];
  readonly agentId?: number | null;
}

/** A user with a hashed password and his roles. */
export async function createUser(db: Queryable, organizationId: number, user: UserSpec): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      organizationId,
      username: user.username,
      name: user.name,
      passwordHash: await hashPassword(user.password),
      agentId: user.agentId ?? null,
    })
    .returning({ id: users.id });
  if (user.roleIds.length > 0)
    await db.insert(userRoles).values(user.roleIds.map((roleId) => ({ userId: row!.id, roleId })));
  return row!.id;
}

/** Whether a user name is taken anywhere in the store (sign-in names are unique across organisations). */
export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

export interface NewOrganization {
  readonly organization: typeof organizations.$inferSelect;
  /** the built-in roles' keys by their code */
  readonly roleIds: Record<BuiltInRole, number>;
  readonly adminId: number;
}

/**
 * A new organisation as the first start and `qcdesk org create` make it: the organisation, its default app, the
 * built-in roles and its first administrator (holding the admin role). Run it in a transaction: all or nothing.
 */
export async function setUpOrganization(
  db: Queryable,
  spec: {
    readonly name: string;
    readonly admin: Omit<UserSpec, 'roleIds'>;
    /** the demo seed's progress record (null: no demo data to load) */
    readonly seedSteps?: string[] | null;
  },
): Promise<NewOrganization> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: spec.name, seedSteps: spec.seedSteps ?? null })
    .returning();
  const organizationId = organization!.id;
  await createDefaultApp(db, organizationId);
  await createSystemStates(db, organizationId);
  const roleIds: Record<BuiltInRole, number> = { admin: 0, inspector: 0, supervisor: 0, agent: 0 };
  for (const key of Object.keys(BUILT_IN_ROLES) as BuiltInRole[])
    roleIds[key] = await createRole(db, organizationId, BUILT_IN_ROLES[key]);
  const adminId = await createUser(db, organizationId, { ...spec.admin, roleIds: [roleIds.admin] });
  return { organization: organization!, roleIds, adminId };
}
