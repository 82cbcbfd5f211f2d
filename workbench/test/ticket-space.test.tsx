import type { GrantPage, Space } from '@qcdesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { findRoute } from '../src/app/route-table';
import { useSessionStore } from '../src/auth/session-store';
import { SPACE_LIST_PATH, spaceDescription, type TemplateRecord } from '../src/entities/space';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { SpaceAuth } from '../src/screens/ticket/SpaceAuth';
import { addTemplates, SpaceConfig, type TemplateRow } from '../src/screens/ticket/SpaceConfig';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

/**
 * Ticket spaces (tickets spec §2 "Ticket spaces"): the list's columns, the config modal's two tabs, the ordered
 * templates (dragged, removed, added from the template picker), the after-save target, and the authorisation tab.
 */
const SPACE = '/v3/feed/space';
const KIND = '/v3/feed/task-kind';
const EDIT = ['ticket-space.view', 'ticket-space.edit', 'ticket-space.delete', 'ticket-kind.view'];
const VIEW = ['ticket-space.view', 'ticket-kind.view'];
/** the user's organisation; a space of tenant '2' was granted to it by another */
const OWN = '1';

const kind = (id: string, kindName: string, kindCode: string | null) => ({
  kindId: id,
  kindName,
  kindCode,
  kindType: 'TICKET',
  createTime: '2026-11-20 10:00:00',
});

function space(more: Partial<Space> = {}): Space {
  return {
    id: '1',
    name: '售后工单',
    code: 'AFTER',
    type: 'TICKET',
    intro: '售后问题的工单',
    tenantId: OWN,
    taskKindIds: ['K1', 'K2', 'K3'],
    taskKinds: [kind('K1', '投诉处理', 'COMPLAINT'), kind('K2', '退换货', 'RETURN'), kind('K3', '咨询回访', null)],
    version: 4,
    createTime: '2026-11-20 10:00:00',
    ...more,
  };
}

/** The organisation's ticket kinds as the template picker pages them (keyword on the name). */
function kindPage(count: number): Handler {
  const all: TemplateRecord[] = Array.from({ length: count }, (_, i) => ({
    id: `K${i + 1}`,
    name: ['投诉处理', '退换货', '咨询回访', '物流查询'][i] ?? `模版${i + 1}`,
    code: `C${i + 1}`,
    taskCode: 'TS',
    status: 'ACTIVE',
  }));
  return (request: ApiRequest) => {
    const keyword = (request.body as { keyword?: string }).keyword;
    const found = all.filter((k) => !keyword || k.name.includes(keyword));
    const page = Number(request.query?.page);
    const size = Number(request.query?.size);
    return { records: found.slice((page - 1) * size, page * size), total: found.length, page, size };
  };
}

function render(ui: React.ReactNode, handlers: Record<string, Handler>, permissions: string[]) {
  const server = fakeClient(handlers);
  renderConsole(ui, { client: server.client, permissions });
  act(() => useSessionStore.setState({ organisation: { id: OWN, name: '本组织' } }));
  return server;
}

function openConfig(record = space(), permissions = EDIT, kinds = 12) {
  return render(
    <SpaceConfig location={{ path: '/ticket/space/config', query: { id: record.id, _modal: 'large' } }} />,
    {
      [`${SPACE}/detail`]: () => record,
      [`${SPACE}/change`]: () => ({ id: record.id }),
      [`${KIND}/page`]: kindPage(kinds),
    },
    permissions,
  );
}

const templateNames = () => [...document.querySelectorAll('[data-template-name]')].map((name) => name.textContent);
const loaded = () => waitFor(() => expect(screen.getAllByTestId(/^space-templates-row-/).length).toBeGreaterThan(0));
async function saved(calls: ApiRequest[]) {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return waitFor(() => {
    const body = calls.find((c) => c.path === `${SPACE}/change`)?.body;
    expect(body).toBeDefined();
    return body as Record<string, unknown>;
  });
}
const confirmBox = () => screen.findByRole('dialog', { name: '请确认' });
async function answer(button: '确定' | '取消') {
  await userEvent.click(within(await confirmBox()).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '请确认' })).toBeNull());
}
const picker = () => screen.findByRole('dialog', { name: '选择工单模版' });
const pickerRow = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('tr') as HTMLElement;

/** jsdom lays nothing out: each sortable row gets a 40 px box by its place, as in summary-config.test.tsx. */
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

describe('space list (T-S01)', () => {
  it('shows name (opening the config), the first 3 kinds then a fold, and the create time', async () => {
    const four = space({
      taskKinds: [...space().taskKinds, kind('K4', '物流查询', 'LOGISTICS')],
      taskKindIds: ['K1', 'K2', 'K3', 'K4'],
    });
    render(
      drawAtRoute((location) => <EntityList description={spaceDescription} location={location} />, SPACE_LIST_PATH),
      { [`${SPACE}/page`]: () => ({ records: [four], total: 1, page: 1, size: 20 }) },
      EDIT,
    );
    const row = (await screen.findByText('售后工单')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['名称', '工单模版', '创建时间']));
    expect(headers).not.toContain('编码');
    for (const name of ['投诉处理', '退换货', '咨询回访']) expect(within(row).getByText(name)).toBeTruthy();
    expect(within(row).queryByText('物流查询')).toBeNull();
    expect(within(row).getByText('2026-11-20 10:00:00')).toBeTruthy();
    await userEvent.click(within(row).getByText('售后工单'));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/space/config',
      query: { id: '1', _modal: 'large' },
    });
  });
});

describe('space config: base-config (T-S03, T-B27)', () => {
  it('has the two tabs; auth opens /ticket/space/auth at the same space in place of the config', async () => {
    openConfig();
    await loaded();
    expect(screen.getByRole('tab', { name: '基础配置' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('space-name').textContent).toBe('售后工单');
    await userEvent.click(screen.getByRole('tab', { name: '可用授权' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/space/auth',
      query: { id: '1', _modal: 'large' },
    });
    expect(findRoute('/ticket/space/auth')).toMatchObject({
      permission: 'ticket-space.view',
      parent: { path: SPACE_LIST_PATH },
    });
  });

  it('shows name, intro and the templates in order; a drag reorders them and the save sends that order', async () => {
    const { calls } = openConfig();
    await loaded();
    expect((screen.getByRole('textbox', { name: /^名称/ }) as HTMLInputElement).value).toBe('售后工单');
    expect((screen.getByRole('textbox', { name: /^简介/ }) as HTMLTextAreaElement).value).toBe('售后问题的工单');
    expect(screen.getByRole('textbox', { name: /^简介/ }).getAttribute('maxlength')).toBe('200');
    expect(templateNames()).toEqual(['投诉处理', '退换货', '咨询回访']);
    const handle = screen.getByRole('button', { name: '拖动排序：咨询回访' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await settle();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await settle();
    await waitFor(() => expect(templateNames()).toEqual(['咨询回访', '投诉处理', '退换货']));
    expect(await saved(calls)).toEqual({
      id: '1',
      version: 4,
      type: 'TICKET',
      name: '售后工单',
      code: 'AFTER',
      intro: '售后问题的工单',
      taskKindIds: ['K3', 'K1', 'K2'],
    });
    // the spec's after-save target: the config again, the list beneath reloading
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/ticket/space/config',
        query: { id: '1', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('removes a template; with an empty name it marks the name and sends nothing', async () => {
    const { calls } = openConfig();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '移除 退换货' }));
    expect(templateNames()).toEqual(['投诉处理', '咨询回访']);
    await userEvent.clear(screen.getByRole('textbox', { name: /^名称/ }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.path === `${SPACE}/change`)).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /^名称/ }), '售后');
    expect((await saved(calls)).taskKindIds).toEqual(['K1', 'K3']);
  });

  it('shows the server’s refusal in the banner and stays', async () => {
    const { calls } = render(
      <SpaceConfig location={{ path: '/ticket/space/config', query: { id: '1', _modal: 'large' } }} />,
      {
        [`${SPACE}/detail`]: () => space(),
        [`${SPACE}/change`]: () => {
          throw new ApiError(400, 'INVALID_REFERENCE', '工单模版 K2 不存在', 'taskKindIds[1]');
        },
      },
      EDIT,
    );
    await loaded();
    const before = useRouterStore.getState().current;
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('工单模版 K2 不存在')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${SPACE}/change`)).toHaveLength(1);
    expect(useRouterStore.getState().current).toBe(before);
  });

  it('is read-only without ticket-space.edit: no save, no add, no drag, no remove', async () => {
    openConfig(space(), VIEW);
    await loaded();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加模版' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^拖动排序/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^移除/ })).toBeNull();
    expect((screen.getByRole('textbox', { name: /^名称/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('is read-only, saying why, for a space another organisation granted the user’s', async () => {
    openConfig(space({ tenantId: '2' }), EDIT);
    await loaded();
    expect(screen.getByText('此空间由其他组织授权给本组织使用，只能查看')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加模版' })).toBeNull();
    expect((screen.getByRole('textbox', { name: /^简介/ }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('has no templates for a knowledge base and saves none', async () => {
    const { calls } = openConfig(space({ type: 'CS_KB', taskKindIds: [], taskKinds: [] }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^名称/ }) as HTMLInputElement).value).toBe('售后工单'),
    );
    expect(screen.queryByText('工单模版')).toBeNull();
    expect((await saved(calls)).taskKindIds).toEqual([]);
  });
});

describe('template picker (T-S05, T-B21, T-V42)', () => {
  it('pages the organisation’s kinds 10 at a time in a table 500 high; a listed one is ticked and not chosen again', async () => {
    const { calls } = openConfig();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '添加模版' }));
    const dialog = await picker();
    await within(dialog).findByText('物流查询');
    expect(within(dialog).getByTestId('picker-table').style.height).toBe('500px');
    expect(
      within(dialog)
        .getAllByRole('row')
        .filter((r) => r.getAttribute('data-row-id')),
    ).toHaveLength(10);
    expect(within(dialog).getByText('共 12 条')).toBeTruthy();
    expect(calls.find((c) => c.path === `${KIND}/page`)).toMatchObject({ query: { page: 1, size: 10 } });
    // 投诉处理 is listed already: ticked, and a click does not choose it again
    expect(pickerRow(dialog, '投诉处理').getAttribute('aria-selected')).toBe('true');
    await userEvent.click(pickerRow(dialog, '投诉处理'));
    await userEvent.click(pickerRow(dialog, '物流查询'));
    await userEvent.click(pickerRow(dialog, '模版5'));
    expect(within(dialog).getByText('已选 2 条')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择工单模版' })).toBeNull());
    expect(templateNames()).toEqual(['投诉处理', '退换货', '咨询回访', '物流查询', '模版5']);
    expect((await saved(calls)).taskKindIds).toEqual(['K1', 'K2', 'K3', 'K4', 'K5']);
  });

  it('select-all asks first; cancelled it chooses nothing, confirmed it chooses the page’s unlisted kinds', async () => {
    openConfig();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '添加模版' }));
    const dialog = await picker();
    await within(dialog).findByText('物流查询');
    await userEvent.click(within(dialog).getByRole('button', { name: '全选' }));
    expect(within(await confirmBox()).getByText('确定选择本页的 7 个工单模版吗？')).toBeTruthy();
    await answer('取消');
    expect(within(dialog).getByText('已选 0 条')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '全选' }));
    await answer('确定');
    await waitFor(() => expect(within(dialog).getByText('已选 7 条')).toBeTruthy());
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(templateNames()).toHaveLength(10));
    expect(templateNames().slice(0, 4)).toEqual(['投诉处理', '退换货', '咨询回访', '物流查询']);
  });

  it("select-all with no kinds listed warns '请选择记录' and asks nothing", async () => {
    openConfig(space(), EDIT, 0);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: '添加模版' }));
    const dialog = await picker();
    expect(await within(dialog).findByText('暂无数据')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '全选' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '请确认' })).toBeNull();
  });

  it('addTemplates keeps the list and appends each newly picked kind once, in the order picked (property)', () => {
    const id = fc.constantFrom('K1', 'K2', 'K3', 'K4', 'K5', 'K6');
    fc.assert(
      fc.property(fc.uniqueArray(id), fc.array(id), (listed, picked) => {
        const rows: TemplateRow[] = listed.map((k) => ({ kindId: k, kindName: k, kindCode: null }));
        const result = addTemplates(
          rows,
          picked.map((k) => ({ id: k, name: k })),
        ).map((r) => r.kindId);
        expect(result.slice(0, listed.length)).toEqual(listed);
        expect(new Set(result).size).toBe(result.length);
        expect(result.slice(listed.length)).toEqual([...new Set(picked)].filter((k) => !listed.includes(k)));
      }),
    );
  });
});

describe('space auth (T-S04, T-B19)', () => {
  const grants = (memberType: 'STAFF' | 'ORG', editable: boolean): GrantPage => ({
    records:
      memberType === 'STAFF'
        ? [{ memberId: 'U1', memberName: '张三', memberCode: 'zhangsan', granted: true }]
        : [{ memberId: 'O2', memberName: '分公司', memberCode: null, granted: false }],
    total: 1,
    page: 1,
    size: 10,
    editable,
  });

  function openAuth(record: Space, permissions: string[], orgEditable: boolean) {
    return render(
      <SpaceAuth location={{ path: '/ticket/space/auth', query: { id: record.id, _modal: 'large' } }} />,
      {
        [`${SPACE}/detail`]: () => record,
        [`${SPACE}/auth/page`]: (request: ApiRequest) => {
          const type = (request.body as { memberType: 'STAFF' | 'ORG' }).memberType;
          return grants(type, type === 'STAFF' ? permissions.includes('ticket-space.edit') : orgEditable);
        },
        [`${SPACE}/auth/apply`]: () => ({ added: 1, removed: 0 }),
      },
      permissions,
    );
  }
  const toggle = (name: string) => screen.findByRole('switch', { name: new RegExp(name) });

  it('grants from both panels for the space’s own organisation with ticket-space.edit', async () => {
    const { calls } = openAuth(space(), EDIT, true);
    expect(screen.getByRole('tab', { name: '可用授权' }).getAttribute('aria-selected')).toBe('true');
    expect(within(await screen.findByTestId('grant-STAFF')).getByText('员工授权')).toBeTruthy();
    await userEvent.click(await toggle('分公司'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${SPACE}/auth/apply`)?.body).toEqual({
        targetId: '1',
        memberType: 'ORG',
        add: ['O2'],
        remove: [],
      }),
    );
    expect(calls.filter((c) => c.path === `${SPACE}/auth/page`).map((c) => (c.body as Json).targetId)).toContain('1');
  });

  it('keeps the organisation panel read-only, saying why, when the space is another organisation’s', async () => {
    openAuth(space({ tenantId: '2' }), EDIT, false);
    expect(await screen.findByTestId('space-org-read-only')).toBeTruthy();
    expect(((await toggle('分公司')) as HTMLInputElement).disabled).toBe(true);
    // the staff panel is the user's own organisation's: still his to change
    expect(((await toggle('张三')) as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps both panels read-only without ticket-space.edit, even for the own organisation', async () => {
    openAuth(space(), VIEW, true);
    expect(((await toggle('分公司')) as HTMLInputElement).disabled).toBe(true);
    expect(((await toggle('张三')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '授权' })).toBeNull();
  });
});

type Json = Record<string, unknown>;
