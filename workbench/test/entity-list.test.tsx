import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { EntityList } from '../src/entity/EntityList';
import type { EntityDescription } from '../src/entity/types';
import { fakeClient, renderConsole } from './helpers';

interface Row {
  id: string;
  name: string;
  comments: string | null;
  groups: { groupName: string }[];
  deleted: 'NONE' | 'TRASH' | 'BUFFER';
}

const description: EntityDescription<Row> = {
  name: 'thing',
  title: 'rule.title',
  // a real base: who may create and delete is the route table's entry of its calls (qc-rule.edit, qc-rule.delete)
  api: { base: '/v3/chats/qc-rule', detailParam: 'thingId' },
  listPath: '/thing/list',
  softDelete: true,
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name' },
    { key: 'comments', title: 'common.comments' },
    {
      key: 'groups',
      title: 'common.type',
      kind: 'fold',
      fold: { limit: 3, label: (g) => (g as { groupName: string }).groupName },
    },
  ],
  defaultPageSize: 10,
};

/** 25 records in NONE, 2 in TRASH; /page filters by deleted and keyword and pages; /delete moves. */
function server() {
  const rows: Row[] = Array.from({ length: 27 }, (_, i) => ({
    id: String(i + 1),
    name: `记录${i + 1}`,
    comments: i === 0 ? null : `备注${i + 1}`,
    groups: i === 0 ? ['一组', '二组', '三组', '四组', '五组'].map((groupName) => ({ groupName })) : [],
    deleted: i >= 25 ? 'TRASH' : 'NONE',
  }));
  return fakeClient({
    '/v3/chats/qc-rule/page': (request: ApiRequest) => {
      const body = request.body as { deleted: string; keyword?: string };
      const page = Number(request.query?.page);
      const size = Number(request.query?.size);
      const matching = rows.filter(
        (r) => r.deleted === body.deleted && (!body.keyword || r.name.includes(body.keyword)),
      );
      return { records: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
    },
    '/v3/chats/qc-rule/delete': (request: ApiRequest) => {
      const body = request.body as { ids: string[]; deleted: Row['deleted'] };
      for (const row of rows) if (body.ids.includes(row.id)) row.deleted = body.deleted;
      return { ids: body.ids, deleted: body.deleted };
    },
  });
}

const ALL = ['qc-rule.edit', 'qc-rule.delete'];

describe('EntityList', () => {
  it("shows '--' for an absent value and folds a list after 3 items", async () => {
    const { client } = server();
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    const row = (await screen.findByText('记录1')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]!.textContent).toBe('--');
    expect(within(row).queryByText('四组')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: '+2' }));
    expect(within(row).getByText('五组')).toBeTruthy();
  });

  it("warns '请选择记录' when deleting with nothing selected, and sends nothing", async () => {
    const { client, calls } = server();
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    await screen.findByText('记录1');
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);
  });

  it('deletes the selected rows to TRASH after confirmation and reloads', async () => {
    const { client, calls } = server();
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    await screen.findByText('记录1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 3' }));
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除所选的 2 条记录？删除后可在回收站恢复。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('记录2')).toBeNull());
    expect(calls.find((c) => c.path === '/v3/chats/qc-rule/delete')!.body).toEqual({
      ids: ['2', '3'],
      deleted: 'TRASH',
    });
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { client, calls } = server();
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    await screen.findByText('记录1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 1' }));
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);
    expect(screen.getByText('记录1')).toBeTruthy();
  });

  it("select-all on an empty list warns '请选择记录'", async () => {
    const { client } = fakeClient({
      '/v3/chats/qc-rule/page': () => ({ records: [], total: 0, page: 1, size: 10 }),
    });
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    await screen.findByText('暂无数据');
    await userEvent.click(screen.getByRole('checkbox', { name: 'select all' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
  });

  it('shows a failed call in the banner', async () => {
    const { client } = fakeClient({});
    renderConsole(<EntityList description={description} location={{ path: '/thing/list', query: {} }} />, {
      client,
      permissions: ALL,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('no handler for /v3/chats/qc-rule/page');
  });
});
