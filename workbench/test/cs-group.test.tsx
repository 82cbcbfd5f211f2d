import type { CsGroup } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CS_GROUP_LIST_PATH, csGroupDescription, groupPicker } from '../src/entities/cs-group';
import { EntityList } from '../src/entity/EntityList';
import { EntityPicker } from '../src/entity/EntityPicker';
import { navigate, useLocation, useRouterStore } from '../src/router/router-store';
import { CsGroupConfig, CsGroupCreate } from '../src/screens/staffing/CsGroupConfig';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';

const ALL = ['csGroup.view', 'csGroup.edit', 'csGroup.delete'];

function group(i: number, more: Partial<CsGroup> = {}): CsGroup {
  return {
    id: `G${i}`,
    name: `技能组${i}号`,
    type: 'ONLINE',
    status: 'ACTIVE',
    code: null,
    intro: null,
    timeId: 'T1',
    timeName: '工作日',
    parentId: null,
    parentName: null,
    agentIds: ['A1'],
    agents: [{ agentId: 'A1', agentName: '张三', agentNick: '小张' }],
    navs: [],
    todayTimes: [{ beginTime: '09:00', endTime: '18:00' }],
    online: true,
    config: {
      firstAssign: 'IDLE_RATE',
      secondAssign: null,
      overloadGroupId: null,
      offlineGroupId: null,
      enterTimeoutRemind: null,
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    },
    version: 2,
    ...more,
  };
}

/** The lookups the forms make: service times, agents, category groups, groups of a type. */
const lookups: Record<string, Handler> = {
  '/v3/chats/cs-time/list': () => [
    { id: 'T1', name: '工作日' },
    { id: 'T2', name: '节假日' },
  ],
  '/v3/chats/cs-agent/list': () => [
    { id: 'A1', nick: '小张', name: '张三' },
    { id: 'A2', nick: '小李', name: '小李' },
  ],
  '/v3/chats/cs-group/list/top': () => [{ id: 'C1', name: '售前分类', type: 'CATEGORY', online: false }],
  '/v3/chats/cs-group/list': () => [
    { id: 'G1', name: '技能组1号' },
    { id: 'G2', name: '售后组' },
  ],
};

describeEntityScreens<CsGroup>(csGroupDescription, { record: (i) => group(i), more: lookups });

function config(record: CsGroup, permissions = ALL) {
  const server = fakeClient({
    ...lookups,
    '/v3/chats/cs-group/detail': () => record,
    '/v3/chats/cs-group/change': () => ({ id: record.id }),
  });
  renderConsole(<CsGroupConfig location={{ path: '/csGroup/config', query: { id: record.id, _modal: 'large' } }} />, {
    client: server.client,
    permissions,
  });
  return server;
}
const combo = (name: RegExp) => screen.getByRole('combobox', { name });
async function choose(name: RegExp, option: string) {
  await userEvent.click(combo(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
async function saved(calls: { path: string; body?: unknown }[]) {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return waitFor(() => {
    const body = calls.find((c) => c.path === '/v3/chats/cs-group/change')?.body;
    expect(body).toBeDefined();
    return body as Record<string, unknown> & { config: Record<string, unknown> | null };
  });
}
const loadedName = (name: string) =>
  waitFor(() => expect((screen.getByRole('textbox', { name: /名称/ }) as HTMLInputElement).value).toBe(name));

describe('skill group list', () => {
  it('shows the assignment order, both overflow groups and the receivers; the name opens the config modal', async () => {
    const row = group(1, {
      config: {
        ...group(1).config!,
        firstAssign: 'LAST_RECEIVER',
        secondAssign: 'ROUND_ROBIN',
        overloadGroupId: 'G2',
        overloadGroupName: '售后组',
        offlineGroupId: 'G3',
        offlineGroupName: '留言组',
      },
    });
    const server = fakeClient({ '/v3/chats/cs-group/page': () => ({ records: [row], total: 1, page: 1, size: 20 }) });
    renderConsole(<EntityList description={csGroupDescription} location={{ path: CS_GROUP_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: ALL,
    });
    await screen.findByText('技能组1号');
    expect(screen.getByText('上次接待人优先 > 轮流分配')).toBeTruthy();
    expect(screen.getByText('售后组')).toBeTruthy();
    expect(screen.getByText('留言组')).toBeTruthy();
    expect(screen.getByText('小张')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '技能组1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/csGroup/config',
      query: { id: 'G1', _modal: 'large' },
    });
  });
});

describe('skill group list: online', () => {
  it('shows a group with a service time as online and one without as offline (spec §3.2)', async () => {
    const rows = [group(1), group(2, { timeId: null, timeName: null, todayTimes: [], online: false })];
    const server = fakeClient({ '/v3/chats/cs-group/page': () => ({ records: rows, total: 2, page: 1, size: 20 }) });
    renderConsole(<EntityList description={csGroupDescription} location={{ path: CS_GROUP_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: ALL,
    });
    // the column after the type (在线, the ONLINE type) says whether the group serves now
    const first = (await screen.findByText('技能组1号')).closest('tr')!;
    expect(within(first).getAllByText('在线')).toHaveLength(2);
    const second = within(screen.getByText('技能组2号').closest('tr')!);
    expect(second.getAllByText('在线')).toHaveLength(1);
    expect(second.getByText('离线')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '在线状态' })).toBeTruthy();
  });
});

describe('skill-group picker', () => {
  it('asks for ACTIVE groups, 10 a page, not in the trash; a click picks the row', async () => {
    const server = fakeClient({
      '/v3/chats/cs-group/page': (request) => ({
        records: [group(1), group(2)],
        total: 2,
        page: Number(request.query?.page),
        size: Number(request.query?.size),
      }),
    });
    const picked: string[][] = [];
    renderConsole(
      <EntityPicker
        description={groupPicker(server.client)}
        opened
        multiple={false}
        onClose={() => {}}
        onPick={(rows) => {
          picked.push(rows.map((r) => r.id));
        }}
      />,
      { client: server.client, permissions: ALL },
    );
    await userEvent.click(await screen.findByText('技能组2号'));
    expect(picked).toEqual([['G2']]);
    expect(server.calls[0]).toMatchObject({
      path: '/v3/chats/cs-group/page',
      query: { page: 1, size: 10 },
      body: { status: 'ACTIVE', deleted: 'NONE' },
    });
    expect(screen.getByRole('dialog', { name: '选择技能组' })).toBeTruthy();
  });

  it('searches by keyword and any status once the status is cleared', async () => {
    const server = fakeClient({
      '/v3/chats/cs-group/page': () => ({ records: [group(1)], total: 1, page: 1, size: 10 }),
    });
    renderConsole(
      <EntityPicker
        description={groupPicker(server.client)}
        opened
        multiple={false}
        onClose={() => {}}
        onPick={() => {}}
      />,
      { client: server.client, permissions: ALL },
    );
    await screen.findByText('技能组1号');
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('关键词'), '售后');
    await userEvent.click(dialog.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(server.calls.at(-1)!.body).toMatchObject({ keyword: '售后', status: 'ACTIVE' }));
  });
});

/** The group list at the router's place: a search may move it (a list may keep its filters in the query). */
function RoutedGroupList() {
  return <EntityList description={csGroupDescription} location={useLocation()} />;
}

describe('skill group list: search', () => {
  it("searches by type and shows each group's service time of today", async () => {
    const server = fakeClient({
      '/v3/chats/cs-group/page': (request) => {
        const hotline = (request.body as { type?: string }).type === 'HOTLINE';
        const records = hotline
          ? [group(2, { type: 'HOTLINE', todayTimes: [{ beginTime: '08:30', endTime: '12:00' }] })]
          : [group(1)];
        return { records, total: 1, page: 1, size: 20 };
      },
    });
    navigate(CS_GROUP_LIST_PATH, {}, { replace: true });
    renderConsole(<RoutedGroupList />, { client: server.client, permissions: ALL });
    await screen.findByText('技能组1号');
    expect(screen.getByText('09:00-18:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '热线' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('技能组2号');
    expect(screen.getByText('08:30-12:00')).toBeTruthy();
    expect(screen.queryByText('技能组1号')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/v3/chats/cs-group/page').at(-1)?.body).toMatchObject({
      type: 'HOTLINE',
      deleted: 'NONE',
    });
  });
});

describe('skill group create', () => {
  const create = () => {
    const server = fakeClient({ ...lookups, '/v3/chats/cs-group/create': () => ({ id: 'G7' }) });
    renderConsole(<CsGroupCreate location={{ path: '/csGroup/create', query: { _modal: 'large' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    return server;
  };

  it('without a receiver warns 请设置接待人 under the receivers and sends nothing', async () => {
    const { calls } = create();
    await choose(/类型/, '在线');
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '售前组');
    await choose(/服务时间/, '工作日');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请设置接待人')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-group/create')).toBe(false);
  });

  it('offers the category groups to an online group and opens the config of the saved one, reloading the list', async () => {
    const { calls } = create();
    await choose(/类型/, '在线');
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '售前组');
    await choose(/服务时间/, '工作日');
    await choose(/所属分类/, '售前分类');
    await choose(/接待人/, '小李');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csGroup/config',
        query: { id: 'G7', _modal: 'large', _reload: 'list' },
      }),
    );
    expect(calls.find((c) => c.path === '/v3/chats/cs-group/list/top')?.body).toEqual({ type: 'CATEGORY' });
    expect(calls.find((c) => c.path === '/v3/chats/cs-group/create')?.body).toMatchObject({
      type: 'ONLINE',
      name: '售前组',
      timeId: 'T1',
      parentId: 'C1',
      agentIds: ['A2'],
    });
  });
});

describe('skill group config', () => {
  it('starts with 空闲率优先 and offers a second assignment only after 上次接待人优先, never that one again', async () => {
    const { calls } = config(group(1, { config: null }));
    await loadedName('技能组1号');
    expect((combo(/第一分配方式/) as HTMLInputElement).value).toBe('空闲率优先');
    expect(screen.queryByRole('combobox', { name: /第二分配方式/ })).toBeNull();
    await choose(/第一分配方式/, '上次接待人优先');
    await userEvent.click(combo(/第二分配方式/));
    expect(await screen.findByRole('option', { name: '轮流分配' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '上次接待人优先' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: '轮流分配' }));
    const body = await saved(calls);
    expect(body.config).toMatchObject({ firstAssign: 'LAST_RECEIVER', secondAssign: 'ROUND_ROBIN' });
  });

  it('clears the second assignment when the first changes away from 上次接待人优先', async () => {
    const { calls } = config(
      group(1, { config: { ...group(1).config!, firstAssign: 'LAST_RECEIVER', secondAssign: 'ROUND_ROBIN' } }),
    );
    await waitFor(() => expect((combo(/第二分配方式/) as HTMLInputElement).value).toBe('轮流分配'));
    await choose(/第一分配方式/, '接待量最少优先');
    expect(screen.queryByRole('combobox', { name: /第二分配方式/ })).toBeNull();
    const body = await saved(calls);
    expect(body.config).toMatchObject({ firstAssign: 'FEWEST_RECEPTIONS', secondAssign: null });
  });

  it('the overflow and offline pickers list the other groups of its type, never the group itself', async () => {
    const { calls } = config(group(1));
    await loadedName('技能组1号');
    for (const picker of [/上限溢出技能组/, /全部离线溢出技能组/]) {
      await userEvent.click(combo(picker));
      expect(await screen.findByRole('option', { name: '售后组' })).toBeTruthy();
      expect(screen.queryByRole('option', { name: '技能组1号' })).toBeNull();
      await userEvent.click(screen.getByRole('option', { name: '售后组' }));
    }
    expect(calls.find((c) => c.path === '/v3/chats/cs-group/list')?.body).toMatchObject({ type: 'ONLINE' });
    const body = await saved(calls);
    expect(body.config).toMatchObject({ overloadGroupId: 'G2', offlineGroupId: 'G2' });
  });

  it("shows the four timeout blocks prefilled with the contracts' defaults; only ticked ones are saved", async () => {
    const { calls } = config(group(1));
    await loadedName('技能组1号');
    const minutes = (block: string) =>
      within(screen.getByTestId(block)).getByRole('textbox', { name: /分钟/ }) as HTMLInputElement;
    const prompt = (block: string) =>
      within(screen.getByTestId(block)).getByRole('textbox', { name: /提示语/ }) as HTMLInputElement;
    expect(minutes('enterTimeoutRemind').value).toBe('3');
    expect(minutes('enterTimeoutAssign').value).toBe('10');
    expect(minutes('sessionTimeoutRemind').value).toBe('3');
    expect(minutes('sessionTimeoutAssign').value).toBe('10');
    expect(prompt('enterTimeoutRemind').value).toBe('当前咨询人数较多，请您耐心等待');
    expect(minutes('enterTimeoutRemind').disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: '进入排队超时提醒' }));
    expect(minutes('enterTimeoutRemind').disabled).toBe(false);
    const body = await saved(calls);
    expect(body.config).toMatchObject({
      enterTimeoutRemind: { minutes: 3, prompt: '当前咨询人数较多，请您耐心等待' },
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('keeps a category parent only for online and hotline groups; changing the type clears it', async () => {
    const { calls } = config(group(1, { parentId: 'C1', parentName: '售前分类' }));
    await waitFor(() => expect((combo(/所属分类/) as HTMLInputElement).value).toBe('售前分类'));
    await choose(/类型/, '分类');
    expect(screen.queryByRole('combobox', { name: /所属分类/ })).toBeNull();
    // a category group has no assignment config
    expect(screen.queryByRole('combobox', { name: /第一分配方式/ })).toBeNull();
    await choose(/类型/, '热线');
    expect((combo(/所属分类/) as HTMLInputElement).value).toBe('');
    const body = await saved(calls);
    expect(body).toMatchObject({ type: 'HOTLINE', parentId: null, config: null });
  });

  it('without receivers warns 请设置接待人 and sends nothing', async () => {
    const { calls } = config(group(1, { agentIds: [], agents: [] }));
    await loadedName('技能组1号');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请设置接待人')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-group/change')).toBe(false);
  });

  it('after a save reopens itself on the group and reloads the list beneath', async () => {
    const { calls } = config(group(1));
    await loadedName('技能组1号');
    await saved(calls);
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csGroup/config',
        query: { id: 'G1', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('without csGroup.edit the fields are disabled and there is no save', async () => {
    config(group(1), ['csGroup.view']);
    await loadedName('技能组1号');
    expect((screen.getByRole('textbox', { name: /名称/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
