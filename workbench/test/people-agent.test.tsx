import type { CsAgent } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { agentPicker } from '../src/entities/cs-agent';
import { EntityPicker } from '../src/entity/EntityPicker';
import { navigate, useLocation, useRouterStore } from '../src/router/router-store';
import { AgentList } from '../src/screens/people/AgentList';
import { AgentEdit } from '../src/screens/people/PeopleEdit';
import { fakeClient, renderConsole } from './helpers';
import { agentRecord } from './people-fixtures';

const EDIT = ['csAgent.view', 'csAgent.edit', 'csAgent.delete', 'csAgent.pull'];
const rows = [agentRecord(1), agentRecord(2), { ...agentRecord(3), callPlatform: 'OLD' }];
/** The one agent the fake answers to a search by status ONLINE. */
const online: CsAgent = {
  ...agentRecord(5),
  status: 'ONLINE',
  mode: 'CHAT',
  receptions: 2,
  sessions: 7,
  softNumber: '6005',
  sipNumber: '8005',
  mobile: '13800000005',
  groups: [
    { groupId: 'G1', groupName: '售前组', agentId: 'A5' },
    { groupId: 'G2', groupName: '售后组', agentId: 'A5' },
  ],
};

function server() {
  return fakeClient({
    '/v3/chats/cs-agent/page': (request: ApiRequest) => {
      const body = request.body as { deleted?: string; status?: string };
      const records = body.deleted === 'TRASH' ? [agentRecord(9)] : body.status === 'ONLINE' ? [online] : rows;
      return { records, total: records.length, page: 1, size: 20 };
    },
    '/v3/chats/cs-agent/changeBatch': (request) => ({
      ids: (request.body as { agents: { id: string }[] }).agents.map((a) => a.id),
      skipped: [],
    }),
    '/v3/users/user/page': () => ({
      records: [
        { id: 'U7', username: 'zhang', name: '张三', status: 'ACTIVE', roleIds: [], roleNames: [], version: 1 },
      ],
      total: 1,
      page: 1,
      size: 10,
    }),
    '/v3/chats/cs-agent/createBatch': () => ({ ids: ['A7'], skipped: [] }),
    '/v3/chats/cs-agent/pull': () => ({ platform: 'CTI', created: 2, updated: 1, failed: [] }),
    '/v3/chats/cs-group/list': () => [{ id: 'G1', name: '售前组' }],
  });
}

function list(permissions = EDIT, query: Record<string, string> = {}) {
  const fake = server();
  renderConsole(<AgentList location={{ path: '/csAgent/list', query }} />, { client: fake.client, permissions });
  return fake;
}

const cell = (label: string, id: string) => screen.getByRole('textbox', { name: `${label} ${id}` }) as HTMLInputElement;

describe('agent list: editing in the row', () => {
  it('batch save sends nick, capacity and call platform of the rows with a nick and says how many it skipped', async () => {
    const { calls } = list();
    await screen.findByText('坐席1号');
    await userEvent.clear(cell('昵称', 'A2'));
    await userEvent.clear(cell('接待上限', 'A1'));
    await userEvent.type(cell('接待上限', 'A1'), '3x5');
    expect(cell('接待上限', 'A1').value).toBe('35');
    await userEvent.click(screen.getByRole('button', { name: '批量保存' }));
    expect(await screen.findByText('已保存 2 个坐席，跳过 1 个没有昵称的坐席')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v3/chats/cs-agent/changeBatch')?.body).toEqual({
      agents: [
        { id: 'A1', nick: '小1', capacity: 35, callPlatform: null },
        { id: 'A3', nick: '小3', capacity: 20, callPlatform: 'OLD' },
      ],
    });
  });

  it('batch capacity keeps digits clamped to 1..1000 and fills it down every row, as does the call platform', async () => {
    const { calls } = list();
    await screen.findByText('坐席1号');
    await userEvent.type(screen.getByRole('textbox', { name: '批量接待上限' }), '5000');
    expect((screen.getByRole('textbox', { name: '批量接待上限' }) as HTMLInputElement).value).toBe('1000');
    await userEvent.click(screen.getAllByRole('button', { name: '向下填充' })[0]!);
    for (const id of ['A1', 'A2', 'A3']) expect(cell('接待上限', id).value).toBe('1000');
    await userEvent.type(screen.getByRole('textbox', { name: '批量呼叫平台' }), 'CTI');
    await userEvent.click(screen.getByRole('button', { name: '向下填充 呼叫平台' }));
    for (const id of ['A1', 'A2', 'A3']) expect(cell('呼叫平台', id).value).toBe('CTI');
    await userEvent.click(screen.getByRole('button', { name: '批量保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v3/chats/cs-agent/changeBatch')?.body).toEqual({
        agents: ['A1', 'A2', 'A3'].map((id, i) => ({ id, nick: `小${i + 1}`, capacity: 1000, callPlatform: 'CTI' })),
      }),
    );
  });

  it('without csAgent.edit and in the trash nothing is editable and the batch controls are gone', async () => {
    list(['csAgent.view']);
    await screen.findByText('小1');
    expect(screen.queryByRole('textbox', { name: '昵称 A1' })).toBeNull();
    for (const name of ['批量保存', '批量新建', '拉取坐席']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('the trash view shows the deleted agents read-only', async () => {
    list(EDIT, { deleted: 'TRASH' });
    await screen.findByText('小9');
    expect(screen.queryByRole('textbox', { name: '昵称 A9' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量保存' })).toBeNull();
  });
});

/** The agent list at the router's place: a search may move it (a list may keep its filters in the query). */
function RoutedAgentList() {
  return <AgentList location={useLocation()} />;
}

describe('agent list: search', () => {
  it('searches by status and shows the spec columns: work number, receptions, sessions, groups, status, mode', async () => {
    navigate('/csAgent/list', {}, { replace: true });
    const { client, calls } = server();
    renderConsole(<RoutedAgentList />, { client, permissions: ['csAgent.view'] });
    await screen.findByText('坐席1号');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        '姓名',
        '工号',
        '昵称',
        '呼叫平台',
        '接待上限',
        '当前接待量',
        '会话量',
        '所属技能组',
        '状态',
        '在线模式',
        '软电话分机号',
        'SIP 分机号',
        '手机号',
        '创建时间',
        '修改时间',
      ]),
    );
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '在线' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    const row = within(await waitFor(() => screen.getByText('坐席5号').closest('tr')!));
    expect(calls.filter((c) => c.path === '/v3/chats/cs-agent/page').at(-1)?.body).toMatchObject({ status: 'ONLINE' });
    for (const text of ['w5', '小5', '2', '7', '售前组', '售后组', '在线', '在线会话', '6005', '8005', '13800000005'])
      expect(row.getByText(text), text).toBeTruthy();
  });

  it('searches by skill group, sending its id, and a reset forgets it', async () => {
    const { calls } = list();
    await screen.findByText('坐席1号');
    await userEvent.click(screen.getByRole('combobox', { name: '技能组' }));
    await userEvent.click(await screen.findByRole('option', { name: '售前组' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    const pages = () => calls.filter((c) => c.path === '/v3/chats/cs-agent/page');
    await waitFor(() => expect(pages().at(-1)?.body).toMatchObject({ groupId: 'G1', deleted: 'NONE' }));
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(pages().at(-1)?.body).not.toHaveProperty('groupId'));
  });
});

describe('agent list: batch create and pull', () => {
  it('batch create warns 请选择员工 with no staff chosen, then creates agents of the chosen users', async () => {
    const { calls } = list();
    await screen.findByText('坐席1号');
    await userEvent.click(screen.getByRole('button', { name: '批量新建' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('张三');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择员工')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-agent/createBatch')).toBe(false);
    await userEvent.click(within(dialog).getByText('张三'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已新建 1 个坐席，跳过 0 个已是坐席的员工')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v3/chats/cs-agent/createBatch')?.body).toEqual({ userIds: ['U7'] });
  });

  it('pull asks for a platform, confirms, and reports what it created and updated', async () => {
    const { calls } = list();
    await screen.findByText('坐席1号');
    await userEvent.click(screen.getByRole('button', { name: '拉取坐席' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: '呼叫平台' }), 'CTI');
    await userEvent.click(screen.getByRole('button', { name: '拉取坐席' }));
    expect(await screen.findByText('确认从呼叫平台 CTI 拉取坐席？已有坐席将按平台编号更新。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('拉取完成：新建 2 个，更新 1 个，失败 0 行')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v3/chats/cs-agent/pull')?.query).toEqual({ platform: 'CTI' });
  });

  it('without csAgent.pull there is no pull', async () => {
    list(['csAgent.view', 'csAgent.edit']);
    await screen.findByText('坐席1号');
    expect(screen.queryByRole('button', { name: '拉取坐席' })).toBeNull();
    expect(screen.getByRole('button', { name: '批量新建' })).toBeTruthy();
  });
});

describe('agent form', () => {
  const form = (query: Record<string, string>, stored: CsAgent = { ...agentRecord(1), userId: 'U1' }) => {
    const fake = fakeClient({
      '/v3/users/user/list': () => [{ id: 'U1', username: 'li', name: '李四' }],
      '/v3/chats/cs-agent/detail': () => stored,
      '/v3/chats/cs-agent/create': () => ({ id: 'A50' }),
      '/v3/chats/cs-agent/change': () => ({ id: 'A1' }),
    });
    renderConsole(<AgentEdit location={{ path: '/csAgent/edit', query }} />, {
      client: fake.client,
      permissions: EDIT,
    });
    return fake;
  };

  it('on create the user is required and the capacity starts at 20', async () => {
    const { calls } = form({});
    const capacity = (await screen.findByRole('textbox', { name: '接待上限' })) as HTMLInputElement;
    expect(capacity.value).toBe('20');
    await userEvent.type(screen.getByRole('textbox', { name: '昵称' }), '小明');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-agent/create')).toBe(false);
  });

  it('on edit the user is read-only and the change carries no user', async () => {
    const { calls } = form({ id: 'A1' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: '昵称' }) as HTMLInputElement).value).toBe('小1'));
    expect((screen.getByRole('combobox', { name: '用户' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/cs-agent/change')).toBe(true));
    const body = calls.find((c) => c.path === '/v3/chats/cs-agent/change')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'A1', version: 1, nick: '小1', capacity: 20 });
    expect(body).not.toHaveProperty('userId');
  });

  it('requires a nick, refuses a capacity outside 1..1000, and takes at most 100, 15 and 20 characters', async () => {
    const { calls } = form({ id: 'A1' }, { ...agentRecord(1), userId: 'U1', nick: '', capacity: 0 });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '接待上限' }) as HTMLInputElement).value).toBe('0'),
    );
    const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    expect([input('昵称').maxLength, input('手机号').maxLength, input('软电话分机号').maxLength]).toEqual([
      100, 15, 20,
    ]);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(screen.getByText('接待上限须为 1 到 1000 的整数')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-agent/change')).toBe(false);
  });

  it('after a save reopens on the agent and reloads the list beneath', async () => {
    form({ id: 'A1', _modal: 'small' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: '昵称' }) as HTMLInputElement).value).toBe('小1'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csAgent/edit',
        query: { id: 'A1', _modal: 'small', _reload: 'list' },
      }),
    );
  });
});

describe('agent picker', () => {
  const picker = (records: ReturnType<typeof agentRecord>[]) => {
    const fake = fakeClient({
      '/v3/chats/cs-agent/page': (request) => ({
        records,
        total: records.length,
        page: Number(request.query?.page),
        size: Number(request.query?.size),
      }),
    });
    const picked: string[][] = [];
    renderConsole(
      <EntityPicker
        description={agentPicker(fake.client)}
        opened
        onClose={() => {}}
        onPick={(rows) => {
          picked.push(rows.map((r) => r.id));
        }}
      />,
      { client: fake.client, permissions: EDIT },
    );
    return { ...fake, picked };
  };

  it('pages 10 agents not in the trash and picks the clicked ones', async () => {
    const { calls, picked } = picker([agentRecord(1), agentRecord(2)]);
    await userEvent.click(await screen.findByText('坐席2号'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(picked).toEqual([['A2']]);
    expect(calls[0]).toMatchObject({
      path: '/v3/chats/cs-agent/page',
      query: { page: 1, size: 10 },
      body: { deleted: 'NONE' },
    });
  });

  it('select-all with no agents warns that a record must be selected', async () => {
    picker([]);
    await userEvent.click(await screen.findByRole('button', { name: '全选' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
  });
});
