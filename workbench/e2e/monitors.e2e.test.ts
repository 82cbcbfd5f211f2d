import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, choose, confirm, dialog, open, screenshot, signIn, stamp, useBrowser } from './browser.js';

interface Group {
  id: string;
  name: string;
  type: string;
  agentIds: string[];
}
interface GroupOption {
  id: string;
  name: string;
  online: boolean;
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
 * and visits the group and queue monitors and the agent's detail (screenshots of each with SCREENSHOTS=1); then puts a
 * second agent online and force-transfers the first one's live session to him from the session's detail, and sees it
 * move: the profile, the transcript (with the transfer's notice), both agents' cards and the API name the second
 * agent.
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

  /** `text` in a pattern, as itself */
  const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** what `agent-detail` says of an agent: his nick, his receptions now and his ceiling */
  const agentNow = async (id: string) => {
    const detail = await api<{ nick: string; receptions: number; capacity: number }>(
      page,
      '/v3/chats/monitor/agent-detail',
      {},
      { agentId: id },
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    return detail.body;
  };
  /** the receptions on the agent's card, the list filtered to his nick and refreshed */
  const cardReceptions = async (id: string, nick: string) => {
    await open(page, '/cs-agent-monitor/list');
    await page.getByLabel('姓名或昵称').fill(nick);
    const card = page.getByTestId(`agent-card-${id}`);
    await card.waitFor();
    // the list's own refresh (the first: a session detail closing may still be on the page)
    await page.getByTestId('monitor-refresh').first().click();
    return card.getByTestId('receptions');
  };

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

  it('force-transfers his live session to another online agent, and the session moves to him', async () => {
    const sessionId = `e2e-${run}-1`;
    // a group the chat may go to (the session's own first) with another agent in it: he comes online
    const offered = await api<GroupOption[]>(page, '/v3/chats/cs-group/select', {}, { chatId: sessionId });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const groups = (await api<Group[]>(page, '/v3/chats/cs-group/list', { type: 'ONLINE' })).body;
    const targets = offered.body.flatMap((option) => {
      const other = groups.find((g) => g.id === option.id)?.agentIds.find((id) => id !== agentId);
      return other === undefined ? [] : [{ option, other }];
    });
    const target = targets.find((t) => t.option.id === groupId) ?? targets[0];
    expect(target, `a group offered for ${sessionId} with an agent besides ${agentId}`).toBeTruthy();
    const { option, other: otherId } = target!;
    await feed([{ type: 'AGENT_STATUS', agentId: otherId, status: 'ONLINE', mode: 'CHAT' }]);
    const mine = await agentNow(agentId);
    const theirs = await agentNow(otherId);
    const otherNick = theirs.nick;
    expect(otherNick).not.toBe(agentNick);
    expect(theirs.receptions, 'the other agent has room for one more').toBeLessThan(theirs.capacity);
    await open(page, '/cs-agent-monitor/list');
    await page.getByLabel('姓名或昵称').fill(agentNick);

    // his longest session, opened from his card as before
    await page
      .getByTestId(`agent-card-${agentId}`)
      .getByText(/^最长会话/)
      .click();
    const modal = dialog(page, '会话详情');
    await modal.getByText('您好，马上为您查询').waitFor();
    const profile = modal.getByTestId('session-profile');
    expect(await profile.textContent()).toContain(sessionId);
    expect(await profile.textContent()).toContain(`坐席昵称${agentNick}`);

    await modal.getByRole('button', { name: '强制转接' }).click();
    const transfer = dialog(page, '转接会话');
    await transfer.waitFor();
    // nothing chosen: the spec's texts on the fields, and nothing is sent
    const sent: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.endsWith('/chatting/transfer')) sent.push(request.url());
    };
    page.on('request', onRequest);
    await transfer.getByRole('button', { name: '转接', exact: true }).click();
    await transfer.getByText('请选择目标技能组', { exact: true }).waitFor();
    await transfer.getByText('坐席', { exact: true }).click();
    const groupLabel = option.online ? option.name : `${option.name}（非服务时间）`;
    await choose(transfer, '目标技能组', new RegExp(`^${literally(groupLabel)}$`));
    await transfer.getByRole('button', { name: '转接', exact: true }).click();
    await transfer.getByText('请选择目标坐席', { exact: true }).waitFor();
    page.off('request', onRequest);
    expect(sent, 'a transfer sent before its target was chosen').toEqual([]);
    await choose(transfer, '目标坐席', new RegExp(`^${literally(otherNick)}（接待 \\d+/\\d+）$`));
    await transfer.getByLabel('备注').fill(`客户要求换人处理 ${run}`);
    await screenshot(page, 'monitor-transfer');
    const answer = await answerTo(page, '/chatting/transfer', async () => {
      await transfer.getByRole('button', { name: '转接', exact: true }).click();
      await confirm(page, `确认将会话 ${sessionId} 转接给坐席「${otherNick}」吗？`);
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ sessionId, agentId: otherId, queued: false, message: '转接成功' });
    await page.getByText('转接成功', { exact: true }).waitFor();
    await transfer.waitFor({ state: 'detached' });

    // the session now shows him; what the agent writes next is his, under the first agent's earlier reply
    await expect.poll(async () => profile.textContent()).toContain(`坐席昵称${otherNick}`);
    await feed([say(sessionId, 'AGENT', '您好，我接着为您跟进快递')]);
    await modal.getByTestId('monitor-refresh').click();
    const messages = modal.locator('[data-message-index]');
    await messages.filter({ hasText: '您好，我接着为您跟进快递' }).waitFor();
    expect(await messages.filter({ hasText: '您好，我接着为您跟进快递' }).textContent()).toContain(otherNick);
    expect(await messages.filter({ hasText: '您好，马上为您查询' }).textContent()).toContain(agentNick);
    expect(await profile.textContent()).toContain(`坐席昵称${otherNick}`);
    // the transcript shows the transfer between the customer's last words to the first agent and the second agent's
    // reply, with the remark and who did it
    const notice = modal.getByTestId('transcript-notice');
    expect(await notice.textContent()).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d 会话由 ${literally(agentNick)} 转接给 ${literally(otherNick)}（备注：客户要求换人处理 ${run}） · 操作人：.+$`,
      ),
    );
    const lines = await modal
      .getByTestId('chat-transcript')
      .evaluate((transcript) =>
        [
          ...transcript.querySelectorAll(':scope > [data-message-index], :scope > [data-testid="transcript-notice"]'),
        ].map((e) => (e.hasAttribute('data-message-index') ? (e.textContent ?? '') : 'NOTICE')),
      );
    const at = (words: string) => lines.findIndex((line) => line.includes(words));
    expect(at('NOTICE'), lines.join(' | ')).toBe(at('单号是 SF1234567890') + 1);
    expect(at('您好，我接着为您跟进快递'), lines.join(' | ')).toBe(at('NOTICE') + 1);

    // the cards: one reception moved from him to the other agent
    const mineOnCard = await cardReceptions(agentId, agentNick);
    await expect.poll(async () => mineOnCard.textContent()).toBe(`${mine.receptions - 1}/${mine.capacity}`);
    const theirsOnCard = await cardReceptions(otherId, otherNick);
    await expect.poll(async () => theirsOnCard.textContent()).toBe(`${theirs.receptions + 1}/${theirs.capacity}`);

    // and the server says so
    const session = await api<{ agentId: string | null; nick: string | null; status: string }>(
      page,
      '/v3/chats/monitor/longest-session',
      {},
      { sessionId },
    );
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ agentId: otherId, nick: otherNick, status: 'ACTIVE' });
  });
});
