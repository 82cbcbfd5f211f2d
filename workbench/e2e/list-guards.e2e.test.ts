import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { open, signIn, useBrowser } from './browser.js';

const LIST = '/qc/ai-result/list';

/** The words under the search row's input labelled `label`, once they show (Mantine links them by aria-describedby). */
async function errorUnder(page: Page, label: string): Promise<string> {
  const input = page.locator('main').getByLabel(label, { exact: true });
  await expect
    .poll(async () => ((await input.getAttribute('aria-describedby')) ?? '').includes('-error'), { timeout: 30_000 })
    .toBe(true);
  const id = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').find((part) => part.endsWith('-error'))!;
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

/**
 * Issue 15, defect 10 in the browser: filters that cannot match say why at the input itself (the folded filters
 * unfolding to show it), in the field's words, with no banner naming body fields; a select keeps its chosen option
 * when it is clicked again.
 */
describe('QC list guards', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
  });

  it('an inverted AI score range says, under AI得分至, that the upper score is below the lower one', async () => {
    await open(page, `${LIST}?beginAiScore=90&endAiScore=50&quickDate=ALL`);
    await page.reload();
    // the score range is folded under 展开: the list unfolds to show the problem where it is
    expect(await errorUnder(page, 'AI得分至')).toBe('最高分不能低于最低分');
    expect(await page.locator('main').getByRole('button', { name: '收起' }).count()).toBe(1);
    expect(await page.locator('main').getByRole('alert').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain('endAiScore');
    expect(await page.locator('tbody tr[data-row-id]').count()).toBe(0);
  });

  it('a QC number that is not a number says so under 质检编号', async () => {
    await open(page, `${LIST}?id=abc&quickDate=ALL`);
    await page.reload();
    expect(await errorUnder(page, '质检编号')).toBe('须为数字编号');
    expect(await page.locator('main').getByRole('alert').count()).toBe(0);
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
