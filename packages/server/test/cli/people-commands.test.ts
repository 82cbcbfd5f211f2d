import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords.js';
import { main } from '../../src/cli/main.js';
import { type Database, openDatabase } from '../../src/db/connect.js';
import { organizations, roles, userRoles, users } from '../../src/db/schema/index.js';
import { BUILT_IN_ROLES } from '../../src/seed/accounts.js';

// `qcdesk org create` and `qcdesk user create` as an operator types them: the real bin, its own process, a PGlite
// folder (the CLI's default store), on a store no server has started yet.
const BIN = fileURLToPath(new URL('../../bin/qcdesk.js', import.meta.url));

let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qcdesk-people-cli-'));
  env = { ...process.env, QCDESK_DATA: join(dir, 'data'), QCDESK_DEMO: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The command in this process (`main`, as the bin calls it), for the refusals: a new process costs seconds, and the
 * bin's own way (exit code, output) is what the spawned runs above check.
 */
async function inProcess(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...process.env };
  Object.assign(process.env, { QCDESK_DATA: env.QCDESK_DATA, QCDESK_DEMO: '0' });
  delete process.env.DATABASE_URL;
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  const error = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void err.push(String(line)));
  try {
    const status = await main(args);
    return { status, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    process.env = saved;
  }
}

const qcdesk = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 120_000 });

/** Works in the command's PGlite folder (one process at a time: opened and closed around each use). */
async function inDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'data') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function passwordFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** a user's role codes and whether the password is his */
const account = (username: string, password: string) =>
  inDatabase(async (db) => {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    if (user === undefined) return null;
    const held = await db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id))
      .orderBy(asc(roles.code));
    return {
      organizationId: user.organizationId,
      name: user.name,
      roles: held.map((r) => r.code),
      passwordIsHis: await verifyPassword(user.passwordHash, password),
    };
  });

let orgId = 0;

describe('qcdesk org create', () => {
  it('creates the organisation with the built-in roles and its administrator, printing a password once', async () => {
    const res = qcdesk('org', 'create', '华东分公司', '--admin', 'east.admin');
    expect(res.status, res.stderr).toBe(0);
    const id = /组织 organisation: (\d+) {2}华东分公司/.exec(res.stdout)?.[1];
    expect(id).toBeDefined();
    orgId = Number(id);
    expect(res.stdout).toContain('管理员 administrator: east.admin');
    const password = /密码 password \(只显示这一次 shown only now\): east\.admin {2}(\S+)/.exec(res.stdout)?.[1];
    expect(password).toMatch(/^[a-zA-Z2-9]{16}$/);

    expect(await account('east.admin', password!)).toEqual({
      organizationId: orgId,
      name: '系统管理员',
      roles: ['admin'],
      passwordIsHis: true,
    });
    // the same roles the first start gives its organisation
    const made = await inDatabase((db) =>
      db
        .select({ code: roles.code, name: roles.name, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.organizationId, orgId))
        .orderBy(asc(roles.id)),
    );
    expect(made).toEqual(Object.values(BUILT_IN_ROLES).map((r) => ({ ...r, permissions: [...r.permissions] })));
  }, 120_000);

  it('takes the password from a file and prints none', async () => {
    const file = passwordFile('west.txt', 'west-secret-1\n');
    const res = qcdesk(
      'org',
      'create',
      '华西分公司',
      '--admin',
      'west.admin',
      '--admin-name',
      '老西',
      '--password-file',
      file,
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('密码 password');
    expect(await account('west.admin', 'west-secret-1')).toMatchObject({
      name: '老西',
      roles: ['admin'],
      passwordIsHis: true,
    });
  }, 120_000);

  it('refuses a taken user name with exit 1 and makes no organisation', async () => {
    const before = await inDatabase(async (db) => (await db.select().from(organizations)).length);
    const res = qcdesk('org', 'create', '重复', '--admin', 'east.admin');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('用户名已被使用：east.admin / user name already taken: east.admin');
    expect(await inDatabase(async (db) => (await db.select().from(organizations)).length)).toBe(before);
  }, 120_000);

  it('refuses a short password from the file, naming it', async () => {
    const res = await inProcess(
      'org',
      'create',
      '短密码',
      '--admin',
      'short.pw',
      '--password-file',
      passwordFile('short.txt', 'short'),
    );
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('password：至少 8 个字符 / password: At least 8 characters');
  }, 120_000);

  it('answers a missing name or --admin with the usage and exit 2', async () => {
    const noName = await inProcess('org', 'create', '--admin', 'x.admin');
    expect(noName.status).toBe(2);
    expect(noName.stderr).toContain('org create 需要一个组织名称 / org create needs one organisation name');
    expect(noName.stdout).toContain('qcdesk org create <name> --admin <username>');
    const noAdmin = await inProcess('org', 'create', '无管理员');
    expect(noAdmin.status).toBe(2);
    expect(noAdmin.stderr).toContain('org create needs --admin <username>');
    const unknown = await inProcess('org', 'create', '选项', '--admin', 'a.b', '--colour', 'red');
    expect(unknown.status).toBe(2);
  }, 120_000);
});

describe('qcdesk user create', () => {
  it('creates a user of the organisation with the roles named by code', async () => {
    const file = passwordFile('clerk.txt', 'clerk-secret-1\r\n');
    const res = qcdesk(
      'user',
      'create',
      'east.clerk',
      '--org',
      String(orgId),
      '--name',
      '小张',
      '--role',
      'inspector',
      '--role',
      'supervisor',
      '--password-file',
      file,
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/用户 user: \d+ {2}east\.clerk（组织 organisation \d+）/);
    expect(await account('east.clerk', 'clerk-secret-1')).toEqual({
      organizationId: orgId,
      name: '小张',
      roles: ['inspector', 'supervisor'],
      passwordIsHis: true,
    });
  }, 120_000);

  it('refuses an unknown organisation, an unknown role and a taken name with exit 1', async () => {
    const unknownOrg = await inProcess('user', 'create', 'nobody', '--org', '9999', '--name', '无', '--role', 'admin');
    expect(unknownOrg.status).toBe(1);
    expect(unknownOrg.stderr).toContain('组织 9999 不存在 / organisation 9999 not found');
    const unknownRole = await inProcess(
      'user',
      'create',
      'nobody',
      '--org',
      String(orgId),
      '--name',
      '无',
      '--role',
      'agent',
      '--role',
      'boss',
    );
    expect(unknownRole.status).toBe(1);
    expect(unknownRole.stderr).toContain(`组织 ${orgId} 没有角色：boss / organisation ${orgId} has no role boss`);
    const taken = qcdesk('user', 'create', 'west.admin', '--org', String(orgId), '--name', '重名', '--role', 'agent');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('user name already taken: west.admin');
    expect(await account('nobody', 'x')).toBeNull();
  }, 120_000);

  it('answers missing options with the usage and exit 2', async () => {
    const noOrg = await inProcess('user', 'create', 'x.y', '--name', '无', '--role', 'agent');
    expect(noOrg.status).toBe(2);
    expect(noOrg.stderr).toContain('user create needs --org <organisation id>');
    const noRole = await inProcess('user', 'create', 'x.y', '--org', String(orgId), '--name', '无');
    expect(noRole.status).toBe(2);
    expect(noRole.stderr).toContain('user create needs at least one --role <code>');
    expect(noRole.stdout).toContain('qcdesk user create <username> --org <id> --name <name> --role <code>');
  }, 120_000);
});
