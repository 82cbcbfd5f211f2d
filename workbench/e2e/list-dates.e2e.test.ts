import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashQuery, open, signIn, useBrowser } from './browser.js';

const LIST = '/qc/ai-result/list';
/** How the console shows a date and time in either language: year first, 24 hours, to the minute. */
const SHOWN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** The total the list says it has ("共 43 条"). */
async function total(page: Page): Promise<number> {
  const text = (await page.getByText(/^共 \d+ 条$/).textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

/** Today in the browser's time zone, as the calendar names the day and as the field shows it. */
async function today(page: Page): Promise<{ label: string; date: string }> {
  return page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      label: `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`,
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    };
  });
}

/**
 * Issue 15, defect 9 in the browser: the result list's time range is shown and picked in the console's format
 * (2026-11-25 14:03, 24 hours) rather than the browser's mm/dd/yyyy 12:00 AM, and a date picked in its calendar
 * reaches the list, the address and the active-filter tag, and comes back after a reload.
 */
describe('dates in the user’s language', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
  });

  it('the time range shows 2026-11-25 14:03 and a day picked in its calendar narrows the list', async () => {
    await open(page, `${LIST}?quickDate=ALL`);
    await page.reload();
    const main = page.locator('main');
    await main.locator('tbody tr[data-row-id]').first().waitFor();
    const all = await total(page);
    expect(all).toBeGreaterThan(100);

    await main.getByRole('button', { name: '展开' }).click();
    const from = main.getByRole('textbox', { name: '开始时间', exact: true });
    expect(await from.getAttribute('placeholder')).toBe('年-月-日 时:分');
    await from.click();
    // the calendar speaks Chinese: its month as 2026年11月, its days 一 … 日
    const day = await today(page);
    const calendar = page.locator('[data-dates-dropdown]');
    await calendar.getByText(/^\d{4}年\d{1,2}月$/).waitFor();
    await calendar.getByRole('button', { name: day.label, exact: true }).click();
    const shown = await from.inputValue();
    expect(shown).toMatch(SHOWN);
    expect(shown).toBe(`${day.date} 00:00`);
    expect(shown).not.toMatch(/AM|PM|\//);

    await main.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => hashQuery(page).get('timeFrom')).toBe(`${day.date}T00:00`);
    // only today's sessions: fewer rows than every date
    await expect.poll(() => total(page)).toBeLessThan(all);
    const tag = main.locator('[data-filter-tag="timeFrom"]');
    expect(await tag.textContent()).toBe(`开始时间：${day.date} 00:00`);

    // a reload brings the range back, in the field and in the list
    const narrowed = await total(page);
    await page.reload();
    await expect.poll(() => total(page)).toBe(narrowed);
    await main.getByRole('button', { name: '展开' }).click();
    expect(await main.getByRole('textbox', { name: '开始时间', exact: true }).inputValue()).toBe(`${day.date} 00:00`);
  });
});
