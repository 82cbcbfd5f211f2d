import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, choose, dialog, open, screenshot, signIn, useBrowser } from './browser.js';

interface Result {
  id: string;
  sessionId: string;
  schemeId: string;
  aiScore: number;
}
interface TicketRow {
  id: string;
  number: string;
  stateCode: string;
  handlerId?: string | null;
  groupId?: string | null;
}
interface Group {
  id: string;
  name: string;
  staff: { id: string }[];
}

/**
 * Tickets in the browser: the administrator opens a ticket for a low-scoring session from its AI result's detail
 * (创建工单), routes it into the demo ticket group 售后一组 (a member gets it), and moves it along the demo flow of
 * 投诉处理 — 处理中, 已解决, 已关闭 — with the history growing at each step; the list shows it with its state.
 */
describe('tickets in the browser', () => {
  const opened = useBrowser(1);
  let admin: Page;
  let ticketId = '';

  beforeAll(async () => {
    admin = opened.page(0);
    await signIn(admin, 'admin');
  });

  it('opens a ticket from an AI result and sees it routed to a member of the group', async () => {
    const results = await api<{ records: Result[] }>(
      admin,
      '/v3/chats/ai-result/page',
      { scoreSorts: ['ai_score asc'] },
      { page: '1', size: '50' },
    );
    expect(results.status).toBe(200);
    // a low-scoring session no ticket was opened for yet (the demo opened some)
    let result: Result | undefined;
    for (const candidate of results.body.records) {
      const tickets = await api<{ total: number }>(admin, '/v3/feed/ticket/page', { sessionId: candidate.sessionId });
      if (tickets.body.total === 0) {
        result = candidate;
        break;
      }
    }
    expect(result, 'an AI result without a ticket').toBeDefined();
    const where = `id=${encodeURIComponent(result!.sessionId)}&schemeId=${encodeURIComponent(result!.schemeId)}`;
    await open(admin, `/qc/ai-result/detail?${where}&_modal=large`);
    await dialog(admin, '智能质检详情').getByRole('button', { name: '创建工单' }).click();
    const form = dialog(admin, '新建工单');
    await form.getByText(`来自会话 ${result!.sessionId}`).waitFor();
    await expect.poll(() => form.getByRole('textbox', { name: /标题/ }).inputValue()).toContain(result!.sessionId);
    await choose(form, /工单模版/, '投诉处理');
    await form.getByRole('textbox', { name: /投诉内容/ }).fill('浏览器测试：坐席未按规范致歉，客户要求回电');
    await form.getByRole('textbox', { name: /联系电话/ }).fill('13800138000');
    await choose(form, /工单组/, '售后一组');
    await screenshot(admin, 'ticket-create');
    const created = await answerTo(admin, '/v3/feed/ticket/create', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ticketId = String((created.body as { id: string }).id);

    const detail = dialog(admin, '工单详情');
    await detail.getByTestId('ticket-number').waitFor();
    const stored = await api<TicketRow & { aiResultId: string; sessionId: string }>(
      admin,
      '/v3/feed/ticket/detail',
      {},
      { ticketId },
    );
    expect(stored.body).toMatchObject({ stateCode: 'PENDING', aiResultId: result!.id, sessionId: result!.sessionId });
    const options = await api<{ groups: Group[] }>(admin, '/v3/feed/ticket/options');
    const group = options.body.groups.find((g) => g.name === '售后一组')!;
    // routed by the group's rule to one of its members
    expect(group.staff.map((s) => s.id)).toContain(stored.body.handlerId);
    expect(stored.body.groupId).toBe(group.id);
    await expect.poll(() => detail.getByTestId('ticket-handler').textContent()).not.toContain('待认领');
    await detail.getByTestId('ticket-session').waitFor();
  });

  it('moves it along the flow to 已解决 and 已关闭, the history growing at each step', async () => {
    await open(admin, `/ticket/detail?id=${ticketId}&_modal=large`);
    const steps: [string, string][] = [
      ['PROCESSING', '处理中'],
      ['RESOLVED', '已解决'],
      ['CLOSED', '已关闭'],
    ];
    for (const [code, name] of steps) {
      const detail = dialog(admin, '工单详情');
      const button = detail.locator(`[data-move-to="${code}"]`);
      await button.click();
      await detail.getByTestId('move-panel').getByRole('textbox', { name: '备注' }).fill(`浏览器测试：到${name}`);
      if (code === 'RESOLVED') await screenshot(admin, 'ticket-move');
      const moved = await answerTo(admin, '/v3/feed/ticket/move', () =>
        detail.getByTestId('move-panel').getByRole('button', { name: '确定' }).click(),
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const reopened = dialog(admin, '工单详情');
      await expect.poll(() => reopened.getByTestId('ticket-state').first().textContent()).toBe(name);
      await reopened.getByTestId('ticket-history').getByText(`浏览器测试：到${name}`).waitFor();
    }
    const history = dialog(admin, '工单详情').getByTestId('ticket-history');
    await expect.poll(() => history.getByText(/流转到/).count()).toBe(3);
    await expect.poll(() => dialog(admin, '工单详情').getByText('当前状态没有可用的流转').count()).toBe(1);
    // the picture shows the history
    await history.getByText(/流转到“已关闭”/).scrollIntoViewIfNeeded();
    await screenshot(admin, 'ticket-detail');
    const stored = await api<TicketRow>(admin, '/v3/feed/ticket/detail', {}, { ticketId });
    expect(stored.body.stateCode).toBe('CLOSED');
  });

  it('lists it under 全部 with its state, beside the demo tickets', async () => {
    await open(admin, '/ticket/list?view=ALL');
    const stored = await api<TicketRow>(admin, '/v3/feed/ticket/detail', {}, { ticketId });
    const line = admin.getByRole('row').filter({ hasText: stored.body.number });
    await line.getByText('已关闭').waitFor();
    // the demo's overdue ticket shows its timeout passed, in red
    await admin.getByText('已超时').first().waitFor();
    await screenshot(admin, 'ticket-list');
  });
});
