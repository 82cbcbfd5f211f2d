import { type CsLine, defaultLineAgentConfig, type SummaryConfig as Summary } from '@qcdesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { SUMMARY_LIST_PATH, summaryConfigDescription } from '../src/entities/summary-config';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { LineConfig } from '../src/screens/online/line/LineConfig';
import { addFields, SummaryConfig } from '../src/screens/online/summary/SummaryConfig';
import { SummaryCreate } from '../src/screens/online/summary/SummaryCreate';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const SUMMARY = '/v3/chats/summary-config';
const ALL = ['csSummary.view', 'csSummary.edit', 'csSummary.delete', 'csField.view'];

function summary(i: number, more: Partial<Summary> = {}): Summary {
  return {
    id: String(i),
    name: `小结${i}号`,
    type: 'ONLINE',
    status: 'ACTIVE',
    fields: [
      { fieldId: 'F1', fieldName: '咨询类型', fieldCode: 'category', fieldType: 'RADIO', required: true, search: true },
      {
        fieldId: 'F2',
        fieldName: '问题描述',
        fieldCode: 'description',
        fieldType: 'TEXTAREA',
        required: false,
        search: false,
      },
      { fieldId: 'F3', fieldName: '是否解决', fieldCode: 'solved', fieldType: 'RADIO', required: true, search: false },
    ],
    lines: [],
    tenantId: '1',
    version: 4,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<Summary>(summaryConfigDescription, { record: (i) => summary(i) });

/** The organisation's custom fields as the picker pages them (keyword on the name). */
const FIELDS = [
  { id: 'F1', name: '咨询类型', code: 'category', type: 'RADIO' },
  { id: 'F2', name: '问题描述', code: 'description', type: 'TEXTAREA' },
  { id: 'F3', name: '是否解决', code: 'solved', type: 'RADIO' },
  { id: 'F4', name: '客户电话', code: 'phone', type: 'PHONE' },
  { id: 'F5', name: '回访日期', code: 'callBackDate', type: 'DATE' },
] as const;
const fieldPage: Handler = (request) => {
  const keyword = (request.body as { keyword?: string }).keyword;
  const found = FIELDS.filter((f) => !keyword || f.name.includes(keyword));
  return { records: found, total: found.length, page: Number(request.query?.page), size: Number(request.query?.size) };
};

function openConfig(record = summary(1), permissions = ALL) {
  const server = fakeClient({
    [`${SUMMARY}/detail`]: () => record,
    [`${SUMMARY}/change`]: () => ({ id: record.id }),
    '/v3/feed/field/page': fieldPage,
  });
  renderConsole(<SummaryConfig location={{ path: '/csSummary/config', query: { id: record.id, _modal: 'large' } }} />, {
    client: server.client,
    permissions,
  });
  return server;
}

const fieldNames = () =>
  screen.getAllByTestId(/^summary-fields-row-/).map((row) => within(row).getAllByText(/./)[0]!.textContent);
const loaded = () => waitFor(() => expect(screen.getAllByTestId(/^summary-fields-row-/).length).toBeGreaterThan(0));
async function saved(calls: ApiRequest[]) {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return waitFor(() => {
    const body = calls.find((c) => c.path === `${SUMMARY}/change`)?.body;
    expect(body).toBeDefined();
    return body as { fields: { fieldId: string; required: boolean; search: boolean }[] } & Record<string, unknown>;
  });
}
const confirmBox = () => screen.findByRole('dialog', { name: '请确认' });

/**
 * jsdom lays nothing out: each sortable row gets a 40 px box by its place, so the keyboard's "one row up" finds the
 * row above as a browser would.
 */
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
    const row = this.closest('[data-sortable-index]');
    const top = row ? Number(row.getAttribute('data-sortable-index')) * 40 : 0;
    return { x: 0, y: top, top, left: 0, width: 600, height: 40, right: 600, bottom: top + 40, toJSON: () => ({}) };
  };
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('summary list (O-S38, O-F11)', () => {
  it('shows the lines using each summary (3, then folded) and its type; create opens the small create modal', async () => {
    const lines = ['一', '二', '三', '四'].map((n, i) => ({ lineId: String(i + 1), lineName: `线路${n}` }));
    const server = fakeClient({
      [`${SUMMARY}/page`]: () => ({
        records: [summary(1, { lines }), summary(2, { type: 'HOTLINE' })],
        total: 2,
        page: 1,
        size: 20,
      }),
    });
    renderConsole(
      drawAtRoute(
        (location) => <EntityList description={summaryConfigDescription} location={location} />,
        SUMMARY_LIST_PATH,
      ),
      { client: server.client, permissions: ALL },
    );
    const row = (await screen.findByText('小结1号')).closest('tr')!;
    for (const name of ['线路一', '线路二', '线路三']) expect(within(row).getByText(name)).toBeTruthy();
    expect(within(row).queryByText('线路四')).toBeNull();
    expect(within(row).getByText('在线')).toBeTruthy();
    expect(within(screen.getByText('小结2号').closest('tr')!).getByText('热线')).toBeTruthy();
    expect(server.calls[0]!.body).toMatchObject({ fields: ['id', 'name', 'lines', 'type', 'modifyTime'] });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    expect(useRouterStore.getState().current).toMatchObject({ path: '/csSummary/create', query: { _modal: 'small' } });
  });
});

describe('summary create (O-S39, O-V38)', () => {
  it("asks for a name with the spec's 请输入名称, then creates an ONLINE summary and goes on to its config", async () => {
    const server = fakeClient({ [`${SUMMARY}/create`]: () => ({ id: '9' }) });
    renderConsole(<SummaryCreate location={{ path: '/csSummary/create', query: { _modal: 'small' } }} />, {
      client: server.client,
      permissions: ALL,
    });
    await userEvent.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(server.calls.some((c) => c.path === `${SUMMARY}/create`)).toBe(false);
    expect((screen.getByRole('combobox', { name: /^类型/ }) as HTMLInputElement).value).toBe('在线');
    await userEvent.type(screen.getByRole('textbox', { name: /^名称/ }), '售后小结');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === `${SUMMARY}/create`)?.body).toEqual({
        name: '售后小结',
        type: 'ONLINE',
        fields: [],
      }),
    );
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csSummary/config',
        query: { id: '9', _modal: 'large', _reload: 'list' },
      }),
    );
  });
});

describe('summary config (O-S40)', () => {
  it('adds fields from the picker at the end, the listed ones ticked and not choosable, and saves them in order', async () => {
    const { calls } = openConfig();
    await loaded();
    expect(fieldNames()).toEqual(['咨询类型', '问题描述', '是否解决']);
    await userEvent.click(screen.getByRole('button', { name: '添加字段' }));
    const picker = await screen.findByRole('dialog', { name: '选择字段' });
    const row = async (name: string) => (await within(picker).findByText(name)).closest('tr')!;
    expect((await row('咨询类型')).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(await row('咨询类型'));
    await userEvent.click(await row('客户电话'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldNames()).toEqual(['咨询类型', '问题描述', '是否解决', '客户电话']));
    // the picker reads the organisation's fields, 10 a page
    expect(calls.find((c) => c.path === '/v3/feed/field/page')?.query).toEqual({ page: 1, size: 10 });
    const body = await saved(calls);
    expect(body).toEqual({
      id: '1',
      version: 4,
      name: '小结1号',
      fields: [
        { fieldId: 'F1', required: true, search: true },
        { fieldId: 'F2', required: false, search: false },
        { fieldId: 'F3', required: true, search: false },
        { fieldId: 'F4', required: false, search: false },
      ],
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/csSummary/config',
        query: { id: '1', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('select-all in the picker asks first, and adds only the fields not yet listed', async () => {
    const { calls } = openConfig();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '添加字段' }));
    const picker = await screen.findByRole('dialog', { name: '选择字段' });
    await within(picker).findByText('回访日期');
    await userEvent.click(within(picker).getByRole('button', { name: '全选' }));
    expect(within(await confirmBox()).getByText('确定选择本页的 2 个字段吗？')).toBeTruthy();
    await userEvent.click(within(await confirmBox()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(picker).getByText('已选 2 条')).toBeTruthy());
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldNames()).toEqual(['咨询类型', '问题描述', '是否解决', '客户电话', '回访日期']));
    expect((await saved(calls)).fields.map((f) => f.fieldId)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5']);
  });

  it('ignores a field already listed, however often it is picked (O-V39)', () => {
    const rows = summary(1).fields;
    const next = addFields(rows, [FIELDS[1], FIELDS[3], FIELDS[3]]);
    expect(next.map((f) => f.fieldId)).toEqual(['F1', 'F2', 'F3', 'F4']);
    // a listed field keeps its switches
    expect(next[0]).toMatchObject({ required: true, search: true });
    expect(next[3]).toMatchObject({ fieldName: '客户电话', fieldType: 'PHONE', required: false, search: false });
  });

  it('switches required and search per field, and removes a field', async () => {
    const { calls } = openConfig();
    await loaded();
    await userEvent.click(screen.getByRole('switch', { name: '必填 问题描述' }));
    await userEvent.click(screen.getByRole('switch', { name: '可搜索 问题描述' }));
    await userEvent.click(screen.getByRole('switch', { name: '必填 咨询类型' }));
    await userEvent.click(screen.getByRole('button', { name: '移除 是否解决' }));
    expect(fieldNames()).toEqual(['咨询类型', '问题描述']);
    expect((await saved(calls)).fields).toEqual([
      { fieldId: 'F1', required: false, search: true },
      { fieldId: 'F2', required: true, search: true },
    ]);
  });

  it('orders the fields by dragging, from the keyboard too: space lifts, an arrow moves, space drops', async () => {
    const { calls } = openConfig();
    await loaded();
    const handle = screen.getByRole('button', { name: '拖动排序：是否解决' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await settle();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await settle();
    await waitFor(() => expect(fieldNames()).toEqual(['是否解决', '咨询类型', '问题描述']));
    expect((await saved(calls)).fields.map((f) => f.fieldId)).toEqual(['F3', 'F1', 'F2']);
  });

  it('with an empty name shows 请输入名称 in the banner and sends nothing', async () => {
    const { calls } = openConfig();
    await loaded();
    await userEvent.clear(screen.getByRole('textbox', { name: /^名称/ }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入名称');
    expect(calls.some((c) => c.path === `${SUMMARY}/change`)).toBe(false);
  });

  it('shows the fields without handles, switches or save to whoever may only view', async () => {
    openConfig(summary(1), ['csSummary.view']);
    await loaded();
    expect(screen.queryByRole('button', { name: /拖动排序/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加字段' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect((screen.getByRole('switch', { name: '必填 咨询类型' }) as HTMLInputElement).disabled).toBe(true);
  });
});

function line(more: Partial<CsLine> = {}): CsLine {
  return {
    id: '1',
    name: '线路1号',
    type: 'ONLINE',
    status: 'ACTIVE',
    tenantId: '1',
    basicConfig: { login: false },
    hotlineGroups: [],
    onlineGroups: [],
    groupIds: [],
    navs: [],
    agentConfig: defaultLineAgentConfig(),
    version: 3,
    ...more,
  };
}

describe("the line's summary select", () => {
  function openLine(record: CsLine, more: Record<string, Handler> = {}) {
    const server = fakeClient({
      '/v3/chats/chatbot/list': () => [],
      '/v3/feed/space/list': () => [],
      '/v3/users/app/list/top': () => [],
      '/v3/chats/cs-time/list': () => [],
      '/v3/chats/score-config/list': () => [],
      [`${SUMMARY}/list`]: () => [
        { id: '80', name: '在线服务小结' },
        { id: '81', name: '热线小结' },
      ],
      '/v3/chats/cs-line/detail': () => record,
      '/v3/chats/cs-line/change': () => ({ id: record.id }),
      ...more,
    });
    renderConsole(<LineConfig location={{ path: '/online/csLine/config', query: { id: '1', _modal: 'full' } }} />, {
      client: server.client,
      permissions: ['csLine.view', 'csLine.edit', ...ALL],
    });
    return server;
  }
  const select = () => screen.getByRole('combobox', { name: /^服务小结/ }) as HTMLInputElement;
  const lineSaved = async (calls: ApiRequest[]) => {
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    return waitFor(() => {
      const body = calls.find((c) => c.path === '/v3/chats/cs-line/change')?.body as Record<string, unknown>;
      expect(body).toBeDefined();
      return body;
    });
  };

  it('shows the bound summary by name, offers the organisation’s summaries and saves the choice with the basic info', async () => {
    const { calls } = openLine(line({ summaryConfigId: '80', summaryConfigName: '在线服务小结' }));
    await waitFor(() => expect(select().value).toBe('在线服务小结'));
    expect(select().disabled).toBe(false);
    await userEvent.click(select());
    await userEvent.click(await screen.findByRole('option', { name: '热线小结' }));
    expect((await lineSaved(calls)).summaryConfigId).toBe('81');
  });

  it('creates a summary in a 600 drawer and chooses it', async () => {
    let summaries = [{ id: '80', name: '在线服务小结' }];
    const { calls } = openLine(line(), {
      [`${SUMMARY}/list`]: () => summaries,
      [`${SUMMARY}/create`]: () => {
        summaries = [...summaries, { id: '82', name: '售后小结' }];
        return { id: '82' };
      },
    });
    await waitFor(() => expect(select()).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: '新建服务小结' }));
    const drawer = await screen.findByRole('dialog', { name: '新建服务小结' });
    let box: HTMLElement | null = drawer;
    while (box && !box.hasAttribute('data-drawer-width')) box = box.parentElement;
    expect(box?.getAttribute('data-drawer-width')).toBe('600');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^名称/ }), '售后小结');
    await userEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(select().value).toBe('售后小结'));
    expect(calls.find((c) => c.path === `${SUMMARY}/create`)?.body).toMatchObject({ name: '售后小结', type: 'ONLINE' });
    expect((await lineSaved(calls)).summaryConfigId).toBe('82');
  });
});
