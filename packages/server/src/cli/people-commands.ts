import { readFileSync } from 'node:fs';
import { generatePassword } from '../auth/passwords.js';
import type { ServerConfig } from '../config/server-config.js';
import { openDatabase } from '../db/connect.js';
import { createOrganizationWithAdmin, createUserWithRoles, PeopleError } from '../people/create-people.js';

/** The password of a `--password-file` (its first line, as typed: only the line break goes), or a generated one. */
function passwordFrom(file: string | undefined): { password: string; generated: boolean } {
  if (file === undefined) return { password: generatePassword(), generated: true };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new PeopleError(`无法读取密码文件：${file}`, `cannot read the password file: ${file}`);
  }
  return { password: text.split(/\r?\n/)[0] ?? '', generated: false };
}

function printPassword(username: string, password: { password: string; generated: boolean }): void {
  if (password.generated) console.log(`密码 password (只显示这一次 shown only now): ${username}  ${password.password}`);
}

async function withDatabase<T>(
  config: ServerConfig,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** `qcdesk org create <name> --admin <username> [--admin-name <n>] [--password-file f]` */
export async function orgCreateCommand(
  config: ServerConfig,
  options: { name: string; admin: string; adminName?: string | undefined; passwordFile?: string | undefined },
): Promise<number> {
  const password = passwordFrom(options.passwordFile);
  const made = await withDatabase(config, (db) =>
    createOrganizationWithAdmin(db, {
      name: options.name,
      admin: { username: options.admin, name: options.adminName ?? '系统管理员', password: password.password },
    }),
  );
  console.log(`组织 organisation: ${made.organizationId}  ${options.name.trim()}`);
  console.log(`管理员 administrator: ${options.admin}`);
  printPassword(options.admin, password);
  return 0;
}

/** `qcdesk user create <username> --org <id> --name <n> --role <code>... [--password-file f]` */
export async function userCreateCommand(
  config: ServerConfig,
  options: { username: string; org: number; name: string; roles: readonly string[]; passwordFile?: string | undefined },
): Promise<number> {
  const password = passwordFrom(options.passwordFile);
  const userId = await withDatabase(config, (db) =>
    createUserWithRoles(db, {
      organizationId: options.org,
      username: options.username,
      name: options.name,
      password: password.password,
      roleCodes: options.roles,
    }),
  );
  console.log(`用户 user: ${userId}  ${options.username}（组织 organisation ${options.org}）`);
  printPassword(options.username, password);
  return 0;
}
