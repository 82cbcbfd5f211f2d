import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  choose,
  confirm,
  dialog,
  dragByHandle,
  hashQuery,
  open,
  screenshot,
  signIn,
  stamp,
  trashRestoreEmpty,
  useBrowser,
} from './browser.js';

interface NavItem {
  name: string;
  type: string;
  icon?: string | null;
  params: Record<string, unknown>;
  menus?: NavItem[];
}
interface Nav {
  id: string;
  name: string;
  kind: string;
  onlineConfig: { tabs?: { name: string; menus: NavItem[] }[]; buttons: NavItem[] };
}

/** A 1×1 PNG: the smallest icon there is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The names in the name inputs labelled `label` (菜单名称, 按钮名称), top to bottom. */
async function names(scope: Locator, label: RegExp): Promise<string[]> {
  const inputs = scope.getByRole('textbox', { name: label });
  return Promise.all((await inputs.all()).map((input) => input.inputValue()));
}

/** Fills the reply of the item card at `path` (tabs.0.menus.0, buttons.1). */
async function reply(scope: Locator, path: string, text: string) {
  await scope
    .getByTestId(`nav-item-${path}`)
    .getByRole('textbox', { name: /^回复内容/ })
    .first()
    .fill(text);
}

/**
 * Navigations in a real browser against the real server (issue 18): a SELF navigation created from the list gets
 * five tabs (the add disappears), a menu with a sub-menu and two buttons reordered by dragging; BOTTOM and SIDE
 * navigations are built in the config modal with their live preview (a SIDE button with an uploaded icon and menus);
 * each editor is pictured; the SELF one goes to the trash, back, and is emptied.
 */
describe('navigations in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const name = `E2E自助导航-${stamp()}`;
  let id = '';

  beforeAll(() => {
    page = opened.page();
  });

  it('creates a SELF navigation from its tab of the list; the save opens its config', async () => {
    await signIn(page, 'admin');
    await open(page, '/online/csNav/list');
    await page.getByRole('tab', { name: '自助导航' }).click();
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = dialog(page, /^新建导航$/);
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: /^导航种类/ }).inputValue()).toBe('自助导航');
    await form.getByRole('textbox', { name: /^名称/ }).fill(name);
    const created = await answerTo(page, '/cs-nav/create', () =>
      form.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = (created.body as { id: string }).id;
    const config = dialog(page, /^导航配置$/);
    await expect.poll(async () => config.getByRole('textbox', { name: /^名称/ }).inputValue()).toBe(name);
    expect(hashQuery(page).get('id')).toBe(id);
  });

  it('builds five tabs, a menu with a sub-menu and two buttons reordered by dragging, and saves them', async () => {
    const config = dialog(page, /^导航配置$/);
    const tabs = config.getByTestId('sortable-tabs');
    await tabs.getByRole('button', { name: '标签-1', exact: true }).waitFor();
    for (let n = 2; n <= 5; n++) {
      await config.getByRole('button', { name: '添加标签' }).click();
      await tabs.getByRole('button', { name: `标签-${n}`, exact: true }).waitFor();
    }
    // the add is gone at five tabs
    await expect.poll(() => config.getByRole('button', { name: '添加标签' }).count()).toBe(0);
    await config.getByText('已达 5 个标签的上限').waitFor();

    // the first tab: a menu whose action MENU opens it with a first sub-menu
    await tabs.getByRole('button', { name: '标签-1', exact: true }).click();
    await config.getByRole('textbox', { name: /^标签名称/ }).fill('常见问题');
    await config.getByRole('button', { name: '添加菜单' }).click();
    await config.getByRole('textbox', { name: /^菜单名称/ }).fill('售后服务');
    await choose(config, '动作：售后服务', '子菜单');
    const sub = config.getByTestId('nav-item-tabs.0.menus.0.menus.0');
    expect(await sub.getByRole('textbox', { name: /^子菜单名称/ }).inputValue()).toBe('菜单-1');
    await sub.getByRole('textbox', { name: /^子菜单名称/ }).fill('退换货');
    await reply(config, 'tabs.0.menus.0.menus.0', '七天无理由退换，请在订单页申请。');
    // the preview shows what was typed
    const preview = config.getByTestId('nav-preview');
    await preview.getByText('常见问题').waitFor();
    await preview.getByText('售后服务').waitFor();

    // two buttons, then the second dragged above the first
    const buttons = config.getByTestId('nav-buttons');
    for (const [i, label] of ['查订单', '找客服'].entries()) {
      await config.getByRole('button', { name: '添加按钮' }).click();
      await buttons
        .getByRole('textbox', { name: /^按钮名称/ })
        .nth(i)
        .fill(label);
      await reply(config, `buttons.${i}`, `${label}的回复`);
    }
    expect(await names(buttons, /^按钮名称/)).toEqual(['查订单', '找客服']);
    await dragByHandle(
      page,
      buttons,
      '找客服',
      '查订单',
      async () => (await names(buttons, /^按钮名称/))[0] === '找客服',
    );
    expect(await names(buttons, /^按钮名称/)).toEqual(['找客服', '查订单']);
    await expect.poll(async () => preview.getByTestId('preview-bar').textContent()).toMatch(/找客服[\s\S]*查订单/);

    const saved = await answerTo(page, '/cs-nav/change', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await api<Nav>(page, '/v3/chats/cs-nav/detail', {}, { navId: id });
    const self = stored.body.onlineConfig;
    expect(self.tabs?.map((t) => t.name)).toEqual(['常见问题', '标签-2', '标签-3', '标签-4', '标签-5']);
    expect(self.tabs?.[0]?.menus[0]).toMatchObject({
      name: '售后服务',
      type: 'MENU',
      menus: [{ name: '退换货', type: 'TEXT', params: { content: '七天无理由退换，请在订单页申请。' } }],
    });
    expect(self.buttons.map((b) => b.name)).toEqual(['找客服', '查订单']);
    // the modal reopened on the saved record
    await expect
      .poll(async () =>
        dialog(page, /^导航配置$/)
          .getByRole('textbox', { name: /^名称/ })
          .inputValue(),
      )
      .toBe(name);
    await dialog(page, /^导航配置$/)
      .getByTestId('sortable-tabs')
      .getByRole('button', { name: '常见问题', exact: true })
      .click();
    await screenshot(page, 'nav-self');
  });

  it('builds a BOTTOM bar in a new config modal and sees it under the preview chat', async () => {
    await open(page, '/online/csNav/config?kind=BOTTOM&_modal=large');
    const config = dialog(page, /^新建导航配置$/);
    await expect.poll(async () => config.getByRole('textbox', { name: /^名称/ }).inputValue()).toBe('底部导航');
    await config.getByRole('textbox', { name: /^名称/ }).fill(`E2E底部导航-${stamp()}`);
    for (const [i, label] of ['营业时间', '联系电话', '人工服务'].entries()) {
      await config.getByRole('button', { name: '添加按钮' }).click();
      await config
        .getByRole('textbox', { name: /^按钮名称/ })
        .nth(i)
        .fill(label);
    }
    await reply(config, 'buttons.0', '每天 9:00-21:00');
    await reply(config, 'buttons.1', '400-000-0000');
    await choose(config, '动作：人工服务', '转人工');
    await config.getByTestId('nav-preview').getByText('人工服务').click();
    await config.getByTestId('nav-preview').getByText('正在为您转接人工客服，请稍候…').waitFor();
    const created = await answerTo(page, '/cs-nav/create', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stored = await api<Nav>(page, '/v3/chats/cs-nav/detail', {}, { navId: (created.body as { id: string }).id });
    expect(stored.body).toMatchObject({ kind: 'BOTTOM', type: 'ONLINE' });
    expect(stored.body.onlineConfig.buttons.map((b) => b.type)).toEqual(['TEXT', 'TEXT', 'AGENT']);
    // the reopened modal's preview plays the agent button again for the picture
    const reopened = dialog(page, /^导航配置$/);
    await reopened.getByTestId('preview-bar').getByText('人工服务').click();
    await reopened.getByTestId('nav-preview').getByText('正在为您转接人工客服，请稍候…').waitFor();
    await screenshot(page, 'nav-bottom');
  });

  it('builds a SIDE bar: a button with an uploaded icon and one holding menus', async () => {
    await open(page, '/online/csNav/config?kind=SIDE&_modal=large');
    const config = dialog(page, /^新建导航配置$/);
    await expect.poll(async () => config.getByRole('textbox', { name: /^名称/ }).inputValue()).toBe('侧边导航');
    await config.getByRole('textbox', { name: /^名称/ }).fill(`E2E侧边导航-${stamp()}`);
    await config.getByRole('button', { name: '添加按钮' }).click();
    await config
      .getByRole('textbox', { name: /^按钮名称/ })
      .first()
      .fill('优惠活动');
    await choose(config, '动作：优惠活动', '打开链接');
    await config.getByRole('textbox', { name: /^链接地址/ }).fill('https://shop.example.com/sale');
    const uploaded = await answerTo(page, '/upload', () =>
      config
        .getByTestId('nav-item-buttons.0')
        .locator('input[type=file]')
        .setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: PNG }),
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    await config.getByRole('button', { name: '添加按钮' }).click();
    await config
      .getByRole('textbox', { name: /^按钮名称/ })
      .nth(1)
      .fill('自助服务');
    await choose(config, '动作：自助服务', '子菜单');
    await reply(config, 'buttons.1.menus.0', '请选择您要办理的业务');
    await config.getByTestId('preview-side').getByText('自助服务').click();
    await config.getByTestId('preview-side').getByText('菜单-1').waitFor();
    const created = await answerTo(page, '/cs-nav/create', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stored = await api<Nav>(page, '/v3/chats/cs-nav/detail', {}, { navId: (created.body as { id: string }).id });
    const [sale, self] = stored.body.onlineConfig.buttons;
    expect(sale).toMatchObject({ name: '优惠活动', type: 'LINK', icon: (uploaded.body as { path: string }).path });
    expect(self).toMatchObject({ name: '自助服务', type: 'MENU', menus: [{ name: '菜单-1', type: 'TEXT' }] });
    const reopened = dialog(page, /^导航配置$/);
    await reopened.getByTestId('preview-side').getByText('自助服务').click();
    await screenshot(page, 'nav-side');
  });

  it('asks before removing a tab and keeps it on cancel', async () => {
    await open(page, `/online/csNav/config?id=${id}&_modal=large`);
    const config = dialog(page, /^导航配置$/);
    await config.getByTestId('sortable-tabs').getByRole('button', { name: '标签-5', exact: true }).click();
    await config.getByRole('button', { name: '删除标签 标签-5' }).click();
    const box = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: '请确认' }) });
    await box.getByText('删除标签“标签-5”？它的菜单也会一并清除。').waitFor();
    await box.getByRole('button', { name: '取消' }).click();
    await config.getByTestId('sortable-tabs').getByRole('button', { name: '标签-5', exact: true }).waitFor();
    await config.getByRole('button', { name: '删除标签 标签-5' }).click();
    await confirm(page, '删除标签“标签-5”？它的菜单也会一并清除。');
    await expect
      .poll(() => config.getByTestId('sortable-tabs').getByRole('button', { name: '标签-5', exact: true }).count())
      .toBe(0);
    // and with four tabs the add is back
    await config.getByRole('button', { name: '添加标签' }).waitFor();
  });

  it('moves the SELF navigation to the trash, restores it and empties it', async () => {
    // the unsaved removal above is let go
    await open(page, '/online/csNav/list');
    const leave = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: '请确认' }) });
    if ((await leave.count()) > 0) await leave.getByRole('button', { name: '确定' }).click();
    await trashRestoreEmpty(page, '/online/csNav/list', 'cs-nav', name);
  });
});
