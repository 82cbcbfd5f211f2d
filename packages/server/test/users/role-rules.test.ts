import { PERMISSION_KEYS, PERMISSIONS } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

/** Roles (issue 14 §2): named sets of permission keys. */
let t: TestApp;
let admin: Caller;
let clerk: Caller;
let outsider: Caller;
const PEOPLE_KEYS = ['user.view', 'user.edit', 'user.delete', 'role.view', 'role.edit', 'role.delete'];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, clerk } = await organisationWith(t, 'roles', { admin: ['*'], clerk: PEOPLE_KEYS }));
  ({ outsider } = await organisationWith(t, 'roles-away', { outsider: ['*'] }));
}, 60_000);
afterAll(async () => t.close());

const roleDetail = (id: string) => ok(admin.post('/v3/users/role/detail', {}, { query: { roleId: id } }));
let n = 0;
async function userWith(roleIds: string[]): Promise<{ id: string; caller: Caller; name: string }> {
  const username = `holder${++n}`;
  const name = `持有人${n}`;
  const { id } = await ok(
    admin.post('/v3/users/user/create', { username, name, password: 'holder-password', roleIds }),
  );
  return { id, name: `${name}（${username}）`, caller: await signIn(t, username, 'holder-password') };
}

describe('role permissions', () => {
  it('a change of a role holds from its users next request', async () => {
    const { id } = await ok(
      admin.post('/v3/users/role/create', { code: 'reader', name: '读规则', permissions: ['qc-rule.view'] }),
    );
    const { caller } = await userWith([id]);
    expect((await caller.post('/v3/chats/qc-rule/page', {})).statusCode).toBe(200);
    const { version } = await roleDetail(id);
    await ok(
      admin.post('/v3/users/role/change', {
        id,
        version,
        code: 'reader',
        name: '读任务',
        permissions: ['qc-task.view'],
      }),
    );
    const res = await caller.post('/v3/chats/qc-rule/page', {});
    expect(res.statusCode).toBe(403);
    expect((await caller.post('/v3/chats/qc-task/page', {})).statusCode).toBe(200);
    expect((await ok(caller.post('/v3/auth/me'))).permissions).toEqual(['qc-task.view']);
  });

  it('refuses an unknown key, naming it by its place', async () => {
    const res = await admin.post('/v3/users/role/create', {
      code: 'typo',
      name: '拼错',
      permissions: ['qc-rule.view', 'qc-rule.veiw'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_FIELD', field: 'permissions[1]', message: '未知的权限：qc-rule.veiw' });
    const en = await admin.post(
      '/v3/users/role/create',
      { code: 'typo', name: '拼错', permissions: ['*', 'x'] },
      { lang: 'en' },
    );
    expect(en.json()).toMatchObject({ field: 'permissions[1]', message: 'Unknown permission: x' });
  });

  it('keeps each key once and takes `*` for every key', async () => {
    const { id } = await ok(
      admin.post('/v3/users/role/create', { code: 'all', name: '全部', permissions: ['*', '*', 'user.view'] }),
    );
    expect((await roleDetail(id)).permissions).toEqual(['*', 'user.view']);
  });

  it('refuses a code taken in the organisation, not one of another organisation', async () => {
    await ok(admin.post('/v3/users/role/create', { code: 'dup', name: '一' }));
    const res = await admin.post('/v3/users/role/create', { code: 'dup', name: '二' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'DUPLICATE', field: 'code', message: '角色编码已被使用：dup' });
    await ok(outsider.post('/v3/users/role/create', { code: 'dup', name: '别家' }));
  });

  it('nobody takes `*` from himself or from the last administrator by changing the role', async () => {
    const [adminRole] = (await ok(admin.post('/v3/users/role/list', { keyword: 'admin-role' }))) as Json[];
    const change = (who: Caller) =>
      who.post('/v3/users/role/change', {
        id: adminRole.id,
        version: adminRole.version,
        code: adminRole.code,
        name: adminRole.name,
        permissions: PEOPLE_KEYS,
      });
    const own = await change(admin);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      code: 'SELF_ACCOUNT',
      field: 'permissions',
      message: '不能取消自己的管理员权限（*）',
    });
    const last = await change(clerk);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'LAST_ADMIN', field: 'permissions' });
    expect((await roleDetail(adminRole.id)).permissions).toEqual(['*']);
  });
});

describe('deleting a role', () => {
  it('refuses a role its users hold, naming them; once nobody holds it, it goes to the trash', async () => {
    const { id } = await ok(
      admin.post('/v3/users/role/create', { code: 'held', name: '被持有', permissions: ['qc-rule.view'] }),
    );
    const holder = await userWith([id]);
    expect((await roleDetail(id)).userCount).toBe(1);
    const res = await clerk.post('/v3/users/role/delete', { ids: [id], deleted: 'TRASH' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'ROLE_IN_USE',
      field: 'ids[0]',
      message: `角色“被持有”仍被用户 ${holder.name} 使用，请先取消他们的该角色再删除`,
    });
    const user = await ok(admin.post('/v3/users/user/detail', {}, { query: { userId: holder.id } }));
    await ok(admin.post('/v3/users/user/change', { ...user, roleIds: [] }));
    expect(await ok(clerk.post('/v3/users/role/delete', { ids: [id], deleted: 'TRASH' }))).toEqual({
      ids: [id],
      deleted: 'TRASH',
    });
    // a role in the trash is no role to give
    const give = await admin.post('/v3/users/user/create', {
      username: 'late',
      name: '迟到',
      password: 'late-password',
      roleIds: [id],
    });
    expect(give.json()).toMatchObject({ field: 'roleIds[0]' });
  });
});

describe('/v3/users/permission/list', () => {
  it('lists every permission key with its labels and area, for whoever may view roles', async () => {
    const keys = await ok(clerk.post('/v3/users/permission/list'));
    expect(keys.map((k: Json) => k.key)).toEqual(PERMISSION_KEYS);
    expect(keys.find((k: Json) => k.key === 'user.edit')).toEqual({
      key: 'user.edit',
      zh: PERMISSIONS['user.edit'].zh,
      en: 'Create, edit, enable, disable users; reset passwords',
      area: 'system',
      source: 'qcdesk',
    });
    expect(keys.find((k: Json) => k.key === 'qc-rule.edit')).toMatchObject({ area: 'qc', source: 'spec' });
    const { nobody } = await organisationWith(t, 'roles-nokey', { nobody: ['qc-rule.view'] });
    expect((await nobody.post('/v3/users/permission/list')).statusCode).toBe(403);
  });
});
