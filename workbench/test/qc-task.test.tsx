import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import type { TaskProgressRecord, TaskRecord } from '../src/entities/qc-task';
import { TaskEdit } from '../src/screens/qc/task/TaskEdit';
import { TaskList } from '../src/screens/qc/task/TaskList';
import { fakeClient, renderConsole } from './helpers';
import { atRoute } from './list-route';

const idle = (taskId: string, total: number, done: number): TaskProgressRecord => ({
  taskId,
  state: done === total && total > 0 ? 'DONE' : 'IDLE',
  total,
  done,
  failed: 0,
  pending: total - done,
});

function task(id: string, change: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id,
    name: `任务${id}`,
    type: 'OFFLINE_TEXT',
    status: 'ACTIVE',
    schemeId: '1',
    schemeName: '电信客服质检方案',
    lineIds: ['1', '2'],
    lines: [
      { lineId: '1', lineName: '微博客服-通信' },
      { lineId: '2', lineName: '微博客服-支付与其他' },
    ],
    endTime: null,
    version: 1,
    modifyTime: '2026-11-20 10:00:00',
    progress: idle(id, 30, 30),
    ...change,
  };
}

/** A task server: /page, /status, /rerun and /progress, whose run advances 10 sessions per progress call. */
function server(tasks: TaskRecord[]) {
  const runs = new Map<string, number>();
  const progress = (t: TaskRecord): TaskProgressRecord => {
    const done = runs.get(t.id);
    if (done === undefined) return t.progress ?? idle(t.id, 0, 0);
    const next = Math.min(30, done + 10);
    runs.set(t.id, next);
    return {
      taskId: t.id,
      state: next < 30 ? 'RUNNING' : 'DONE',
      total: 30,
      done: next,
      failed: 0,
      pending: 30 - next,
    };
  };
  return fakeClient({
    '/v3/chats/qc-task/page': (request: ApiRequest) => {
      const body = request.body as { type?: string };
      const records = tasks.filter((t) => t.type === (body.type ?? 'OFFLINE_TEXT'));
      return { records, total: records.length, page: 1, size: 20 };
    },
    '/v3/chats/qc-task/status': (request: ApiRequest) => {
      const body = request.body as { ids: string[]; status: 'ACTIVE' | 'INACTIVE' };
      for (const t of tasks) if (body.ids.includes(t.id)) t.status = body.status;
      return body;
    },
    '/v3/chats/qc-task/rerun': (request: ApiRequest) => {
      const body = request.body as { ids: string[] };
      for (const id of body.ids) runs.set(id, 0);
      for (const t of tasks)
        if (body.ids.includes(t.id)) t.progress = { ...idle(t.id, 30, 0), state: 'RUNNING', pending: 30 };
      return body;
    },
    '/v3/chats/qc-task/progress': (request: ApiRequest) => {
      const t = tasks.find((x) => x.id === request.query?.taskId);
      if (!t) throw new Error('no task');
      return progress(t);
    },
  });
}

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('QC task list', () => {
  it('shows each task with its scheme, lines, status, type and progress, on the OFFLINE_TEXT tab', async () => {
    const { client, calls } = server([task('1'), task('2', { status: 'INACTIVE', progress: idle('2', 0, 0) })]);
    renderConsole(atRoute(TaskList, '/qc/task/list'), {
      client,
      permissions: ['qc-task.view', 'qc-task.edit'],
    });
    await screen.findByText('任务1');
    const first = within(row('任务1'));
    expect(first.getByText('电信客服质检方案')).toBeTruthy();
    expect(first.getByText('微博客服-通信')).toBeTruthy();
    expect(first.getByText('启用')).toBeTruthy();
    expect(first.getByText('离线文本')).toBeTruthy();
    expect(first.getByText('已完成')).toBeTruthy();
    expect(first.getByText('30 / 30')).toBeTruthy();
    expect(within(row('任务2')).getByText('未执行')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/page'))?.body).toMatchObject({ type: 'OFFLINE_TEXT' });
    expect(screen.getByRole('tab', { name: '离线文本' }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['新建', '启用', '停用', '执行']) expect(screen.getByRole('button', { name })).toBeTruthy();
    // the actions column (the shared list's) never wraps 编辑 and stays at the right edge while the table scrolls
    const header = screen.getByRole('columnheader', { name: '操作' });
    const cell = first.getByRole('button', { name: '编辑' }).closest('td')!;
    for (const element of [header, cell]) {
      expect(element.style.whiteSpace).toBe('nowrap');
      expect(element.style.position).toBe('sticky');
      expect(element.style.right).toBe('0px');
    }
  });

  it('offers no create, status or run buttons without qc-task.edit', async () => {
    const { client } = server([task('1')]);
    renderConsole(atRoute(TaskList, '/qc/task/list'), {
      client,
      permissions: ['qc-task.view'],
    });
    await screen.findByText('任务1');
    for (const name of ['新建', '启用', '停用', '执行']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks for a selection before running', async () => {
    const { client, calls } = server([task('1')]);
    renderConsole(atRoute(TaskList, '/qc/task/list'), {
      client,
      permissions: ['qc-task.view', 'qc-task.edit'],
    });
    await screen.findByText('任务1');
    await userEvent.click(screen.getByRole('button', { name: '执行' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/rerun'))).toBe(false);
  });

  it('runs the selected task after confirmation and shows its progress until done', async () => {
    const tasks = [task('1', { status: 'INACTIVE', progress: idle('1', 0, 0) })];
    const { client, calls } = server(tasks);
    renderConsole(atRoute(TaskList, '/qc/task/list'), {
      client,
      permissions: ['qc-task.view', 'qc-task.edit'],
    });
    await screen.findByText('任务1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 1' }));
    await userEvent.click(screen.getByRole('button', { name: '执行' }));
    expect(await screen.findByText(/确认执行所选的 1 个任务/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/rerun'))).toBe(true));
    const status = calls.find((c) => c.path.endsWith('/status'));
    expect(status?.body).toEqual({ ids: ['1'], status: 'ACTIVE' });
    // the progress cell polls: running with a count, then done
    expect(await within(row('任务1')).findByText('执行中')).toBeTruthy();
    expect(await within(row('任务1')).findByText('30 / 30', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(row('任务1')).getByText('已完成')).toBeTruthy();
    const polls = calls.filter((c) => c.path.endsWith('/progress')).length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.path.endsWith('/progress')).length).toBe(polls);
  }, 20_000);
});

function formServer(saved: { body?: unknown }) {
  return fakeClient({
    '/v3/chats/qc-scheme/list': (request: ApiRequest) => {
      const body = request.body as { targetType: string; type: string };
      const all = [
        { id: '1', name: '文本智能方案', targetType: 'AI', type: 'TEXT' },
        { id: '2', name: '语音智能方案', targetType: 'AI', type: 'VOICE' },
        { id: '3', name: '文本人工方案', targetType: 'PERSON', type: 'TEXT' },
      ];
      return all.filter((s) => s.targetType === body.targetType && s.type === body.type);
    },
    '/v3/chats/session/directory': (request: ApiRequest) =>
      (request.body as { kind: string }).kind === 'LINE'
        ? [
            { id: '1', name: '微博客服-通信' },
            { id: '2', name: '微博客服-支付与其他' },
          ]
        : [],
    '/v3/chats/qc-task/create': (request: ApiRequest) => {
      saved.body = request.body;
      return { id: '9' };
    },
    '/v3/chats/qc-task/detail': () => task('9', { name: '新任务', schemeId: '1', schemeName: '文本智能方案' }),
  });
}

describe('QC task form', () => {
  it('offers only text schemes to a text task, keeps the type fixed, and saves the chosen scheme and lines', async () => {
    const saved: { body?: unknown } = {};
    const { client } = formServer(saved);
    renderConsole(<TaskEdit location={{ path: '/qc/task/edit', query: { type: 'OFFLINE_TEXT', _modal: 'small' } }} />, {
      client,
      permissions: ['qc-task.view', 'qc-task.edit'],
    });
    const type = screen.getByRole('combobox', { name: /^类型/ }) as HTMLInputElement;
    expect(type.disabled).toBe(true);
    expect(type.value).toBe('离线文本');
    await userEvent.type(screen.getByLabelText(/任务名称/), '新任务');
    await userEvent.click(screen.getByRole('combobox', { name: /质检方案/ }));
    expect(await screen.findByRole('option', { name: '文本人工方案' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '语音智能方案' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: '文本智能方案' }));
    await userEvent.click(screen.getByRole('combobox', { name: /服务线路/ }));
    await userEvent.click(await screen.findByRole('option', { name: '微博客服-通信' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved.body).toBeDefined());
    expect(saved.body).toMatchObject({ name: '新任务', type: 'OFFLINE_TEXT', schemeId: '1', lineIds: ['1'] });
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });
});
