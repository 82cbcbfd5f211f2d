import type { CsTime } from '@qcdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CS_TIME_LIST_PATH, csTimeDescription } from '../src/entities/cs-time';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { CsTimeDrawer, CsTimeEdit } from '../src/screens/staffing/CsTimeEdit';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';

const ALL = ['csTime.view', 'csTime.edit', 'csTime.delete'];

function time(i: number, more: Partial<CsTime> = {}): CsTime {
  return {
    id: `T${i}`,
    name: `服务时间${i}号`,
    code: null,
    prompt: '您好，人工客服服务时间为{X}',
    config: {
      generalPeriods: [{ daysOfWeek: [1, 2, 3, 4, 5], beginTime: '09:00', endTime: '18:00' }],
      specialPeriods: [
        { beginDate: '2026-10-01', endDate: '2026-10-07', beginTime: '10:00', endTime: '16:00', remark: '国庆' },
      ],
    },
    groups: [{ groupId: 'G1', groupName: '售前咨询' }],
    todayTimes: [{ beginTime: '09:00:00', endTime: '18:00:00' }],
    version: 3,
    ...more,
  };
}

describeEntityScreens<CsTime>(csTimeDescription, { record: (i) => time(i) });

function edit(query: Record<string, string>, handlers: Record<string, Handler> = {}, permissions = ALL) {
  const server = fakeClient({
    '/v3/chats/cs-time/detail': () => time(1),
    '/v3/chats/cs-time/create': () => ({ id: 'T9' }),
    '/v3/chats/cs-time/change': () => ({ id: 'T1' }),
    ...handlers,
  });
  renderConsole(<CsTimeEdit location={{ path: '/csTime/edit', query }} />, { client: server.client, permissions });
  return server;
}
const sent = (calls: { path: string; body?: unknown }[], path: string) => calls.find((c) => c.path === path)?.body;
const row = (testId: string) => within(screen.getByTestId(testId));
const setTime = (label: string, scope: ReturnType<typeof row>, value: string) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

describe('service time list', () => {
  it("shows today's times, each period as a line and the groups using it; the name opens the 80 % drawer", async () => {
    const server = fakeClient({
      '/v3/chats/cs-time/page': () => ({ records: [time(1)], total: 1, page: 1, size: 20 }),
    });
    renderConsole(<EntityList description={csTimeDescription} location={{ path: CS_TIME_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: ALL,
    });
    await screen.findByText('服务时间1号');
    expect(screen.getByText('09:00-18:00')).toBeTruthy();
    expect(screen.getByText('周一、周二、周三、周四、周五 09:00-18:00')).toBeTruthy();
    expect(screen.getByText('2026-10-01~2026-10-07 10:00-16:00 国庆')).toBeTruthy();
    expect(screen.getByText('售前咨询')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '服务时间1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/csTime/edit',
      query: { id: 'T1', _drawer: '80%' },
    });
  });
});

describe('service time form', () => {
  it('a new one starts with the default prompt and one empty general period', async () => {
    edit({});
    expect((screen.getByLabelText(/非服务时间提示语/) as HTMLTextAreaElement).value).toBe(
      '您好，人工客服服务时间为{X}',
    );
    expect(screen.getByTestId('general-0')).toBeTruthy();
    expect(screen.queryByTestId('special-0')).toBeNull();
  });

  it('refuses an empty name and an empty prompt, each under its field, and takes at most 100 characters of the name', async () => {
    const { calls } = edit({});
    const name = screen.getByLabelText(/名称/) as HTMLInputElement;
    expect(name.maxLength).toBe(100);
    await userEvent.clear(screen.getByLabelText(/非服务时间提示语/));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const under = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);
    expect(await under(name).findByText('此项为必填项')).toBeTruthy();
    expect(under(screen.getByLabelText(/非服务时间提示语/)).getByText('此项为必填项')).toBeTruthy();
    expect(sent(calls, '/v3/chats/cs-time/create')).toBeUndefined();
  });

  it('with no complete period it warns above the periods and sends nothing', async () => {
    const { calls } = edit({});
    await userEvent.type(screen.getByLabelText(/名称/), '工作日');
    // weekdays without times are not a period
    await userEvent.click(row('general-0').getByLabelText('周一'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('periods-error')).textContent).toBe('通用时段和特殊时段：请至少设置一个');
    expect(sent(calls, '/v3/chats/cs-time/create')).toBeUndefined();
  });

  it('drops incomplete periods, sends the complete ones, and reopens on the saved record reloading the list', async () => {
    const { calls } = edit({ _drawer: '80%' });
    await userEvent.type(screen.getByLabelText(/名称/), '工作日');
    await userEvent.click(row('general-0').getByLabelText('周三'));
    await userEvent.click(row('general-0').getByLabelText('周一'));
    setTime('开始时间', row('general-0'), '09:00');
    setTime('结束时间', row('general-0'), '18:00');
    await userEvent.click(screen.getByRole('button', { name: '添加特殊时段' }));
    setTime('开始日期', row('special-0'), '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(sent(calls, '/v3/chats/cs-time/create')).toEqual({
        name: '工作日',
        code: null,
        prompt: '您好，人工客服服务时间为{X}',
        config: { generalPeriods: [{ daysOfWeek: [1, 3], beginTime: '09:00', endTime: '18:00' }], specialPeriods: [] },
      }),
    );
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csTime/edit',
        query: { id: 'T9', _drawer: '80%', _reload: 'list' },
      }),
    );
  });

  it('copies a period under itself and deletes one', async () => {
    edit({ id: 'T1' });
    await waitFor(() => expect((row('general-0').getByLabelText('开始时间') as HTMLInputElement).value).toBe('09:00'));
    await userEvent.click(row('general-0').getByRole('button', { name: '复制' }));
    expect((row('general-1').getByLabelText('周五') as HTMLInputElement).checked).toBe(true);
    expect((row('general-1').getByLabelText('结束时间') as HTMLInputElement).value).toBe('18:00');
    await userEvent.click(row('special-0').getByRole('button', { name: '删除' }));
    expect(screen.queryByTestId('special-0')).toBeNull();
  });

  it('refuses a special period ending before it begins, under its end date', async () => {
    const { calls } = edit({ id: 'T1' });
    await waitFor(() => expect((row('special-0').getByLabelText('备注') as HTMLInputElement).value).toBe('国庆'));
    setTime('结束日期', row('special-0'), '2026-09-30');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await row('special-0').findByText('结束时间不能早于开始时间')).toBeTruthy();
    expect(sent(calls, '/v3/chats/cs-time/change')).toBeUndefined();
  });

  it('a change sends the id and version of the loaded record with its periods', async () => {
    const { calls } = edit({ id: 'T1' });
    await waitFor(() => expect((screen.getByLabelText(/名称/) as HTMLInputElement).value).toBe('服务时间1号'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(sent(calls, '/v3/chats/cs-time/change')).toMatchObject({
        id: 'T1',
        version: 3,
        config: time(1).config,
      }),
    );
  });

  it('without csTime.edit nothing can be changed and there is no save', async () => {
    edit({ id: 'T1' }, {}, ['csTime.view']);
    await waitFor(() => expect((screen.getByLabelText(/名称/) as HTMLInputElement).value).toBe('服务时间1号'));
    expect((screen.getByLabelText(/名称/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加通用时段' })).toBeNull();
  });
});

describe('service time drawer', () => {
  it('opens 80 % wide; its confirm button saves and hands the new id to the selector', async () => {
    const onSaved = vi.fn();
    const server = fakeClient({ '/v3/chats/cs-time/create': () => ({ id: 'T9' }) });
    renderConsole(<CsTimeDrawer opened onClose={() => {}} onSaved={onSaved} />, {
      client: server.client,
      permissions: ALL,
    });
    const drawer = await screen.findByRole('dialog');
    expect(document.querySelector('[data-drawer-width]')?.getAttribute('data-drawer-width')).toBe('80%');
    await userEvent.type(within(drawer).getByLabelText(/名称/), '节假日');
    await userEvent.click(within(drawer).getByRole('button', { name: '添加特殊时段' }));
    setTime('开始日期', row('special-0'), '2026-10-01');
    setTime('结束日期', row('special-0'), '2026-10-07');
    setTime('开始时间', row('special-0'), '10:00');
    setTime('结束时间', row('special-0'), '16:00');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('T9'));
  });
});
