import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, open, screenshot, signIn, useBrowser } from './browser.js';

const CJK = /[\u3400-\u9fff]/;

/** The QC entries of the side navigation, in the order shown. */
async function qcNav(page: Page): Promise<string[]> {
  const nav = page.locator('nav');
  const names = await nav.locator('.mantine-NavLink-label').allInnerTexts();
  return names.map((name) => name.trim());
}

async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).filter((h) => h !== '');
}

/**
 * The sign-in page, and the console's English switch: the header button turns the navigation and the list headers
 * into English, a reload keeps the choice, and the same button turns it back to Chinese.
 */
describe('the sign-in page and the English switch in the browser', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('shows the sign-in page in Chinese and refuses a wrong password', async () => {
    await page.goto(baseUrl());
    await page.getByLabel('用户名').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'qcdesk 质检控制台' }).waitFor();
    await page.getByLabel('用户名').fill('inspector');
    await page.getByLabel('密码').fill('not-the-password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(0);
    await page.getByLabel('密码').fill('');
    await screenshot(page, 'sign-in');
  });

  it('switches to English: navigation and list headers in English, kept over a reload', async () => {
    await signIn(page, 'inspector');
    await open(page, '/qc/rule/list');
    await page.getByRole('columnheader', { name: '规则名称' }).waitFor();
    expect(await qcNav(page)).toEqual(expect.arrayContaining(['质检方案', '质检规则', '质检结果', '质检任务']));

    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('columnheader', { name: 'Rule name' }).waitFor();
    const nav = await qcNav(page);
    expect(nav).toEqual(
      expect.arrayContaining(['Quality', 'QC schemes', 'QC rules', 'QC results', 'Manual results', 'QC tasks']),
    );
    expect(
      nav.filter((name) => CJK.test(name)),
      'navigation entries still in Chinese',
    ).toEqual([]);
    const headers = await columnHeaders(page);
    expect(headers).toEqual(expect.arrayContaining(['ID', 'Rule name', 'Rule type', 'Comments', 'Modified']));
    expect(
      headers.filter((h) => CJK.test(h)),
      'list headers still in Chinese',
    ).toEqual([]);
    await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
    await page.locator('tr[data-row-id]').first().waitFor();
    await page.mouse.move(700, 600);
    await screenshot(page, 'rule-list-en');

    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 60_000 });
    await page.getByRole('columnheader', { name: 'Rule name' }).waitFor();
    expect(await qcNav(page)).toContain('QC rules');
    expect(await page.evaluate("localStorage.getItem('qcdesk.locale')")).toBe('en');
  });

  it('switches back to Chinese, also kept over a reload', async () => {
    await page.getByRole('button', { name: '中文', exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    await page.getByRole('columnheader', { name: '规则名称' }).waitFor();
    expect(await qcNav(page)).toContain('质检规则');
    await page.reload();
    await page.getByRole('button', { name: '退出登录' }).waitFor({ timeout: 60_000 });
    await page.getByRole('columnheader', { name: '规则名称' }).waitFor();
    expect(await qcNav(page)).toContain('质检规则');
    expect(await columnHeaders(page)).toEqual(expect.arrayContaining(['编号', '规则名称', '规则类型']));
  });
});
