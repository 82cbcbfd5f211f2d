import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, hashQuery, open, screenshot, signIn, useBrowser } from './browser.js';

const RULE_NAME = '承诺跟进后客户仍反映未解决';
/** fixtures/replay/README.md says what each message of it shows */
const TRANSCRIPT = readFileSync(new URL('../../fixtures/replay/followup-unresolved.txt', import.meta.url), 'utf8');

/**
 * The replay tester in a real browser against the real server: a saved demo rule and a typed fixture transcript,
 * replayed by the engine in Web Workers; stepping through it shows the rule's and its conditions' states, the evidence
 * marked in the transcript, the score, and why a condition did not hit. Then the same rule's draft, sent from the rule
 * editor with 回放测试.
 */
describe('replay one transcript in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  let ruleId = '';

  const rule = () => page.locator(`[data-rule="${ruleId}"]`);
  const condition = (cid: string) => rule().locator(`[data-condition="${cid}"]`);
  const position = () => page.getByTestId('replay-position');
  const marks = (): Promise<[string | null, string | null][]> =>
    page
      .locator('[data-testid="replay-transcript"] mark[data-highlight]')
      .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-message'), n.textContent]));
  const forward = async (times: number) => {
    for (let i = 0; i < times; i++) await page.getByRole('button', { name: '前进一步' }).click();
  };
  const ruleState = () => rule().getByTestId('rule-state').textContent();
  /** waits for the player to show message `n` */
  const at = (n: number) => expect.poll(() => position().textContent(), { timeout: 60_000 }).toBe(`第 ${n} / 6 条`);

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'inspector');
    const found = await api<{ records: { id: string; name: string }[] }>(
      page,
      '/v3/chats/qc-rule/page',
      { keyword: RULE_NAME },
      { page: '1', size: '10' },
    );
    ruleId = found.body.records.find((r) => r.name === RULE_NAME)!.id;
  });

  it('steps a typed transcript through a saved rule: states, evidence, score and why not', async () => {
    await open(page, `/qc/replay?ruleId=${ruleId}`);
    await page.getByText(`当前测试：${RULE_NAME}（1 条规则）`).waitFor();
    await page.getByRole('tab', { name: '手动输入' }).click();
    await page.getByRole('textbox', { name: '手动输入' }).fill(TRANSCRIPT);
    await page.getByRole('button', { name: '回放此会话' }).click();
    await at(1);

    // message 1: no agent message yet — a is ruled out by its role, b by its anchor
    expect(await ruleState()).toBe('未命中');
    expect(await condition('a').getAttribute('data-hit')).toBe('false');
    expect(await condition('a').locator('[data-why-not]').getAttribute('data-why-not')).toBe('ROLE');
    await condition('a').getByText('未满足原因：角色不符').waitFor();
    await condition('b').getByText('未满足原因：锚点未命中').waitFor();
    expect(await page.getByTestId('replay-ai-score').textContent()).toBe('100');

    // message 2: the agent speaks but promises nothing — the operator's nearest miss lists the keywords missing
    await forward(1);
    await at(2);
    expect(await condition('a').locator('[data-why-not]').getAttribute('data-why-not')).toBe('OPERATOR');
    await condition('a').getByText('未满足原因：算子未满足').waitFor();
    expect(await condition('a').getByTestId('why-not-missing').textContent()).toContain('已记录');

    // message 4: the promise hits, its words marked; nothing after it yet for b
    await forward(2);
    await at(4);
    expect(await condition('a').getAttribute('data-hit')).toBe('true');
    expect(await marks()).toEqual([
      ['3', '已记录'],
      ['3', '转交'],
      ['3', '跟进'],
    ]);
    await condition('b').getByText('未满足原因：锚点范围内无消息').waitFor();
    expect(await ruleState()).toBe('未命中');

    // the picture: the inputs folded away; message 4 with b's why-not, and the whole score line with the drop to come
    await page.locator('.recharts-line').first().waitFor();
    await page.getByRole('button', { name: '收起' }).click();
    await page.getByRole('button', { name: '更换测试对象或会话' }).waitFor();
    await screenshot(page, 'replay-transcript');

    // message 5: the customer says nobody came — the rule hits in two messages and deducts 5 × 2
    await forward(1);
    await at(5);
    expect(await ruleState()).toBe('命中 2 句');
    expect(await condition('b').getAttribute('data-hit')).toBe('true');
    expect(await marks()).toContainEqual(['4', '没人']);
    expect(await page.getByTestId('replay-ai-score').textContent()).toBe('90');
    await rule().getByText('本步命中').waitFor();

    // scrub back to the start with the slider's keys; the score line and the states follow
    await page.getByRole('slider', { name: '回放进度' }).press('Home');
    await at(1);
    expect(await page.getByTestId('replay-ai-score').textContent()).toBe('100');

    // the engine ran in a Web Worker bundled with the console, not on the page
    const workerLoaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => /browser-worker[^/]*\.js$/.test(entry.name)),
    );
    expect(workerLoaded).toBe(true);
  });

  it("tests the rule editor's draft with 回放测试, unsaved keyword included, on the transcript typed before", async () => {
    // in-app navigation: the typed transcript stays with the tester
    await page.evaluate(`window.location.hash = '#/qc/rule/config?id=${ruleId}&_modal=large'`);
    // b's keywords become 一直 alone, not saved: message 5 then hits by 一直 instead of 没人
    const bKeywords = page.getByLabel('关键词', { exact: true }).nth(1);
    await expect.poll(() => bKeywords.inputValue(), { timeout: 30_000 }).toContain('没人');
    await bKeywords.fill('一直');
    await page.getByRole('button', { name: '回放测试' }).click();
    await expect.poll(() => hashQuery(page).get('draft')).toBe('1');
    expect(hashQuery(page).get('ruleId')).toBe(ruleId);
    await page.getByText(`当前测试：${RULE_NAME} (草稿 draft)（1 条规则）`).waitFor();
    await at(1);
    await page.getByRole('slider', { name: '回放进度' }).press('End');
    await at(6);
    expect(await ruleState()).toBe('命中 2 句');
    expect(await condition('b').getAttribute('data-hit')).toBe('true');
    const marked = await marks();
    expect(marked).toContainEqual(['4', '一直']);
    expect(marked).not.toContainEqual(['4', '没人']);
    // nothing was saved: the server still has the old keywords
    const saved = await api<{ conditionConfig: { conditions: { operators: { param: { keywords: string[] } }[] }[] } }>(
      page,
      '/v3/chats/qc-rule/detail',
      {},
      { ruleId },
    );
    expect(saved.body.conditionConfig.conditions[1]!.operators[0]!.param.keywords).toContain('没人');
  });
});
