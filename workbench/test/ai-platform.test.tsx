import type { AiPlatform } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findRoute, NAV } from '../src/app/route-table';
import { AI_PLATFORM_LIST_PATH, aiPlatformDescription } from '../src/entities/ai-platform';
import { EntityList } from '../src/entity/EntityList';
import { AiPlatformEdit } from '../src/screens/online/AiPlatformEdit';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';

const BASE = '/v3/feed/ai-platform';
const ALL = ['aiPlatform.view', 'aiPlatform.edit', 'aiPlatform.delete'];

function platform(i: number, more: Partial<AiPlatform> = {}): AiPlatform {
  return {
    id: String(i),
    name: `平台${i}号`,
    provider: 'OPENAI_COMPATIBLE',
    baseUrl: `https://llm${i}.internal.test/v1`,
    apiKey: 'sk-****abcd',
    outerId: null,
    version: 2,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<AiPlatform>(aiPlatformDescription, { record: (i) => platform(i) });

function edit(query: Record<string, string>, handlers: Record<string, Handler> = {}) {
  const server = fakeClient({
    [`${BASE}/detail`]: () => platform(1),
    [`${BASE}/create`]: () => ({ id: '9' }),
    [`${BASE}/change`]: () => ({ id: '1' }),
    ...handlers,
  });
  renderConsole(<AiPlatformEdit location={{ path: '/ai-platform/edit', query }} />, {
    client: server.client,
    permissions: ALL,
  });
  return server;
}
const box = (label: string) => screen.getByText(label).closest('.mantine-InputWrapper-root') as HTMLElement;
/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('AI platform list and form', () => {
  it('shows the type by its label and the key masked, as the server answers it', async () => {
    const server = fakeClient({
      [`${BASE}/page`]: () => ({ records: [platform(1)], total: 1, page: 1, size: 20 }),
    });
    renderConsole(
      <EntityList description={aiPlatformDescription} location={{ path: AI_PLATFORM_LIST_PATH, query: {} }} />,
      { client: server.client, permissions: ALL },
    );
    const row = (await screen.findByText('平台1号')).closest('tr')!;
    expect(within(row).getByText('OpenAI 兼容接口')).toBeTruthy();
    expect(within(row).getByText('sk-****abcd')).toBeTruthy();
    expect(within(row).getByText('https://llm1.internal.test/v1')).toBeTruthy();
  });

  it('sends the masked key back unchanged when only the name is edited (the server keeps the key)', async () => {
    const { calls } = edit({ id: '1', _drawer: '600' });
    await waitFor(() => expect(input('API 密钥').value).toBe('sk-****abcd'));
    await userEvent.clear(input('名称'));
    await userEvent.type(input('名称'), '新名字');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/change`)).toBe(true));
    expect(calls.find((c) => c.path === `${BASE}/change`)!.body).toMatchObject({
      id: '1',
      version: 2,
      name: '新名字',
      apiKey: 'sk-****abcd',
      baseUrl: 'https://llm1.internal.test/v1',
    });
  });

  it('asks for the address unless the type is the built-in model, before any call', async () => {
    const { calls } = edit({ _drawer: '600' });
    await waitFor(() => expect(input('名称')).toBeTruthy());
    await userEvent.type(input('名称'), '分类服务');
    await userEvent.click(input('类型'));
    await userEvent.click(await screen.findByRole('option', { name: 'HTTP 分类服务' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(box('接口地址')).findByText('请填写接口地址（内置词库模型除外）')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BASE}/create`)).toBe(false);

    await userEvent.click(input('类型'));
    await userEvent.click(await screen.findByRole('option', { name: '内置词库模型' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${BASE}/create`)?.body).toMatchObject({
        name: '分类服务',
        provider: 'BUILTIN',
      }),
    );
  });

  it('sits in the online area of the side menu behind its view key, its form over the list', () => {
    const online = NAV.find((area) => area.key === 'online')!;
    expect(online.entries.map((e) => [e.to.path, e.permission])).toContainEqual([
      AI_PLATFORM_LIST_PATH,
      'aiPlatform.view',
    ]);
    expect(findRoute('/ai-platform/edit')).toMatchObject({
      permission: 'aiPlatform.view',
      parent: { path: AI_PLATFORM_LIST_PATH },
    });
  });
});
