import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, signIn, useBrowser } from './browser.js';

/** The hash route without the `#`. */
function route(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** The heading of the page under any modal (the route title, level 3, in the main area). */
function pageTitle(page: Page, title: string) {
  return page.locator('main').getByRole('heading', { level: 3, name: title, exact: true });
}

/**
 * Issue 15, defect 4: a detail URL opened as a modal and then reloaded, or opened directly from a link, showed a blank
 * page beneath and closed to 质检方案. It must lie over its own list and close to it.
 */
describe('a modal route reloaded or opened directly lies over its list and closes to it', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'inspector');
  });

  it('a scheme opened from its list and reloaded: the list underneath, and closing lands on it', async () => {
    await page.goto(`${baseUrl()}#/qc/scheme/list`);
    const first = page.locator('main tr[data-row-id]').first();
    await first.waitFor();
    await first.locator('button.mantine-Anchor-root').first().click();
    await page.getByRole('dialog').waitFor();
    expect(route(page)).toMatch(/^\/qc\/scheme\/(config|view)\?.*_modal=large/);
    const modalRoute = route(page);

    await page.reload();
    await page.getByRole('dialog').waitFor();
    expect(route(page)).toBe(modalRoute);
    // the list is there beneath the modal, with its rows
    await pageTitle(page, '质检方案').waitFor();
    await expect.poll(() => page.locator('main tr[data-row-id]').count()).toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(route(page)).toBe('/qc/scheme/list');
    await pageTitle(page, '质检方案').waitFor();
  });

  it('an AI result detail opened from a link: the AI result list underneath, and closing lands on it, not 质检方案', async () => {
    const results = await api<{ records: { sessionId: string; schemeId: string | number | null }[] }>(
      page,
      '/v3/chats/ai-result/page',
      {},
      { page: '1', size: '10' },
    );
    expect(results.status).toBe(200);
    const result = results.body.records[0]!;
    const query = new URLSearchParams({
      id: result.sessionId,
      ...(result.schemeId ? { schemeId: String(result.schemeId) } : {}),
      _modal: 'large',
    });
    // a fresh load of the link, as from another tab: no page of this console before it
    await page.goto('about:blank');
    await page.goto(`${baseUrl()}#/qc/ai-result/detail?${query}`);
    await page.getByRole('dialog').getByRole('heading', { name: '智能质检详情' }).waitFor();
    await pageTitle(page, '智能质检结果').waitFor();

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(route(page)).toBe('/qc/ai-result/list');
    await pageTitle(page, '智能质检结果').waitFor();
    expect(await pageTitle(page, '质检方案').count()).toBe(0);
  });
});
