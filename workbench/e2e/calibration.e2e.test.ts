import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, open, screenshot, signIn, useBrowser } from './browser.js';

/** The demo scheme the server seeds (fixtures/schemes/demo-scheme.json). */
const DEMO_SCHEME = '电信/支付客服质检方案（演示）';
/** judged STC-3 dialogues uploaded: enough for the folds and suggestions, few enough for two runs on a shared machine */
const JUDGED = 1500;

const STC3_SOURCE =
  process.env.QCDESK_SESSIONS ||
  fileURLToPath(new URL('../../fixtures/sessions/stc3-helpdesk-sessions.jsonl.gz', import.meta.url));
let dir = '';
let FILE = '';
beforeAll(() => {
  const raw = readFileSync(STC3_SOURCE);
  const text = (STC3_SOURCE.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const judged = text.split('\n').filter((line) => line.includes('"humanQuality"'));
  dir = mkdtempSync(join(tmpdir(), 'qcdesk-calibration-'));
  FILE = join(dir, 'stc3-judged.jsonl');
  writeFileSync(FILE, `${judged.slice(0, JUDGED).join('\n')}\n`);
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** The figure of a spread as the tab writes it, `0.123（标准差 …）`: its mean. */
const meanOf = (text: string | null) => Number((text ?? '').split('（')[0]);

async function runCorpus(page: Page): Promise<void> {
  await page.getByText('上传 JSON Lines 文件', { exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles(FILE);
  await page.getByRole('button', { name: '开始回放' }).click();
  await page.locator('[data-testid="corpus-status"][data-status="done"]').waitFor({ timeout: 600_000 });
  // the figures are drawn from a deferred copy of the report, which can lag the status under load
  await page.locator('[data-testid="corpus-report"][data-settled="true"]').waitFor();
}

/**
 * The calibration tab in a real browser against the real server: the demo scheme replayed over judged STC-3
 * dialogues, calibrated against customer satisfaction S in the calibration's Web Worker, and its draft (fitted
 * scores and one accepted suggestion) applied in the replay tester, whose diff against the saved scheme shows it.
 */
describe('calibrate a scheme in the corpus replay', () => {
  const opened = useBrowser();
  let page: Page;
  let schemeId = '';
  let ruleCount = 0;
  /** the mean AI score of the scheme as saved over the upload */
  let savedMean = '';

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
    const schemes = await api<{ records: { id: string; name: string }[] }>(
      page,
      '/v3/chats/qc-scheme/page',
      {},
      { page: '1', size: '100' },
    );
    const demo = schemes.body.records.find((s) => s.name === DEMO_SCHEME);
    expect(demo, `the seeded scheme ${DEMO_SCHEME}`).toBeDefined();
    schemeId = String(demo!.id);
  }, 120_000);

  it('runs a calibration off the page’s thread and shows its figures', async () => {
    await open(page, `/qc/replay/corpus?schemeId=${schemeId}`);
    const target = page.getByTestId('corpus-target');
    await target.getByText(DEMO_SCHEME).waitFor({ timeout: 60_000 });
    ruleCount = Number(/（(\d+) 条规则）/.exec((await target.textContent()) ?? '')?.[1]);
    expect(ruleCount).toBeGreaterThan(10);
    await runCorpus(page);
    expect(await page.getByTestId('corpus-sessions').textContent()).toBe(String(JUDGED));
    savedMean = (await page.getByTestId('corpus-mean-score').textContent()) ?? '';

    await page.getByRole('tab', { name: '校准' }).click();
    await page.getByTestId('calibration-panel').waitFor();
    const started = Date.now();
    await page.getByTestId('calibration-run').click();
    // the progress bar while the worker fits, then the result
    await page.getByTestId('calibration-progress').waitFor({ timeout: 30_000 });
    await page.getByTestId('calibration-result').waitFor({ timeout: 300_000 });
    const seconds = (Date.now() - started) / 1000;
    expect(await page.getByTestId('calibration-sessions').textContent()).toBe(
      `${JUDGED} 个有评价的会话（客户满意度 S）`,
    );
    const before = meanOf(await page.getByTestId('calibration-cv-before').textContent());
    const after = meanOf(await page.getByTestId('calibration-cv-after').textContent());
    console.log(
      `calibration in the browser: ${JUDGED} sessions, ${ruleCount} rules, 5 folds, 20 suggestions in ${seconds.toFixed(1)} s; ` +
        `out-of-fold Spearman with S ${before.toFixed(3)} → ${after.toFixed(3)}`,
    );
    expect(after).toBeGreaterThan(before + 0.2);
    // one evidence row per rule of the scheme, and the suggestions asked for
    expect(await page.getByTestId('calibration-evidence').locator('tbody tr').count()).toBe(ruleCount);
    expect(await page.getByTestId('calibration-suggestions').locator('tbody tr').count()).toBe(20);
    expect(await page.getByTestId('calibration-disagreements').locator('tbody tr').count()).toBe(10);
    await page.getByTestId('calibration-figures').scrollIntoViewIfNeeded();
    await screenshot(page, 'replay-calibration');
  });

  it('applies the calibrated scheme with an accepted suggestion as the tester’s draft, diffed against the saved one', async () => {
    const suggestions = page.getByTestId('calibration-suggestions');
    const row = suggestions.locator('tbody tr').filter({ has: page.locator('input[type="checkbox"]:not([disabled])') });
    const first = row.first();
    const ruleId = (await first.getAttribute('data-rule'))!;
    const phrase = (await first.getAttribute('data-phrase'))!;
    await first.locator('input[type="checkbox"]').check();
    await screenshot(page, 'replay-calibration-suggestions');
    await page.getByTestId('calibration-apply').click();
    await page.waitForURL((url) => url.hash.startsWith('#/qc/replay/corpus?') && url.hash.includes('draft=1'));
    const target = page.getByTestId('corpus-target');
    await target.getByText(`${DEMO_SCHEME} (校准草稿 calibrated draft)（${ruleCount + 1} 条规则）`).waitFor();

    await page.getByRole('tab', { name: '运行结果' }).click();
    await runCorpus(page);
    const diff = page.getByTestId('corpus-diff');
    const added = diff.locator(`tr[data-rule="${ruleId}"]`);
    await added.getByText('新增').waitFor();
    // a new rule: every session it hits is newly hit
    expect(Number((await added.locator('[data-field="newly-hit"]').textContent())?.replace('+', ''))).toBeGreaterThan(
      0,
    );
    // the fitted scores change rules' scores: they are changed rules whose hits stay the same
    expect(await diff.getByText('已修改').count()).toBeGreaterThan(0);
    // and the scores the draft gives differ from the saved scheme's
    const draftMean = (await page.getByTestId('corpus-mean-score').textContent()) ?? '';
    expect(draftMean).not.toBe(savedMean);
    console.log(`mean AI score over the upload: saved scheme ${savedMean}, calibrated draft ${draftMean}`);
    console.log(`applied draft: suggestion ${ruleId} 「${phrase}」 added; the diff lists it as new`);
    await page.getByTestId('corpus-diff-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'replay-calibration-draft');
  });
});
