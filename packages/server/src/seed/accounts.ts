import { hashPassword } from '../auth/passwords.js';
import type { Database } from '../db/connect.js';
import { organizations, roles, userRoles, users } from '../db/schema/index.js';

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

export async function createRole(db: Database, organizationId: number, role: RoleSpec): Promise<number> {
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
export async function createUser(db: Database, organizationId: number, user: UserSpec): Promise<number> {
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
