import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  choose,
  dialog,
  hashQuery,
  open,
  openComplaints,
  screenshot,
  signIn,
  useBrowser,
} from './browser.js';

interface ManualRule {
  ruleId: string;
  ruleName?: string | null;
  scoreNum?: number | null;
  fatalError?: boolean | null;
}
interface ManualResult {
  id: string | null;
  sessionId: string;
  schemeId: string;
  style?: string | null;
  manualStatus: string;
  manualScore?: number | null;
  isComplaint?: boolean | null;
  manualAngles?: { angleName?: string | null; angleScore?: number | null; manualRules: ManualRule[] }[] | null;
}
interface ComplaintRow {
  id: string;
  type: string;
  status: string;
  resultId: string;
  commonReason?: string | null;
  commonAttachment?: string | null;
  complaintRules?: { ruleId: string }[] | null;
}

const REASON = '浏览器测试：人工质检扣分有误';
const VERDICT = '浏览器测试：核实属实，撤销该项扣分';
const EVIDENCE = '审核证据.txt';

/** The manual score badge of a detail: 人工得分: 85. */
function manualScore(score: number | null | undefined): RegExp {
  return new RegExp(`^人工得分: ${score ?? '--'}$`);
}

/**
 * An agent's complaint against a MANUAL result, in the browser: the agent files it from his manual result's detail,
 * the supervisor reviews it through approve-manual (status not PENDING, a reason, one attachment, a rule's
 * deduction withdrawn), and the agent sees the complaint reviewed and his manual score raised.
 */
describe('a complaint against a manual result in the browser', () => {
  const opened = useBrowser(2);
  let agent: Page;
  let supervisor: Page;
  let result: ManualResult;
  let rule: ManualRule & { ruleName: string; scoreNum: number };
  let complaintId = '';

  beforeAll(() => {
    agent = opened.page(0);
    supervisor = opened.page(1);
  });

  it('the agent files a complaint from one of his checked manual results', async () => {
    opened.current = agent;
    await signIn(agent, 'agent');
    // he lands on the overview of his own results, not on the scheme list he may not see
    await agent.locator('main').getByRole('heading', { level: 3, name: '质检概览', exact: true }).waitFor();
    expect(new URL(agent.url()).hash).toBe('#/qc/overview');
    expect(await agent.getByText('无查看权限').count()).toBe(0);
    // his own inspected results (the route scopes them to him): one without a complaint, scored (no fatal error),
    // with a rule that cost points
    const page1 = await api<{ records: ManualResult[] }>(
      agent,
      '/v3/chats/qc-manual-result/page',
      { manualStatus: 'CHECKED' },
      { page: '1', size: '50' },
    );
    expect(page1.status).toBe(200);
    const candidates = page1.body.records.flatMap((r) => {
      const rules = (r.manualAngles ?? []).flatMap((a) => a.manualRules);
      if (r.id === null || r.isComplaint || r.style === 'PASS' || rules.some((x) => x.fatalError)) return [];
      return rules
        .filter((x) => (x.scoreNum ?? 0) > 0 && x.ruleName)
        .map((x) => ({ r, x: x as ManualRule & { ruleName: string; scoreNum: number } }));
    });
    expect(candidates.length, 'a checked demo manual result of the agent with a deduction').toBeGreaterThan(0);
    result = candidates[0]!.r;
    rule = candidates[0]!.x;

    // from his manual result list, as he would
    await open(agent, '/qc/manual-result/list');
    await agent.getByRole('radiogroup', { name: '会话日期' }).getByRole('radio', { name: '全部' }).check();
    const line = agent.locator(`tr[data-row-id="${result.id}"]`);
    await line.getByRole('button', { name: result.sessionId, exact: true }).click();
    const detail = dialog(agent, '人工质检详情');
    await detail.getByRole('heading', { name: `质检编号 ${result.id}` }).waitFor();
    await detail
      .getByTestId('manual-score')
      .filter({ hasText: manualScore(result.manualScore) })
      .waitFor();
    // an agent does not assess
    expect(await detail.getByRole('button', { name: '质检评分' }).count()).toBe(0);
    await detail.getByRole('button', { name: '申诉', exact: true }).click();

    const form = dialog(agent, '提交申诉');
    expect(hashQuery(agent).get('type')).toBe('MANUAL');
    await form.getByRole('checkbox', { name: rule.ruleName, exact: true }).check();
    await form.getByRole('textbox', { name: /申诉原因/ }).fill(REASON);
    const filed = await answerTo(agent, '/v3/chats/complaint/create', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    complaintId = String((filed.body as { id: string }).id);

    // back on the manual result's detail, which offers no second complaint while this one is pending
    const reopened = dialog(agent, '人工质检详情');
    await reopened.getByRole('heading', { name: `质检编号 ${result.id}` }).waitFor();
    await expect.poll(() => reopened.getByRole('button', { name: '申诉', exact: true }).count()).toBe(0);
    const stored = await api<{ records: ComplaintRow[] }>(
      agent,
      '/v3/chats/complaint/page',
      { status: 'PENDING' },
      { page: '1', size: '100' },
    );
    const mine = stored.body.records.find((c) => String(c.id) === complaintId);
    expect(mine).toMatchObject({ type: 'MANUAL', status: 'PENDING' });
    expect(String(mine?.resultId)).toBe(String(result.id));
    expect(mine?.complaintRules?.map((r) => String(r.ruleId))).toEqual([String(rule.ruleId)]);
  });

  it('the supervisor reviews it through approve-manual: status, reason, one attachment, the deduction withdrawn', async () => {
    opened.current = supervisor;
    await signIn(supervisor, 'supervisor');
    await openComplaints(supervisor, '待审核');
    const line = supervisor.locator(`tr[data-row-id="${complaintId}"]`);
    await line.getByText(REASON).waitFor();
    await line.getByRole('button', { name: complaintId, exact: true }).click();
    const detail = dialog(supervisor, '申诉详情');
    await detail.getByText(REASON).first().waitFor();
    // a MANUAL complaint shows the manual score and the angles with their rules
    await detail
      .getByTestId('complaint-score')
      .filter({ hasText: manualScore(result.manualScore) })
      .waitFor();
    await detail.getByText(rule.ruleName, { exact: true }).first().waitFor();
    await detail.getByRole('button', { name: '申诉审核' }).click();

    const review = dialog(supervisor, '人工质检申诉审核');
    expect(hashQuery(supervisor).get('complaintId')).toBe(complaintId);
    expect(new URL(supervisor.url()).hash.startsWith('#/qc/complaint/approve-manual?')).toBe(true);
    await review.getByRole('heading', { name: `会话 ${result.sessionId}` }).waitFor();
    const score = review.getByRole('textbox', { name: `${rule.ruleName} 分数` });
    await expect.poll(() => score.inputValue()).toBe(String(rule.scoreNum));

    // the status starts at PENDING, which the review refuses, and the reason is required: nothing is sent
    const changes: string[] = [];
    const watch = (request: { url: () => string }) => {
      if (request.url().includes('/complaint/change')) changes.push(request.url());
    };
    supervisor.on('request', watch);
    await review.getByRole('button', { name: '保存' }).click();
    await review.getByText('审核状态不能为空').waitFor();
    await review
      .getByText(/审核原因不能为空|review reason cannot be empty/)
      .first()
      .waitFor();
    supervisor.off('request', watch);
    expect(changes).toEqual([]);
    // closing the review (✕) returns to the complaint's detail it was opened from; opening it again starts afresh
    await review.locator('.mantine-Modal-close').click();
    await detail.getByRole('button', { name: '申诉审核' }).waitFor();
    expect(new URL(supervisor.url()).hash.startsWith('#/qc/complaint/detail?')).toBe(true);
    expect(await supervisor.getByRole('dialog').count()).toBe(1);
    await detail.getByRole('button', { name: '申诉审核' }).click();
    await review.getByRole('heading', { name: `会话 ${result.sessionId}` }).waitFor();
    expect(await review.getByText('审核状态不能为空').count()).toBe(0);

    // a refused save again: each error goes as soon as its field is filled
    await review.getByRole('button', { name: '保存' }).click();
    await review.getByText('审核状态不能为空').waitFor();
    await choose(review, /审核状态/, '通过');
    await expect.poll(() => review.getByText('审核状态不能为空').count()).toBe(0);
    const reasonError = review.getByText(/审核原因不能为空|review reason cannot be empty/);
    expect(await reasonError.count()).toBeGreaterThan(0);
    await review.getByRole('textbox', { name: /审核原因/ }).fill(VERDICT);
    await expect.poll(() => reasonError.count()).toBe(0);
    // one attachment: the first upload is stored, a second is refused with the 1-file warning
    const uploads: string[] = [];
    supervisor.on('request', (request) => {
      if (request.url().includes('/v3/worker/center/upload')) uploads.push(request.url());
    });
    const input = review.locator('input[type="file"]');
    const uploaded = await answerTo(supervisor, '/v3/worker/center/upload', () =>
      input.setInputFiles({ name: EVIDENCE, mimeType: 'text/plain', buffer: Buffer.from('通话录音核实记录') }),
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    await review.getByTestId('attachment').getByText(EVIDENCE).waitFor();
    await input.setInputFiles({ name: '第二个附件.txt', mimeType: 'text/plain', buffer: Buffer.from('多余') });
    await supervisor.getByText('最多只能上传 1 个文件').first().waitFor();
    expect(uploads).toHaveLength(1);
    expect(await review.getByTestId('attachment').count()).toBe(1);
    expect(await review.getByText('第二个附件.txt').count()).toBe(0);

    // the complained rule's deduction withdrawn
    await score.fill('0');
    await review.getByRole('textbox', { name: `${rule.ruleName} 原因` }).fill('申诉成立，撤销扣分');
    await review.getByRole('textbox', { name: '备注', exact: true }).fill('浏览器测试：已电话回访客户');
    // the form from its top (dialogue, basic info, the approval block), then its scoring per angle
    await review.evaluate((modal) => modal.scrollTo(0, 0));
    await screenshot(supervisor, 'complaint-review-manual');
    // the modal scrolled to its scoring: the transcript's scrollbar passes under the modal's sticky title bar, not
    // over it (the success toasts at the top are set aside: they lie over everything). Scrolled and measured until a
    // scrollbar reaches under the title bar: on a loaded machine the transcript may still be filling when first
    // scrolled, and then no scrollbar reaches that far yet.
    const toasts = await supervisor.addStyleTag({
      content: '.mantine-Notifications-root { display: none !important; }',
    });
    const scrollToScoring = () =>
      review
        .locator('[data-angle]')
        .first()
        .evaluate((angle) => {
          angle.scrollIntoView({ block: 'start' });
          angle.closest('.mantine-Modal-content')?.scrollBy(0, -80);
        });
    const scrollbarsUnderTitle = () =>
      review.evaluate((modal) => {
        const content = modal.closest('.mantine-Modal-content') ?? modal;
        const header = content.querySelector('.mantine-Modal-header')!.getBoundingClientRect();
        return [
          ...content.querySelectorAll('.mantine-Modal-body [data-mantine-scrollbar][data-orientation="vertical"]'),
        ]
          .map((bar) => bar.getBoundingClientRect())
          .filter((bar) => bar.height > 0 && bar.top < header.bottom && bar.bottom > header.top)
          .map((bar) => {
            const top = modal.ownerDocument.elementFromPoint(
              bar.left + bar.width / 2,
              Math.max(bar.top, header.top) + 4,
            );
            return top !== null && top.closest('.mantine-Modal-header') !== null;
          });
      });
    let titleOnTop: boolean[] = [];
    await expect
      .poll(
        async () => {
          await scrollToScoring();
          titleOnTop = await scrollbarsUnderTitle();
          return titleOnTop.length;
        },
        { message: 'a transcript scrollbar reaching under the title bar', timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await toasts.evaluate((node) => node.remove());
    await screenshot(supervisor, 'complaint-review-manual-scoring');
    expect(titleOnTop).not.toContain(false);

    const saved = await answerTo(supervisor, '/v3/chats/complaint/change', () =>
      review.getByRole('button', { name: '保存' }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // the complaint's detail reopens, reviewed, with the re-scored result
    const expected = (result.manualScore ?? 0) + rule.scoreNum;
    const reopened = dialog(supervisor, '申诉详情');
    await reopened.getByText(VERDICT).first().waitFor();
    expect(hashQuery(supervisor).get('type')).toBe('MANUAL');
    await reopened
      .getByTestId('complaint-score')
      .filter({ hasText: manualScore(expected) })
      .waitFor();
    await reopened.getByText(EVIDENCE).first().waitFor();
    expect(await reopened.getByRole('button', { name: '申诉审核' }).count()).toBe(0);

    const reviewed = await api<{ records: ComplaintRow[] }>(
      supervisor,
      '/v3/chats/complaint/page',
      { status: 'ACTIVE' },
      { page: '1', size: '100' },
    );
    const stored = reviewed.body.records.find((c) => String(c.id) === complaintId);
    expect(stored).toMatchObject({ status: 'ACTIVE', commonReason: VERDICT });
    expect(stored?.commonAttachment ?? '').toMatch(/^qc\/complaint\//);
  });

  it('the agent sees his complaint reviewed and his manual score raised', async () => {
    opened.current = agent;
    const expected = (result.manualScore ?? 0) + rule.scoreNum;
    await openComplaints(agent, '已审核');
    const line = agent.locator(`tr[data-row-id="${complaintId}"]`);
    await line.getByText('已审核').waitFor();
    await line.getByText(VERDICT).waitFor();

    await open(agent, `/qc/manual-result/detail?id=${encodeURIComponent(result.sessionId)}&_modal=large`);
    const detail = dialog(agent, '人工质检详情');
    await detail
      .getByTestId('manual-score')
      .filter({ hasText: manualScore(expected) })
      .waitFor();
    await detail.getByText('申诉成立，撤销扣分').first().waitFor();
    const stored = await api<ManualResult & { reviewScore?: number | null; isReview?: boolean }>(
      agent,
      '/v3/chats/qc-manual-result/detail',
      {},
      { sessionId: result.sessionId },
    );
    expect(stored.body).toMatchObject({ manualScore: expected, reviewScore: expected, isReview: true });
    const after = (stored.body.manualAngles ?? [])
      .flatMap((a) => a.manualRules)
      .find((r) => String(r.ruleId) === String(rule.ruleId));
    expect(after?.scoreNum).toBe(0);
  });
});
