import {
  type CsLine,
  type CsNav,
  defaultLineAgentConfig,
  type SelfOnlineConfig,
  type SideOnlineConfig,
} from '@qcdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { csNavDescription, NAV_LIST_PATH } from '../src/entities/cs-nav';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { LineConfig } from '../src/screens/online/line/LineConfig';
import { NavConfig, NavConfigForm } from '../src/screens/online/nav/NavConfig';
import { NavEdit } from '../src/screens/online/nav/NavEdit';
import { Drawer } from '../src/ui/Drawer';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const BASE = '/v3/chats/cs-nav';
const ALL = ['csNav.view', 'csNav.edit', 'csNav.delete'];
const MB = 1024 * 1024;

function nav(i: number, more: Partial<CsNav> = {}): CsNav {
  return {
    id: String(i),
    name: `导航${i}号`,
    code: null,
    type: 'ONLINE',
    kind: 'SELF',
    welcome: '您好，请问有什么可以帮您？',
    onlineConfig: { tabs: [{ name: '标签-1', menus: [] }], buttons: [] },
    hotlineConfig: null,
    lines: [],
    tenantId: '1',
    version: 2,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<CsNav>(csNavDescription, { record: (i) => nav(i) });

const UPLOAD_CONFIG = {
  dir: 'desk/csNav/image',
  publicRead: true,
  validSeconds: 3600,
  urlPrefix: '/v3/worker/center/download?path=',
  maxBytes: 5 * MB,
};

/** The calls of the config modal: the upload configuration, the knowledge bases of QA, saves answering `id`. */
function server(handlers: Record<string, Handler> = {}) {
  return fakeClient({
    '/v3/worker/center/upload/config': () => UPLOAD_CONFIG,
    '/v3/feed/space/list': () => [{ id: '31', name: '商品知识库' }],
    [`${BASE}/create`]: () => ({ id: '77' }),
    [`${BASE}/change`]: () => ({ id: '5' }),
    ...handlers,
  });
}

/** A new navigation of `kind` in the config modal's form (saving hands the id to `onSaved`). */
function openNew(kind: 'SELF' | 'BOTTOM' | 'SIDE', onSaved = vi.fn(), handlers: Record<string, Handler> = {}) {
  const fake = server(handlers);
  renderConsole(<NavConfigForm id={null} kind={kind} onSaved={onSaved} />, { client: fake.client, permissions: ALL });
  return { ...fake, onSaved };
}

/** The body of the last save. */
const sent = (calls: ApiRequest[]) =>
  calls.filter((c) => c.path === `${BASE}/create` || c.path === `${BASE}/change`).at(-1)?.body as
    | Record<string, unknown>
    | undefined;

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const preview = () => within(screen.getByTestId('nav-preview'));

/** Picks `option` in the action select of the item named `item`. */
async function chooseAction(item: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: `动作：${item}` }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('online navigation list', () => {
  it('has a tab per online kind (no IVR), lists the asked kind, folds used lines after 3 and creates one of the tab', async () => {
    const { client, calls } = fakeClient({
      [`${BASE}/page`]: (request: ApiRequest) => {
        const kind = (request.body as { kind?: string }).kind;
        const lines = [1, 2, 3, 4].map((n) => ({ lineId: String(n), lineName: `线路${n}` }));
        const records =
          kind === 'BOTTOM'
            ? [nav(2, { name: '底部按钮栏', kind: 'BOTTOM', onlineConfig: { buttons: [] } })]
            : [nav(1, { name: '售前自助', lines })];
        return { records, total: 1, page: 1, size: 20 };
      },
    });
    renderConsole(
      drawAtRoute((location) => <EntityList description={csNavDescription} location={location} />, NAV_LIST_PATH),
      { client, permissions: ALL },
    );
    const row = (await screen.findByText('售前自助')).closest('tr')!;
    expect(within(row).getByText('线路3')).toBeTruthy();
    expect(within(row).queryByText('线路4')).toBeNull();
    expect(within(row).getByText('+1')).toBeTruthy();
    expect(within(row).getByText('在线')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '自助导航',
      '底部导航',
      '侧边导航',
      '技能组导航',
    ]);
    expect(calls.find((c) => c.path === `${BASE}/page`)!.body).toMatchObject({ kind: 'SELF', deleted: 'NONE' });

    await userEvent.click(screen.getByRole('tab', { name: '底部导航' }));
    await screen.findByText('底部按钮栏');
    expect(calls.filter((c) => c.path === `${BASE}/page`).at(-1)!.body).toMatchObject({ kind: 'BOTTOM' });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csNav/edit',
      query: { kind: 'BOTTOM', _modal: 'small' },
    });
  });
});

describe('online navigation form', () => {
  it('creates one of the route’s kind (type and kind read-only) and opens its config modal', async () => {
    const { client, calls } = server();
    renderConsole(<NavEdit location={{ path: '/online/csNav/edit', query: { kind: 'SIDE', _modal: 'small' } }} />, {
      client,
      permissions: ALL,
    });
    const kind = screen.getAllByLabelText(/^导航种类/).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    const type = screen.getAllByLabelText(/^类型/).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(kind.value).toBe('侧边导航'));
    expect(type.value).toBe('在线');
    expect(kind.disabled && type.disabled).toBe(true);
    await userEvent.type(textbox(/^名称/), '售后侧边栏');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(sent(calls)).toMatchObject({
      name: '售后侧边栏',
      type: 'ONLINE',
      kind: 'SIDE',
      welcome: '您好，请问有什么可以帮您？',
    });
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csNav/config',
      query: { id: '77', _modal: 'large', _reload: 'list' },
    });
  });
});

describe('SELF editor', () => {
  it('starts a new navigation with the default name, welcome and 标签-1; adding names 标签-N and hides at 5 tabs', async () => {
    openNew('SELF');
    expect((textbox(/^名称/) as HTMLInputElement).value).toBe('自助导航');
    expect((textbox(/^欢迎语/) as HTMLTextAreaElement).value).toBe('您好，请问有什么可以帮您？');
    const tabs = () => within(screen.getByTestId('sortable-tabs'));
    expect(tabs().getByRole('button', { name: '标签-1', pressed: true })).toBeTruthy();
    for (let i = 0; i < 4; i++) await userEvent.click(screen.getByRole('button', { name: '添加标签' }));
    expect(
      tabs()
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent),
    ).toEqual(['标签-1', '标签-2', '标签-3', '标签-4']);
    // the newest tab is the one being edited
    expect(tabs().getByRole('button', { pressed: true }).textContent).toBe('标签-5');
    expect((textbox(/^标签名称/) as HTMLInputElement).value).toBe('标签-5');
    // the add is gone at five, and the limit is said instead
    expect(screen.queryByRole('button', { name: '添加标签' })).toBeNull();
    expect(screen.getByText('已达 5 个标签的上限')).toBeTruthy();
    // removing one brings the add back, and the next is named past the names still taken
    await userEvent.click(tabs().getByRole('button', { name: '标签-2' }));
    await userEvent.click(screen.getByRole('button', { name: '删除标签 标签-2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', { name: '确定' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: '添加标签' }));
    expect(
      tabs()
        .getAllByRole('button', { name: /^标签-/ })
        .map((b) => b.textContent),
    ).toEqual(['标签-1', '标签-3', '标签-4', '标签-5', '标签-6']);
  });

  it('names menus 菜单-N; choosing 子菜单 opens the menu and adds a first sub-menu', async () => {
    openNew('SELF');
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    expect(screen.getAllByRole('textbox', { name: /^菜单名称/ }).map((i) => (i as HTMLInputElement).value)).toEqual([
      '菜单-1',
      '菜单-2',
    ]);
    await chooseAction('菜单-2', '子菜单');
    const subMenus = screen.getAllByRole('textbox', { name: /^子菜单名称/ }) as HTMLInputElement[];
    expect(subMenus.map((i) => i.value)).toEqual(['菜单-1']);
    expect(screen.getByRole('button', { name: '收起 菜单-2 的子菜单' }).getAttribute('aria-expanded')).toBe('true');
    // every name takes at most 100 characters (spec §5)
    for (const input of [
      textbox(/^标签名称/),
      ...screen.getAllByRole('textbox', { name: /^菜单名称|^子菜单名称/ }),
    ] as HTMLInputElement[])
      expect(input.maxLength).toBe(100);
    // a sub-menu offers no MENU of its own: one level only
    await userEvent.click(screen.getAllByRole('combobox', { name: '动作：菜单-1' })[1]!);
    expect(screen.queryByRole('option', { name: '子菜单' })).toBeNull();
    expect(screen.getByRole('option', { name: '转人工' })).toBeTruthy();
  });

  it('asks before removing a tab, a menu or a button, and keeps it when the user cancels', async () => {
    openNew('SELF');
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    await userEvent.click(screen.getByRole('button', { name: '删除菜单 菜单-1' }));
    const question = await screen.findByRole('dialog', { name: '请确认' });
    expect(within(question).getByText('删除菜单“菜单-1”？它的设置和子菜单也会一并清除。')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: '取消' }));
    expect(screen.getByRole('textbox', { name: /^菜单名称/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '删除菜单 菜单-1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^菜单名称/ })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '添加按钮' }));
    await userEvent.click(screen.getByRole('button', { name: '删除按钮 按钮-1' }));
    expect(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByText(
        '删除按钮“按钮-1”？它的设置和菜单也会一并清除。',
      ),
    ).toBeTruthy();
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^按钮名称/ })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '删除标签 标签-1' }));
    expect(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByText(
        '删除标签“标签-1”？它的菜单也会一并清除。',
      ),
    ).toBeTruthy();
  });

  it('shows the inputs of each action: a reply for TEXT, an address for LINK, a knowledge base for QA, none for AGENT', async () => {
    openNew('SELF');
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    const card = () => within(screen.getByTestId('nav-item-tabs.0.menus.0'));
    expect(card().getByRole('textbox', { name: /^回复内容/ })).toBeTruthy();
    await chooseAction('菜单-1', '打开链接');
    expect(card().getByRole('textbox', { name: /^链接地址/ })).toBeTruthy();
    expect(card().queryByRole('textbox', { name: /^回复内容/ })).toBeNull();
    await chooseAction('菜单-1', '知识问答');
    expect(card().getAllByLabelText(/^知识库/).length).toBeGreaterThan(0);
    expect(card().getByRole('textbox', { name: /^推荐问题数/ })).toBeTruthy();
    await chooseAction('菜单-1', '转人工');
    expect(card().queryByRole('textbox', { name: /^链接地址|^回复内容|^推荐问题数/ })).toBeNull();
  });

  it('refuses a LINK without an address under its input and sends nothing; a fixed one saves the kind’s config', async () => {
    const { calls, onSaved } = openNew('SELF');
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    await chooseAction('菜单-1', '打开链接');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写链接')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText(/有 1 处需要修改/)).toBeTruthy();
    expect(sent(calls)).toBeUndefined();
    // the problem goes as it is fixed
    await userEvent.type(textbox(/^链接地址/), 'https://shop.example.com/help');
    await waitFor(() => expect(screen.queryByText('请填写链接')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('77'));
    const body = sent(calls)!;
    expect(body).toMatchObject({
      name: '自助导航',
      type: 'ONLINE',
      kind: 'SELF',
      welcome: '您好，请问有什么可以帮您？',
    });
    expect(body.hotlineConfig).toBeUndefined();
    expect((body.onlineConfig as SelfOnlineConfig).tabs).toEqual([
      {
        name: '标签-1',
        menus: [{ name: '菜单-1', type: 'LINK', params: { url: 'https://shop.example.com/help' }, menus: [] }],
      },
    ]);
  });

  it('shows the server’s problem under the input it names and any other in the banner', async () => {
    openNew('SELF', vi.fn(), {
      [`${BASE}/create`]: () => {
        throw new ApiError(400, 'BAD', '标签名称已存在', 'onlineConfig.tabs[0].name', [
          { field: 'onlineConfig.tabs[0].name', message: '标签名称已存在' },
          { field: 'code', message: '编码已被使用' },
        ]);
      },
    });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('标签名称已存在')).toBeTruthy();
    expect(textbox(/^标签名称/).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(screen.getByRole('alert')).getByText(
        '编码已被使用；有 1 处需要修改，已在下方标出（标签与收起的子菜单标红）',
      ),
    ).toBeTruthy();
  });

  it('edits a stored navigation and reopens on it with _reload=list after the save', async () => {
    const stored = nav(5, {
      onlineConfig: {
        tabs: [
          { name: '常见问题', menus: [{ name: '退货', type: 'TEXT', params: { content: '七天无理由' }, menus: [] }] },
        ],
        buttons: [],
      },
    });
    const { client, calls } = server({ [`${BASE}/detail`]: () => stored });
    useRouterStore.setState({
      current: { path: '/online/csNav/config', query: { id: '5', _modal: 'large' }, key: 50 },
    });
    renderConsole(<NavConfig location={{ path: '/online/csNav/config', query: { id: '5', _modal: 'large' } }} />, {
      client,
      permissions: ALL,
    });
    expect(await screen.findByDisplayValue('七天无理由')).toBeTruthy();
    await userEvent.type(textbox(/^回复内容/), '，包邮');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(sent(calls)).toMatchObject({ id: '5', version: 2, kind: 'SELF' });
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csNav/config',
      query: { id: '5', _modal: 'large', _reload: 'list' },
    });
  });
});

describe('navigation drawer mode', () => {
  it('the drawer’s confirm saves the new navigation and only hands its id back', async () => {
    const { client, calls } = server();
    const onSaved = vi.fn();
    useRouterStore.setState({ current: { path: '/online/csLine/config', query: { id: '1' }, key: 60 } });
    renderConsole(
      <Drawer opened onClose={() => {}} title="新建导航" width="80%">
        <NavConfigForm id={null} kind="BOTTOM" onSaved={onSaved} />
      </Drawer>,
      { client, permissions: ALL },
    );
    const drawer = await screen.findByRole('dialog', { name: '新建导航' });
    expect(within(drawer).queryByRole('button', { name: '保存' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('77'));
    expect(sent(calls)).toMatchObject({ name: '底部导航', kind: 'BOTTOM', onlineConfig: { buttons: [] } });
    // nothing reopened: the line's screen stays where it was
    expect(useRouterStore.getState().current).toMatchObject({ path: '/online/csLine/config', query: { id: '1' } });
  });
});

describe('a line’s navigation selects', () => {
  const line: CsLine = {
    id: '1',
    name: '线路1号',
    code: null,
    intro: null,
    type: 'ONLINE',
    status: 'ACTIVE',
    tenantId: '1',
    appId: null,
    customerChatbotId: null,
    agentChatbotId: null,
    basicConfig: { login: false },
    hotlineGroups: [],
    onlineGroups: [],
    groupIds: [],
    navs: [],
    agentConfig: defaultLineAgentConfig(),
    waitingConfig: null,
    noteConfig: null,
    promptConfig: null,
    messageConfig: null,
    version: 3,
  };

  it('list the navigations of their kind and create one in an 80 % drawer, which is then chosen', async () => {
    const created: string[] = [];
    const { client, calls } = server({
      '/v3/chats/cs-line/detail': () => line,
      [`${BASE}/list`]: (request: ApiRequest) => {
        const kind = (request.body as { kind?: string }).kind;
        const stored = kind === 'BOTTOM' ? [{ id: '40', name: '常用底部栏' }] : [];
        return [...stored, ...created.map((id) => ({ id, name: '促销底部栏' }))].filter(() => kind === 'BOTTOM');
      },
      [`${BASE}/create`]: () => {
        created.push('77');
        return { id: '77' };
      },
    });
    renderConsole(<LineConfig location={{ path: '/online/csLine/config', query: { id: '1', _modal: 'full' } }} />, {
      client,
      permissions: ['csLine.view', 'csLine.edit', ...ALL],
    });
    const bottom = await screen.findByRole('combobox', { name: /^底部导航/ });
    await userEvent.click(bottom);
    expect(await screen.findByRole('option', { name: '常用底部栏' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(calls.some((c) => c.path === `${BASE}/list` && (c.body as { kind?: string }).kind === 'IVR')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '新建底部导航' }));
    const drawer = await screen.findByRole('dialog', { name: '新建底部导航' });
    let at: HTMLElement | null = drawer;
    while (at && !at.hasAttribute('data-drawer-width')) at = at.parentElement;
    expect(at?.getAttribute('data-drawer-width')).toBe('80%');
    const name = await within(drawer).findByRole('textbox', { name: /^名称/ });
    await userEvent.clear(name);
    await userEvent.type(name, '促销底部栏');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect((bottom as HTMLInputElement).value).toBe('促销底部栏'));
    expect(sent(calls)).toMatchObject({ name: '促销底部栏', kind: 'BOTTOM', type: 'ONLINE' });
  });
});

describe('live preview', () => {
  it('shows the welcome, tabs, menus and buttons as they are typed, and plays a tapped menu', async () => {
    openNew('SELF');
    const welcome = textbox(/^欢迎语/);
    await userEvent.clear(welcome);
    await userEvent.type(welcome, '欢迎光临小店');
    expect(preview().getByText('欢迎光临小店')).toBeTruthy();
    await userEvent.clear(textbox(/^标签名称/));
    await userEvent.type(textbox(/^标签名称/), '售后');
    expect(preview().getByText('售后')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '添加菜单' }));
    await userEvent.type(textbox(/^回复内容/), '请提供订单号');
    await userEvent.click(preview().getByText('菜单-1'));
    expect(preview().getByText('请提供订单号')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '添加按钮' }));
    expect(within(preview().getByTestId('preview-bar')).getByText('按钮-1')).toBeTruthy();
  });

  it('draws the BOTTOM bar under the chat and the SIDE bar beside it', async () => {
    openNew('SIDE');
    await userEvent.click(screen.getByRole('button', { name: '添加按钮' }));
    expect(within(preview().getByTestId('preview-side')).getByText('按钮-1')).toBeTruthy();
    expect(preview().queryByTestId('preview-bar')).toBeNull();
  });
});

describe('icon upload', () => {
  /** The file input of the first button's icon. */
  const fileInput = () =>
    screen.getByTestId('nav-item-buttons.0').querySelector('input[type=file]') as HTMLInputElement;

  it('refuses an image over 5 MB with the upload-limit warning before sending it', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { calls } = openNew('SIDE');
    await userEvent.click(screen.getByRole('button', { name: '添加按钮' }));
    const big = new File(['x'], 'banner.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * MB });
    await userEvent.upload(fileInput(), big);
    expect(await screen.findByText('图标不能超过 5 MB')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    // the upload configuration was asked first (public read, 3600 s)
    expect(calls.find((c) => c.path === '/v3/worker/center/upload/config')?.query).toEqual({ dir: 'desk/csNav/image' });
  });

  it('uploads a smaller one under desk/csNav/image and saves its path as the icon', async () => {
    const fetchSpy = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ path: 'desk/csNav/image/1/a.png', name: 'a.png', size: 3 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { calls, onSaved } = openNew('SIDE');
    await userEvent.click(screen.getByRole('button', { name: '添加按钮' }));
    await userEvent.type(textbox(/^回复内容/), '营业时间 9:00-21:00');
    await userEvent.upload(fileInput(), new File(['abc'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/v3/worker/center/upload?dir=desk%2FcsNav%2Fimage');
    await waitFor(() =>
      expect(within(preview().getByTestId('preview-side')).getByRole('img').getAttribute('src')).toBe(
        '/v3/worker/center/download?path=desk%2FcsNav%2Fimage%2F1%2Fa.png',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((sent(calls)!.onlineConfig as SideOnlineConfig).buttons[0]).toMatchObject({
      icon: 'desk/csNav/image/1/a.png',
      name: '按钮-1',
    });
  });
});
