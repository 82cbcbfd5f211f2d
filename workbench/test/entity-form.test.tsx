import { LIMITS, RuleType } from '@qcdesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { EntityForm } from '../src/entity/EntityForm';
import type { EntityDescriptionWithForm } from '../src/entity/types';
import { useRouterStore } from '../src/router/router-store';
import { fakeClient, renderConsole } from './helpers';

interface Thing {
  id: string;
  name: string;
  comments: string | null;
  type: string;
  lineIds: string[];
  endTime: string | null;
  version: number;
}

const description: EntityDescriptionWithForm<Thing> = {
  name: 'thing',
  title: 'rule.title',
  api: { base: '/v3/test/thing', detailParam: 'thingId' },
  listPath: '/thing/list',
  softDelete: false,
  keyword: false,
  filters: [],
  columns: [{ key: 'name', title: 'common.name' }],
  form: {
    permission: 'qc-rule.edit',
    fields: [
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: LIMITS.nameMax },
      { key: 'comments', kind: 'textarea', label: 'common.comments', maxLength: LIMITS.commentsMax },
      { key: 'type', kind: 'select', label: 'common.type', dictionary: RuleType, required: true },
      {
        key: 'lineIds',
        kind: 'multiselect',
        label: 'task.lines',
        options: async () => [
          { value: '1', label: '微博客服-通信' },
          { value: '2', label: '微博客服-支付与其他' },
        ],
      },
      { key: 'endTime', kind: 'date', label: 'task.endTime' },
    ],
    defaults: (query) => ({ type: query.type ?? 'AI' }),
    afterSave: (id, values, query) => ({
      path: '/thing/edit',
      query: { id, type: String(values.type), _modal: query._modal ?? 'small', _reload: 'list' },
      replace: true,
    }),
  },
};

const stored: Thing = {
  id: '7',
  name: '旧名称',
  comments: null,
  type: 'PERSON',
  lineIds: ['2'],
  endTime: '2026-12-01 10:30:00',
  version: 3,
};

function server(save?: (request: ApiRequest) => unknown, record: Thing = stored) {
  const answer = save ?? (() => ({ id: '7' }));
  return fakeClient({
    '/v3/test/thing/detail': () => record,
    '/v3/test/thing/create': answer,
    '/v3/test/thing/change': answer,
  });
}

const EDIT = ['qc-rule.edit'];
const show = (client: ReturnType<typeof server>['client'], query: Record<string, string>, permissions = EDIT) =>
  renderConsole(<EntityForm description={description} location={{ path: '/thing/edit', query }} />, {
    client,
    permissions,
  });

const saveButton = () => screen.getByRole('button', { name: '保存' });
/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: RegExp) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT' || element.tagName === 'TEXTAREA') as
    | HTMLInputElement
    | HTMLTextAreaElement;

describe('EntityForm', () => {
  it('creates without id: /create with the values by kind, then reopens the saved record with _reload=list', async () => {
    const { client, calls } = server(() => ({ id: '42' }));
    const before = useRouterStore.getState().reloadToken;
    show(client, { type: 'AI', _modal: 'small' });
    expect(input(/类型/).value).toBe('智能');
    await userEvent.type(input(/名称/), '  新记录  ');
    await userEvent.click(input(/服务线路/));
    await userEvent.click(await screen.findByRole('option', { name: '微博客服-通信' }));
    await userEvent.type(input(/结束时间/), '2026-12-31 18:00');
    await userEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/test/thing/create')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/test/thing/create')!.body).toEqual({
      name: '新记录',
      comments: null,
      type: 'AI',
      lineIds: ['1'],
      endTime: '2026-12-31 18:00:00',
    });
    expect(calls.some((c) => c.path.endsWith('/detail'))).toBe(false);
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const { current, reloadToken } = useRouterStore.getState();
    expect(current.path).toBe('/thing/edit');
    expect(current.query).toEqual({ id: '42', type: 'AI', _modal: 'small', _reload: 'list' });
    expect(reloadToken).toBe(before + 1);
  });

  it('changes a loaded record: /change with its id and version sent back', async () => {
    const { client, calls } = server();
    show(client, { id: '7' });
    await waitFor(() => expect(input(/名称/).value).toBe('旧名称'));
    expect(input(/类型/).value).toBe('人工');
    // shown as the console shows times in either language, not as the browser's datetime-local would
    expect(input(/结束时间/).value).toBe('2026-12-01 10:30');
    expect(calls.find((c) => c.path.endsWith('/detail'))!.query).toEqual({ thingId: '7' });
    await userEvent.clear(input(/名称/));
    await userEvent.type(input(/名称/), '新名称');
    await userEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/test/thing/change')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/test/thing/change')!.body).toEqual({
      id: '7',
      version: 3,
      name: '新名称',
      comments: null,
      type: 'PERSON',
      lineIds: ['2'],
      endTime: '2026-12-01 10:30:00',
    });
    expect(useRouterStore.getState().current.query).toMatchObject({ id: '7', _reload: 'list' });
  });

  it('keeps the fields shut while the record loads, so nothing typed is overwritten when it arrives', async () => {
    let arrive: (record: Thing) => void = () => {};
    const { client } = fakeClient({
      '/v3/test/thing/detail': () => new Promise<Thing>((resolve) => (arrive = resolve)),
    });
    show(client, { id: '7' });
    await waitFor(() => expect(input(/名称/).disabled).toBe(true));
    expect(input(/类型/).disabled).toBe(true);
    arrive(stored);
    await waitFor(() => expect(input(/名称/).disabled).toBe(false));
    expect(input(/名称/).value).toBe('旧名称');
    await userEvent.clear(input(/名称/));
    await userEvent.type(input(/名称/), '新名称');
    expect(input(/名称/).value).toBe('新名称');
  });

  it("shows the server's message in the banner and stops loading, so the user can try again", async () => {
    let fail = true;
    const { client, calls } = server(() => {
      if (fail) throw new ApiError(409, 'VERSION_CONFLICT', '记录已被他人修改，请刷新后重试');
      return { id: '7' };
    });
    show(client, { id: '7' });
    await waitFor(() => expect(input(/名称/).value).toBe('旧名称'));
    await userEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toContain('记录已被他人修改，请刷新后重试');
    await waitFor(() => expect(saveButton().getAttribute('data-loading')).toBeNull());
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    fail = false;
    await userEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/change'))).toHaveLength(2));
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('hands the saved id to onSaved instead of reopening (a create inside a drawer)', async () => {
    const { client } = server(() => ({ id: '99' }));
    const onSaved = vi.fn();
    const before = useRouterStore.getState().current;
    renderConsole(
      <EntityForm description={description} location={{ path: '/thing/edit', query: {} }} onSaved={onSaved} />,
      { client, permissions: EDIT },
    );
    await userEvent.type(input(/名称/), '抽屉里新建');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('99'));
    expect(useRouterStore.getState().current).toBe(before);
  });
});
