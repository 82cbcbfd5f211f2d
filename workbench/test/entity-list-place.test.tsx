import { defineDictionary } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { agentLabel } from '../src/entity/cells';
import { columnChoiceKey } from '../src/entity/column-choice';
import { EntityList } from '../src/entity/EntityList';
import type { EntityDescription } from '../src/entity/types';
import type { RouteLocation } from '../src/router/location';
import { useRouterStore } from '../src/router/router-store';
import { fakeClient, renderConsole } from './helpers';
import { atRoute } from './list-route';

interface Row {
  id: string;
  name: string;
  comments: string;
}

const Color = defineDictionary('test-color', { RED: { zh: '红', en: 'Red' }, BLUE: { zh: '蓝', en: 'Blue' } });

const description: EntityDescription<Row> = {
  name: 'place-thing',
  title: 'rule.title',
  api: { base: '/v3/chats/qc-rule', detailParam: 'thingId' },
  listPath: '/place/list',
  softDelete: false,
  keyword: true,
  filters: [
    { key: 'sessionId', label: 'aiResult.sessionId', kind: 'text', primary: true },
    { key: 'agentWords', label: 'aiResult.agentWords', kind: 'text' },
    { key: 'color', label: 'common.type', kind: 'select', dictionary: Color },
  ],
  columns: [
    { key: 'name', title: 'common.name', width: 120 },
    { key: 'comments', title: 'common.comments', width: 200 },
  ],
  rowActions: [{ label: 'common.view', to: (row) => ({ path: '/place/detail', query: { id: row.id } }) }],
  defaultPageSize: 10,
};

function server() {
  return fakeClient({
    '/v3/chats/qc-rule/page': (request: ApiRequest) => {
      const page = Number(request.query?.page);
      const size = Number(request.query?.size);
      const records = Array.from({ length: 3 }, (_, i) => ({
        id: String(i + 1),
        name: `一个很长很长很长的名字${i + 1}`,
        comments: `备注${i + 1}`,
      }));
      return { records, total: 3, page, size };
    },
  });
}

const Screen = (props: { location: RouteLocation }) => <EntityList description={description} {...props} />;
const show = (query: Record<string, string> = {}) => {
  const api = server();
  renderConsole(atRoute(Screen, '/place/list', query), { client: api.client, permissions: [] });
  return api;
};
const lastBody = (calls: ApiRequest[]) => calls.filter((c) => c.path.endsWith('/page')).at(-1)!.body;
const query = () => useRouterStore.getState().current.query;

beforeEach(() => window.localStorage.clear());

describe('EntityList keeps its place and folds its filters (issue 15)', () => {
  it('shows the most used filters, folds the rest under 展开 / 收起', async () => {
    show();
    await screen.findByText('一个很长很长很长的名字1');
    expect(screen.getByRole('textbox', { name: '会话ID' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '坐席话术' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(screen.getByRole('textbox', { name: '坐席话术' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('textbox', { name: '坐席话术' })).toBeNull();
  });

  it('reads its filters and page from the query, shows them as tags, and a removed tag searches again', async () => {
    const { calls } = show({ agentWords: '退款', color: 'RED', page: '2', size: '20' });
    await screen.findByText('一个很长很长很长的名字1');
    expect(lastBody(calls)).toMatchObject({ agentWords: '退款', color: 'RED' });
    expect(calls.at(-1)!.query).toMatchObject({ page: 2, size: 20 });
    const tags = screen.getByRole('group', { name: '已选条件' });
    expect(within(tags).getByText('坐席话术：退款')).toBeTruthy();
    expect(within(tags).getByText('类型：红')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '移除条件 坐席话术' }));
    await waitFor(() => expect(lastBody(calls)).not.toHaveProperty('agentWords'));
    expect(query()).toEqual({ color: 'RED', size: '20' });
    expect(screen.queryByText('坐席话术：退款')).toBeNull();
  });

  it('puts a search into the query from page 1, and 重置 keeps only the page size', async () => {
    const { calls } = show({ page: '3', size: '20' });
    await screen.findByText('一个很长很长很长的名字1');
    await userEvent.type(screen.getByRole('textbox', { name: '会话ID' }), ' s-9 {Enter}');
    await waitFor(() => expect(query()).toEqual({ sessionId: 's-9', size: '20' }));
    expect(lastBody(calls)).toMatchObject({ sessionId: 's-9' });
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(query()).toEqual({ size: '20' }));
    expect((screen.getByRole('textbox', { name: '会话ID' }) as HTMLInputElement).value).toBe('');
  });

  it('hides a column by the chooser and keeps the choice for this user and list', async () => {
    show();
    await screen.findByText('一个很长很长很长的名字1');
    expect(screen.getByRole('columnheader', { name: '备注' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '备注' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(columnChoiceKey('tester', 'place-thing'))!)).toEqual(['comments']);
  });

  it('keeps every cell on one line with its whole text as its tooltip, the operation column at the right', async () => {
    show();
    const cell = (await screen.findByText('一个很长很长很长的名字1')).closest('td')!;
    expect(cell.style.whiteSpace).toBe('nowrap');
    expect(cell.style.textOverflow).toBe('ellipsis');
    expect(cell.getAttribute('title')).toBe('一个很长很长很长的名字1');
    const actions = screen.getByRole('columnheader', { name: '操作' });
    expect(actions.style.position).toBe('sticky');
  });
});

describe('agentLabel (issue 15, defect 8)', () => {
  it('names an agent as the rows and the filter both do', () => {
    expect(agentLabel('陈静', '小陈')).toBe('陈静（小陈）');
    expect(agentLabel('陈静', null)).toBe('陈静');
    expect(agentLabel(' ', '小陈')).toBe('小陈');
    expect(agentLabel('小陈', '小陈')).toBe('小陈');
    expect(agentLabel(null, undefined)).toBeNull();
  });
});
