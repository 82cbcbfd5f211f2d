import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, dialog, open, screenshot, signIn, useBrowser } from './browser.js';

interface ManualRule {
  ruleId: string;
  ruleName?: string | null;
  scoreNum?: number | null;
  reason?: string | null;
  fatalError?: boolean;
}
interface ManualResult {
  id: string | null;
  sessionId: string;
  schemeName?: string | null;
  manualStatus: string;
  manualScore?: number | null;
  manualAngles?: { angleName?: string | null; manualRules: ManualRule[] }[] | null;
  appraisals?: { title: string; appraise?: string | null }[] | null;
}

async function manualPage(page: Page, manualStatus: string): Promise<ManualResult[]> {
  const answer = await api<{ records: ManualResult[] }>(
    page,
    '/v3/chats/qc-manual-result/page',
    { manualStatus },
    { page: '1', size: '50' },
  );
  expect(answer.status).toBe(200);
  return answer.body.records;
}

/**
 * The inspector's manual inspection in the browser: the manual result list, an assessed result's detail, and the
 * assessment of a session waiting to be inspected against the demo PERSON scheme, saved and scored by the server.
 */
describe('manual results in the browser', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('lists the inspected manual results and opens one with its angles and transcript', async () => {
    await signIn(page, 'inspector');
    const checked = await manualPage(page, 'CHECKED');
    const result = checked.find((r) => r.id !== null && (r.manualAngles ?? []).length > 0);
    expect(result, 'an assessed demo manual result').toBeDefined();

    await open(page, '/qc/manual-result/list');
    await page.getByRole('radiogroup', { name: '会话日期' }).getByRole('radio', { name: '全部' }).check();
    // the status radio shows the counts the page call answered; 已质检 is the default
    await page
      .getByRole('radiogroup', { name: '质检状态' })
      .getByRole('radio', { name: /^已质检 \(\d+\)$/ })
      .waitFor();
    const line = page.locator(`tr[data-row-id="${result!.id}"]`);
    await line.waitFor();
    await line.getByText('已质检').waitFor();
    await screenshot(page, 'manual-result-list');

    await line.getByRole('button', { name: result!.sessionId, exact: true }).click();
    const detail = dialog(page, '人工质检详情');
    await detail.getByRole('heading', { name: `质检编号 ${result!.id}` }).waitFor();
    await detail
      .getByTestId('manual-score')
      .filter({ hasText: String(result!.manualScore) })
      .waitFor();
    await detail.getByTestId('chat-transcript').waitFor();
    const angle = result!.manualAngles![0]!;
    await detail
      .getByText(angle.angleName ?? '', { exact: true })
      .first()
      .waitFor();
    await detail
      .getByText(angle.manualRules[0]?.ruleName ?? '', { exact: true })
      .first()
      .waitFor();
    await detail.getByRole('button', { name: '质检评分' }).waitFor();
    await screenshot(page, 'manual-result-detail');
  });

  it('opens the result’s PERSON scheme read-only from the detail, and its configuration block', async () => {
    // the scheme name of the detail links to the read-only view (qc-area: /qc/scheme/view?_index=1&id={schemeId})
    const detail = dialog(page, '人工质检详情');
    await detail.getByRole('button', { name: '人工抽检方案（评分）', exact: true }).click();
    const view = dialog(page, '质检方案详情');
    await view.getByRole('heading', { name: '人工抽检方案（评分）' }).waitFor();
    await view.getByText('人工', { exact: true }).first().waitFor();
    await view.getByText('人工质检配置').waitFor();
    expect(await view.getByRole('button', { name: '保存' }).count()).toBe(0);
    await view.locator('.mantine-Modal-close').click();
    await expect.poll(() => view.count()).toBe(0);

    // the inspector's configuration of the same scheme: style, appraisal items, veto statements
    await open(page, '/qc/scheme/list?targetType=PERSON');
    await page
      .getByRole('row')
      .filter({ hasText: '人工抽检方案（评分）' })
      .getByRole('button', { name: '人工抽检方案（评分）', exact: true })
      .click();
    const config = dialog(page, '质检方案配置');
    const appraisals = config.getByRole('textbox', { name: '评价内容' });
    await expect.poll(() => appraisals.count()).toBe(2);
    expect(await appraisals.first().inputValue()).toBe('服务亮点');
    const vetoes = config.getByRole('textbox', { name: '否决说明' });
    expect(await vetoes.first().inputValue()).toBe('辱骂或威胁客户');
    expect(await config.getByRole('switch', { name: '必填' }).first().isChecked()).toBe(true);
    // the block at the top of the modal, below its sticky header
    await config.getByText('人工质检配置').evaluate((block) => {
      block.scrollIntoView({ block: 'start' });
      block.closest('.mantine-Modal-content')?.scrollBy(0, -80);
    });
    await screenshot(page, 'scheme-person-config');
  });

  it('assesses a session waiting for inspection against the PERSON scheme and saves the score', async () => {
    const ready = await manualPage(page, 'READY_CHECKED');
    const session = ready.find((r) => (r.manualAngles ?? []).length === 0);
    expect(session, 'a demo session waiting for manual inspection').toBeDefined();
    const sessionId = session!.sessionId;

    await open(page, `/qc/manual-result/detail?id=${encodeURIComponent(sessionId)}&_modal=large`);
    const detail = dialog(page, '人工质检详情');
    await detail.getByText('尚未进行人工质检').waitFor();
    await detail.getByRole('button', { name: '质检评分' }).click();
    // no angles yet: the inspector picks the PERSON scheme first
    const picker = dialog(page, '选择人工质检方案');
    await picker.getByRole('row').filter({ hasText: '人工抽检方案（评分）' }).click();

    const form = dialog(page, '人工质检评分');
    await form.getByRole('heading', { name: `会话 ${sessionId}` }).waitFor();
    await form.getByText('人工抽检方案（评分）').first().waitFor();
    const score = form.getByRole('textbox', { name: '业务解答准确 分数' });
    await score.fill('5');
    await form.getByRole('textbox', { name: '业务解答准确 原因' }).fill('浏览器测试：资费说明有遗漏');
    await form.getByRole('checkbox', { name: '泄露客户隐私' }).waitFor();
    await form.getByRole('textbox', { name: /^改进建议/ }).fill('浏览器测试：先确认客户诉求');
    await screenshot(page, 'manual-assess');
    // 服务亮点 is a required appraisal: saving without it is refused in the form
    const creates: string[] = [];
    const watch = (request: { url: () => string }) => {
      if (request.url().includes('/qc-manual-result/create')) creates.push(request.url());
    };
    page.on('request', watch);
    await form.getByRole('button', { name: '保存' }).click();
    const highlight = form.getByRole('textbox', { name: /^服务亮点/ });
    await expect.poll(() => highlight.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('服务亮点 不能为空').first().waitFor();
    page.off('request', watch);
    expect(creates).toEqual([]);
    await highlight.fill('浏览器测试：响应及时');
    const saved = await answerTo(page, '/v3/chats/qc-manual-result/create', () =>
      form.getByRole('button', { name: '保存' }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // the detail reopens on the assessment, scored by the server
    const stored = await api<ManualResult>(page, '/v3/chats/qc-manual-result/detail', {}, { sessionId });
    expect(stored.body.manualStatus).toBe('CHECKED');
    const rule = (stored.body.manualAngles ?? [])
      .flatMap((a) => a.manualRules)
      .find((r) => r.ruleName === '业务解答准确');
    expect(rule).toMatchObject({ scoreNum: 5, reason: '浏览器测试：资费说明有遗漏' });
    expect(stored.body.appraisals).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: '服务亮点', appraise: '浏览器测试：响应及时' })]),
    );
    expect(typeof stored.body.manualScore).toBe('number');
    const reopened = dialog(page, '人工质检详情');
    await reopened.getByRole('heading', { name: `质检编号 ${stored.body.id}` }).waitFor();
    await reopened
      .getByTestId('manual-score')
      .filter({ hasText: String(stored.body.manualScore) })
      .waitFor();
    await reopened.getByText('浏览器测试：资费说明有遗漏').waitFor();
  });
});
