import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { open, signIn, useBrowser } from './browser.js';

const LIST = '/qc/ai-result/list';

/** The list's failure banner, once it shows. */
async function banner(page: Page): Promise<string> {
  const alert = page.locator('main').getByRole('alert').first();
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

/**
 * Issue 15, defect 10 in the browser: filters that cannot match say why instead of showing no rows, and a select keeps
 * its chosen option when it is clicked again.
 */
describe('QC list guards', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
  });

  it('an inverted AI score range says the upper score is below the lower one', async () => {
    await open(page, `${LIST}?beginAiScore=90&endAiScore=50&quickDate=ALL`);
    await page.reload();
    expect(await banner(page)).toContain('最高分不能低于最低分');
    expect(await page.locator('tbody tr[data-row-id]').count()).toBe(0);
  });

  it('a QC number that is not a number says so', async () => {
    await open(page, `${LIST}?id=abc&quickDate=ALL`);
    await page.reload();
    expect(await banner(page)).toContain('须为数字编号');
  });

  it('clicking the chosen QC status again keeps it', async () => {
    await open(page, `${LIST}?quickDate=ALL`);
    await page.reload();
    await page.locator('tbody tr[data-row-id]').first().waitFor();
    const status = page.getByRole('combobox', { name: '质检状态' });
    expect(await status.inputValue()).toBe('已质检');
    await status.click();
    await page.getByRole('option', { name: '已质检' }).click();
    expect(await status.inputValue()).toBe('已质检');
  });
});
