import { type CsLine, defaultLineAgentConfig, TIMEOUT_BLOCK_DEFAULTS } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { csLineDescription, LINE_LIST_PATH } from '../src/entities/cs-line';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { LineAgentConfig } from '../src/screens/online/line/LineAgentConfig';
import { LineConfig } from '../src/screens/online/line/LineConfig';
import { LineCreate } from '../src/screens/online/line/LineCreate';
import { LineMessageConfig } from '../src/screens/online/line/LineMessageConfig';
import { LineNoteConfig } from '../src/screens/online/line/LineNoteConfig';
import { LinePromptConfig } from '../src/screens/online/line/LinePromptConfig';
import { LineWaitingConfig } from '../src/screens/online/line/LineWaitingConfig';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';

const ALL = ['csLine.view', 'csLine.edit', 'csLine.delete', 'chatbot.view', 'chatbot.edit', 'csGroup.view'];

function line(i: number, more: Partial<CsLine> = {}): CsLine {
  return {
    id: String(i),
    name: `线路${i}号`,
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
    ...more,
  };
}

describeEntityScreens<CsLine>(csLineDescription, { record: (i) => line(i) });

/** The lookups of the line screens: chatbots, spaces, apps, service times, skill groups, a space's templates. */
const lookups: Record<string, Handler> = {
  '/v3/chats/chatbot/list': () => [
    { id: '11', name: 'bot-a', nick: '小智' },
    { id: '12', name: 'bot-b', nick: '小慧' },
  ],
  '/v3/feed/space/list': (request) =>
    (request.body as { type?: string }).type === 'TICKET'
      ? [
          { id: '21', name: '售后工单' },
          { id: '22', name: '空工单空间' },
        ]
      : [{ id: '25', name: '常用快捷回复' }],
  '/v3/users/app/list/top': () => [{ id: '5', name: '在线客服', type: 'FRONT' }],
  '/v3/chats/score-config/list': () => [{ id: '71', name: '在线满意度' }],
  '/v3/chats/summary-config/list': () => [{ id: '80', name: '在线服务小结' }],
  '/v3/chats/cs-time/list': () => [{ id: 'T1', name: '工作日' }],
  '/v3/chats/cs-group/page': (request) => ({
    records: [
      { id: 'G1', name: '热线一组', type: 'HOTLINE', status: 'ACTIVE' },
      { id: 'G2', name: '热线二组', type: 'HOTLINE', status: 'ACTIVE' },
    ],
    total: 2,
    page: Number(request.query?.page),
    size: Number(request.query?.size),
  }),
  '/v3/feed/task-kind/space/kinds': (request) =>
    request.query?.spaceId === '21'
      ? [
          { kindId: '61', kindName: '投诉处理', kindCode: 'COMPLAINT' },
          { kindId: '62', kindName: '退换货', kindCode: 'RETURN' },
        ]
      : [],
};

type Screen = (props: { location: { path: string; query: Record<string, string> } }) => ReactNode;

/** A line screen at `path` over the fake server; `change` answers the save (the id by default). */
function open(
  Component: Screen,
  path: string,
  record: CsLine,
  options: { permissions?: string[]; change?: Handler; more?: Record<string, Handler> } = {},
) {
  const server = fakeClient({
    ...lookups,
    ...options.more,
    '/v3/chats/cs-line/detail': () => record,
    '/v3/chats/cs-line/change': options.change ?? (() => ({ id: record.id })),
  });
  renderConsole(<Component location={{ path, query: { id: record.id, _modal: 'full' } }} />, {
    client: server.client,
    permissions: options.permissions ?? ALL,
  });
  return server;
}

/** The width the open drawer was given (spec §2: 600, 900 for a skill group, 80 % for a service time). */
const drawerWidth = (drawer: HTMLElement) => {
  let at: HTMLElement | null = drawer;
  while (at && !at.hasAttribute('data-drawer-width')) at = at.parentElement;
  return at?.getAttribute('data-drawer-width') ?? null;
};
const loaded = (name = '线路1号') => waitFor(() => expect(screen.getByTestId('line-name').textContent).toBe(name));
const combo = (name: RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('combobox', { name });
async function choose(name: RegExp, option: string, scope?: HTMLElement) {
  await userEvent.click(combo(name, scope));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
async function saved(calls: ApiRequest[]) {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return waitFor(() => {
    const body = calls.find((c) => c.path === '/v3/chats/cs-line/change')?.body;
    expect(body).toBeDefined();
    return body as Record<string, unknown>;
  });
}

describe('line list', () => {
  it('shows the skill groups (3, then folded), both chatbots, and the name opens the config modal full', async () => {
    const row = line(1, {
      hotlineGroups: [
        { groupId: 'G1', groupName: '热线一组' },
        { groupId: 'G2', groupName: '热线二组' },
      ],
      onlineGroups: [
        { groupId: 'G3', groupName: '售前组' },
        { groupId: 'G4', groupName: '售后组' },
      ],
      agentChatbotNick: '小助手',
      customerChatbotNick: '小智',
    });
    const server = fakeClient({ '/v3/chats/cs-line/page': () => ({ records: [row], total: 1, page: 1, size: 20 }) });
    renderConsole(<EntityList description={csLineDescription} location={{ path: LINE_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: ALL,
    });
    await screen.findByText('线路1号');
    expect(screen.getByText('售前组')).toBeTruthy();
    expect(screen.queryByText('售后组')).toBeNull();
    expect(screen.getByText('小助手')).toBeTruthy();
    expect(screen.getByText('小智')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '辅助机器人' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '线路1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csLine/config',
      query: { id: '1', _modal: 'full' },
    });
  });
});

describe('line create', () => {
  it('saves name and intro, then opens the config modal of the new line and reloads the list', async () => {
    const server = fakeClient({ '/v3/chats/cs-line/create': () => ({ id: '9' }) });
    renderConsole(<LineCreate location={{ path: '/online/csLine/create', query: { _modal: 'small' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '官网咨询');
    await userEvent.type(screen.getByRole('textbox', { name: /简介/ }), '官网的在线咨询');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/online/csLine/config',
        query: { id: '9', _modal: 'full', _reload: 'list' },
      }),
    );
    expect(server.calls.find((c) => c.path === '/v3/chats/cs-line/create')?.body).toEqual({
      name: '官网咨询',
      intro: '官网的在线咨询',
    });
  });
});

describe('line modal', () => {
  it('lists the seven screens beside the line name; a click opens that screen on the same line', async () => {
    open(LinePromptConfig, '/online/csLine/prompt-config', line(1));
    await loaded();
    const menu = screen.getByRole('navigation', { name: '线路设置' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['基础设置', '接待设置', '排队设置', '留言设置', '会话提示语', '消息设置', '可用授权']);
    await userEvent.click(within(menu).getByText('排队设置'));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csLine/waiting-config',
      query: { id: '1', _modal: 'full' },
    });
  });

  it('a stale version (409) shows the server message in the banner at the top and stays', async () => {
    open(LinePromptConfig, '/online/csLine/prompt-config', line(1), {
      change: () => {
        throw new ApiError(409, 'CONFLICT', '数据已被他人修改，请刷新后重试');
      },
    });
    await loaded();
    await userEvent.type(screen.getByRole('textbox', { name: /人工欢迎语/ }), '您好');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(within(await screen.findByRole('alert')).getByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(useRouterStore.getState().current.path).not.toBe('/online/csLine/prompt-config');
  });

  it('without csLine.edit the inputs are disabled and there is no save', async () => {
    open(LineWaitingConfig, '/online/csLine/waiting-config', line(1), { permissions: ['csLine.view'] });
    await loaded();
    expect((screen.getByRole('textbox', { name: /排队引导语/ }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('line config', () => {
  it('saves the basic fields, navigations and hotline groups only, with the version read, and reopens reloading the list', async () => {
    const record = line(1, {
      navs: [{ navKind: 'GROUP', navId: '30', navName: '售前导航', timeId: null }],
      hotlineGroups: [{ groupId: 'G1', groupName: '热线一组' }],
      scoreConfigId: '70',
      scoreConfigName: '旧满意度',
      waitingConfig: { guide: '请稍候', vipFirst: false, chatbotServe: false },
    });
    const { calls } = open(LineConfig, '/online/csLine/config', record);
    await loaded();
    await userEvent.type(screen.getByRole('textbox', { name: /^编码/ }), 'WEB');
    await choose(/^自助机器人/, '小智（bot-a）');
    await choose(/^快捷回复空间/, '常用快捷回复');
    await choose(/^所属应用/, '在线客服');
    // the stored satisfaction config shows by its name, and another one of the organisation can be chosen
    expect((combo(/^满意度配置/) as HTMLInputElement).value).toBe('旧满意度');
    await choose(/^满意度配置/, '在线满意度');
    // the stored skill-group navigation shows by its name
    const group = screen.getByTestId('nav-GROUP');
    expect((combo(/^技能组导航/, group) as HTMLInputElement).value).toBe('售前导航');
    // adding 热线一组 again and 热线二组: the one already there is ignored
    await userEvent.click(screen.getByRole('button', { name: '添加技能组' }));
    const picker = await screen.findByRole('dialog', { name: '选择技能组' });
    await userEvent.click(await within(picker).findByText('热线二组'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(screen.getByTestId('hotline-groups')).getByText('热线二组')).toBeTruthy());
    const body = await saved(calls);
    expect(body).toEqual({
      id: '1',
      name: '线路1号',
      version: 3,
      code: 'WEB',
      intro: null,
      appId: '5',
      customerChatbotId: '11',
      agentChatbotId: null,
      ticketSpaceId: null,
      replySpaceId: '25',
      scoreConfigId: '71',
      summaryConfigId: null,
      basicConfig: { login: false },
      navs: [{ navKind: 'GROUP', navId: '30', timeId: null }],
      hotlineGroups: [{ groupId: 'G1' }, { groupId: 'G2' }],
    });
    expect(calls.find((c) => c.path === '/v3/chats/cs-group/page')?.body).toMatchObject({ type: 'HOTLINE' });
    // the owning app from the apps of mode DEV, ACTIVE, types FRONT and UNION (spec §7)
    expect(calls.find((c) => c.path === '/v3/users/app/list/top')?.body).toMatchObject({
      mode: 'DEV',
      status: 'ACTIVE',
      types: ['FRONT', 'UNION'],
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/online/csLine/config',
        query: { id: '1', _modal: 'full', _reload: 'list' },
      }),
    );
  });

  it('time-divided: sends only that variant, and a row only once both its time and navigation are set', async () => {
    const record = line(1, { navs: [{ navKind: 'GROUP', navId: '30', navName: '售前导航', timeId: null }] });
    const { calls } = open(LineConfig, '/online/csLine/config', record);
    await loaded();
    const group = screen.getByTestId('nav-GROUP');
    await userEvent.click(within(group).getByRole('radio', { name: '分时段' }));
    await choose(/^服务时间/, '工作日', screen.getByTestId('nav-GROUP-row-0'));
    await userEvent.click(within(group).getByRole('button', { name: '添加时段' }));
    expect(screen.getByTestId('nav-GROUP-row-1')).toBeTruthy();
    const body = await saved(calls);
    // the row has a time but no navigation (none can be chosen yet): nothing of GROUP is sent, not even 售前导航
    expect(body.navs).toEqual([]);
  });

  it('name is required and code at most 50, each said under its input; nothing is sent', async () => {
    const { calls } = open(LineConfig, '/online/csLine/config', line(1, { code: 'C'.repeat(51) }));
    await loaded();
    await userEvent.clear(screen.getByRole('textbox', { name: /^名称/ }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(screen.getByText('不能超过 50 个字符')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-line/change')).toBe(false);
  });

  it('the chatbot create shortcut opens a 600 drawer; the saved bot is listed and chosen', async () => {
    let bots = [{ id: '11', name: 'bot-a', nick: '小智' }];
    const { calls } = open(LineConfig, '/online/csLine/config', line(1), {
      more: {
        '/v3/chats/chatbot/list': () => bots,
        '/v3/feed/ai-platform/list': () => [],
        '/v3/chats/chatbot/create': () => {
          bots = [...bots, { id: '13', name: 'bot-c', nick: '小新' }];
          return { id: '13' };
        },
      },
    });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '新建辅助机器人' }));
    const drawer = await screen.findByRole('dialog', { name: '新建机器人' });
    expect(drawerWidth(drawer)).toBe('600');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^名称/ }), 'bot-c');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^昵称/ }), '小新');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect((combo(/^辅助机器人/) as HTMLInputElement).value).toBe('小新（bot-c）'));
    const body = await saved(calls);
    expect(body.agentChatbotId).toBe('13');
  });
});

describe('line config: create shortcuts', () => {
  it('a ticket space is created in a 600 drawer as a TICKET space and chosen', async () => {
    let spaces = [{ id: '21', name: '售后工单' }];
    const { calls } = open(LineConfig, '/online/csLine/config', line(1), {
      permissions: [...ALL, 'ticket-space.view', 'ticket-space.edit'],
      more: {
        '/v3/feed/space/list': (request) => ((request.body as { type?: string }).type === 'TICKET' ? spaces : []),
        '/v3/feed/task-kind/list': () => [],
        '/v3/feed/space/create': () => {
          spaces = [...spaces, { id: '23', name: '投诉工单' }];
          return { id: '23' };
        },
      },
    });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '新建工单空间' }));
    const drawer = await screen.findByRole('dialog', { name: '新建空间' });
    expect(drawerWidth(drawer)).toBe('600');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^名称/ }), '投诉工单');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect((combo(/^工单空间/) as HTMLInputElement).value).toBe('投诉工单'));
    expect(calls.find((c) => c.path === '/v3/feed/space/create')?.body).toMatchObject({
      type: 'TICKET',
      name: '投诉工单',
    });
    expect((await saved(calls)).ticketSpaceId).toBe('23');
  });

  it('a skill group is created in a 900 drawer as a HOTLINE group and joins the hotline table', async () => {
    const { calls } = open(LineConfig, '/online/csLine/config', line(1), {
      permissions: [...ALL, 'csGroup.edit'],
      more: {
        '/v3/chats/cs-agent/list': () => [{ id: 'A1', nick: '小张', name: '张三' }],
        '/v3/chats/cs-group/list/top': () => [],
        '/v3/chats/cs-group/create': () => ({ id: 'G9' }),
        '/v3/chats/cs-group/detail': () => ({
          id: 'G9',
          name: '夜间热线',
          type: 'HOTLINE',
          status: 'ACTIVE',
          agentIds: ['A1'],
          agents: [],
          navs: [],
          todayTimes: [],
          online: true,
          version: 1,
        }),
      },
    });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '新建技能组' }));
    const drawer = await screen.findByRole('dialog', { name: '新建技能组' });
    expect(drawerWidth(drawer)).toBe('900');
    expect((within(drawer).getByRole('combobox', { name: /^类型/ }) as HTMLInputElement).value).toBe('热线');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^名称/ }), '夜间热线');
    await choose(/^服务时间/, '工作日', drawer);
    await choose(/^接待人/, '小张（张三）', drawer);
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(screen.getByTestId('hotline-groups')).getByText('夜间热线')).toBeTruthy());
    expect(calls.find((c) => c.path === '/v3/chats/cs-group/create')?.body).toMatchObject({ type: 'HOTLINE' });
    expect((await saved(calls)).hotlineGroups).toEqual([{ groupId: 'G9' }]);
  });

  it('a service time of a time-divided row is created in an 80 % drawer', async () => {
    open(LineConfig, '/online/csLine/config', line(1), { permissions: [...ALL, 'csTime.edit'] });
    await loaded();
    await userEvent.click(within(screen.getByTestId('nav-SELF')).getByRole('radio', { name: '分时段' }));
    await userEvent.click(within(screen.getByTestId('nav-SELF-row-0')).getByRole('button', { name: '新建服务时间' }));
    const drawer = await screen.findByRole('dialog', { name: '新建服务时间' });
    expect(drawerWidth(drawer)).toBe('80%');
  });

  it('without the create keys there are no shortcuts', async () => {
    open(LineConfig, '/online/csLine/config', line(1), { permissions: ['csLine.view', 'csLine.edit'] });
    await loaded();
    expect(screen.queryByRole('button', { name: '新建自助机器人' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建工单空间' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建技能组' })).toBeNull();
  });
});

describe('line agent config', () => {
  const record = () =>
    line(1, {
      agentConfig: {
        ...defaultLineAgentConfig(),
        enterTimeoutRemind: null,
        enterTimeoutAssign: null,
        sessionTimeoutRemind: null,
        sessionTimeoutAssign: { minutes: 12, prompt: '正在转接' },
      },
    });
  const minutes = (block: string) =>
    within(screen.getByTestId(block)).getByRole('textbox', { name: /分钟/ }) as HTMLInputElement;
  const prompt = (block: string) =>
    within(screen.getByTestId(block)).getByRole('textbox', { name: /提示语/ }) as HTMLInputElement;

  it("a tick on an empty block fills the spec's defaults; unticked blocks are sent as null", async () => {
    const { calls } = open(LineAgentConfig, '/online/csLine/agent-config', record());
    await loaded();
    expect(minutes('enterTimeoutRemind').value).toBe('');
    expect(minutes('enterTimeoutRemind').disabled).toBe(true);
    expect(minutes('sessionTimeoutAssign').value).toBe('12');
    await userEvent.click(screen.getByRole('checkbox', { name: '进入排队超时提醒' }));
    expect(minutes('enterTimeoutRemind').value).toBe('3');
    expect(prompt('enterTimeoutRemind').value).toBe(TIMEOUT_BLOCK_DEFAULTS.enterTimeoutRemind.prompt);
    await userEvent.click(screen.getByRole('checkbox', { name: '进入排队超时转接' }));
    expect(minutes('enterTimeoutAssign').value).toBe('10');
    await userEvent.click(screen.getByRole('checkbox', { name: '进入排队超时转接' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '会话超时转接' }));
    const body = await saved(calls);
    expect(Object.keys(body).sort()).toEqual(['agentConfig', 'id', 'name', 'version']);
    expect(body.agentConfig).toMatchObject({
      enterTimeoutRemind: { minutes: 3, prompt: TIMEOUT_BLOCK_DEFAULTS.enterTimeoutRemind.prompt },
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('offline HINT shows its prompt; overload AGENT needs an agent picked in the agent picker', async () => {
    const { calls } = open(LineAgentConfig, '/online/csLine/agent-config', record(), {
      more: {
        '/v3/chats/cs-agent/list': () => [{ id: 'A1', nick: '小张', name: '张三' }],
        '/v3/chats/cs-agent/page': () => ({
          records: [{ id: 'A2', nick: '小李', name: '李四', status: 'ONLINE' }],
          total: 1,
          page: 1,
          size: 10,
        }),
      },
    });
    await loaded();
    expect(screen.getByRole('textbox', { name: /离线提示语/ })).toBeTruthy();
    await choose(/^无坐席在线时/, '排队等待');
    expect(screen.queryByRole('textbox', { name: /离线提示语/ })).toBeNull();
    await choose(/^坐席满载时/, '分配给指定坐席');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择指定坐席')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-line/change')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '选择坐席' }));
    const picker = await screen.findByRole('dialog', { name: '选择坐席' });
    await userEvent.click(await within(picker).findByText('小李'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /指定坐席/ }) as HTMLInputElement).value).toBe('小李'),
    );
    const body = await saved(calls);
    expect(body.agentConfig).toMatchObject({ offlineServe: 'QUEUE', overloadServe: 'AGENT', overloadAgentId: 'A2' });
  });
});

describe('line waiting config', () => {
  it('saves every queue field and only waitingConfig; {X} is explained beside the prompt', async () => {
    const { calls } = open(LineWaitingConfig, '/online/csLine/waiting-config', line(1));
    await loaded();
    expect(screen.getByText('{X} 表示当前排队人数')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^排队提示语/ }), '前面还有{{X}人');
    await userEvent.click(screen.getByRole('switch', { name: '会员优先接待' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^排队人数超过（人）/ }), '-20');
    await userEvent.type(screen.getByRole('textbox', { name: /^排队超时引导留言/ }), '15');
    const body = await saved(calls);
    expect(Object.keys(body).sort()).toEqual(['id', 'name', 'version', 'waitingConfig']);
    expect(body.waitingConfig).toMatchObject({
      prompt: '前面还有{X}人',
      vipFirst: true,
      longQueuePersons: 20,
      timeoutNote: 15,
    });
  });
});

describe('line note config', () => {
  it("warns 'please select a ticket space', then 'please select a ticket-space template', and sends nothing", async () => {
    const { calls } = open(LineNoteConfig, '/online/csLine/note-config', line(1));
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择工单空间')).toBeTruthy();
    await choose(/^工单空间/, '售后工单');
    await within(screen.getByTestId('note-kinds')).findByText('投诉处理');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择工单空间模版')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/cs-line/change')).toBe(false);
  });

  it('select-all asks first and ticks every template; the save sends them in the table order', async () => {
    const { calls } = open(LineNoteConfig, '/online/csLine/note-config', line(1));
    await loaded();
    await choose(/^工单空间/, '售后工单');
    await within(screen.getByTestId('note-kinds')).findByText('退换货');
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(await screen.findByText('确认选择全部 2 个模版？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: '选择模版 退换货' }) as HTMLInputElement).checked).toBe(true),
    );
    const body = await saved(calls);
    expect(body).toEqual({
      id: '1',
      name: '线路1号',
      version: 3,
      noteConfig: {
        prompt: '',
        ticketSpaceId: '21',
        ticketKinds: [
          { kindId: '61', kindName: '投诉处理', kindCode: 'COMPLAINT' },
          { kindId: '62', kindName: '退换货', kindCode: 'RETURN' },
        ],
      },
    });
  });

  it('select-all over a space without templates warns that a record must be chosen', async () => {
    open(LineNoteConfig, '/online/csLine/note-config', line(1));
    await loaded();
    await choose(/^工单空间/, '空工单空间');
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
  });
});

describe('line prompt and message configs', () => {
  it('prompt config: the welcome ({X} the agent) and transfer prompts, and only promptConfig', async () => {
    const { calls } = open(LinePromptConfig, '/online/csLine/prompt-config', line(1));
    await loaded();
    expect(screen.getByText('{X} 表示接待坐席')).toBeTruthy();
    expect(screen.getByText('{X} 表示转接到的坐席')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /人工欢迎语/ }), '您好，我是{{X}');
    await userEvent.type(screen.getByRole('textbox', { name: /转接提示语/ }), '正在为您转接{{X}');
    const body = await saved(calls);
    expect(body).toEqual({
      id: '1',
      name: '线路1号',
      version: 3,
      promptConfig: { welcome: '您好，我是{X}', transfer: '正在为您转接{X}' },
    });
  });

  it('message config: recall offers its minutes once switched on', async () => {
    const { calls } = open(LineMessageConfig, '/online/csLine/message-config', line(1));
    await loaded();
    expect(screen.queryByRole('combobox', { name: /可撤回时限/ })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: '允许撤回消息' }));
    await choose(/可撤回时限/, '5');
    await userEvent.click(screen.getByRole('switch', { name: '向访客显示坐席正在输入' }));
    const body = await saved(calls);
    expect(body.messageConfig).toEqual({
      customerRead: false,
      agentRead: false,
      recall: true,
      recallMinutes: 5,
      customerInput: false,
      agentInput: true,
    });
  });
});
