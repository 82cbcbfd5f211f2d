import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import { RouteView } from '../src/app/RouteView';
import { qcRuleDescription } from '../src/entities/qc-rule';
import { EntityForm } from '../src/entity/EntityForm';
import { drawerOf, pageKey } from '../src/router/location';
import { useRouterStore } from '../src/router/router-store';
import { Drawer } from '../src/ui/Drawer';
import { fakeClient, renderConsole } from './helpers';

const EDIT = ['qc-rule.view', 'qc-rule.edit'];
const list = { path: '/qc/rule/list', query: {}, key: 1 };

function server(create: () => unknown = () => ({ id: '41' })) {
  return fakeClient({
    '/v3/chats/qc-rule/page': () => ({ records: [], total: 0, page: 1, size: 20 }),
    '/v3/chats/qc-rule/create': create,
  });
}

/** The rule create route opened as a drawer of `width` over the rule list. */
function openDrawer(width: string, client = server().client, permissions = EDIT) {
  useRouterStore.setState({
    current: { path: '/qc/rule/create', query: { _drawer: width }, key: 2 },
    background: list,
    openers: [],
  });
  return renderConsole(<RouteView />, { client, permissions });
}

/** The width Mantine gives the open drawer. */
const drawerSize = () =>
  (document.querySelector('.mantine-Drawer-root') as HTMLElement).style.getPropertyValue('--drawer-size');

/** The rule name's input, once the lazily loaded form is there. */
const nameInput = (drawer: HTMLElement) => within(drawer).findByLabelText(/规则名称/) as Promise<HTMLInputElement>;

describe('drawers', () => {
  it('reads the spec widths from _drawer and nothing else', () => {
    expect(['600', '736', '900', '80%', '700', ''].map((w) => drawerOf({ path: '/x', query: { _drawer: w } }))).toEqual(
      ['600', '736', '900', '80%', null, null],
    );
    // the page beneath keeps its identity whether or not a drawer lies over it
    expect(pageKey({ path: '/x', query: { a: '1', _drawer: '600' } })).toBe(pageKey({ path: '/x', query: { a: '1' } }));
  });

  it('opens a _drawer route from the right, titled by its route, over the list, with cancel and confirm', async () => {
    openDrawer('600');
    const drawer = await screen.findByRole('dialog', { name: '新建质检规则' });
    expect(within(drawer).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(await within(drawer).findByRole('button', { name: '确定' })).toBeTruthy();
    // the form gives its own save button up to the drawer's footer
    expect(within(drawer).queryByRole('button', { name: '保存' })).toBeNull();
    // the list stays beneath
    expect(screen.getByRole('heading', { name: '质检规则' })).toBeTruthy();
    expect(drawerSize()).toBe('calc(37.5rem * var(--mantine-scale))'); // 600 px
  });

  it('confirm submits the form: a required name is refused, the server names a field under it', async () => {
    const { client, calls } = server(() => {
      throw new ApiError(409, 'NAME_TAKEN', '名称已存在', 'name');
    });
    openDrawer('80%', client);
    const drawer = await screen.findByRole('dialog', { name: '新建质检规则' });
    expect(drawerSize()).toBe('80%');
    await userEvent.click(await within(drawer).findByRole('button', { name: '确定' }));
    expect(await within(drawer).findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/create'))).toBe(false);

    await userEvent.type(await nameInput(drawer), '问候语');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    expect(await within(drawer).findByText('名称已存在')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v3/chats/qc-rule/create')!.body).toEqual({ name: '问候语', comments: null });
    // the problem is the name's, not the banner's
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });

  it('cancel closes the drawer back to the list', async () => {
    openDrawer('900');
    const drawer = await screen.findByRole('dialog', { name: '新建质检规则' });
    await userEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(useRouterStore.getState().current.path).toBe('/qc/rule/list'));
  });

  it('without the edit key the form inside has disabled inputs and the drawer no confirm', async () => {
    renderConsole(
      <Drawer opened onClose={() => {}} title="查看规则" width="600">
        <EntityForm description={qcRuleDescription} location={{ path: '/qc/rule/create', query: {} }} />
      </Drawer>,
      { client: server().client, permissions: ['qc-rule.view'] },
    );
    const drawer = await screen.findByRole('dialog', { name: '查看规则' });
    expect((await nameInput(drawer)).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: '确定' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: '取消' })).toBeTruthy();
  });

  it('opened inline by a selector, a saved create hands the new id back and says so', async () => {
    const onSaved = vi.fn();
    const { client } = server();
    renderConsole(
      <Drawer opened onClose={() => {}} title="新建规则" width="736">
        <EntityForm
          description={qcRuleDescription}
          location={{ path: '/qc/rule/create', query: {} }}
          onSaved={onSaved}
        />
      </Drawer>,
      { client, permissions: EDIT },
    );
    const drawer = await screen.findByRole('dialog', { name: '新建规则' });
    await userEvent.type(await nameInput(drawer), '结束语');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('41'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });
});
