import type { TaskKind, TaskKindDetail, TaskKindNode } from '@qcdesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { taskKindDescription } from '../src/entities/task-kind';
import { useRouterStore } from '../src/router/router-store';
import { addKindFields, TaskKindConfig } from '../src/screens/ticket/TaskKindConfig';
import { TaskKindEdit, taskKindShortcut } from '../src/screens/ticket/TaskKindEdit';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';

const KIND = '/v3/feed/task-kind';
const ALL = ['ticket-kind.view', 'ticket-kind.edit', 'ticket-kind.status', 'ticket-kind.delete', 'csField.view'];

const STATES = {
  PENDING: { id: '1', code: 'PENDING', name: '待处理', color: '#1677ff', status: 'PENDING', tenantId: '0' },
  PROCESSING: { id: '2', code: 'PROCESSING', name: '处理中', color: '#faad14', status: 'PROCESSING', tenantId: '0' },
  CLOSED: { id: '5', code: 'CLOSED', name: '已关闭', color: '#722ed1', status: 'CLOSED', tenantId: '0' },
  CALLBACK: { id: '9', code: 'CALLBACK', name: '待回访', color: '#13c2c2', status: 'PROCESSING', tenantId: '1' },
} as const;

function kind(i: number, more: Partial<TaskKind> = {}): TaskKind {
  return {
    id: String(i),
    name: `模版${i}号`,
    code: `K${i}`,
    type: 'TICKET',
    taskCode: 'TS',
    attachmentRequired: 0,
    fileRequired: 0,
    status: 'INACTIVE',
    fields: [],
    stateCodes: [],
    states: [],
    spaces: [{ spaceId: '5', spaceName: '售后工单' }],
    tenantId: '1',
    version: 3,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

const taking: TaskKindNode = {
  id: 'N1',
  name: '受理',
  kindId: '1',
  handlerType: 'GROUP',
  handlerIds: ['G1'],
  handlers: [{ id: 'G1', name: '售后一组' }],
  stateFrom: 'PENDING',
  stateTo: 'PROCESSING',
  alarmMinutes: 15,
  timeoutMinutes: 600,
};

/** 投诉处理: 待处理 → 处理中 (a GROUP node), 处理中 → 已关闭 free; one field. */
function detail(more: Partial<TaskKindDetail> = {}): TaskKindDetail {
  return {
    ...kind(1, { name: '投诉处理', code: 'COMPLAINT', attachmentRequired: 1, fileRequired: 1 }),
    fields: [
      {
        fieldId: 'F2',
        fieldName: '问题描述',
        fieldCode: 'description',
        fieldType: 'TEXTAREA',
        label: '投诉内容',
        search: false,
        required: true,
      },
    ],
    stateCodes: ['PENDING', 'PROCESSING', 'CLOSED'],
    states: [STATES.PENDING, STATES.PROCESSING, STATES.CLOSED],
    nodes: [taking],
    ...more,
  };
}

// the detail answers the nodes too
describeEntityScreens<TaskKind>(taskKindDescription, { record: (i) => Object.assign(kind(i), { nodes: [] }) });

const FIELDS = [
  { id: 'F2', name: '问题描述', code: 'description', type: 'TEXTAREA' },
  { id: 'F4', name: '客户电话', code: 'phone', type: 'PHONE' },
] as const;
const fieldPage: Handler = (request) => ({
  records: FIELDS,
  total: FIELDS.length,
  page: Number(request.query?.page),
  size: Number(request.query?.size),
});

function openConfig(record: TaskKindDetail = detail(), permissions = ALL, more: Record<string, Handler> = {}) {
  const server = fakeClient({
    [`${KIND}/detail`]: () => record,
    [`${KIND}/change`]: () => ({ id: record.id }),
    [`${KIND}/status`]: (request) => request.body,
    [`${KIND}/states`]: (request) => {
      const codes = (request.body as { stateCodes: (keyof typeof STATES)[] }).stateCodes;
      return { id: record.id, version: record.version + 1, stateCodes: codes, states: codes.map((c) => STATES[c]) };
    },
    [`${KIND}/node/save`]: () => ({ id: 'N9' }),
    [`${KIND}/node/remove`]: (request) => ({ id: (request.body as { id: string }).id }),
    '/v3/feed/task-state/list': () => Object.values(STATES),
    '/v3/feed/task-group/list': () => [
      { id: 'G1', name: '售后一组' },
      { id: 'G2', name: '回访组' },
    ],
    '/v3/users/staff/top': () => [{ id: 'U7', name: '张主管', username: 'supervisor' }],
    '/v3/feed/field/page': fieldPage,
    ...more,
  });
  renderConsole(
    <TaskKindConfig location={{ path: '/ticket/kind/config', query: { id: record.id, _modal: 'large' } }} />,
    {
      client: server.client,
      permissions,
    },
  );
  return server;
}

const cell = (from: string, to: string) => screen.getByTestId(`cell-${from}-${to}`);
const lastBody = (calls: ApiRequest[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;
/** The chosen handlers, as the multi-select shows them. */
const pills = (editor: HTMLElement) =>
  [...editor.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
const confirmBox = () => screen.findByRole('dialog', { name: '请确认' });
/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string, within: HTMLElement = document.body) =>
  [...within.querySelectorAll('input')].find(
    (element) => element.labels?.[0]?.textContent?.replace(/\s*\*$/, '') === label,
  ) as HTMLInputElement;

describe('ticket kind create (T-S07, T-V06)', () => {
  it('saves name, code, taskCode and the attachment switch as 1, then opens the config with _reload=list', async () => {
    const server = fakeClient({ [`${KIND}/create`]: () => ({ id: '12' }) });
    renderConsole(<TaskKindEdit location={{ path: '/ticket/kind/create', query: { _modal: 'small' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    await userEvent.type(input('名称'), '投诉处理');
    await userEvent.type(input('编码'), 'COMPLAINT');
    await userEvent.type(input('工单号前缀'), 'TS');
    await userEvent.click(screen.getByRole('switch', { name: '附件必填' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === `${KIND}/create`)?.body).toEqual({
        name: '投诉处理',
        code: 'COMPLAINT',
        taskCode: 'TS',
        attachmentRequired: 1,
        fields: [],
      }),
    );
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/ticket/kind/config',
        query: { id: '12', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('refuses a kind without a code, and sends the switch off as 0', async () => {
    const server = fakeClient({ [`${KIND}/create`]: () => ({ id: '13' }) });
    renderConsole(<TaskKindEdit location={{ path: '/ticket/kind/create', query: { _modal: 'small' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    await userEvent.type(input('名称'), '退换货');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(server.calls.some((c) => c.path === `${KIND}/create`)).toBe(false);
    await userEvent.type(input('编码'), 'RETURN');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === `${KIND}/create`)?.body).toMatchObject({ attachmentRequired: 0 }),
    );
  });

  it('in drawer mode hands the new id to the caller instead of opening the config', async () => {
    const server = fakeClient({ [`${KIND}/create`]: () => ({ id: '14' }) });
    const saved: unknown[] = [];
    useRouterStore.setState({ current: { path: '/qc/replay', query: {}, key: 1 } });
    const shortcut = taskKindShortcut(
      (key) => key,
      () => true,
    );
    expect(shortcut.allowed).toBe(true);
    renderConsole(
      shortcut.form((id) => saved.push(id)),
      { client: server.client, permissions: ALL },
    );
    await userEvent.type(input('名称'), '咨询回访');
    await userEvent.type(input('编码'), 'FOLLOWUP');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toEqual(['14']));
    expect(useRouterStore.getState().current.path).toBe('/qc/replay');
    // without ticket-kind.edit there is no shortcut
    expect(
      taskKindShortcut(
        (key) => key,
        () => false,
      ).allowed,
    ).toBe(false);
  });
});

describe('ticket kind config: basics and fields (T-S08, T-E04, T-R32, T-V42)', () => {
  it('shows the basics and the attached fields, adds fields with the picker (one already there ignored) and saves them', async () => {
    const { calls } = openConfig();
    await waitFor(() => expect(input('名称').value).toBe('投诉处理'));
    expect(input('编码').value).toBe('COMPLAINT');
    expect((screen.getByRole('switch', { name: '附件必填' }) as HTMLInputElement).checked).toBe(true);
    const table = screen.getByTestId('kind-fields');
    expect(within(table).getByText('F2')).toBeTruthy();
    expect(within(table).getByText('多行文本')).toBeTruthy();
    expect((within(table).getByLabelText('显示名称 问题描述') as HTMLInputElement).value).toBe('投诉内容');

    await userEvent.click(screen.getByRole('button', { name: '添加字段' }));
    const picker = await screen.findByRole('dialog', { name: '选择字段' });
    const row = async (name: string) => (await within(picker).findByText(name)).closest('tr')!;
    expect((await row('问题描述')).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(await row('客户电话'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    // the picker pages the organisation's custom fields (the field list serves it)
    expect(calls.find((c) => c.path === '/v3/feed/field/page')?.query).toEqual({ page: 1, size: 10 });
    await userEvent.click(await screen.findByRole('switch', { name: '必填 客户电话' }));
    await userEvent.click(screen.getByRole('switch', { name: '附件必填' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(lastBody(calls, `${KIND}/change`)).toEqual({
        id: '1',
        version: 3,
        name: '投诉处理',
        code: 'COMPLAINT',
        taskCode: 'TS',
        attachmentRequired: 0,
        fields: [
          { fieldId: 'F2', label: '投诉内容', search: false, required: true },
          { fieldId: 'F4', label: '客户电话', search: false, required: true },
        ],
      }),
    );
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/ticket/kind/config',
        query: { id: '1', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('ignores a picked field that is already attached', () => {
    const rows = detail().fields;
    const next = addKindFields(rows, [
      { id: 'F2', name: '问题描述', code: 'description', type: 'TEXTAREA' },
      { id: 'F4', name: '客户电话', code: 'phone', type: 'PHONE' },
      { id: 'F4', name: '客户电话', code: 'phone', type: 'PHONE' },
    ] as never);
    expect(next.map((f) => [f.fieldId, f.label])).toEqual([
      ['F2', '投诉内容'],
      ['F4', '客户电话'],
    ]);
  });
});

describe('the state-flow matrix (T-S09, T-B03)', () => {
  it('has every from × to cell: the diagonal disabled, a node cell naming its node, the others a +', async () => {
    openConfig();
    await screen.findByTestId('kind-matrix');
    for (const code of ['PENDING', 'PROCESSING', 'CLOSED']) {
      const same = cell(code, code);
      expect(same.getAttribute('aria-disabled')).toBe('true');
      expect(within(same).queryByRole('button')).toBeNull();
    }
    expect(within(cell('PENDING', 'PROCESSING')).getByRole('button', { name: /受理/ })).toBeTruthy();
    expect(within(cell('PROCESSING', 'CLOSED')).getByRole('button', { name: '新建节点 处理中 → 已关闭' })).toBeTruthy();
    // the states in order, the first marked initial
    const chips = screen.getAllByTestId(/^kind-states-row-/);
    expect(chips.map((c) => c.textContent)).toEqual(['待处理初始', '处理中', '已关闭']);
  });

  it('opens a node cell in the editor with its values, and a free cell with its two states and the defaults', async () => {
    openConfig();
    await userEvent.click(await screen.findByRole('button', { name: '节点 受理（待处理 → 处理中）' }));
    let editor = await screen.findByRole('dialog', { name: '编辑节点' });
    expect(input('节点名称', editor).value).toBe('受理');
    expect(input('处理人类型', editor).value).toBe('工单组');
    expect(input('告警时间（分钟）', editor).value).toBe('15');
    expect(within(editor).getAllByText('售后一组').length).toBeGreaterThan(0);
    await userEvent.click(within(editor).getByRole('button', { name: '取消' }));

    await userEvent.click(screen.getByRole('button', { name: '新建节点 处理中 → 已关闭' }));
    editor = await screen.findByRole('dialog', { name: '新建节点' });
    expect(input('起始状态', editor).value).toBe('处理中');
    expect(input('目标状态', editor).value).toBe('已关闭');
    expect(input('告警时间（分钟）', editor).value).toBe('10');
    expect(input('超时时间（分钟）', editor).value).toBe('720');
  });
});

describe('the node editor (T-S10, T-B05, T-V07..T-V11, T-B06)', () => {
  async function newNode() {
    const server = openConfig();
    await userEvent.click(await screen.findByRole('button', { name: '新建节点 处理中 → 已关闭' }));
    const editor = await screen.findByRole('dialog', { name: '新建节点' });
    return { ...server, editor };
  }
  const chooseType = async (editor: HTMLElement, type: string) => {
    await userEvent.click(input('处理人类型', editor));
    await userEvent.click(await screen.findByRole('option', { name: type }));
  };

  it('GROUP loads ticket groups (100 at most) and needs one; CREATOR disables and clears the handlers', async () => {
    const { calls, editor } = await newNode();
    await userEvent.type(input('节点名称', editor), '关闭');
    await chooseType(editor, '工单组');
    await waitFor(() =>
      expect(lastBody(calls, '/v3/feed/task-group/list')).toMatchObject({ limit: 100, status: 'ACTIVE' }),
    );
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    expect(await within(editor).findByText('请选择处理人')).toBeTruthy();
    expect(calls.some((c) => c.path === `${KIND}/node/save`)).toBe(false);

    await userEvent.click(input('处理人', editor));
    await userEvent.click(await screen.findByRole('option', { name: '回访组' }));
    await waitFor(() => expect(pills(editor)).toEqual(['回访组']));
    await chooseType(editor, '创建人');
    expect(input('处理人', editor).disabled).toBe(true);
    expect(pills(editor)).toEqual([]);
    expect(within(editor).getByText('创建人、上一处理人类型无需选择处理人')).toBeTruthy();

    await chooseType(editor, '指定员工');
    await waitFor(() => expect(lastBody(calls, '/v3/users/staff/top')).toMatchObject({ limit: 100 }));
    await userEvent.click(input('处理人', editor));
    await userEvent.click(await screen.findByRole('option', { name: '张主管（supervisor）' }));
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(lastBody(calls, `${KIND}/node/save`)).toEqual({
        kindId: '1',
        name: '关闭',
        handlerType: 'STAFF',
        handlerIds: ['U7'],
        stateFrom: 'PROCESSING',
        stateTo: 'CLOSED',
        alarmMinutes: 10,
        timeoutMinutes: 720,
      }),
    );
    // saved: the kind is loaded again with its new node
    await waitFor(() => expect(calls.filter((c) => c.path === `${KIND}/detail`)).toHaveLength(2));
  });

  it('refuses a blank name and a cell taken by another node, in the flow’s own words', async () => {
    const { calls, editor } = await newNode();
    await chooseType(editor, '上一处理人');
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    expect(await within(editor).findByText('此项为必填项')).toBeTruthy();
    await userEvent.type(input('节点名称', editor), '又一个');
    await userEvent.click(input('起始状态', editor));
    await userEvent.click(await screen.findByRole('option', { name: '待处理' }));
    await userEvent.click(input('目标状态', editor));
    await userEvent.click(await screen.findByRole('option', { name: '处理中' }));
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    expect(await within(editor).findByText('待处理 → 处理中 已有节点')).toBeTruthy();
    expect(calls.some((c) => c.path === `${KIND}/node/save`)).toBe(false);
  });

  it('deletes a node after ‘确认删除该节点吗——{name}’', async () => {
    const { calls } = openConfig();
    await userEvent.click(await screen.findByRole('button', { name: '节点 受理（待处理 → 处理中）' }));
    const editor = await screen.findByRole('dialog', { name: '编辑节点' });
    await userEvent.click(within(editor).getByRole('button', { name: '删除节点' }));
    expect(within(await confirmBox()).getByText('确认删除该节点吗——受理')).toBeTruthy();
    await userEvent.click(within(await confirmBox()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastBody(calls, `${KIND}/node/remove`)).toEqual({ id: 'N1' }));
  });
});

describe('the ordered states (T-V12, T-B04, T-B06)', () => {
  const addState = async (name: string | null) => {
    if (name !== null) {
      await userEvent.click(input('选择状态'));
      await userEvent.click(await screen.findByRole('option', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: '添加状态' }));
  };

  it('warns ‘请选择状态’ with none chosen and ‘{state} 状态已经存在’ for one in the flow; adds a new one at the end', async () => {
    const { calls } = openConfig();
    await screen.findByTestId('kind-matrix');
    await addState(null);
    expect(await screen.findByText('请选择状态')).toBeTruthy();
    await addState('处理中（PROCESSING）');
    expect(await screen.findByText('处理中 状态已经存在')).toBeTruthy();
    expect(calls.some((c) => c.path === `${KIND}/states`)).toBe(false);
    await addState('待回访（CALLBACK）');
    await waitFor(() =>
      expect(lastBody(calls, `${KIND}/states`)).toEqual({
        id: '1',
        version: 3,
        stateCodes: ['PENDING', 'PROCESSING', 'CLOSED', 'CALLBACK'],
      }),
    );
  });

  it('saves the full list in the new order when a state is dragged (here with the keyboard)', async () => {
    // jsdom lays nothing out: each row gets a 40 px tall box by its place, as sortable-list.test.tsx does
    const real = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
      const row = this.closest('[data-sortable-index]');
      const top = row ? Number(row.getAttribute('data-sortable-index')) * 40 : 0;
      return { x: 0, y: top, top, left: 0, width: 300, height: 40, right: 300, bottom: top + 40, toJSON: () => ({}) };
    };
    try {
      const { calls } = openConfig();
      const handle = await screen.findByRole('button', { name: '拖动排序：待处理' });
      const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      handle.focus();
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      await settle();
      fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
      await settle();
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
      await settle();
      await waitFor(() =>
        expect(lastBody(calls, `${KIND}/states`)).toEqual({
          id: '1',
          version: 3,
          stateCodes: ['PROCESSING', 'PENDING', 'CLOSED'],
        }),
      );
    } finally {
      HTMLElement.prototype.getBoundingClientRect = real;
    }
  });

  it('removes a state after ‘确认删除该状态吗——{name}’, saving the full list without it', async () => {
    const { calls } = openConfig();
    await screen.findByTestId('kind-matrix');
    await userEvent.click(screen.getByRole('button', { name: '删除状态 处理中' }));
    expect(within(await confirmBox()).getByText('确认删除该状态吗——处理中')).toBeTruthy();
    await userEvent.click(within(await confirmBox()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastBody(calls, `${KIND}/states`)).toMatchObject({ stateCodes: ['PENDING', 'CLOSED'] }));
  });
});

describe('an active kind: shield first (T-B01, T-B02)', () => {
  it('disables save and adding states, warns on a state or node edit, and offers the shield button', async () => {
    const { calls } = openConfig(detail({ status: 'ACTIVE' }));
    expect(await screen.findByTestId('kind-active-notice')).toHaveProperty(
      'textContent',
      '模版已启用，编辑前请先屏蔽：请先屏蔽，再编辑工单模版',
    );
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '添加状态' }) as HTMLButtonElement).disabled).toBe(true);
    expect(input('名称').disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '删除状态 处理中' }));
    expect(
      await screen.findByText('请先屏蔽，再编辑工单模版', { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新建节点 处理中 → 已关闭' }));
    expect(await screen.findByText('请先屏蔽模版，再编辑模版节点')).toBeTruthy();
    // a node opens read-only, saying why
    await userEvent.click(screen.getByRole('button', { name: '节点 受理（待处理 → 处理中）' }));
    const editor = await screen.findByRole('dialog', { name: '编辑节点' });
    expect(within(editor).getByText('请先屏蔽模版，再编辑模版节点')).toBeTruthy();
    expect(within(editor).queryByRole('button', { name: '保存' })).toBeNull();
    expect(within(editor).queryByRole('button', { name: '删除节点' })).toBeNull();
    await userEvent.click(within(editor).getByRole('button', { name: '取消' }));
    expect(calls.some((c) => [`${KIND}/states`, `${KIND}/node/save`, `${KIND}/change`].includes(c.path))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '屏蔽' }));
    await userEvent.click(within(await confirmBox()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastBody(calls, `${KIND}/status`)).toEqual({ ids: ['1'], status: 'INACTIVE' }));
  });

  it('shows the server’s refusal in the banner when the kind was switched on meanwhile', async () => {
    const { ApiError } = await import('../src/api/client');
    openConfig(detail(), ALL, {
      [`${KIND}/change`]: () => {
        throw new ApiError(400, 'KIND_ACTIVE', '请先屏蔽，再编辑工单模版');
      },
    });
    await waitFor(() => expect(input('名称').value).toBe('投诉处理'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请先屏蔽，再编辑工单模版')).toBeTruthy();
  });

  it('without ticket-kind.edit shows the kind read-only: no save, no add, no + cells', async () => {
    openConfig(detail(), ['ticket-kind.view']);
    await screen.findByTestId('kind-matrix');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加状态' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^新建节点/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '屏蔽' })).toBeNull();
  });
});
