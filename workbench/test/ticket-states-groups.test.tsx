import type { StaffOption, TaskGroup, TaskState } from '@qcdesk/contracts';
import { TICKET_STATE_COLORS } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { GROUP_LIST_PATH, taskGroupDescription } from '../src/entities/task-group';
import { STATE_LIST_PATH, taskStateDescription } from '../src/entities/task-state';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { TaskGroupEdit } from '../src/screens/ticket/TaskGroupEdit';
import { TaskStateEdit } from '../src/screens/ticket/TaskStateEdit';
import { TaskStateList } from '../src/screens/ticket/TaskStateList';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { atRoute } from './list-route';

const STATE = '/v3/feed/task-state';
const GROUP = '/v3/feed/task-group';
const STATE_KEYS = ['ticket-state.view', 'ticket-state.edit', 'field.delete'];
const GROUP_KEYS = ['ticket-group.view', 'ticket-group.edit', 'csGroup.delete'];

function state(i: number, more: Partial<TaskState> = {}): TaskState {
  return {
    id: String(i),
    name: `状态${i}号`,
    code: `S${i}`,
    status: 'PROCESSING',
    color: TICKET_STATE_COLORS[1],
    system: false,
    tenantId: '7',
    version: 1,
    creatorName: '系统管理员',
    createTime: '2026-11-20 10:00:00',
    ...more,
  };
}
const SYSTEM: TaskState[] = [
  state(1, { name: '待处理', code: 'PENDING', status: 'PENDING', system: true, tenantId: '0', color: '#1677ff' }),
  state(2, { name: '处理中', code: 'PROCESSING', status: 'PROCESSING', system: true, tenantId: '0' }),
  state(3, { name: '挂起', code: 'SUSPENDED', status: 'SUSPENDED', system: true, tenantId: '0' }),
  state(4, { name: '已解决', code: 'RESOLVED', status: 'RESOLVED', system: true, tenantId: '0' }),
  state(5, { name: '已关闭', code: 'CLOSED', status: 'CLOSED', system: true, tenantId: '0' }),
];
const OWN: TaskState[] = [
  state(11, { name: '待回访', code: 'CALLBACK', status: 'PROCESSING' }),
  state(12, { name: '已退款', code: 'REFUNDED', status: 'RESOLVED', color: '#fa8c16' }),
];

function group(i: number, more: Partial<TaskGroup> = {}): TaskGroup {
  return {
    id: `G${i}`,
    name: `工单组${i}号`,
    code: null,
    capacity: 20,
    routeType: 'LOAD',
    agentTicket: true,
    staffIds: ['1', '2', '3', '4'],
    staffs: [
      { staffId: '1', staffName: '张三', staffNick: null },
      { staffId: '2', staffName: '李四', staffNick: '小李' },
      { staffId: '3', staffName: '王五', staffNick: null },
      { staffId: '4', staffName: '赵六', staffNick: null },
    ],
    intro: null,
    status: 'ACTIVE',
    tenantId: '7',
    version: 3,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

// the shared list behaviour: paging, keyword, the trash with restore and empty through their own calls
describeEntityScreens<TaskState>(taskStateDescription, { record: (i) => state(i) });
describeEntityScreens<TaskGroup>(taskGroupDescription, { record: (i) => group(i) });

const rowOf = (id: string) => document.querySelector(`tr[data-row-id="${id}"]`) as HTMLElement;

function stateTree(handlers: Record<string, Handler> = {}, permissions = STATE_KEYS) {
  const server = fakeClient({
    [`${STATE}/list`]: () => [...OWN, ...SYSTEM],
    [`${STATE}/remove`]: (request) => ({ ...(request.body as { ids: string[] }), deleted: 'TRASH' }),
    ...handlers,
  });
  renderConsole(atRoute(TaskStateList, STATE_LIST_PATH), { client: server.client, permissions });
  return server;
}

describe('ticket state list: the status groups with their states', () => {
  it('shows each status group as a parent row with its system state first and the own ones under it', async () => {
    const { calls } = stateTree();
    await screen.findByText('待回访');
    const groups = [...document.querySelectorAll('tr[data-group]')].map((r) => r.getAttribute('data-group'));
    expect(groups).toEqual(['PENDING', 'PROCESSING', 'SUSPENDED', 'RESOLVED', 'CLOSED']);
    const under = (group: string) =>
      [...document.querySelectorAll(`tr[data-parent="${group}"]`)].map((r) => r.getAttribute('data-row-id'));
    expect(under('PROCESSING')).toEqual(['2', '11']);
    expect(under('RESOLVED')).toEqual(['4', '12']);
    expect(within(screen.getByText('处理中', { selector: 'p' }).closest('tr')!).getByText('2 个状态')).toBeTruthy();
    // the whole tree in one call
    expect(calls[0]).toMatchObject({ path: `${STATE}/list`, body: { limit: 500 } });
  });

  it('offers edit and delete on the organisation’s own states only, never on system ones (tenantId 0)', async () => {
    stateTree();
    await screen.findByText('待回访');
    const system = within(rowOf('2'));
    expect(system.getByText('系统')).toBeTruthy();
    expect(system.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(system.queryByRole('button', { name: '删除' })).toBeNull();
    expect(system.queryByRole('checkbox')).toBeNull();
    const own = within(rowOf('11'));
    expect(own.getByText('自定义')).toBeTruthy();
    await userEvent.click(own.getByRole('button', { name: '编辑' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/state/edit',
      query: { id: '11', _modal: 'small' },
    });
  });

  it('folds a group away and back', async () => {
    stateTree();
    await screen.findByText('待回访');
    const toggle = screen.getByRole('button', { name: '展开或收起 处理中' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.queryByText('待回访')).toBeNull();
    expect(screen.getByText('已退款')).toBeTruthy();
    await userEvent.click(toggle);
    expect(screen.getByText('待回访')).toBeTruthy();
  });

  it('narrows the states by keyword on name or code, keeping the groups', async () => {
    stateTree();
    await screen.findByText('待回访');
    await userEvent.type(screen.getByLabelText('关键词'), 'refund');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.queryByText('待回访')).toBeNull());
    expect(screen.getByText('已退款')).toBeTruthy();
    expect(document.querySelectorAll('tr[data-group]')).toHaveLength(5);
  });

  it('deletes the chosen own states after the generic confirmation, and shows a refusal of the server', async () => {
    const { calls } = stateTree({
      [`${STATE}/remove`]: () => {
        throw new ApiError(400, 'STATE_IN_USE', '状态“待回访”正被工单模版使用，不能删除：投诉处理', 'ids[0]');
      },
    });
    await screen.findByText('待回访');
    await userEvent.click(within(rowOf('11')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除所选的 1 条记录？删除后可在回收站恢复。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/正被工单模版使用，不能删除：投诉处理/)).toBeTruthy();
    expect(calls.find((c) => c.path === `${STATE}/remove`)?.body).toEqual({ ids: ['11'], deleted: 'TRASH' });
  });

  it('without ticket-state.edit there is no create, edit or delete', async () => {
    stateTree({}, ['ticket-state.view']);
    await screen.findByText('待回访');
    for (const name of ['新建', '编辑', '删除']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('the trash view lists removed states with restore and empty for field.delete holders only', async () => {
    const trash = [state(21, { name: '作废', code: 'VOID', status: 'CLOSED', deleted: 'TRASH' })];
    const server = fakeClient({
      [`${STATE}/page`]: () => ({ records: trash, total: 1, page: 1, size: 20 }),
    });
    renderConsole(atRoute(TaskStateList, STATE_LIST_PATH, { deleted: 'TRASH' }), {
      client: server.client,
      permissions: ['ticket-state.view', 'ticket-state.edit'],
    });
    await screen.findByText('作废');
    // ticket-state.edit removes but does not restore or empty: those need field.delete (the spec's key index)
    expect(screen.queryByRole('button', { name: '恢复' })).toBeNull();
    expect(screen.queryByRole('button', { name: '清空' })).toBeNull();
  });
});

function stateForm(query: Record<string, string>, handlers: Record<string, Handler> = {}, permissions = STATE_KEYS) {
  const server = fakeClient({
    [`${STATE}/detail`]: (request) => [...OWN, ...SYSTEM].find((s) => s.id === request.query?.stateId),
    [`${STATE}/create`]: () => ({ id: '30' }),
    [`${STATE}/change`]: () => ({ id: '11' }),
    ...handlers,
  });
  renderConsole(<TaskStateEdit location={{ path: '/ticket/state/edit', query: { _modal: 'small', ...query } }} />, {
    client: server.client,
    permissions,
  });
  return server;
}
const swatches = () => screen.getAllByRole('radio');
const input = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('ticket state form: the 18-colour palette', () => {
  it('offers the 18 presets with the first chosen, and saves the chosen one with name, code and group', async () => {
    const { calls } = stateForm({});
    expect(swatches()).toHaveLength(18);
    expect(swatches().map((s) => s.getAttribute('aria-checked'))).toEqual(
      TICKET_STATE_COLORS.map((_, i) => String(i === 0)),
    );
    await userEvent.type(input(/名称/), '待回访');
    await userEvent.type(input(/编码/), 'CALLBACK');
    await userEvent.click(screen.getByRole('combobox', { name: /状态分组/ }));
    await userEvent.click(await screen.findByRole('option', { name: '处理中' }));
    await userEvent.click(screen.getByRole('radio', { name: '颜色 #13c2c2' }));
    expect(screen.getByRole('radio', { name: '颜色 #13c2c2' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${STATE}/create`)?.body).toEqual({
        name: '待回访',
        code: 'CALLBACK',
        status: 'PROCESSING',
        color: '#13c2c2',
      }),
    );
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/state/edit',
      query: { id: '30', _modal: 'small', _reload: 'list' },
    });
  });

  it('refuses a missing name, code and group under their fields, and a code of other characters', async () => {
    const { calls } = stateForm({});
    await userEvent.type(input(/编码/), '回 访');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('状态编码只能包含字母、数字和 _ -')).toBeTruthy();
    expect(screen.getAllByText('此项为必填项').length).toBeGreaterThanOrEqual(1);
    expect(calls.some((c) => c.path === `${STATE}/create`)).toBe(false);
  });

  it('locks code and group of an existing state, and shows the server’s refusal under its field', async () => {
    const { calls } = stateForm(
      { id: '11' },
      {
        [`${STATE}/change`]: () => {
          throw new ApiError(400, 'DUPLICATE', '状态编码已被使用：CALLBACK', 'code');
        },
      },
    );
    await waitFor(() => expect(input(/名称/).value).toBe('待回访'));
    expect(input(/编码/).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: /状态分组/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('编码和状态分组创建后不能修改')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '颜色 #f5222d' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('状态编码已被使用：CALLBACK')).toBeTruthy();
    expect(calls.find((c) => c.path === `${STATE}/change`)?.body).toMatchObject({
      id: '11',
      version: 1,
      code: 'CALLBACK',
      status: 'PROCESSING',
      color: '#f5222d',
    });
  });

  it('shows a system state read-only: 系统状态不能修改, nothing editable, no save', async () => {
    stateForm({ id: '2' });
    expect(await screen.findByText('系统状态不能修改')).toBeTruthy();
    expect(input(/名称/).disabled).toBe(true);
    expect(swatches().every((s) => (s as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

const STAFF: StaffOption[] = [
  { id: '1', name: '张三', username: 'zhangsan', nick: null },
  { id: '2', name: '李四', username: 'lisi', nick: '小李' },
];

function groupForm(query: Record<string, string>, handlers: Record<string, Handler> = {}, permissions = GROUP_KEYS) {
  const server = fakeClient({
    [`${GROUP}/detail`]: () => group(1),
    [`${GROUP}/create`]: () => ({ id: 'G9' }),
    [`${GROUP}/change`]: () => ({ id: 'G1' }),
    '/v3/users/staff/top': () => STAFF,
    ...handlers,
  });
  renderConsole(<TaskGroupEdit location={{ path: '/ticket/group/edit', query: { _modal: 'large', ...query } }} />, {
    client: server.client,
    permissions,
  });
  return server;
}
const body = (calls: ApiRequest[], path: string) =>
  waitFor(() => {
    const found = calls.find((c) => c.path === path)?.body;
    expect(found).toBeDefined();
    return found as Record<string, unknown>;
  });

describe('ticket group list', () => {
  it('shows processors (the first 3, then folded), routing and capacity; the name opens the form', async () => {
    const server = fakeClient({ [`${GROUP}/page`]: () => ({ records: [group(1)], total: 1, page: 1, size: 20 }) });
    renderConsole(<EntityList description={taskGroupDescription} location={{ path: GROUP_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: GROUP_KEYS,
    });
    await screen.findByText('工单组1号');
    expect(screen.getByText('李四（小李）')).toBeTruthy();
    expect(screen.queryByText('赵六')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '+1' }));
    expect(screen.getByText('赵六')).toBeTruthy();
    const row = within(rowOf('G1'));
    expect(row.getByText('负载优先')).toBeTruthy();
    expect(row.getByText('20')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '工单组1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/group/edit',
      query: { id: 'G1', _modal: 'large' },
    });
  });
});

describe('ticket group form', () => {
  it('starts with capacity 20, LOAD and agents may open tickets; saving without processors says 请设置处理人', async () => {
    const { calls } = groupForm({});
    expect((screen.getByRole('textbox', { name: /容量/ }) as HTMLInputElement).value).toBe('20');
    expect((screen.getByRole('radio', { name: '负载优先' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: '坐席可提交工单' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '售后一组');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请设置处理人')).toBeTruthy();
    expect(calls.some((c) => c.path === `${GROUP}/create`)).toBe(false);
  });

  it('adds processors from the staff picker, removes one, and saves routing, capacity and the switch', async () => {
    const { calls } = groupForm({});
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '回访组');
    await userEvent.click(screen.getByRole('button', { name: '添加处理人' }));
    const dialog = within(await screen.findByRole('dialog', { name: '选择员工' }));
    await userEvent.click(await dialog.findByText('张三'));
    await userEvent.click(dialog.getByText('李四'));
    await userEvent.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.querySelectorAll('tr[data-staff-id]')).toHaveLength(2));
    expect(screen.getByText('小李')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '移除 张三' }));
    expect(document.querySelectorAll('tr[data-staff-id]')).toHaveLength(1);
    await userEvent.click(screen.getByRole('radio', { name: '轮流分配' }));
    await userEvent.click(screen.getByRole('switch', { name: '坐席可提交工单' }));
    const capacity = screen.getByRole('textbox', { name: /容量/ });
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '35');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await body(calls, `${GROUP}/create`)).toEqual({
      name: '回访组',
      code: null,
      capacity: 35,
      routeType: 'ROTATE',
      agentTicket: false,
      staffIds: ['2'],
      intro: null,
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/ticket/group/edit',
        query: { id: 'G9', _modal: 'large', _reload: 'list' },
      }),
    );
    // the staff lookup asks at most 100 (tickets spec §5)
    expect(calls.find((c) => c.path === '/v3/users/staff/top')?.body).toMatchObject({ limit: 100 });
  });

  it('refuses a cleared capacity under its field, and shows a refused processor under the processors', async () => {
    const { calls } = groupForm(
      { id: 'G1' },
      {
        [`${GROUP}/change`]: () => {
          throw new ApiError(400, 'INVALID_REFERENCE', '员工 4 不是本组织的员工', 'staffIds[3]');
        },
      },
    );
    await waitFor(() => expect(document.querySelectorAll('tr[data-staff-id]')).toHaveLength(4));
    const capacity = screen.getByRole('textbox', { name: /容量/ });
    await userEvent.clear(capacity);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.path === `${GROUP}/change`)).toBe(false);
    await userEvent.type(capacity, '20');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('员工 4 不是本组织的员工')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without ticket-group.edit shows the group read-only', async () => {
    groupForm({ id: 'G1' }, {}, ['ticket-group.view']);
    await waitFor(() => expect(document.querySelectorAll('tr[data-staff-id]')).toHaveLength(4));
    expect((screen.getByRole('textbox', { name: /名称/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加处理人' })).toBeNull();
  });
});
