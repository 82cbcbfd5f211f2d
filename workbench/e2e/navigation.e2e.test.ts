import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialog, open, signIn, useBrowser } from './browser.js';

/** The hash route without the `#`: `/qc/ai-result/list`, `/qc/ai-result/detail?id=…&_modal=large`. */
function route(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** The ids of the rows the list shows, in order. */
function rowIds(page: Page): Promise<string[]> {
  return page
    .locator('main tr[data-row-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id') ?? ''));
}

/** The list's pagination control showing page `n`. */
function pageButton(page: Page, n: number): Locator {
  return page.locator('main .mantine-Pagination-root').getByRole('button', { name: String(n), exact: true });
}

/** The screen's own heading (the route title above the page beneath any modal). */
function screenTitle(page: Page, title: string): Locator {
  return page.locator('main').getByRole('heading', { level: 3, name: title, exact: true });
}

/**
 * The browser's back and forward buttons (qc-area §2: hash routes, `_modal` over the list beneath): back closes a
 * modal and leaves the list as it was (its filter, its page, no reload), forward reopens the modal, and back walks
 * through the screens of the side navigation.
 */
describe('back and forward in the browser', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('closes a record opened as a modal on back, keeping the list’s filter and page; forward reopens it', async () => {
    await signIn(page, 'inspector');
    await open(page, '/qc/ai-result/list');
    await screenTitle(page, '智能质检结果').waitFor();
    // a filter and a page of the list: every date, one channel (a folded filter, picked), page 2
    await page.getByRole('radiogroup', { name: '快捷日期' }).getByText('全部', { exact: true }).click();
    await page.getByRole('button', { name: '展开' }).click();
    const channel = page.getByRole('combobox', { name: '渠道' });
    await channel.click();
    await page.getByRole('option', { name: 'APP', exact: true }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('tr[data-row-id]').first().waitFor();
    const first = await rowIds(page);
    await pageButton(page, 2).click();
    await expect.poll(async () => (await rowIds(page))[0]).not.toBe(first[0]);
    await expect.poll(() => pageButton(page, 2).getAttribute('aria-current')).toBe('page');
    const second = await rowIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    const listRoute = route(page);
    // the list's place is its route (issue 15)
    expect(listRoute).toMatch(/^\/qc\/ai-result\/list\?/);
    expect(listRoute).toContain('trackClient=APP');
    expect(listRoute).toContain('page=2');

    // a record of page 2 opens as a modal over the list
    const id = second[0]!;
    await page.locator(`tr[data-row-id="${id}"]`).getByRole('button', { name: id, exact: true }).click();
    const detail = dialog(page, '智能质检详情');
    await detail.getByTestId('chat-transcript').waitFor();
    expect(route(page)).toMatch(/^\/qc\/ai-result\/detail\?.*_modal=large/);
    const modalRoute = route(page);

    // back: the modal closes and the list is the one left, not reloaded
    const pageCalls: string[] = [];
    const watch = (request: { url: () => string }) => {
      if (request.url().includes('/ai-result/page')) pageCalls.push(request.url());
    };
    page.on('request', watch);
    await page.goBack();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(route(page)).toBe(listRoute);
    await screenTitle(page, '智能质检结果').waitFor();
    expect(await channel.inputValue()).toBe('APP');
    expect(await pageButton(page, 2).getAttribute('aria-current')).toBe('page');
    expect(await rowIds(page)).toEqual(second);

    // forward: the same record's modal again, over the same list
    await page.goForward();
    await dialog(page, '智能质检详情').getByTestId('chat-transcript').waitFor();
    expect(route(page)).toBe(modalRoute);
    expect(await rowIds(page)).toEqual(second);

    // and back once more
    await page.goBack();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(route(page)).toBe(listRoute);
    expect(await rowIds(page)).toEqual(second);
    page.off('request', watch);
    expect(pageCalls).toEqual([]);
  });

  it('walks back across two screens of the navigation and forward again', async () => {
    const nav = page.getByRole('navigation');
    await nav.getByText('质检方案', { exact: true }).click();
    await screenTitle(page, '质检方案').waitFor();
    expect(route(page)).toBe('/qc/scheme/list');
    await nav.getByText('质检规则', { exact: true }).click();
    await screenTitle(page, '质检规则').waitFor();
    expect(route(page)).toBe('/qc/rule/list');
    // a modal on the last screen: back closes it first
    await page.locator('main tr[data-row-id]').first().waitFor();
    await page.getByRole('button', { name: '新建' }).click();
    await dialog(page, '新建质检规则').waitFor();

    await page.goBack();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await screenTitle(page, '质检规则').waitFor();
    expect(route(page)).toBe('/qc/rule/list');
    await page.goBack();
    await screenTitle(page, '质检方案').waitFor();
    expect(route(page)).toBe('/qc/scheme/list');
    expect(await screenTitle(page, '质检规则').count()).toBe(0);
    await page.goBack();
    await screenTitle(page, '智能质检结果').waitFor();
    // the list as it was left, its place in its route
    expect(route(page)).toMatch(/^\/qc\/ai-result\/list(\?|$)/);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goForward();
    await screenTitle(page, '质检方案').waitFor();
    await page.goForward();
    await screenTitle(page, '质检规则').waitFor();
    await page.goForward();
    await dialog(page, '新建质检规则').waitFor();
    expect(route(page)).toMatch(/^\/qc\/rule\/create/);
  });
});
