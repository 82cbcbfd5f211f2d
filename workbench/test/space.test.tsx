import type { Space } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { findRoute, NAV } from '../src/app/route-table';
import { SPACE_LIST_PATH, spaceDescription } from '../src/entities/space';
import { KIND_LIST_PATH } from '../src/entities/task-kind';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { SpaceEdit } from '../src/screens/ticket/SpaceEdit';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const SPACE = '/v3/feed/space';
const KIND = '/v3/feed/task-kind';
const ALL = ['ticket-space.view', 'ticket-space.edit', 'ticket-space.delete', 'ticket-kind.view', 'ticket-kind.edit'];
const kinds = () => [
  { id: 'K1', name: '投诉处理', code: 'COMPLAINT' },
  { id: 'K2', name: '退换货', code: 'RETURN' },
  { id: 'K3', name: '咨询回访', code: null },
];

function space(i: number, more: Partial<Space> = {}): Space {
  return {
    id: String(i),
    name: `空间${i}号`,
    code: `S${i}`,
    type: 'TICKET',
    intro: null,
    tenantId: '1',
    taskKindIds: ['K2', 'K1'],
    taskKinds: [
      { kindId: 'K2', kindName: '退换货', kindCode: 'RETURN' },
      { kindId: 'K1', kindName: '投诉处理', kindCode: 'COMPLAINT' },
    ],
    version: 1,
    createTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<Space>(spaceDescription, { record: (i) => space(i), more: { [`${KIND}/list`]: kinds } });
// the ticket kinds' list, form and config: task-kind.test.tsx

/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

function openSpace(query: Record<string, string>, handlers: Record<string, Handler> = {}) {
  const server = fakeClient({
    [`${SPACE}/detail`]: () => space(1),
    [`${SPACE}/create`]: () => ({ id: '9' }),
    [`${SPACE}/change`]: () => ({ id: '1' }),
    [`${KIND}/list`]: kinds,
    ...handlers,
  });
  const path = query.id ? '/ticket/space/config' : '/ticket/space/create';
  renderConsole(<SpaceEdit location={{ path, query }} />, { client: server.client, permissions: ALL });
  return server;
}

describe('space list', () => {
  it('lists ticket spaces first with their kinds by name; a tab lists its type and creates one of it', async () => {
    const server = fakeClient({
      [`${SPACE}/page`]: (request: ApiRequest) => {
        const type = (request.body as { type?: string }).type;
        const rows =
          type === 'CS_KB'
            ? [space(2, { name: '商品知识库', type: 'CS_KB', taskKindIds: [], taskKinds: [] })]
            : [space(1)];
        return { records: rows, total: 1, page: 1, size: 20 };
      },
    });
    renderConsole(
      drawAtRoute((location) => <EntityList description={spaceDescription} location={location} />, SPACE_LIST_PATH),
      { client: server.client, permissions: ALL },
    );
    const row = (await screen.findByText('空间1号')).closest('tr')!;
    expect(within(row).getByText('退换货')).toBeTruthy();
    expect(within(row).getByText('投诉处理')).toBeTruthy();
    expect(server.calls.find((c) => c.path === `${SPACE}/page`)!.body).toMatchObject({ type: 'TICKET' });

    await userEvent.click(screen.getByRole('tab', { name: '知识库' }));
    await screen.findByText('商品知识库');
    expect(server.calls.filter((c) => c.path === `${SPACE}/page`).at(-1)!.body).toMatchObject({ type: 'CS_KB' });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/space/create',
      query: { type: 'CS_KB', _modal: 'small' },
    });
  });
});

describe('space form', () => {
  it('creates a ticket space of the route’s type with its kinds in the order chosen', async () => {
    const { calls } = openSpace({ type: 'TICKET', _modal: 'small' });
    await waitFor(() => expect(input('类型').value).toBe('工单空间'));
    expect(input('类型').disabled).toBe(true);
    await userEvent.type(input('名称'), '售后工单');
    await userEvent.type(screen.getByLabelText('简介'), '售后问题');
    await userEvent.click(input('工单模版'));
    await userEvent.click(await screen.findByRole('option', { name: '退换货（RETURN）' }));
    await userEvent.click(await screen.findByRole('option', { name: '咨询回访' }));
    await userEvent.click(await screen.findByRole('option', { name: '投诉处理（COMPLAINT）' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${SPACE}/create`)?.body).toEqual({
        type: 'TICKET',
        name: '售后工单',
        code: null,
        intro: '售后问题',
        taskKindIds: ['K2', 'K3', 'K1'],
      }),
    );
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/ticket/space/config',
        query: { id: '9', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('has no ticket kinds for a knowledge base and sends none', async () => {
    const { calls } = openSpace({ type: 'CS_KB', _modal: 'small' });
    await waitFor(() => expect(input('类型').value).toBe('知识库'));
    expect(screen.queryByText('工单模版')).toBeNull();
    await userEvent.type(input('名称'), '商品知识库');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${SPACE}/create`)?.body).toMatchObject({
        type: 'CS_KB',
        name: '商品知识库',
        taskKindIds: [],
      }),
    );
  });
});

describe('ticket area menu', () => {
  it('holds tickets, spaces, ticket kinds, states, groups and custom fields behind their view keys; create needs the edit key', () => {
    const ticket = NAV.find((area) => area.key === 'ticket')!;
    expect(ticket.entries.map((e) => [e.to.path, e.permission])).toEqual([
      ['/ticket/list', 'ticket.view'],
      [SPACE_LIST_PATH, 'ticket-space.view'],
      [KIND_LIST_PATH, 'ticket-kind.view'],
      ['/ticket/state/list', 'ticket-state.view'],
      ['/ticket/group', 'ticket-group.view'],
      ['/field/list', 'csField.view'],
    ]);
    expect(findRoute('/ticket/space/create')).toMatchObject({ permission: 'ticket-space.edit' });
    expect(findRoute('/ticket/space/config')).toMatchObject({
      permission: 'ticket-space.view',
      parent: { path: SPACE_LIST_PATH },
    });
    expect(findRoute('/ticket/kind/create')).toMatchObject({ permission: 'ticket-kind.edit' });
    expect(findRoute('/ticket/kind/config')).toMatchObject({ permission: 'ticket-kind.view' });
  });
});
