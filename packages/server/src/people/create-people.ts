import { newPasswordSchema, toFieldErrors, usernameSchema } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/connect.js';
import { organizations, roles } from '../db/schema/index.js';
import { createUser, setUpOrganization, usernameTaken } from '../seed/accounts.js';

/** A refusal a person reads, in both languages (the CLI prints it and exits 1). */
export class PeopleError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${zh} / ${en}`);
    this.name = 'PeopleError';
  }
}

const organizationNameSchema = z.string().trim().min(1).max(100);

/** The same checks as the API's user form: user name, name and password, each named on failure. */
function checkPerson(person: { username: string; name: string; password: string }) {
  const parsed = z
    .object({ username: usernameSchema, name: z.string().trim().min(1).max(50), password: newPasswordSchema })
    .safeParse(person);
  if (parsed.success) return parsed.data;
  const [zh] = toFieldErrors(parsed.error, 'zh');
  const [en] = toFieldErrors(parsed.error, 'en');
  throw new PeopleError(`${zh!.field}：${zh!.message}`, `${en!.field}: ${en!.message}`);
}

async function refuseTaken(db: Database, username: string): Promise<void> {
  if (await usernameTaken(db, username))
    throw new PeopleError(`用户名已被使用：${username}`, `user name already taken: ${username}`);
}

/**
 * A new organisation with the built-in roles and its first administrator (`qcdesk org create`, and the demo's second
 * organisation): the same setUpOrganization as the first start, in one transaction.
 */
export async function createOrganizationWithAdmin(
  db: Database,
  spec: { name: string; admin: { username: string; name: string; password: string } },
): Promise<{ organizationId: number; adminId: number }> {
  const name = organizationNameSchema.safeParse(spec.name);
  if (!name.success)
    throw new PeopleError('组织名称须为 1 到 100 个字符', 'the organisation name must be 1 to 100 characters');
  const admin = checkPerson(spec.admin);
  await refuseTaken(db, admin.username);
  const made = await db.transaction((tx) => setUpOrganization(tx, { name: name.data, admin }));
  return { organizationId: made.organization.id, adminId: made.adminId };
}

/** A user of an existing organisation holding the roles of these codes (`qcdesk user create`). */
export async function createUserWithRoles(
  db: Database,
  spec: { organizationId: number; username: string; name: string; password: string; roleCodes: readonly string[] },
): Promise<number> {
  const person = checkPerson(spec);
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, spec.organizationId));
  if (organization === undefined)
    throw new PeopleError(`组织 ${spec.organizationId} 不存在`, `organisation ${spec.organizationId} not found`);
  const codes = [...new Set(spec.roleCodes)];
  const found =
    codes.length === 0
      ? []
      : await db
          .select({ id: roles.id, code: roles.code })
          .from(roles)
          .where(
            and(eq(roles.organizationId, spec.organizationId), inArray(roles.code, codes), eq(roles.deleted, 'NONE')),
          );
  const missing = codes.filter((c) => !found.some((r) => r.code === c));
  if (missing.length > 0)
    throw new PeopleError(
      `组织 ${spec.organizationId} 没有角色：${missing.join('、')}`,
      `organisation ${spec.organizationId} has no role ${missing.join(', ')}`,
    );
  await refuseTaken(db, person.username);
  return createUser(db, spec.organizationId, { ...person, roleIds: found.map((r) => r.id) });
}
