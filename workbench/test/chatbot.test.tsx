import type { Chatbot } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { findRoute, NAV } from '../src/app/route-table';
import { CHATBOT_LIST_PATH, chatbotDescription } from '../src/entities/chatbot';
import { EntityList } from '../src/entity/EntityList';
import { ChatbotEdit } from '../src/screens/online/ChatbotEdit';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const BASE = '/v3/chats/chatbot';
const ALL = ['chatbot.view', 'chatbot.edit', 'chatbot.delete', 'aiPlatform.view', 'ticket-space.view'];
const platforms = () => [
  { id: 'P1', name: '客服大模型' },
  { id: 'P2', name: '内置模型' },
];
/** the organisation's knowledge bases (the form asks for CS_KB spaces only) */
const knowledgeBases = (request: ApiRequest) =>
  (request.body as { type?: string }).type === 'CS_KB'
    ? [
        { id: '3', name: '商品知识库' },
        { id: '9', name: '售后知识库' },
        { id: '12', name: '会员知识库' },
      ]
    : [{ id: '4', name: '售后工单' }];

function bot(i: number, more: Partial<Chatbot> = {}): Chatbot {
  return {
    id: String(i),
    name: `机器人${i}号`,
    nick: `小助手${i}`,
    status: 'INACTIVE',
    avatar: null,
    mode: 'AI',
    outerId: `app-${i}`,
    platformId: 'P1',
    platformName: '客服大模型',
    spaceIds: ['3', '9'],
    spaces: [
      { spaceId: '3', spaceName: '商品知识库' },
      { spaceId: '9', spaceName: '售后知识库' },
    ],
    lines: [],
    version: 2,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<Chatbot>(chatbotDescription, {
  record: (i) => bot(i),
  more: { '/v3/feed/ai-platform/list': platforms, '/v3/feed/space/list': knowledgeBases },
});

function edit(query: Record<string, string>, handlers: Record<string, Handler> = {}) {
  const server = fakeClient({
    [`${BASE}/detail`]: () => bot(1),
    [`${BASE}/create`]: () => ({ id: '9' }),
    [`${BASE}/change`]: () => ({ id: '1' }),
    '/v3/feed/ai-platform/list': platforms,
    '/v3/feed/space/list': knowledgeBases,
    ...handlers,
  });
  renderConsole(<ChatbotEdit location={{ path: '/online/chatbot/edit', query }} />, {
    client: server.client,
    permissions: ALL,
  });
  return server;
}
/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('chatbot list', () => {
  it('shows mode by label, bound lines and knowledge bases by name, the platform name; the platform filter sends its id', async () => {
    const lines = ['微博客服-通信', '售后热线', '会员专线', '大促专线'].map((lineName, i) => ({
      lineId: String(i + 1),
      lineName,
    }));
    const server = fakeClient({
      [`${BASE}/page`]: () => ({ records: [bot(1, { lines })], total: 1, page: 1, size: 20 }),
      '/v3/feed/ai-platform/list': platforms,
    });
    // the list follows the router: the search's filters become the route's query
    renderConsole(
      drawAtRoute((location) => <EntityList description={chatbotDescription} location={location} />, CHATBOT_LIST_PATH),
      { client: server.client, permissions: ALL },
    );
    const row = (await screen.findByText('机器人1号')).closest('tr')!;
    expect(within(row).getByText('AI 大模型')).toBeTruthy();
    expect(within(row).getByText('客服大模型')).toBeTruthy();
    expect(within(row).getByText('商品知识库')).toBeTruthy();
    expect(within(row).getByText('售后知识库')).toBeTruthy();
    // the first three bound lines, the fourth folded away
    for (const name of ['微博客服-通信', '售后热线', '会员专线']) expect(within(row).getByText(name)).toBeTruthy();
    expect(within(row).queryByText('大促专线')).toBeNull();

    await userEvent.click(input('AI 平台'));
    await userEvent.click(await screen.findByRole('option', { name: '内置模型' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === `${BASE}/page`).at(-1)!.body).toMatchObject({ platformId: 'P2' }),
    );
  });
});

describe('chatbot form', () => {
  it('creates in AI mode by default with the chosen platform and knowledge bases, in the order chosen', async () => {
    const { calls } = edit({ _modal: 'small' });
    await waitFor(() => expect(input('模式').value).toBe('AI 大模型'));
    await userEvent.type(input('名称'), '售前机器人');
    await userEvent.type(input('昵称'), '小助手');
    await userEvent.click(input('AI 平台'));
    await userEvent.click(await screen.findByRole('option', { name: '客服大模型' }));
    await userEvent.click(input('知识库'));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await userEvent.click(screen.getByRole('option', { name: '会员知识库' }));
    await userEvent.click(screen.getByRole('option', { name: '商品知识库' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${BASE}/create`)?.body).toEqual({
        mode: 'AI',
        name: '售前机器人',
        nick: '小助手',
        avatar: null,
        outerId: null,
        platformId: 'P1',
        spaceIds: ['12', '3'],
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  it('uploads the avatar into online/chatbot and sends its stored path; removing it sends null', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ path: 'online/chatbot/7/20261126/ab12-头像.png', name: '头像.png', size: 3 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { calls } = edit({ id: '1', _modal: 'small' });
    await waitFor(() => expect(input('名称').value).toBe('机器人1号'));
    const file = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(file, new File(['png'], '头像.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByAltText('头像').getAttribute('src')).toBe(
        `/v3/worker/center/download?path=${encodeURIComponent('online/chatbot/7/20261126/ab12-头像.png')}`,
      ),
    );
    expect(String(fetch.mock.calls[0]![0])).toBe('/v3/worker/center/upload?dir=online%2Fchatbot');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${BASE}/change`)?.body).toMatchObject({
        id: '1',
        avatar: 'online/chatbot/7/20261126/ab12-头像.png',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '移除图片' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${BASE}/change`).at(-1)?.body).toMatchObject({ avatar: null }),
    );
  });

  it('reopens a bot with its values, its trashed platform still named', async () => {
    edit(
      { id: '1', _modal: 'small' },
      { [`${BASE}/detail`]: () => bot(1, { platformId: 'P7', platformName: '旧平台' }) },
    );
    await waitFor(() => expect(input('名称').value).toBe('机器人1号'));
    const spaces = input('知识库').closest('.mantine-InputWrapper-root') as HTMLElement;
    await waitFor(() => expect(within(spaces).getByText('商品知识库')).toBeTruthy());
    expect(within(spaces).getByText('售后知识库')).toBeTruthy();
    await waitFor(() => expect(input('AI 平台').value).toBe('旧平台'));
  });

  it('sits in the online area behind chatbot.view; the form opens over the list', () => {
    const online = NAV.find((area) => area.key === 'online')!;
    expect(online.entries.map((e) => [e.to.path, e.permission])).toContainEqual([CHATBOT_LIST_PATH, 'chatbot.view']);
    expect(findRoute('/online/chatbot/edit')).toMatchObject({
      permission: 'chatbot.view',
      parent: { path: CHATBOT_LIST_PATH },
    });
  });
});
