import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dialog, open, row, screenshot, signIn, useBrowser } from './browser.js';

interface HitRule {
  ruleId: string;
  ruleName: string;
  conditions?: { conditionHitInfo?: { keyWords?: { keyWord?: { val?: string }[] | object } }[] } | null;
}
interface AiResult {
  id: string;
  sessionId: string;
  schemeId: string;
  isReview: boolean;
  resultRules?: HitRule[] | null;
}
interface ManualResult {
  id: string | null;
  sessionId: string;
  schemeId?: string | null;
}

/** A rule whose evidence names words (so the transcript has something to mark). */
const marksWords = (rule: HitRule) =>
  (rule.conditions?.conditionHitInfo ?? []).some((info) => {
    const words = info.keyWords?.keyWord;
    return Array.isArray(words) && words.some((w) => (w.val ?? '').trim().length >= 2);
  });

/** The session's newest AI result (what the detail and the manual assessment show), when it has marked evidence. */
async function newestWithEvidence(page: Page, sessionId: string): Promise<AiResult | null> {
  const newest = await api<AiResult>(page, '/v3/chats/ai-result/detail', {}, { sessionId });
  if (newest.status !== 200) return null;
  return (newest.body.resultRules ?? []).some(marksWords) ? newest.body : null;
}

/** Whether `inner` is inside the visible part of `box` (the transcript's scroll area), not scrolled away. */
async function shownWithin(inner: Locator, box: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await box.boundingBox()];
  return a !== null && b !== null && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1 && a.height > 0;
}

/** The transcript stands beside the form (wide) or above it (narrow). */
async function layout(transcript: Locator, form: Locator): Promise<'beside' | 'above' | 'other'> {
  const [tb, fb] = [await transcript.boundingBox(), await form.boundingBox()];
  if (tb === null || fb === null) return 'other';
  if (tb.x + tb.width <= fb.x + 1 && tb.y < fb.y + fb.height && fb.y < tb.y + tb.height) return 'beside';
  if (tb.y + tb.height <= fb.y + 1) return 'above';
  return 'other';
}

/**
 * Issue 15, defects 1 and 2 in the browser: a PERSON scheme's rule picker offers its manual rules (an AI scheme's
 * still only AI ones), and the manual assessment and the AI re-inspection show the conversation beside the form, the
 * hits marked, a rule's name scrolling the transcript to its first hit.
 */
describe('scoring with the conversation in sight', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('a PERSON scheme’s rule picker finds the manual rules; an AI scheme’s offers only AI rules', async () => {
    await signIn(page, 'inspector');
    await open(page, '/qc/scheme/list?targetType=PERSON');
    await row(page, '人工抽检方案（评分）').getByRole('button', { name: '人工抽检方案（评分）', exact: true }).click();
    const config = dialog(page, '质检方案配置');
    await config.getByText('沟通能力', { exact: true }).waitFor();
    await config
      .locator('[data-testid^="angle-"]')
      .filter({ hasText: '沟通能力' })
      .getByRole('button', { name: '关联规则' })
      .click();
    const picker = dialog(page, /关联规则 · 沟通能力/);
    await picker.getByRole('textbox', { name: '关键词' }).fill('礼貌');
    await picker.getByRole('button', { name: '搜索' }).click();
    const greeting = row(picker, '礼貌问候与自我介绍');
    await greeting.waitFor();
    await row(picker, '确认问题解决并礼貌结束').waitFor();
    await greeting.getByText('人工', { exact: true }).waitFor();
    await picker.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    await config.locator('.mantine-Modal-close').first().click();
    await expect.poll(() => config.count()).toBe(0);

    await open(page, '/qc/scheme/list?targetType=AI');
    await page.getByRole('button', { name: '合规与风控专项（草稿）', exact: true }).click();
    const aiConfig = dialog(page, '质检方案配置');
    await aiConfig
      .locator('[data-testid^="angle-"]')
      .filter({ hasText: '信息安全' })
      .getByRole('button', { name: '关联规则' })
      .click();
    const aiPicker = dialog(page, /关联规则 · 信息安全/);
    const rows = aiPicker.locator('tr[data-row-id]');
    await rows.first().waitFor();
    // no type to choose, and every rule offered is an AI rule
    expect(await aiPicker.getByRole('combobox', { name: '规则类型' }).count()).toBe(0);
    const types = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[3]?.textContent));
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['智能']));
    await aiPicker.getByRole('textbox', { name: '关键词' }).fill('礼貌');
    await aiPicker.getByRole('button', { name: '搜索' }).click();
    await aiPicker.getByText('暂无数据').waitFor();
    expect(await rows.count()).toBe(0);
    await aiPicker.getByRole('button', { name: '取消' }).click();
  });

  it('the manual assessment shows the conversation beside the form, the AI hits marked', async () => {
    // an assessed demo session whose AI inspection marked words
    const checked = await api<{ records: ManualResult[] }>(
      page,
      '/v3/chats/qc-manual-result/page',
      { manualStatus: 'CHECKED' },
      { page: '1', size: '50' },
    );
    expect(checked.status).toBe(200);
    let sessionId: string | null = null;
    for (const result of checked.body.records) {
      if (!result.schemeId) continue;
      if (await newestWithEvidence(page, result.sessionId)) {
        sessionId = result.sessionId;
        break;
      }
    }
    expect(sessionId, 'an assessed demo session with AI evidence').not.toBeNull();

    await open(page, `/qc/manual-result/assess?id=${encodeURIComponent(sessionId!)}&_modal=large`);
    const form = dialog(page, '人工质检评分');
    const transcript = form.getByTestId('scoring-transcript');
    const messages = transcript.locator('[data-message-index]');
    await messages.first().waitFor();
    expect(await messages.first().isVisible()).toBe(true);
    const fields = form.getByTestId('scoring-form');
    await fields.getByRole('button', { name: '保存' }).waitFor();
    expect(await layout(transcript, fields)).toBe('beside');

    // a hit rule of the AI inspection: its evidence marked where the transcript shows it
    const chip = transcript.locator('[data-hit-rule]').first();
    await chip.click();
    const mark = transcript.locator('[data-focused] mark[data-highlight]').first();
    await mark.waitFor();
    const scrollBox = transcript.locator('.mantine-ScrollArea-viewport');
    await expect.poll(() => shownWithin(mark, scrollBox)).toBe(true);
    await screenshot(page, 'manual-assess');

    // below 1200 px the transcript stands above the form
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => layout(transcript, fields)).toBe('above');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => layout(transcript, fields)).toBe('beside');
  });

  it('the AI re-inspection shows the conversation beside the form; a rule’s name scrolls to its first hit', async () => {
    const unreviewed = await api<{ records: AiResult[] }>(
      page,
      '/v3/chats/ai-result/page',
      { isReview: false, isComplaint: false },
      { page: '1', size: '100' },
    );
    expect(unreviewed.status).toBe(200);
    let result: AiResult | null = null;
    for (const candidate of unreviewed.body.records) {
      if (!(candidate.resultRules ?? []).some(marksWords)) continue;
      const newest = await newestWithEvidence(page, candidate.sessionId);
      if (newest?.id === candidate.id) {
        result = newest;
        break;
      }
    }
    expect(result, 'a demo AI result with marked evidence').not.toBeNull();
    // the last rule with words: further down the transcript than the first hit, so reaching it takes a scroll
    const rule = [...(result!.resultRules ?? [])].reverse().find(marksWords)!;

    await open(
      page,
      `/qc/ai-result/change?id=${encodeURIComponent(result!.sessionId)}&schemeId=${result!.schemeId}&_modal=large`,
    );
    const change = dialog(page, '复检');
    const transcript = change.getByTestId('scoring-transcript');
    await transcript.locator('[data-message-index]').first().waitFor();
    const fields = change.getByTestId('scoring-form');
    await fields.getByRole('textbox', { name: `${rule.ruleName} 复检得分` }).waitFor();
    expect(await layout(transcript, fields)).toBe('beside');
    // before any choice every hit is marked
    expect(await transcript.locator('mark[data-highlight]').count()).toBeGreaterThan(0);

    await fields.locator(`tr[data-rule-id="${rule.ruleId}"]`).getByRole('button', { name: rule.ruleName }).click();
    const focused = transcript.locator('[data-focused]');
    await focused.waitFor();
    const mark = focused.locator('mark[data-highlight]').first();
    await mark.waitFor();
    expect(await mark.getAttribute('data-highlight')).toContain(rule.ruleName);
    const scrollBox = transcript.locator('.mantine-ScrollArea-viewport');
    await expect.poll(() => shownWithin(mark, scrollBox)).toBe(true);
    await screenshot(page, 'ai-result-change');
  });
});
