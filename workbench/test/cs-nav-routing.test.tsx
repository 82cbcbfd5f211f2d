import {
  type CsGroup,
  type CsNav,
  type GroupOnlineConfig,
  type IvrHotlineConfig,
  percentToWeight,
  weightToPercent,
} from '@qcdesk/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { type ReactNode, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csNavHotlineDescription,
  HOTLINE_NAV_CONFIG_PATH,
  HOTLINE_NAV_LIST_PATH,
} from '../src/entities/cs-nav-hotline';
import { useRouterStore } from '../src/router/router-store';
import { GroupEditor } from '../src/screens/online/nav/GroupEditor';
import { addRouteGroups, routeTotal, weightOfInput } from '../src/screens/online/nav/group-routes';
import { HotlineNavList } from '../src/screens/online/nav/HotlineNavList';
import { IvrEditor } from '../src/screens/online/nav/IvrEditor';
import { movedIndex } from '../src/screens/online/nav/ivr-edits';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const ALL = ['csNav.view', 'csNav.edit', 'csNav.delete', 'csGroup.view'];

/** An editor holding its value as NavConfig does; `latest()` is what it last handed back, `replace` sets it anew. */
function harness<C>(Editor: typeof GroupEditor | typeof IvrEditor, initial: C, handlers: Record<string, Handler> = {}) {
  const changes: C[] = [];
  let replace: (next: C) => void = () => {};
  function Holder() {
    const [value, setValue] = useState(initial);
    replace = setValue;
    const Typed = Editor as unknown as (props: {
      value: C;
      onChange: (next: C) => void;
      disabled: boolean;
      errors: Record<string, string>;
    }) => ReactNode;
    return (
      <Typed
        value={value}
        disabled={false}
        errors={{}}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const server = fakeClient(handlers);
  renderConsole(<Holder />, { client: server.client, permissions: ALL });
  return {
    ...server,
    latest: () => changes[changes.length - 1],
    changes,
    replace: (next: C) => act(() => replace(next)),
  };
}

const confirmBox = () => screen.findByRole('dialog', { name: '请确认' });
async function answer(button: '确定' | '取消') {
  await userEvent.click(within(await confirmBox()).getByRole('button', { name: button }));
}

// ---- GROUP ------------------------------------------------------------------------------------------------------

function onlineGroup(id: string, name: string): CsGroup {
  return {
    id,
    name,
    type: 'ONLINE',
    status: 'ACTIVE',
    code: null,
    intro: null,
    timeId: 'T1',
    timeName: '工作日',
    parentId: null,
    parentName: null,
    agentIds: [],
    agents: [],
    navs: [],
    todayTimes: [],
    online: true,
    config: null,
    version: 1,
  };
}

const groupPage: Handler = () => ({
  records: [onlineGroup('G1', '售前组'), onlineGroup('G2', '售后组')],
  total: 2,
  page: 1,
  size: 10,
});

const twoGroups = (): GroupOnlineConfig => ({
  routes: [
    {
      id: 'route-1',
      name: '默认路由',
      groups: [
        { groupId: 'G1', groupName: '售前组', weight: 0.25 },
        { groupId: 'G3', groupName: '大客户组', weight: 0.755 },
      ],
    },
  ],
});

const weightBox = (name: string) => screen.getByRole('textbox', { name: `${name} 的权重` }) as HTMLInputElement;

describe('GROUP editor: weights', () => {
  // what the screen offers: whole percents and percents with 2 decimals; what it stores: fractions with 4 decimals
  const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
  const stored = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);

  it('a typed percent is stored as its fraction and shown again unchanged; a stored fraction survives the round trip', () => {
    fc.assert(
      fc.property(percent, (p) => {
        const weight = weightOfInput(p);
        expect(weight).toBe(percentToWeight(p));
        expect(weightToPercent(weight!)).toBe(p);
        // typed as text, the same
        expect(weightOfInput(String(p))).toBe(weight);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(stored, (w) => {
        expect(weightOfInput(weightToPercent(w))).toBe(w);
      }),
      { numRuns: 1000 },
    );
  });

  it('nothing outside 0..100 %, and no empty input, becomes a weight', () => {
    for (const typed of ['', ' ', '-1', '100.01', 'abc', -0.5, 101]) expect(weightOfInput(typed)).toBeNull();
    expect(weightOfInput(100)).toBe(1);
    expect(weightOfInput(0)).toBe(0);
  });

  it('typed in the editor, any percent is sent as its fraction and stays shown as typed', async () => {
    await fc.assert(
      fc.asyncProperty(percent, async (p) => {
        const { latest } = harness(GroupEditor, twoGroups());
        const box = weightBox('售前组');
        await userEvent.clear(box);
        await userEvent.type(box, String(p));
        expect(latest()?.routes[0]?.groups[0]?.weight).toBe(percentToWeight(p));
        expect(box.value).toBe(`${p}%`);
        cleanup();
      }),
      { numRuns: 8 },
    );
  });

  it('shows stored fractions as percents, sums each route and hints when it is not 100 %', async () => {
    const { latest } = harness(GroupEditor, twoGroups());
    expect(weightBox('售前组').value).toBe('25%');
    expect(weightBox('大客户组').value).toBe('75.5%');
    const total = screen.getByTestId('route-total-0');
    expect(within(total).getByText('权重合计 100.5%')).toBeTruthy();
    expect(within(total).getByText(/合计应为 100%/)).toBeTruthy();
    await userEvent.clear(weightBox('大客户组'));
    await userEvent.type(weightBox('大客户组'), '75');
    expect(latest()?.routes[0]?.groups.map((g) => g.weight)).toEqual([0.25, 0.75]);
    expect(within(total).getByText('权重合计 100%')).toBeTruthy();
    expect(within(total).queryByText(/合计应为 100%/)).toBeNull();
  });

  it('a stored weight the screen cannot show exactly is kept until the user changes it', () => {
    const { latest } = harness(GroupEditor, {
      routes: [{ id: 'route-1', name: '默认路由', groups: [{ groupId: 'G1', groupName: '售前组', weight: 0.12345 }] }],
    });
    expect(weightBox('售前组').value).toBe('12.35%');
    fireEvent.blur(weightBox('售前组'));
    expect(latest()).toBeUndefined();
  });

  it('sums in hundredths, so three thirds that make 100 say 100', () => {
    const route = {
      id: null,
      name: 'r',
      groups: [0.3333, 0.3333, 0.3334].map((weight, i) => ({ groupId: `G${i}`, weight })),
    };
    expect(routeTotal(route)).toBe(100);
  });
});

describe('GROUP editor: routes and groups', () => {
  it('adds ONLINE groups from the skill-group picker; a group already in the route is ignored', async () => {
    const { latest, calls } = harness(GroupEditor, twoGroups(), { '/v3/chats/cs-group/page': groupPage });
    await userEvent.click(screen.getByRole('button', { name: '添加技能组' }));
    const picker = await screen.findByRole('dialog', { name: '选择技能组' });
    // 售前组 is in the route already: ticked and not choosable
    const taken = (await within(picker).findByText('售前组')).closest('tr')!;
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(taken);
    await userEvent.click(within(picker).getByText('售后组'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('route-group-G2')).toBeTruthy());
    const groups = latest()?.routes[0]?.groups ?? [];
    expect(groups.map((g) => g.groupId)).toEqual(['G1', 'G3', 'G2']);
    // the route's groups are ONLINE ones only
    const asked = calls.find((c) => c.path === '/v3/chats/cs-group/page')?.body as Record<string, unknown>;
    expect(asked).toMatchObject({ type: 'ONLINE', status: 'ACTIVE' });
  });

  it('picking a group the route has again changes nothing; a new one takes what is left up to 100 %', () => {
    const route = twoGroups().routes[0]!;
    const again = addRouteGroups(route, [{ groupId: 'G1', groupName: '售前组' }]);
    expect(again.groups).toEqual(route.groups);
    const half = addRouteGroups({ id: null, name: 'r', groups: [{ groupId: 'G1', weight: 0.6 }] }, [
      { groupId: 'G1' },
      { groupId: 'G2', groupName: '售后组' },
      { groupId: 'G4', groupName: '夜间组' },
    ]);
    expect(half.groups).toEqual([
      { groupId: 'G1', weight: 0.6 },
      { groupId: 'G2', groupName: '售后组', weight: 0.4 },
      { groupId: 'G4', groupName: '夜间组', weight: 0 },
    ]);
  });

  it('a new route is 路由-N with no id (the server gives one); removing a route asks first', async () => {
    const { latest } = harness(GroupEditor, twoGroups());
    await userEvent.click(screen.getByRole('button', { name: '添加路由' }));
    expect(latest()?.routes.map((r) => [r.id, r.name])).toEqual([
      ['route-1', '默认路由'],
      [null, '路由-2'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: '删除路由 默认路由' }));
    expect(within(await confirmBox()).getByText('删除路由“默认路由”？它的技能组和权重也会一并清除。')).toBeTruthy();
    await answer('取消');
    expect(latest()?.routes).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '删除路由 默认路由' }));
    await answer('确定');
    await waitFor(() => expect(latest()?.routes.map((r) => r.name)).toEqual(['路由-2']));
    expect(screen.queryByRole('textbox', { name: /路由名称/ })?.getAttribute('value')).toBe('路由-2');
  });

  it('removing a group from a route does not ask (only routes do)', async () => {
    const { latest } = harness(GroupEditor, twoGroups());
    await userEvent.click(screen.getByRole('button', { name: '移除技能组 大客户组' }));
    expect(latest()?.routes[0]?.groups.map((g) => g.groupId)).toEqual(['G1']);
    expect(screen.queryByRole('dialog', { name: '请确认' })).toBeNull();
  });
});

// ---- IVR --------------------------------------------------------------------------------------------------------

const ivr = (): IvrHotlineConfig => ({
  ivrRoutes: [
    {
      key: 'n1',
      name: '售前咨询',
      code: '1',
      dn: '8001',
      type: 'ROUTE',
      nodes: [{ key: 'n2', name: '手机', code: '1', dn: null, type: 'ROUTE', nodes: [] }],
    },
    { key: 'n3', name: '售后服务', code: '2', dn: null, type: 'ROUTE', nodes: [] },
  ],
  inScore: { key: 'InScore', nodes: [{ name: '满意', type: 'ROUTE', nodes: [] }] },
  outScore: { key: 'OutScore', nodes: [] },
  score: null,
});

const toast = (text: string) => screen.findByText(text);

describe('IVR editor', () => {
  it('the two fixed roots cannot be deleted: the refusal is said and the tree stays', async () => {
    const { changes } = harness(IvrEditor, ivr());
    expect(within(screen.getByTestId('ivr-root-InScore')).getByText('呼入满意度')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '删除节点 呼入满意度' }));
    expect(await toast('满意度根节点不能删除')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '删除节点 呼出满意度' }));
    await waitFor(() => expect(screen.getAllByText('满意度根节点不能删除')).toHaveLength(2));
    expect(changes).toEqual([]);
    expect(screen.queryByRole('dialog', { name: '请确认' })).toBeNull();
  });

  it('deleting a node asks (naming what goes with it), then says 删除成功', async () => {
    const { latest } = harness(IvrEditor, ivr());
    await userEvent.click(screen.getByRole('button', { name: '删除节点 售前咨询' }));
    expect(within(await confirmBox()).getByText('删除节点“售前咨询”？它下面的 1 个节点也会一并删除。')).toBeTruthy();
    await answer('确定');
    expect(await toast('删除成功')).toBeTruthy();
    expect(latest()?.ivrRoutes.map((n) => n.name)).toEqual(['售后服务']);
    expect(screen.queryByRole('button', { name: '删除节点 手机' })).toBeNull();
  });

  it('a node without a key (as stored) is deleted too', async () => {
    const { latest } = harness(IvrEditor, ivr());
    await userEvent.click(screen.getByRole('button', { name: '删除节点 满意' }));
    await answer('确定');
    expect(await toast('删除成功')).toBeTruthy();
    expect(latest()?.inScore.nodes).toEqual([]);
  });

  it('a node gone while its deletion was being confirmed says 未找到该节点, and nothing else is deleted', async () => {
    const { latest, replace } = harness(IvrEditor, ivr());
    await userEvent.click(screen.getByRole('button', { name: '删除节点 售后服务' }));
    await confirmBox();
    // the tree is replaced meanwhile (reloaded): 售后服务 is no longer in it
    const reloaded = ivr();
    reloaded.ivrRoutes = reloaded.ivrRoutes.slice(0, 1);
    replace(reloaded);
    await answer('确定');
    expect(await toast('未找到该节点')).toBeTruthy();
    expect(latest()).toBeUndefined();
    expect(screen.getByRole('button', { name: '删除节点 售前咨询' })).toBeTruthy();
  });

  it('the same for a node without a key: another node in its place is never deleted', async () => {
    const { changes, replace } = harness(IvrEditor, ivr());
    await userEvent.click(screen.getByRole('button', { name: '删除节点 满意' }));
    await confirmBox();
    const reloaded = ivr();
    reloaded.inScore.nodes = [{ name: '满意', type: 'ROUTE', nodes: [] }];
    replace(reloaded);
    await answer('确定');
    expect(await toast('未找到该节点')).toBeTruthy();
    expect(changes).toEqual([]);
  });

  it('adds a child (节点-N) under a node and under a root; name, code and extension are edited in place', async () => {
    const { latest } = harness(IvrEditor, ivr());
    await userEvent.click(screen.getByRole('button', { name: '在 售后服务 下添加子节点' }));
    const added = latest()?.ivrRoutes[1]?.nodes[0];
    expect(added).toMatchObject({ name: '节点-1', type: 'ROUTE', nodes: [] });
    expect(added?.key).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '在 呼出满意度 下添加子节点' }));
    expect(latest()?.outScore.nodes.map((n) => n.name)).toEqual(['节点-1']);

    const row = screen.getByTestId('ivr-node-ivrRoutes.1.nodes.0');
    const name = within(row).getAllByRole('textbox', { name: '节点名称' })[0]!;
    await userEvent.clear(name);
    await userEvent.type(name, '退换货');
    await userEvent.type(within(row).getAllByRole('textbox', { name: '编码' })[0]!, '21');
    await userEvent.type(within(row).getAllByRole('textbox', { name: '分机号' })[0]!, '8021');
    expect(latest()?.ivrRoutes[1]?.nodes[0]).toMatchObject({ name: '退换货', code: '21', dn: '8021' });
  });
});

describe('IVR editor: reordering siblings', () => {
  // jsdom lays nothing out: each row a 40 px box by its place, as the SortableList test does
  const realRect = HTMLElement.prototype.getBoundingClientRect;
  beforeAll(() => {
    HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
      const row = this.closest('[data-sortable-index]');
      const top = row ? Number(row.getAttribute('data-sortable-index')) * 40 : 0;
      return { x: 0, y: top, top, left: 0, width: 300, height: 40, right: 300, bottom: top + 40, toJSON: () => ({}) };
    };
  });
  afterAll(() => {
    HTMLElement.prototype.getBoundingClientRect = realRect;
  });
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

  it('moves a node among its siblings from the keyboard, its children with it', async () => {
    const { latest } = harness(IvrEditor, ivr());
    const handle = screen.getByRole('button', { name: '拖动排序：售前咨询' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await settle();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await settle();
    expect(latest()?.ivrRoutes.map((n) => n.name)).toEqual(['售后服务', '售前咨询']);
    expect(latest()?.ivrRoutes[1]?.nodes.map((n) => n.name)).toEqual(['手机']);
  });

  it('reads the one move a drag made', () => {
    expect(movedIndex(['a', 'b', 'c', 'd'], ['b', 'c', 'a', 'd'])).toEqual({ from: 0, to: 2 });
    expect(movedIndex(['a', 'b', 'c', 'd'], ['a', 'd', 'b', 'c'])).toEqual({ from: 3, to: 1 });
    expect(movedIndex(['a', 'b'], ['b', 'a'])).toEqual({ from: 0, to: 1 });
    expect(movedIndex(['a', 'b'], ['a', 'b'])).toBeNull();
  });
});

// ---- hotline list -----------------------------------------------------------------------------------------------

function hotlineNav(i: number, more: Partial<CsNav> = {}): CsNav {
  return {
    id: String(i),
    name: `热线导航${i}号`,
    code: null,
    type: 'HOTLINE',
    kind: 'IVR',
    welcome: null,
    onlineConfig: null,
    hotlineConfig: ivr(),
    lines: [],
    tenantId: '1',
    version: 1,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<CsNav>(csNavHotlineDescription, { record: (i) => hotlineNav(i) });

describe('hotline navigation list', () => {
  const lines = ['热线一', '热线二', '热线三', '热线四'].map((lineName, i) => ({ lineId: String(i + 1), lineName }));

  function list(permissions = ALL) {
    const server = fakeClient({
      '/v3/chats/cs-nav/page': () => ({ records: [hotlineNav(1, { lines })], total: 1, page: 1, size: 20 }),
    });
    renderConsole(
      drawAtRoute((location) => <HotlineNavList location={location} />, HOTLINE_NAV_LIST_PATH),
      { client: server.client, permissions },
    );
    return server;
  }

  it('asks for HOTLINE navigations of its one tab IVR; shows name, lines (3, then folded), type and last change', async () => {
    const { calls } = list();
    await screen.findByText('热线导航1号');
    expect(calls.find((c) => c.path === '/v3/chats/cs-nav/page')?.body).toMatchObject({
      type: 'HOTLINE',
      kind: 'IVR',
      deleted: 'NONE',
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['IVR 导航']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const title of ['名称', '使用线路', '类型', '修改时间']) expect(headers).toContain(title);
    const row = screen.getByText('热线导航1号').closest('tr')!;
    expect(within(row).getByText('热线一')).toBeTruthy();
    expect(within(row).getByText('热线三')).toBeTruthy();
    expect(within(row).queryByText('热线四')).toBeNull();
    expect(within(row).getByText('热线')).toBeTruthy();
  });

  it('the name opens the IVR editor as a large modal; create opens a new IVR navigation', async () => {
    list();
    await userEvent.click(await screen.findByRole('button', { name: '热线导航1号' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: HOTLINE_NAV_CONFIG_PATH,
      query: { id: '1', _modal: 'large' },
    });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: HOTLINE_NAV_CONFIG_PATH,
      query: { kind: 'IVR', _modal: 'large' },
    });
  });

  it('without csNav.edit there is no create; without csNav.delete no delete', async () => {
    list(['csNav.view']);
    await screen.findByText('热线导航1号');
    expect(screen.queryByRole('button', { name: '新建' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
