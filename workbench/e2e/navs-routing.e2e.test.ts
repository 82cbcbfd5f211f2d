import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, confirm, dialog, open, screenshot, signIn, stamp, useBrowser } from './browser.js';

interface IvrNode {
  name: string;
  code?: string | null;
  dn?: string | null;
  nodes: IvrNode[];
}
interface Nav {
  id: string;
  kind: string;
  type: string;
  onlineConfig: { routes: { id: string; name: string; groups: { groupId: string; weight: number }[] }[] } | null;
  hotlineConfig: {
    ivrRoutes: IvrNode[];
    inScore: { key: string; nodes: IvrNode[] };
    outScore: { key: string; nodes: IvrNode[] };
  } | null;
}

/** The tree as names only, the way a person reads it. */
const names = (nodes: IvrNode[]): unknown[] =>
  nodes.map((n) => (n.nodes.length > 0 ? { [n.name]: names(n.nodes) } : n.name));

/**
 * The routing navigations in a real browser against the real server (issue 18): a GROUP navigation routes to two
 * ONLINE skill groups with weights typed as percents and stored as fractions; an IVR navigation made from the
 * hotline list gets a small tree, a node is deleted (删除成功), and the satisfaction roots refuse to be deleted.
 */
describe('routing navigations in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const groups = [`E2E路由售前-${suffix}`, `E2E路由售后-${suffix}`];
  const groupIds: string[] = [];

  beforeAll(() => {
    page = opened.page();
  });

  it('builds a GROUP route with two weighted skill groups; the weights are stored as fractions', async () => {
    await signIn(page, 'admin');
    // two ONLINE groups of this run to route to (a service time and a receiver from the demo data)
    const [time] = (await api<{ id: string }[]>(page, '/v3/chats/cs-time/list', { fields: ['id'], limit: 1 })).body;
    const [agent] = (await api<{ id: string }[]>(page, '/v3/chats/cs-agent/list', { fields: ['id'], limit: 1 })).body;
    for (const name of groups) {
      const made = await api<{ id: string }>(page, '/v3/chats/cs-group/create', {
        type: 'ONLINE',
        name,
        timeId: time!.id,
        agentIds: [agent!.id],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      groupIds.push(made.body.id);
    }

    await open(page, '/online/csNav/config?kind=GROUP&_modal=large');
    const config = dialog(page, '新建导航配置');
    await config.getByRole('textbox', { name: /^名称/ }).fill(`E2E技能组导航-${suffix}`);
    await config.getByRole('button', { name: '添加路由' }).click();
    await config.getByRole('textbox', { name: /^路由名称/ }).fill('售前分流');
    await config.getByRole('button', { name: '添加技能组' }).click();
    const picker = dialog(page, '选择技能组');
    await picker.getByRole('textbox', { name: '关键词' }).fill(`E2E路由`);
    await picker.getByRole('button', { name: '搜索' }).click();
    await picker.getByText(groups[0]!).click();
    await picker.getByText(groups[1]!).click();
    await picker.getByRole('button', { name: '确定', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    // the first group takes the whole route, the second starts at 0: typed as percents
    const weight = (name: string) => config.getByRole('textbox', { name: `${name} 的权重` });
    expect(await weight(groups[0]!).inputValue()).toBe('100%');
    await weight(groups[0]!).fill('62.5');
    await config.getByTestId('route-total-0').getByText('合计应为 100%', { exact: false }).waitFor();
    await weight(groups[1]!).fill('37.5');
    await config.getByTestId('route-total-0').getByText('权重合计 100%').waitFor();
    await screenshot(page, 'nav-group');

    const created = await answerTo(page, '/cs-nav/create', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body as { id: string }).id;
    const stored = (await api<Nav>(page, '/v3/chats/cs-nav/detail', {}, { navId: id })).body;
    expect(stored.onlineConfig?.routes.map((r) => ({ id: r.id, name: r.name }))).toEqual([
      { id: 'route-1', name: '售前分流' },
    ]);
    expect(stored.onlineConfig?.routes[0]?.groups.map((g) => [g.groupId, g.weight])).toEqual([
      [groupIds[0], 0.625],
      [groupIds[1], 0.375],
    ]);
    // reopened on the saved record, the percents read back as typed
    const saved = dialog(page, '导航配置');
    expect(await saved.getByRole('textbox', { name: `${groups[0]} 的权重` }).inputValue()).toBe('62.5%');
  });

  it('edits an IVR tree from the hotline list; a node is deleted, the satisfaction roots are not', async () => {
    await open(page, '/hotline/csNav/list');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const config = dialog(page, '新建导航配置');
    await config.getByTestId('nav-kind').getByText('IVR 导航').waitFor();
    await config.getByRole('textbox', { name: /^名称/ }).fill(`E2E热线IVR-${suffix}`);

    const routes = config.getByTestId('ivr-routes');
    await routes.getByRole('button', { name: '添加节点' }).click();
    await routes.getByRole('button', { name: '添加节点' }).click();
    const node = (path: string) => config.getByTestId(`ivr-node-${path}`);
    const field = (path: string, label: string) => node(path).getByRole('textbox', { name: label }).first();
    await field('ivrRoutes.0', '节点名称').fill('售前咨询');
    await field('ivrRoutes.0', '编码').fill('1');
    await field('ivrRoutes.0', '分机号').fill('8001');
    await node('ivrRoutes.0').getByRole('button', { name: '在 售前咨询 下添加子节点' }).click();
    await field('ivrRoutes.0.nodes.0', '节点名称').fill('手机');
    await field('ivrRoutes.1', '节点名称').fill('售后服务');
    await config.getByRole('button', { name: '在 呼入满意度 下添加子节点' }).click();
    await field('inScore.nodes.0', '节点名称').fill('满意请按 1');

    // the fixed root refuses; a node goes after a confirmation
    await config.getByRole('button', { name: '删除节点 呼入满意度' }).click();
    await page.getByText('满意度根节点不能删除').first().waitFor();
    expect(await config.getByTestId('ivr-root-InScore').count()).toBe(1);
    await config.getByRole('button', { name: '删除节点 售后服务' }).click();
    await confirm(page, '删除节点“售后服务”？');
    await page.getByText('删除成功').first().waitFor();
    await screenshot(page, 'nav-ivr');

    const created = await answerTo(page, '/cs-nav/create', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body as { id: string }).id;
    const stored = (await api<Nav>(page, '/v3/chats/cs-nav/detail', {}, { navId: id })).body;
    expect([stored.type, stored.kind]).toEqual(['HOTLINE', 'IVR']);
    expect(names(stored.hotlineConfig!.ivrRoutes)).toEqual([{ 售前咨询: ['手机'] }]);
    expect(stored.hotlineConfig!.ivrRoutes[0]).toMatchObject({ code: '1', dn: '8001' });
    expect(names(stored.hotlineConfig!.inScore.nodes)).toEqual(['满意请按 1']);
    expect(stored.hotlineConfig!.outScore).toEqual({ key: 'OutScore', nodes: [] });

    // reopened on the saved record: the tree is there and its roots still cannot be deleted
    const saved = dialog(page, '导航配置');
    await saved.getByTestId('ivr-node-ivrRoutes.0.nodes.0').waitFor();
    await saved.getByRole('button', { name: '删除节点 呼出满意度' }).click();
    await page.getByText('满意度根节点不能删除').first().waitFor();

    // the list shows it under its one tab, as a hotline navigation
    await open(page, '/hotline/csNav/list');
    const row = page.getByRole('row').filter({ hasText: `E2E热线IVR-${suffix}` });
    await row.getByText('热线', { exact: true }).waitFor();
  });
});
