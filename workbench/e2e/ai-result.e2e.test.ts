import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, dialog, open, screenshot, signIn, useBrowser } from './browser.js';

interface KeyWord {
  val: string;
  from: number;
  to: number;
}
interface HitRule {
  ruleId: string;
  ruleName: string;
  isVeto?: boolean;
  reviewScore?: number | null;
  conditions?: {
    conditionHitInfo?: { phrase?: { index?: number | null }; keyWords?: { keyWord?: KeyWord[] } }[];
  } | null;
}
interface Result {
  id: string;
  sessionId: string;
  aiScore: number;
  isReview: boolean;
  isVeto: boolean;
  reviewScore: number | null;
  isComplaint: boolean;
  resultRules?: HitRule[] | null;
}

/** The first keyword evidence of a rule: a few characters the transcript must mark, and the message they are in. */
function shortEvidence(rule: HitRule): { text: string; message: number } | null {
  for (const info of rule.conditions?.conditionHitInfo ?? [])
    for (const word of info.keyWords?.keyWord ?? [])
      if (word.val.trim().length >= 2 && word.val.length <= 12)
        return { text: word.val, message: info.phrase?.index ?? 0 };
  return null;
}

/**
 * The inspector reads an AI result in the browser: the hit rule's evidence marked in the transcript, then a
 * re-inspection that vetoes the rule (its review score becomes 0 and cannot be edited).
 */
describe('AI results in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  let result: Result;
  let rule: HitRule;
  let evidence: string;

  beforeAll(() => {
    page = opened.page();
  });

  it('opens an AI result from the list and marks a hit rule’s evidence in the transcript', async () => {
    await signIn(page, 'inspector');
    // a demo result not yet reviewed, with a rule whose evidence is a short keyword
    const page1 = await api<{ records: Result[] }>(
      page,
      '/v3/chats/ai-result/page',
      { isReview: false, isComplaint: false },
      { page: '1', size: '100' },
    );
    expect(page1.status).toBe(200);
    const candidates = page1.body.records
      .flatMap((r) => (r.resultRules ?? []).map((h) => ({ r, h, e: shortEvidence(h) })))
      .filter((x) => x.e !== null)
      // evidence far down a long transcript (within its first page of 50), which the transcript must scroll to
      .sort((a, b) => (b.e!.message < 50 ? b.e!.message : -1) - (a.e!.message < 50 ? a.e!.message : -1));
    // the detail opens a session's newest result (qc-area: detail?id={sessionId}): a session inspected by one scheme
    let found: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      const newest = await api<Result>(page, '/v3/chats/ai-result/detail', {}, { sessionId: candidate.r.sessionId });
      if (newest.body.id === candidate.r.id) {
        found = candidate;
        break;
      }
    }
    expect(found, 'a demo result with keyword evidence').toBeDefined();
    result = found!.r;
    rule = found!.h;
    evidence = found!.e!.text;

    await open(page, '/qc/ai-result/list');
    await page.getByRole('radiogroup', { name: '快捷日期' }).getByText('全部', { exact: true }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('tr[data-row-id]').first().waitFor();
    await screenshot(page, 'ai-result-list');
    await page.getByRole('textbox', { name: '会话ID', exact: true }).fill(result.sessionId);
    await page.getByRole('button', { name: '搜索' }).click();
    // one row per session and scheme: this result's own row
    const line = page.locator(`tr[data-row-id="${result.id}"]`);
    await line.waitFor();
    await line.getByRole('button', { name: result.id, exact: true }).click();

    const detail = dialog(page, '智能质检详情');
    await detail.getByTestId('chat-transcript').waitFor();
    await detail
      .getByTestId('ai-score')
      .filter({ hasText: String(result.aiScore) })
      .waitFor();
    const card = detail.locator(`[data-rule-id="${rule.ruleId}"]`);
    const ruleButton = card.getByRole('button', { name: new RegExp(escapeRegExp(rule.ruleName)) }).first();
    // clicked where it is, without playwright scrolling the modal to it first: any move of the scores is the page's
    await ruleButton.waitFor();
    const scoreBefore = await detail.getByTestId('ai-score').boundingBox();
    await ruleButton.dispatchEvent('click');
    const marks = detail.getByTestId('chat-transcript').locator('mark[data-highlight]');
    await marks.filter({ hasText: evidence }).first().waitFor();
    expect(await marks.filter({ hasText: evidence }).first().isVisible()).toBe(true);
    // the transcript scrolls within its own box: the scores above it stay where they were
    await page.waitForTimeout(600);
    expect((await detail.getByTestId('ai-score').boundingBox())?.y).toBe(scoreBefore?.y);
    await screenshot(page, 'ai-result-detail');
  });

  it('re-inspects the result with a veto: the rule scores 0 and the result shows the veto', async () => {
    const detail = dialog(page, '智能质检详情');
    await detail.getByRole('button', { name: '复检', exact: true }).click();
    const change = dialog(page, '复检');
    const veto = change.getByRole('checkbox', { name: `${rule.ruleName} 一票否决` });
    await veto.check();
    const score = change.getByRole('textbox', { name: `${rule.ruleName} 复检得分` });
    await expect.poll(() => score.isDisabled()).toBe(true);
    await change.getByRole('textbox', { name: '复检备注' }).fill('浏览器测试：一票否决');
    await screenshot(page, 'ai-result-change');
    const saved = await answerTo(page, '/v3/chats/ai-result/create', () =>
      change.getByRole('button', { name: '保存' }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // the detail reopens on the re-inspected result
    const reopened = dialog(page, '智能质检详情');
    await reopened.getByTestId('review-score').filter({ hasText: /^0$/ }).waitFor();
    await reopened.getByText('一票否决').first().waitFor();
    const stored = await api<Result>(page, '/v3/chats/ai-result/detail', {}, { sessionId: result.sessionId });
    expect(stored.body.isReview).toBe(true);
    expect(stored.body.reviewScore).toBe(0);
    const vetoed = stored.body.resultRules?.find((r) => String(r.ruleId) === String(rule.ruleId));
    expect(vetoed).toMatchObject({ isVeto: true, reviewScore: 0 });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
