import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';

/** Users (issue 14 §2): what a person notices when he adds, disables, deletes users and resets their passwords. */
let t: TestApp;
let admin: Caller;
let clerk: Caller;
let outsider: Caller;
let viewerRole: string;
const PEOPLE_KEYS = ['user.view', 'user.edit', 'user.delete', 'role.view', 'role.edit', 'role.delete'];

beforeAll(async () => {
  t = await startTestApp();
  // `clerk` manages people but is no administrator (no `*`)
  ({ admin, clerk } = await organisationWith(t, 'ppl', { admin: ['*'], clerk: [...PEOPLE_KEYS, 'qc-rule.view'] }));
  ({ outsider } = await organisationWith(t, 'ppl-away', { outsider: ['*'] }));
  viewerRole = (
    await ok(admin.post('/v3/users/role/create', { code: 'viewer', name: '只读', permissions: ['qc-rule.view'] }))
  ).id;
}, 60_000);
afterAll(async () => t.close());

let n = 0;
const PASSWORD = 'first-password-1';
/** a new user of the home organisation with the viewer role, and him signed in */
async function newUser(roleIds: string[] = [viewerRole]): Promise<{ id: string; username: string; caller: Caller }> {
  const username = `user${++n}@desk`;
  const { id } = await ok(
    admin.post('/v3/users/user/create', { username, name: `用户${n}`, password: PASSWORD, roleIds }),
  );
  return { id, username, caller: await signIn(t, username, PASSWORD) };
}
const detail = (id: string, as: Caller = admin) => as.post('/v3/users/user/detail', {}, { query: { userId: id } });
const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password }, remoteAddress });
const bearer = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/me', payload: {}, headers: { authorization: `Bearer ${token}` } });
const myId = async (who: Caller) => (await ok(who.post('/v3/auth/me'))).user.id as string;

describe('creating a user', () => {
  it('makes a user who signs in with his password and holds his roles; the password is never answered', async () => {
    const { id, username, caller } = await newUser();
    const me = await ok(caller.post('/v3/auth/me'));
    expect(me.permissions).toEqual(['qc-rule.view']);
    const shown = await ok(detail(id));
    expect(shown).toMatchObject({ id, username, status: 'ACTIVE', roleIds: [viewerRole], roleNames: ['只读'] });
    expect(JSON.stringify(shown)).not.toMatch(/password/i);
    const page = await ok(admin.post('/v3/users/user/page', { roleId: viewerRole, keyword: username }));
    expect(page.records.map((r: Json) => r.id)).toEqual([id]);
  });

  it('refuses a user name taken in any organisation, naming `username`', async () => {
    const { username } = await newUser();
    const res = await outsider.post('/v3/users/user/create', { username, name: '重名', password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'DUPLICATE', field: 'username', message: `用户名已被使用：${username}` });
    const en = await outsider.post(
      '/v3/users/user/create',
      { username, name: '重名', password: PASSWORD },
      { lang: 'en' },
    );
    expect(en.json().message).toBe(`User name already taken: ${username}`);
  });

  it('checks the user name, the name and the password as the form does', async () => {
    const bad = async (body: Json, field: string, message: string) => {
      const res = await admin.post('/v3/users/user/create', {
        username: 'good.name',
        name: '好',
        password: PASSWORD,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FIELD', field, message: `${field}：${message}` });
    };
    await bad({ username: 'has space' }, 'username', '用户名只能包含字母、数字和 . _ - @');
    await bad({ username: 'a' }, 'username', '至少 2 个字符');
    await bad({ username: 'x'.repeat(65) }, 'username', '不能超过 64 个字符');
    await bad({ name: '名'.repeat(51) }, 'name', '不能超过 50 个字符');
    await bad({ password: 'short' }, 'password', '至少 8 个字符');
    await bad({ password: 'p'.repeat(129) }, 'password', '不能超过 128 个字符');
    await bad({ password: undefined }, 'password', '此项为必填项');
    // the roles are checked against the store, after the form's checks
    const role = await admin.post('/v3/users/user/create', {
      username: 'good.name',
      name: '好',
      password: PASSWORD,
      roleIds: [viewerRole, '99999'],
    });
    expect(role.json()).toEqual({ code: 'INVALID_FIELD', field: 'roleIds[1]', message: '角色 99999 不存在' });
  });

  it('keeps the password on a change and refuses one there, pointing to reset-password', async () => {
    const { id, username } = await newUser();
    const { version } = await ok(detail(id));
    const res = await admin.post(
      '/v3/users/user/change',
      { id, version, username, name: '改名', password: 'another-password' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'password',
      message: 'password: A change does not set the password; use reset-password',
    });
    await ok(admin.post('/v3/users/user/change', { id, version, username, name: '改名', roleIds: [] }));
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps his roles and his agent on a change that does not name them; null unlinks the agent on both sides', async () => {
    // agent 101 comes from an imported session: a record without a console user
    await ok(admin.post('/v3/chats/session/import', deskSessions(1)));
    const agent = () => ok(admin.post('/v3/chats/cs-agent/detail', {}, { query: { agentId: '101' } }));
    expect((await agent()).userId ?? null).toBeNull();
    const username = `agent${++n}`;
    const { id } = await ok(
      admin.post('/v3/users/user/create', {
        username,
        name: '坐席',
        password: PASSWORD,
        roleIds: [viewerRole],
        agentId: '101',
      }),
    );
    expect((await agent()).userId).toBe(id);
    const first = await ok(detail(id));
    await ok(admin.post('/v3/users/user/change', { id, version: first.version, username, name: '改名的坐席' }));
    const kept = await ok(detail(id));
    expect(kept).toMatchObject({ name: '改名的坐席', roleIds: [viewerRole], agentId: '101' });

    const other = await admin.post('/v3/users/user/create', {
      username: `other${++n}`,
      name: '另一人',
      password: PASSWORD,
      agentId: '101',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 'USER_TAKEN', field: 'agentId', message: '坐席 101 已属于用户 改名的坐席' });
    const missing = await admin.post('/v3/users/user/create', {
      username: `ghost${++n}`,
      name: '无此坐席',
      password: PASSWORD,
      agentId: '999999',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'agentId', message: '坐席 999999 不存在' });

    await ok(
      admin.post('/v3/users/user/change', { id, version: kept.version, username, name: '不再是坐席', agentId: null }),
    );
    expect((await ok(detail(id))).agentId).toBeNull();
    expect((await agent()).userId ?? null).toBeNull();
    const me = await ok((await signIn(t, username, PASSWORD)).post('/v3/auth/me'));
    expect(me.user.agentId).toBeNull();
  });

  it("refuses another organisation's role, naming it", async () => {
    const { id: theirRole } = await ok(outsider.post('/v3/users/role/create', { code: 'theirs', name: '别家' }));
    const res = await admin.post('/v3/users/user/create', {
      username: 'takes.their.role',
      name: '越界',
      password: PASSWORD,
      roleIds: [theirRole],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'roleIds[0]', message: `角色 ${theirRole} 不存在` });
  });
});

describe('disabling and deleting a user ends his access at once', () => {
  it('a disabled user is signed out, his tokens stop working, he cannot sign in; enabled again he can', async () => {
    const { id, username, caller } = await newUser();
    const { token } = await ok(caller.post('/v3/auth/token/create', { name: '后台任务' }));
    expect((await bearer(token)).statusCode).toBe(200);

    expect(await ok(clerk.post('/v3/users/user/status', { ids: [id], status: 'INACTIVE' }))).toEqual({
      ids: [id],
      status: 'INACTIVE',
    });
    expect((await caller.post('/v3/auth/me')).statusCode).toBe(401);
    expect((await bearer(token)).statusCode).toBe(401);
    const refused = await login(username, PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });

    await ok(clerk.post('/v3/users/user/status', { ids: [id], status: 'ACTIVE' }));
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
    // a revoked token stays revoked
    expect((await bearer(token)).statusCode).toBe(401);
  });

  it('a user in the trash is signed out and cannot sign in; restored he can', async () => {
    const { id, username, caller } = await newUser();
    await ok(clerk.post('/v3/users/user/delete', { ids: [id], deleted: 'TRASH' }));
    expect((await caller.post('/v3/auth/me')).statusCode).toBe(401);
    expect((await login(username, PASSWORD)).statusCode).toBe(401);
    await ok(clerk.post('/v3/users/user/delete', { ids: [id], deleted: 'NONE' }));
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
  });

  it('nobody disables or deletes himself', async () => {
    const own = await myId(clerk);
    const disable = await clerk.post('/v3/users/user/status', { ids: [own], status: 'INACTIVE' });
    expect(disable.statusCode).toBe(400);
    expect(disable.json()).toEqual({ code: 'SELF_ACCOUNT', field: 'ids[0]', message: '不能停用自己的账号' });
    const { id: other } = await newUser();
    const trash = await clerk.post('/v3/users/user/delete', { ids: [other, own], deleted: 'TRASH' }, { lang: 'en' });
    expect(trash.statusCode).toBe(400);
    expect(trash.json()).toEqual({
      code: 'SELF_ACCOUNT',
      field: 'ids[1]',
      message: 'You cannot delete your own account',
    });
    // nothing moved
    expect((await ok(detail(other))).deleted).toBe('NONE');
    expect((await clerk.post('/v3/auth/me')).statusCode).toBe(200);
  });
});

describe('the organisation keeps an administrator', () => {
  it('nobody disables, deletes or takes `*` from its last active administrator', async () => {
    const adminId = await myId(admin);
    const disable = await clerk.post('/v3/users/user/status', { ids: [adminId], status: 'INACTIVE' });
    expect(disable.statusCode).toBe(400);
    expect(disable.json()).toMatchObject({ code: 'LAST_ADMIN', field: 'ids[0]' });
    expect(disable.json().message).toBe('“admin”是本组织最后一位启用的管理员，不能停用');
    const trash = await clerk.post('/v3/users/user/delete', { ids: [adminId], deleted: 'TRASH' }, { lang: 'en' });
    expect(trash.json()).toEqual({
      code: 'LAST_ADMIN',
      field: 'ids[0]',
      message: '"admin" is the last active administrator of the organisation and cannot be deleted',
    });
    const shown = await ok(detail(adminId));
    const demote = await clerk.post('/v3/users/user/change', {
      id: adminId,
      version: shown.version,
      username: shown.username,
      name: shown.name,
      roleIds: [viewerRole],
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMIN', field: 'roleIds' });
    // nothing changed: he still signs in as an administrator
    expect((await ok(detail(adminId))).roleIds).toEqual(shown.roleIds);
    expect((await ok(admin.post('/v3/auth/me'))).permissions).toContain('user.delete');
  });

  it('an administrator does not take `*` from himself, even with another administrator left', async () => {
    const adminRole = (await ok(detail(await myId(admin)))).roleIds[0];
    const second = await newUser([adminRole]);
    const shown = await ok(detail(second.id));
    const res = await second.caller.post('/v3/users/user/change', {
      id: second.id,
      version: shown.version,
      username: shown.username,
      name: shown.name,
      roleIds: [viewerRole],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'SELF_ACCOUNT',
      field: 'roleIds',
      message: '不能取消自己的管理员权限（*）',
    });
    // another administrator may, since one is left
    await ok(
      admin.post('/v3/users/user/change', {
        id: second.id,
        version: shown.version,
        username: shown.username,
        name: shown.name,
        roleIds: [viewerRole],
      }),
    );
    expect((await ok(second.caller.post('/v3/auth/me'))).permissions).toEqual(['qc-rule.view']);
  });

  it('with two administrators one may be disabled, then not the other', async () => {
    const adminRole = (await ok(detail(await myId(admin)))).roleIds[0];
    const second = await newUser([adminRole]);
    await ok(clerk.post('/v3/users/user/status', { ids: [second.id], status: 'INACTIVE' }));
    const res = await clerk.post('/v3/users/user/status', { ids: [await myId(admin)], status: 'INACTIVE' });
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
    // both at once is refused too, naming the first
    await ok(clerk.post('/v3/users/user/status', { ids: [second.id], status: 'ACTIVE' }));
    const both = await clerk.post('/v3/users/user/status', { ids: [second.id, await myId(admin)], status: 'INACTIVE' });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('LAST_ADMIN');
    expect((await ok(detail(second.id))).status).toBe('ACTIVE');
  });
});

describe('two administrators removing each other at the same moment', () => {
  it.each([
    ['disable', { status: 'INACTIVE' }, '/v3/users/user/status'],
    ['delete', { deleted: 'TRASH' }, '/v3/users/user/delete'],
  ] as const)('%s: one wins, the other is refused, one administrator is left', async (_what, move, path) => {
    const {
      organizationId: _,
      first,
      second,
    } = await organisationWith(t, `race-${path.length}-${n++}`, {
      first: ['*'],
      second: ['*'],
    });
    const [a, b] = [await myId(first), await myId(second)];
    const answers = await Promise.all([
      first.post(path, { ids: [b], ...move }),
      second.post(path, { ids: [a], ...move }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().code).toBe('LAST_ADMIN');
    const standing = answers[0]!.statusCode === 200 ? first : second;
    expect((await standing.post('/v3/auth/me')).statusCode).toBe(200);
  });
});

describe('reset-password', () => {
  it('sets a new password, ends his sessions and tokens, and forgets his failed sign-ins', async () => {
    const { id, username, caller } = await newUser();
    const { token } = await ok(caller.post('/v3/auth/token/create', { name: '后台' }));
    // someone guessing: his sign-ins from that address slow down
    for (let i = 0; i < 6; i++) await login(username, `guess-${i}`, '10.9.0.1');
    expect((await login(username, PASSWORD, '10.9.0.1')).statusCode).toBe(429);
    expect(await ok(clerk.post('/v3/users/user/reset-password', { id, password: 'second-password-2' }))).toEqual({
      ok: true,
    });
    expect((await caller.post('/v3/auth/me')).statusCode).toBe(401);
    expect((await bearer(token)).statusCode).toBe(401);
    expect((await login(username, PASSWORD)).statusCode).toBe(401);
    expect((await login(username, 'second-password-2')).statusCode).toBe(200);
    expect((await login(username, 'second-password-2', '10.9.0.1')).statusCode).toBe(200);
  });

  it('keeps the session of a caller who resets his own password, ending his others', async () => {
    const { id, username, caller } = await newUser();
    const elsewhere = await signIn(t, username, PASSWORD);
    // he may reset passwords: give him the people keys
    const { id: peopleRole } = await ok(
      admin.post('/v3/users/role/create', { code: `people${n}`, name: '人事', permissions: PEOPLE_KEYS }),
    );
    const { version } = await ok(detail(id));
    await ok(admin.post('/v3/users/user/change', { id, version, username, name: '自己', roleIds: [peopleRole] }));
    await ok(caller.post('/v3/users/user/reset-password', { id, password: 'my-new-password' }));
    expect((await caller.post('/v3/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.post('/v3/auth/me')).statusCode).toBe(401);
  });

  it('checks the new password and answers 404 for a user of another organisation', async () => {
    const { id } = await newUser();
    const short = await clerk.post('/v3/users/user/reset-password', { id, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password', message: 'password：至少 8 个字符' });
    const foreign = await outsider.post('/v3/users/user/reset-password', { id, password: 'takeover-password' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: `用户 ${id} 不存在` });
  });
});
