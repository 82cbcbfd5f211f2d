import { defineDictionary } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { EntityList } from '../src/entity/EntityList';
import type { EntityDescription } from '../src/entity/types';
import { fakeClient, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

interface Row {
  id: string;
  name: string;
  status: 'ACTIVE' | 'INACTIVE';
}

const Scope = defineDictionary('test-scope', {
  ALL: { zh: '全部', en: 'All' },
  ACTIVE: { zh: '启用', en: 'Active' },
  INACTIVE: { zh: '停用', en: 'Inactive' },
});

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  name: `坐席${i + 1}`,
  status: i < 7 ? 'ACTIVE' : 'INACTIVE',
}));

function server() {
  return fakeClient({
    '/v3/chats/qc-task/page': (request: ApiRequest) => {
      const body = request.body as { scope: string };
      const records = rows.filter((r) => body.scope === 'ALL' || r.status === body.scope);
      // the answer counts every tab, whichever is shown
      return { records, total: records.length, page: 1, size: 20, allNum: 12, activeNum: 7, inactiveNum: 5 };
    },
  });
}

const exported = vi.fn();
const synced = vi.fn();

/** A list of the qc-task entity's calls: create, status and delete need qc-task.edit (the route table's keys). */
const description: EntityDescription<Row> = {
  name: 'thing',
  title: 'task.title',
  api: { base: '/v3/chats/qc-task', detailParam: 'taskId' },
  listPath: '/thing/list',
  softDelete: false,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: false,
  filters: [],
  columns: [{ key: 'name', title: 'common.name' }],
  tabs: {
    param: 'scope',
    dictionary: Scope,
    defaultValue: 'ALL',
    counts: (answer) => ({
      ALL: answer.allNum as number,
      ACTIVE: answer.activeNum as number,
      INACTIVE: answer.inactiveNum as number,
    }),
  },
  quickDate: { defaultValue: 'YESTERDAY' },
  create: () => ({ path: '/thing/edit', query: { _modal: 'small' } }),
  toolbar: {
    left: [{ label: 'task.run', access: 'status', needsSelection: true, run: (ids) => exported(ids) }],
    right: [{ label: 'common.view', run: (_ids, context) => synced(context.records.length) }],
  },
};

const show = (permissions: string[], query: Record<string, string> = {}) => {
  const api = server();
  renderConsole(
    drawAtRoute((location) => <EntityList description={description} location={location} />, '/thing/list', query),
    {
      client: api.client,
      permissions,
    },
  );
  return api;
};
const lastBody = (calls: ApiRequest[]) => calls.filter((c) => c.path.endsWith('/page')).at(-1)!.body;

describe('EntityList: count tabs, quick dates and toolbar slots', () => {
  it('each tab shows the count the page answered, as 全部(12)', async () => {
    show(['qc-task.view']);
    expect(await screen.findByRole('tab', { name: '全部(12)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '启用(7)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '停用(5)' })).toBeTruthy();
  });

  it('sends the default quick date, then the one chosen from page 1; reset goes back to yesterday', async () => {
    const { calls } = show(['qc-task.view']);
    await screen.findByText('坐席1');
    expect(lastBody(calls)).toMatchObject({ scope: 'ALL', quickDate: 'YESTERDAY' });
    const quick = screen.getByRole('radiogroup', { name: '快捷日期' });
    expect(
      within(quick)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['昨天', '今天', '近7天', '近30天', '全部']);
    await userEvent.click(within(quick).getByText('近7天'));
    await waitFor(() => expect(lastBody(calls)).toMatchObject({ quickDate: 'DAY7' }));
    expect(calls.at(-1)!.query).toMatchObject({ page: 1 });
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastBody(calls)).toMatchObject({ quickDate: 'YESTERDAY' }));
  });

  it('puts the left buttons before 新建 and the right ones at the end, each behind its call key', async () => {
    show(['qc-task.view', 'qc-task.edit']);
    await screen.findByText('坐席1');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    const at = (name: string) => buttons.indexOf(name);
    expect(at('执行')).toBeGreaterThanOrEqual(0);
    expect(at('执行')).toBeLessThan(at('新建'));
    expect(at('查看')).toBeGreaterThan(at('停用'));
    expect(screen.getByText('查看').closest('[data-toolbar="right"]')).toBeTruthy();

    // a button that needs a selection warns and does not run without one
    await userEvent.click(screen.getByRole('button', { name: '执行' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(exported).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 2' }));
    await userEvent.click(screen.getByRole('button', { name: '执行' }));
    expect(exported).toHaveBeenCalledWith(['2']);
    // a button without a key runs with the rows on screen
    await userEvent.click(screen.getByRole('button', { name: '查看' }));
    expect(synced).toHaveBeenCalledWith(12);
  });

  it('hides a slot button whose call key the user lacks, as it hides 新建 and 启用', async () => {
    show(['qc-task.view']);
    await screen.findByText('坐席1');
    expect(screen.queryByRole('button', { name: '执行' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建' })).toBeNull();
    expect(screen.queryByRole('button', { name: '启用' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看' })).toBeTruthy();
  });
});
