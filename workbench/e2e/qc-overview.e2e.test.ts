import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, screenshot, signIn, useBrowser } from './browser.js';

interface Overview {
  timeFrom: string;
  timeTo: string;
  totals: { results: number; vetoes: number };
  topRules: { ruleId: string; ruleName: string; results: number }[];
  lowAgents: { agentId: string; agentName: string | null; agentNick: string | null; results: number }[];
}

const query = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

/** The list's total, as its footer shows it (共 N 条). */
async function listTotal(page: Page): Promise<number> {
  const footer = page.locator('main').getByText(/^共 \d+ 条$/);
  await footer.waitFor();
  return Number((await footer.textContent())!.match(/\d+/)![0]);
}

/**
 * The QC overview (issue 15, beyond the spec) in Chromium against the demo data: the home of the administrator,
 * its figures those of the API, and each ranking opening the AI result list filtered to exactly what it counted.
 */
describe('the QC overview in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  let overview: Overview;

  beforeAll(() => {
    page = opened.page();
  });

  it('is the home after sign-in, with the last 30 days of the demo desk', async () => {
    await signIn(page, 'admin');
    await page.waitForURL(/#\/qc\/overview/);
    await page.getByTestId('overview-top-rules').waitFor();
    overview = (await api<Overview>(page, '/v3/chats/ai-result/overview', {})).body;
    expect(overview.totals.results).toBeGreaterThan(100);
    const results = page.locator('[data-figure="质检结果"]');
    expect(await results.textContent()).toBe(`质检结果${overview.totals.results}`);
    const agent = overview.lowAgents[0]!;
    await page
      .getByTestId('overview-low-agents')
      .getByRole('button', { name: `${agent.agentName}（${agent.agentNick}）` })
      .waitFor();
    await screenshot(page, 'qc-overview');
  });

  it('opens the AI result list filtered to the most-hit rule, listing as many results as it counted', async () => {
    const top = overview.topRules[0]!;
    await page.getByTestId('overview-top-rules').getByRole('button', { name: top.ruleName }).click();
    await page.waitForURL(/#\/qc\/ai-result\/list/);
    expect(Object.fromEntries(query(page))).toMatchObject({
      ruleId: top.ruleId,
      timeFrom: `${overview.timeFrom}T00:00:00`,
      timeTo: `${overview.timeTo}T23:59:59`,
    });
    // the rule's tag shows its name (its picker folded away), and the list counts what the overview counted
    await page.locator('main').getByText(`命中规则：${top.ruleName}`).waitFor();
    await expect.poll(() => listTotal(page)).toBe(top.results);
    await page.goBack();
    await page.getByTestId('overview-top-rules').waitFor();
  });

  it('fits 1024×768: the figures and the charts in view, nothing wider than the window', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('overview-top-rules').waitFor();
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(1024);
    expect(await page.locator('[data-figure="质检结果"]').isVisible()).toBe(true);
    await screenshot(page, 'qc-overview-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
