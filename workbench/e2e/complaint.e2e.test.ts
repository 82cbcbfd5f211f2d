import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, choose, dialog, open, openComplaints, screenshot, signIn, useBrowser } from './browser.js';

interface Result {
  id: string;
  sessionId: string;
  schemeId: string;
  isComplaint: boolean;
  resultRules?: { ruleId: string; ruleName: string }[] | null;
}
interface ComplaintRow {
  id: string;
  status: string;
  commonReason?: string | null;
}

/**
 * An agent's complaint against an AI result, filed and reviewed in the browser: the agent files it from the AI
 * result's detail (申诉) and sees it pending in his complaint list, the supervisor opens it, approves it with a
 * reason, and it moves to the reviewed complaints.
 */
describe('complaints in the browser', () => {
  const opened = useBrowser(2);
  let agent: Page;
  let supervisor: Page;
  let complaintId = '';

  beforeAll(() => {
    agent = opened.page(0);
    supervisor = opened.page(1);
  });

  it('the agent files a complaint against one of his AI results and sees it pending', async () => {
    opened.current = agent;
    await signIn(agent, 'agent');
    // the agent's own results only; one without a complaint and with a hit rule to complain about
    const results = await api<{ records: Result[] }>(
      agent,
      '/v3/chats/ai-result/page',
      { isComplaint: false },
      { page: '1', size: '100' },
    );
    expect(results.status).toBe(200);
    const result = results.body.records.find((r) => (r.resultRules ?? []).length > 0);
    expect(result, 'an AI result of the demo agent').toBeDefined();
    // the agent files it in the browser: 申诉 on the AI result's detail opens the filing form
    // the row's own result: its session and scheme (a session may have a result per scheme)
    const where = `id=${encodeURIComponent(result!.sessionId)}&schemeId=${encodeURIComponent(result!.schemeId)}`;
    await open(agent, `/qc/ai-result/detail?${where}&_modal=large`);
    const detail = dialog(agent, '智能质检详情');
    await detail.getByRole('button', { name: '申诉', exact: true }).click();
    const form = dialog(agent, '提交申诉');
    await form.getByRole('checkbox').first().check();
    await form.getByRole('textbox', { name: /申诉原因/ }).fill('浏览器测试：该规则误判');
    await screenshot(agent, 'complaint-file');
    const filed = await answerTo(agent, '/v3/chats/complaint/create', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    complaintId = String((filed.body as { id: string }).id);
    // back on the detail, which offers no second complaint while this one is pending
    const reopened = dialog(agent, '智能质检详情');
    await reopened.getByText('是否申诉').waitFor();
    await expect.poll(() => reopened.getByRole('button', { name: '申诉', exact: true }).count()).toBe(0);
    const stored = await api<{ records: (ComplaintRow & { complaintRules?: { ruleId: string }[] })[] }>(
      agent,
      '/v3/chats/complaint/page',
      { status: 'PENDING' },
      { page: '1', size: '100' },
    );
    expect(stored.body.records.find((c) => String(c.id) === complaintId)?.complaintRules).toHaveLength(1);

    await openComplaints(agent, '待审核');
    const line = agent.locator(`tr[data-row-id="${complaintId}"]`);
    await line.getByText('浏览器测试：该规则误判').waitFor();
    await line.getByText('待审核').waitFor();
    await line.getByRole('button', { name: complaintId, exact: true }).click();
    const agentDetail = dialog(agent, '申诉详情');
    await agentDetail.getByText('浏览器测试：该规则误判').first().waitFor();
    // the appellant does not judge his own appeal: he holds qc-complaint.edit (filing) but not qc-complaint.review,
    // so the workbench offers no review and the server refuses one, naming the key
    expect(await agentDetail.getByRole('button', { name: '申诉审核' }).count()).toBe(0);
    const judged = await api(agent, '/v3/chats/complaint/change', {
      complaint: { id: complaintId, status: 'ACTIVE', commonReason: '自己审核' },
      sessionId: result!.sessionId,
      resultId: result!.id,
    });
    expect(judged.status).toBe(403);
    expect(JSON.stringify(judged.body)).toContain('qc-complaint.review');
  });

  it('the supervisor approves it with a reason and it is reviewed', async () => {
    opened.current = supervisor;
    await signIn(supervisor, 'supervisor');
    await openComplaints(supervisor, '待审核');
    const line = supervisor.locator(`tr[data-row-id="${complaintId}"]`);
    await line.waitFor();
    await screenshot(supervisor, 'complaint-list');
    await line.getByRole('button', { name: complaintId, exact: true }).click();
    const detail = dialog(supervisor, '申诉详情');
    await detail.getByText('浏览器测试：该规则误判').first().waitFor();
    await detail.getByText('待审核').first().waitFor();
    await detail.getByTestId('chat-transcript').locator('*').first().waitFor();
    await screenshot(supervisor, 'complaint-detail');
    await detail.getByRole('button', { name: '申诉审核' }).click();

    const review = dialog(supervisor, '智能质检申诉审核');
    await choose(review, /审核状态/, '通过');
    await review.getByRole('textbox', { name: /审核原因/ }).fill('浏览器测试：同意申诉');
    await screenshot(supervisor, 'complaint-review');
    const saved = await answerTo(supervisor, '/v3/chats/complaint/change', () =>
      review.getByRole('button', { name: '保存' }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the detail reopens on the reviewed complaint
    await dialog(supervisor, '申诉详情').getByText('浏览器测试：同意申诉').first().waitFor();

    await openComplaints(supervisor, '已审核');
    await supervisor.locator(`tr[data-row-id="${complaintId}"]`).getByText('已审核').waitFor();
    const reviewed = await api<{ records: ComplaintRow[] }>(
      supervisor,
      '/v3/chats/complaint/page',
      { status: 'ACTIVE' },
      { page: '1', size: '100' },
    );
    expect(reviewed.body.records.find((c) => String(c.id) === complaintId)).toMatchObject({
      status: 'ACTIVE',
      commonReason: '浏览器测试：同意申诉',
    });
  });
});
