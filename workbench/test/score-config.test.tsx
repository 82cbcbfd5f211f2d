import {
  type CsLine,
  defaultLineAgentConfig,
  defaultScoreOnlineConfig,
  type ScoreConfig as ScoreConfigRecord,
  type ScoreOnlineConfig,
} from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { SCORE_LIST_PATH, scoreConfigDescription } from '../src/entities/score-config';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { LineConfig } from '../src/screens/online/line/LineConfig';
import { ScoreConfig, ScoreCreate } from '../src/screens/online/score/ScoreConfig';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const ALL = ['online.score.view', 'online.score.edit', 'online.score.delete', 'csLine.view', 'csLine.edit'];

function config(i: number, more: Partial<ScoreConfigRecord> = {}): ScoreConfigRecord {
  return {
    id: String(i),
    name: `满意度${i}号`,
    type: 'ONLINE',
    status: 'ACTIVE',
    validDays: 3,
    agentVisible: false,
    onlineConfig: defaultScoreOnlineConfig(),
    lines: [],
    version: 4,
    ...more,
  };
}

const lookups: Record<string, Handler> = {
  '/v3/chats/cs-line/list': () => [
    { id: 'L1', name: '官网咨询' },
    { id: 'L2', name: '售后热线' },
  ],
};

describeEntityScreens<ScoreConfigRecord>(scoreConfigDescription, { record: (i) => config(i), more: lookups });

const combo = (name: RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('combobox', { name });
async function choose(name: RegExp, option: string) {
  await userEvent.click(combo(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** the body a call sent: the config screen's save carries the whole survey */
type SentBody = Record<string, unknown> & { onlineConfig: ScoreOnlineConfig };
const bodyOf = (calls: ApiRequest[], path: string) => calls.find((c) => c.path === path)?.body as SentBody | undefined;

describe('satisfaction config list (O-S35, O-F10)', () => {
  it('shows the bound lines (3, then folded) and whether agents see the ratings; the name opens the config large', async () => {
    const lines = ['一', '二', '三', '四'].map((n, i) => ({ lineId: `L${i}`, lineName: `线路${n}` }));
    const rows = [config(1, { lines, agentVisible: true }), config(2)];
    const server = fakeClient({
      ...lookups,
      '/v3/chats/score-config/page': () => ({ records: rows, total: 2, page: 1, size: 20 }),
    });
    renderConsole(<EntityList description={scoreConfigDescription} location={{ path: SCORE_LIST_PATH, query: {} }} />, {
      client: server.client,
      permissions: ALL,
    });
    await screen.findByText('满意度1号');
    const row = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
    expect(within(row('1')).getByText('线路三')).toBeTruthy();
    expect(within(row('1')).queryByText('线路四')).toBeNull();
    expect(within(row('1')).getByText('坐席可见')).toBeTruthy();
    expect(within(row('2')).getByText('坐席不可见')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '绑定线路' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '满意度1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/online/csScore/config',
      query: { id: '1', _modal: 'large' },
    });
  });

  it('searches by line', async () => {
    const server = fakeClient({
      ...lookups,
      '/v3/chats/score-config/page': () => ({ records: [config(1)], total: 1, page: 1, size: 20 }),
    });
    // the list follows the router: its filters are the route's query
    renderConsole(
      drawAtRoute(
        (location) => <EntityList description={scoreConfigDescription} location={location} />,
        SCORE_LIST_PATH,
      ),
      { client: server.client, permissions: ALL },
    );
    await screen.findByText('满意度1号');
    await choose(/^服务线路/, '售后热线');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/v3/chats/score-config/page').at(-1)?.body).toMatchObject({
        lineId: 'L2',
      }),
    );
  });
});

describe('satisfaction config create (O-S36)', () => {
  it('saves name, type ONLINE, agentVisible and validity, then opens the config and reloads the list', async () => {
    const server = fakeClient({ '/v3/chats/score-config/create': () => ({ id: '9' }) });
    renderConsole(<ScoreCreate location={{ path: '/online/csScore/create', query: { _modal: 'small' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    // the defaults: ONLINE (not changeable), hidden from agents, 3 days
    expect((combo(/^类型/) as HTMLInputElement).value).toBe('在线');
    expect((combo(/^类型/) as HTMLInputElement).disabled).toBe(true);
    expect((combo(/^坐席可见/) as HTMLInputElement).value).toBe('坐席不可见');
    expect((combo(/^评价有效期/) as HTMLInputElement).value).toBe('3 天');
    await userEvent.type(screen.getByRole('textbox', { name: /名称/ }), '官网满意度');
    await choose(/^坐席可见/, '坐席可见');
    await choose(/^评价有效期/, '7 天');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/online/csScore/config',
        query: { id: '9', _modal: 'large', _reload: 'list' },
      }),
    );
    expect(bodyOf(server.calls, '/v3/chats/score-config/create')).toEqual({
      name: '官网满意度',
      type: 'ONLINE',
      agentVisible: true,
      validDays: 7,
    });
  });
});

/** The config modal over a fake server answering `record`; `change` answers the save. */
function open(record: ScoreConfigRecord, permissions = ALL) {
  const server = fakeClient({
    '/v3/chats/score-config/detail': () => record,
    '/v3/chats/score-config/change': () => ({ id: record.id }),
  });
  renderConsole(
    <ScoreConfig location={{ path: '/online/csScore/config', query: { id: record.id, _modal: 'large' } }} />,
    { client: server.client, permissions },
  );
  return server;
}
const loaded = () =>
  waitFor(() => expect((screen.getByRole('textbox', { name: /^名称/ }) as HTMLInputElement).value).not.toBe(''));
const save = () => userEvent.click(screen.getByRole('button', { name: '保存' }));

describe('satisfaction config (O-S37)', () => {
  it('saves the whole config with the version read and reopens itself reloading the list', async () => {
    const { calls } = open(config(1));
    await loaded();
    await userEvent.click(screen.getByRole('radio', { name: '表情' }));
    await userEvent.click(checkbox('机器人会话评价'));
    await userEvent.click(screen.getByRole('switch', { name: /坐席可见/ }));
    await save();
    await waitFor(() => expect(bodyOf(calls, '/v3/chats/score-config/change')).toBeDefined());
    const body = bodyOf(calls, '/v3/chats/score-config/change')!;
    expect(body).toMatchObject({
      id: '1',
      version: 4,
      name: '满意度1号',
      type: 'ONLINE',
      validDays: 3,
      agentVisible: true,
    });
    expect(body.onlineConfig).toMatchObject({ style: 'EMOJI', chatbotEnable: true, agentEnable: true });
    expect(body.onlineConfig.replies.map((r) => r.score)).toEqual([5, 4, 3, 2, 1]);
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/online/csScore/config',
        query: { id: '1', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('all five scene replies are required: an empty one says 请填写场景回复语 under it and nothing is sent (O-V34)', async () => {
    const { calls } = open(config(1));
    await loaded();
    await userEvent.clear(screen.getByRole('textbox', { name: /^一般（3 分）/ }));
    await save();
    expect(await screen.findByText('请填写场景回复语')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/score-config/change')).toBe(false);
    // typing it again takes the warning away and the save goes through
    await userEvent.type(screen.getByRole('textbox', { name: /^一般（3 分）/ }), '感谢您的评价');
    expect(screen.queryByText('请填写场景回复语')).toBeNull();
    await save();
    await waitFor(() => expect(bodyOf(calls, '/v3/chats/score-config/change')).toBeDefined());
    expect(bodyOf(calls, '/v3/chats/score-config/change')!.onlineConfig.replies[2]).toEqual({
      score: 3,
      reply: '感谢您的评价',
    });
  });

  it('a tag must be filled (请填写标签); tags are kept per level (O-V35)', async () => {
    const { calls } = open(config(1, { onlineConfig: { ...defaultScoreOnlineConfig(), tag: true } }));
    await loaded();
    const level1 = screen.getByTestId('tags-1');
    await userEvent.click(within(level1).getByRole('button', { name: '添加标签 非常不满意' }));
    await userEvent.click(within(level1).getByRole('button', { name: '添加标签 非常不满意' }));
    await userEvent.type(within(level1).getByRole('textbox', { name: '非常不满意 1' }), '态度差');
    await save();
    expect(await within(level1).findByText('请填写标签')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/score-config/change')).toBe(false);
    await userEvent.click(within(level1).getByRole('button', { name: '删除标签 非常不满意 2' }));
    await save();
    await waitFor(() => expect(bodyOf(calls, '/v3/chats/score-config/change')).toBeDefined());
    expect(bodyOf(calls, '/v3/chats/score-config/change')!.onlineConfig.tags[4]).toEqual({
      score: 1,
      tags: ['态度差'],
    });
  });

  it('threshold options that would put positive at or below negative are disabled (O-V37)', async () => {
    open(config(1));
    await loaded();
    const disabledOf = async (name: RegExp) => {
      await userEvent.click(combo(name));
      const listbox = await screen.findByRole('listbox');
      const off = within(listbox)
        .getAllByRole('option')
        .filter((o) => o.getAttribute('aria-disabled') === 'true')
        .map((o) => o.textContent);
      await userEvent.keyboard('{Escape}');
      return off;
    };
    // defaults 4 and 2
    expect((combo(/^好评：不低于/) as HTMLInputElement).value).toBe('4 分');
    expect((combo(/^差评：不高于/) as HTMLInputElement).value).toBe('2 分');
    expect(await disabledOf(/^好评：不低于/)).toEqual(['2 分', '1 分']);
    expect(await disabledOf(/^差评：不高于/)).toEqual(['5 分', '4 分']);
    await choose(/^差评：不高于/, '3 分');
    expect(await disabledOf(/^好评：不低于/)).toEqual(['3 分', '2 分', '1 分']);
  });

  it('auto-send and manual-send: each can be switched off only while the other is on (O-B16)', async () => {
    open(config(1));
    await loaded();
    expect([checkbox('自动发送').disabled, checkbox('手动发送').disabled]).toEqual([false, false]);
    await userEvent.click(checkbox('手动发送'));
    // only auto-send is left: it cannot be switched off, and its scenes stay open
    expect(checkbox('自动发送').disabled).toBe(true);
    expect(checkbox('手动发送').disabled).toBe(false);
    expect(checkbox('坐席结束会话').disabled).toBe(false);
    // ticking manual-send opens auto-send again, which may now go off, closing its scenes
    await userEvent.click(checkbox('手动发送'));
    expect(checkbox('自动发送').disabled).toBe(false);
    await userEvent.click(checkbox('自动发送'));
    expect(checkbox('手动发送').disabled).toBe(true);
    expect(checkbox('坐席结束会话').disabled).toBe(true);
  });

  it('feedbackRequired only with feedback and resolved, cleared when either goes off (O-B17)', async () => {
    const { calls } = open(config(1));
    await loaded();
    expect(checkbox('意见建议必填').disabled).toBe(false);
    await userEvent.click(checkbox('意见建议必填'));
    expect(checkbox('意见建议必填').checked).toBe(true);
    await userEvent.click(checkbox('问题是否解决'));
    expect(checkbox('意见建议必填').checked).toBe(false);
    expect(checkbox('意见建议必填').disabled).toBe(true);
    await save();
    await waitFor(() => expect(bodyOf(calls, '/v3/chats/score-config/change')).toBeDefined());
    expect(bodyOf(calls, '/v3/chats/score-config/change')!.onlineConfig).toMatchObject({
      feedback: true,
      resolved: false,
      feedbackRequired: false,
    });
  });

  it('previews stars by default and emoji faces once chosen, for the five levels', async () => {
    open(config(1));
    await loaded();
    const preview = screen.getByTestId('score-preview');
    expect(preview.getAttribute('data-style')).toBe('STAR');
    const levels = () =>
      within(preview)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(levels()).toEqual(['非常不满意', '不满意', '一般', '满意', '非常满意']);
    await userEvent.click(screen.getByRole('radio', { name: '表情' }));
    expect(preview.getAttribute('data-style')).toBe('EMOJI');
    expect(levels()).toEqual(['非常满意', '满意', '一般', '不满意', '非常不满意']);
    // choosing a level shows its reply
    await userEvent.click(within(preview).getByRole('button', { name: '不满意' }));
    expect(within(preview).getByTestId('score-preview-reply').textContent).toContain('很抱歉没能让您满意');
  });

  it('without online.score.edit the inputs are disabled and there is no save', async () => {
    open(config(1), ['online.score.view']);
    await loaded();
    expect((screen.getByRole('textbox', { name: /^名称/ }) as HTMLInputElement).disabled).toBe(true);
    expect(checkbox('自动发送').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

function line(more: Partial<CsLine> = {}): CsLine {
  return {
    id: '1',
    name: '线路1号',
    code: null,
    intro: null,
    type: 'ONLINE',
    status: 'ACTIVE',
    tenantId: '1',
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

describe('the line’s satisfaction select (with its create shortcut)', () => {
  const lineServer = (record: CsLine, more: Record<string, Handler> = {}) =>
    fakeClient({
      '/v3/chats/cs-line/detail': () => record,
      '/v3/chats/cs-line/change': () => ({ id: record.id }),
      '/v3/chats/score-config/list': () => [
        { id: '70', name: '旧满意度' },
        { id: '71', name: '在线满意度' },
      ],
      '/v3/chats/chatbot/list': () => [],
      '/v3/feed/space/list': () => [],
      '/v3/users/app/list/top': () => [],
      '/v3/chats/summary-config/list': () => [],
      '/v3/chats/cs-nav/list': () => [],
      ...more,
    });
  const openLine = (server: ReturnType<typeof fakeClient>, permissions = [...ALL, 'chatbot.view']) =>
    renderConsole(<LineConfig location={{ path: '/online/csLine/config', query: { id: '1', _modal: 'full' } }} />, {
      client: server.client,
      permissions,
    });
  const lineLoaded = () => waitFor(() => expect(screen.getByTestId('line-name').textContent).toBe('线路1号'));

  it('lists the organisation’s configs, shows the stored one by name, and saves the choice with the basic block', async () => {
    const server = lineServer(line({ scoreConfigId: '70', scoreConfigName: '旧满意度' }));
    openLine(server);
    await lineLoaded();
    expect((combo(/^满意度配置/) as HTMLInputElement).value).toBe('旧满意度');
    await choose(/^满意度配置/, '在线满意度');
    await save();
    await waitFor(() => expect(bodyOf(server.calls, '/v3/chats/cs-line/change')).toBeDefined());
    expect(bodyOf(server.calls, '/v3/chats/cs-line/change')).toMatchObject({
      id: '1',
      version: 3,
      scoreConfigId: '71',
    });
  });

  it('creates a config in a 600 drawer and chooses it', async () => {
    const server = lineServer(line(), {
      '/v3/chats/score-config/create': () => ({ id: '72' }),
    });
    openLine(server);
    await lineLoaded();
    await userEvent.click(screen.getByRole('button', { name: '新建满意度配置' }));
    const drawer = await screen.findByRole('dialog', { name: '新建满意度配置' });
    let at: HTMLElement | null = drawer;
    while (at && !at.hasAttribute('data-drawer-width')) at = at.parentElement;
    expect(at?.getAttribute('data-drawer-width')).toBe('600');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /名称/ }), '新满意度');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建满意度配置' })).toBeNull());
    expect(bodyOf(server.calls, '/v3/chats/score-config/create')).toEqual({
      name: '新满意度',
      type: 'ONLINE',
      agentVisible: false,
      validDays: 3,
    });
    await save();
    await waitFor(() => expect(bodyOf(server.calls, '/v3/chats/cs-line/change')).toBeDefined());
    expect(bodyOf(server.calls, '/v3/chats/cs-line/change')!.scoreConfigId).toBe('72');
  });

  it('without online.score.edit there is no shortcut', async () => {
    openLine(lineServer(line()), ['csLine.view', 'csLine.edit', 'online.score.view']);
    await lineLoaded();
    expect(combo(/^满意度配置/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建满意度配置' })).toBeNull();
  });
});
