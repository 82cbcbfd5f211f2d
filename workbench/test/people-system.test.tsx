import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { NAV } from '../src/app/route-table';
import { ENTITY_REGISTRY } from '../src/entities/registry';
import { translate, useLocaleStore } from '../src/i18n/locale-store';
import { RoleEdit, UserEdit } from '../src/screens/people/PeopleEdit';
import { UserResetPassword } from '../src/screens/people/UserResetPassword';
import { fakeClient, renderConsole } from './helpers';

const USER = {
  id: 'U1',
  username: 'zhang',
  name: '张三',
  status: 'ACTIVE',
  roleIds: ['R1'],
  roleNames: ['质检员'],
  version: 3,
};

function userForm(query: Record<string, string>) {
  const fake = fakeClient({
    '/v3/users/role/list': () => [
      { id: 'R1', name: '质检员' },
      { id: 'R2', name: '管理员' },
    ],
    '/v3/users/user/detail': () => USER,
    '/v3/users/user/create': () => ({ id: 'U9' }),
    '/v3/users/user/change': () => ({ id: 'U1' }),
  });
  renderConsole(<UserEdit location={{ path: '/system/user/edit', query }} />, {
    client: fake.client,
    permissions: ['user.view', 'user.edit'],
  });
  return fake;
}

describe('system menu', () => {
  it('has its own area 系统管理 with users and roles', () => {
    const system = NAV.find((area) => area.key === 'system')!;
    expect(system.label).toBe('area.system');
    expect(system.entries.map((e) => [e.to.path, e.permission])).toEqual([
      ['/system/user', 'user.view'],
      ['/system/role', 'role.view'],
    ]);
    expect(ENTITY_REGISTRY['cs-agent'].area).toBe('online');
  });

  it('the online area 在线服务 lists lines first, then skill groups, service times, agents, chatbots, AI platforms, satisfaction and summary configs, each behind its own menu key', () => {
    useLocaleStore.setState({ locale: 'zh' });
    const online = NAV.find((area) => area.key === 'online')!;
    expect(translate(online.label)).toBe('在线服务');
    expect(online.entries.map((e) => [translate(e.label), e.to.path, e.permission])).toEqual([
      ['服务线路', '/online/csLine', 'csLine.view'],
      ['导航配置', '/online/csNav/list', 'csNav.view'],
      ['热线导航', '/hotline/csNav/list', 'csNav.view'],
      ['技能组', '/csGroup', 'csGroup.view'],
      ['服务时间', '/csTime/list', 'csTime.view'],
      ['坐席管理', '/csAgent/list', 'csAgent.view'],
      ['机器人', '/online/chatbot/list', 'chatbot.view'],
      ['AI 平台', '/ai-platform/list', 'aiPlatform.view'],
      ['满意度配置', '/online/csScore', 'online.score.view'],
      ['服务小结', '/csSummary/list', 'csSummary.view'],
    ]);
  });
});

describe('user form', () => {
  it('a new user needs a password of 8 characters or more, sent as typed', async () => {
    const { calls } = userForm({});
    await userEvent.type(await screen.findByRole('textbox', { name: '用户名' }), 'li.si');
    await userEvent.type(screen.getByRole('textbox', { name: '姓名' }), '李四');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: '密码' }), ' short ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('至少 8 个字符')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/users/user/create')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: '密码' }), 'enough!');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v3/users/user/create')?.body).toEqual({
        username: 'li.si',
        name: '李四',
        password: ' short enough!',
        roleIds: [],
      }),
    );
  });

  it('a change has no password field and keeps the roles chosen', async () => {
    const { calls } = userForm({ id: 'U1' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: '姓名' }) as HTMLInputElement).value).toBe('张三'));
    expect(screen.queryByRole('textbox', { name: '密码' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v3/users/user/change')?.body).toEqual({
        id: 'U1',
        version: 3,
        username: 'zhang',
        name: '张三',
        roleIds: ['R1'],
      }),
    );
  });
});

describe('reset password', () => {
  const reset = (answer: () => unknown) => {
    const fake = fakeClient({ '/v3/users/user/reset-password': answer });
    renderConsole(<UserResetPassword location={{ path: '/system/user/reset-password', query: { id: 'U1' } }} />, {
      client: fake.client,
      permissions: ['user.view', 'user.edit'],
    });
    return fake;
  };

  it('refuses a short password and sends a long enough one for the user of the route', async () => {
    const { calls } = reset(() => ({ id: 'U1' }));
    await userEvent.type(screen.getByLabelText(/新密码/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('至少 8 个字符')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/新密码/), 'defghijk');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ id: 'U1', password: 'abcdefghijk' }));
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('shows the server refusing the password under the field', async () => {
    reset(() => {
      throw new ApiError(400, 'INVALID_FIELD', '密码过于简单', 'password');
    });
    await userEvent.type(screen.getByLabelText(/新密码/), 'aaaaaaaa');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('密码过于简单')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('role form', () => {
  const PERMISSIONS = [
    { key: 'qc-scheme.view', zh: '查看质检方案', en: 'View QC schemes', area: 'qc', source: 'qcdesk' },
    { key: 'csAgent.pull', zh: '拉取坐席', en: 'Pull agents', area: 'online', source: 'spec' },
  ];
  const roleForm = (query: Record<string, string>, permissions = ['role.view', 'role.edit']) => {
    const fake = fakeClient({
      '/v3/users/permission/list': () => PERMISSIONS,
      '/v3/users/role/detail': () => ({
        id: 'R1',
        code: 'qc',
        name: '质检员',
        permissions: ['qc-scheme.view'],
        userCount: 2,
        version: 4,
      }),
      '/v3/users/role/create': () => ({ id: 'R5' }),
      '/v3/users/role/change': () => {
        throw new ApiError(409, 'NAME_TAKEN', '角色编码已被使用：qc', 'code');
      },
    });
    renderConsole(<RoleEdit location={{ path: '/system/role/edit', query }} />, { client: fake.client, permissions });
    return fake;
  };

  it('lists the permissions grouped by area with their labels, and sends the ticked keys', async () => {
    const { calls } = roleForm({});
    expect(await screen.findByText('在线服务')).toBeTruthy();
    expect(screen.getByText('质检')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /角色编码/ }), 'puller');
    await userEvent.type(screen.getByRole('textbox', { name: /角色名称/ }), '坐席拉取');
    await userEvent.click(screen.getByRole('checkbox', { name: '拉取坐席' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v3/users/role/create')?.body).toEqual({
        code: 'puller',
        name: '坐席拉取',
        permissions: ['csAgent.pull'],
      }),
    );
  });

  it('refuses an empty code and name, each under its field, and sends nothing', async () => {
    const { calls } = roleForm({});
    await screen.findByText('在线服务');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findAllByText('此项为必填项')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/v3/users/role/create')).toBe(false);
  });

  it('all permissions ticks every key; a change the server refuses shows under the code', async () => {
    const { calls } = roleForm({ id: 'R1' });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '查看质检方案' })).toHaveProperty('checked', true));
    await userEvent.click(screen.getByRole('checkbox', { name: '全部权限（含以后新增的权限）' }));
    expect(screen.getByRole('checkbox', { name: '拉取坐席' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('角色编码已被使用：qc')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v3/users/role/change')?.body).toEqual({
      id: 'R1',
      version: 4,
      code: 'qc',
      name: '质检员',
      permissions: ['qc-scheme.view', '*'],
    });
  });

  it('without role.edit nothing is editable and there is no save', async () => {
    roleForm({ id: 'R1' }, ['role.view']);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /角色编码/ }) as HTMLInputElement).value).toBe('qc'),
    );
    expect((screen.getByRole('textbox', { name: /角色编码/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: '拉取坐席' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
