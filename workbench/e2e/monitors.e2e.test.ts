import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dialog, open, screenshot, signIn, stamp, useBrowser } from './browser.js';

interface Group {
  id: string;
  name: string;
  type: string;
  agentIds: string[];
}
interface FeedAnswer {
  accepted: number;
  refused: number;
  desk: { type: string; sessionId: string; agentId?: string | null }[];
}

/**
 * The monitors in a real browser against the real server (started with QCDESK_SIMULATE=0): the test drives the live
 * feed itself as the administrator — one agent of a skill group online, customers arriving for that group — opens the
 * agent monitor, sees the agent's card change after a refresh, opens his live session and sees its transcript grow,
 * and visits the group and queue monitors and the agent's detail (screenshots of each with SCREENSHOTS=1).
 */
describe('the monitors in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const run = stamp();
  let agentId = '';
  let agentNick = '';
  let capacity = 0;
  let groupId = '';
  let lineId = '';
  let n = 0;
  const feed = async (events: Record<string, unknown>[]) => {
    const answer = await api<FeedAnswer>(page, '/v3/feed/live/events', {
      events: events.map((e) => ({ eventId: `e2e-mon-${run}-${++n}`, at: Date.now(), ...e })),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.refused, JSON.stringify(answer.body)).toBe(0);
    return answer.body;
  };
  const say = (sessionId: string, senderRole: 'CUSTOMER' | 'AGENT', content: string) => ({
    type: 'MESSAGE',
    sessionId,
    messageId: `e2e-mon-${run}-m${++n}`,
    senderRole,
    content,
  });
  const arrive = (sessionId: string) => ({
    type: 'SESSION_OPENED',
    sessionId,
    lineId,
    groupId,
    customerId: `c-${sessionId}`,
    customerNick: `访客${sessionId.slice(-4)}`,
    trackClient: 'WEB',
  });

  beforeAll(() => {
    page = opened.page();
  });

  it('puts one agent of a skill group online and gives him a customer', async () => {
    await signIn(page, 'admin');
    const groups = await api<Group[]>(page, '/v3/chats/cs-group/list', { type: 'ONLINE' });
    const group = groups.body.find((g) => g.agentIds.length > 0);
    expect(group, 'a demo ONLINE group with agents').toBeTruthy();
    groupId = group!.id;
    const members = group!.agentIds;
    agentId = members[0]!;
    const detail = await api<{ nick: string; capacity: number }>(
      page,
      '/v3/chats/monitor/agent-detail',
      {},
      { agentId },
    );
    expect(detail.status).toBe(200);
    agentNick = detail.body.nick;
    capacity = detail.body.capacity;
    const lines = await api<{ id: string }[]>(page, '/v3/chats/cs-line/list', {});
    lineId = lines.body[0]!.id;
    // only he takes the group's customers
    await feed([
      ...members.slice(1).map((id) => ({ type: 'AGENT_STATUS', agentId: id, status: 'OFFLINE' })),
      { type: 'AGENT_STATUS', agentId, status: 'ONLINE', mode: 'CHAT' },
    ]);
    const first = await feed([
      arrive(`e2e-${run}-1`),
      say(`e2e-${run}-1`, 'CUSTOMER', '你好，我的快递三天没到'),
      say(`e2e-${run}-1`, 'AGENT', '您好，马上为您查询'),
    ]);
    expect(first.desk.find((d) => d.type === 'SESSION_ASSIGNED')?.agentId).toBe(agentId);
  });

  it('shows his card, and the card changes after a refresh when another customer arrives', async () => {
    await open(page, '/cs-agent-monitor/list');
    await page.getByLabel('姓名或昵称').fill(agentNick);
    const card = page.getByTestId(`agent-card-${agentId}`);
    await card.waitFor();
    const before = Number((await card.getByTestId('receptions').textContent())!.split('/')[0]);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await card.getByText('在线', { exact: true }).count()).toBe(1);
    await screenshot(page, 'monitor-agent-cards');

    await feed([arrive(`e2e-${run}-2`)]);
    await page.getByTestId('monitor-refresh').click();
    await expect
      .poll(async () => card.getByTestId('receptions').textContent())
      .toBe(`${Math.min(before + 1, capacity)}/${capacity}`);

    await page.getByText('列表', { exact: true }).click();
    await page.getByTestId(`agent-row-${agentId}`).waitFor();
    await screenshot(page, 'monitor-agent-list');
    await page.getByText('卡片', { exact: true }).click();
  });

  it('opens his longest live session, whose transcript grows on refresh', async () => {
    await page
      .getByTestId(`agent-card-${agentId}`)
      .getByText(/^最长会话/)
      .click();
    const modal = dialog(page, '会话详情');
    await modal.waitFor();
    await modal.getByText('您好，马上为您查询').waitFor();
    expect(await modal.getByTestId('session-profile').textContent()).toContain(`e2e-${run}-1`);
    await feed([say(`e2e-${run}-1`, 'CUSTOMER', '单号是 SF1234567890')]);
    await modal.getByTestId('monitor-refresh').click();
    await modal.getByText('单号是 SF1234567890').waitFor();
    await screenshot(page, 'monitor-session-detail');
  });

  it('shows the agent detail, the group monitor and the queue monitor with its 统计 row', async () => {
    await open(page, `/cs-agent-monitor/detail?agentId=${agentId}&menu=chat`);
    await page.getByTestId('chat-statistics').waitFor();
    await screenshot(page, 'monitor-agent-detail');

    await open(page, '/cs-group-monitor/list');
    const group = page.getByTestId(`group-${groupId}`);
    await group.waitFor();
    expect(Number(await group.getByTestId('online').textContent())).toBeGreaterThanOrEqual(1);
    await group.getByRole('button').first().click();
    await group.getByTestId(`agent-row-${agentId}`).waitFor();
    await screenshot(page, 'monitor-groups');

    await open(page, '/queue-monitor/list');
    const summary = page.getByTestId('queue-summary');
    await summary.waitFor();
    expect(await summary.locator('td').first().textContent()).toBe('统计');
    await screenshot(page, 'monitor-queue');
  });
});
