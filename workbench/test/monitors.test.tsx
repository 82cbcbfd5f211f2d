import type { MonitorAgent, MonitorAgentDetail, MonitorQueue, MonitorTodayData } from '@qcdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { useRouterStore } from '../src/router/router-store';
import { AgentMonitor } from '../src/screens/monitor/AgentMonitor';
import { AgentMonitorDetail } from '../src/screens/monitor/AgentMonitorDetail';
import { pollingSource, setLiveSource } from '../src/screens/monitor/live-refresh';
import { QueueMonitor } from '../src/screens/monitor/QueueMonitor';
import { SessionRecord } from '../src/screens/monitor/SessionRecord';
import { fakeClient, renderConsole } from './helpers';

const WATCHER = ['monitor-agent.view', 'monitor-group.view', 'monitor-queue.view'];

// a test that follows its own source gives the polling back
afterEach(() => setLiveSource(pollingSource()));

function agent(id: number, extra: Partial<MonitorAgent> = {}): MonitorAgent {
  return {
    id: String(id),
    name: `Agent ${id}`,
    nick: `坐席${id}`,
    status: 'ONLINE',
    workNo: `w${id}`,
    type: 'ONLINE',
    orgId: '1',
    receptions: 1,
    totalReceptions: 4,
    sessions: 3,
    statusTime: '2026-11-22 09:00:00',
    sipNumber: null,
    softNumber: null,
    alarmSessionId: null,
    avatar: null,
    groups: [{ groupId: '5', groupName: '售前', type: 'ONLINE' }],
    maxSession: 20,
    maxSessionTime: 75,
    longestSessionId: `s-${id}`,
    mode: 'CHAT',
    ...extra,
  };
}

/** A page answer of `total` agents, the requested page of them. */
function agentPage(total: number, changed: Record<string, Partial<MonitorAgent>> = {}) {
  return (request: ApiRequest) => {
    const { page = 1, size = 20 } = (request.query ?? {}) as { page?: number; size?: number };
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    return { records: ids.map((id) => agent(id, changed[String(id)])), total, page, size };
  };
}

describe('the agent monitor', () => {
  it('shows cards or a list, marks an alarm in red, and asks for the page size chosen', async () => {
    const fake = fakeClient({
      '/v3/chats/monitor/page': agentPage(45, { '2': { alarmSessionId: 's-2', status: 'BREAK' } }),
    });
    renderConsole(<AgentMonitor location={{ path: '/cs-agent-monitor/list', query: {} }} />, {
      client: fake.client,
      permissions: WATCHER,
    });
    const cards = await screen.findByTestId('agent-cards');
    expect(within(cards).getAllByText(/^坐席\d+$/)).toHaveLength(20);
    // the card with an alarm has the mark and a red border; the others neither
    expect(within(screen.getByTestId('agent-card-2')).getByTestId('alarm-mark').textContent).toBe('告警中');
    expect(screen.getByTestId('agent-card-2').getAttribute('data-alarm')).toBe('true');
    expect(within(screen.getByTestId('agent-card-1')).queryByTestId('alarm-mark')).toBeNull();
    expect(within(screen.getByTestId('agent-card-2')).getByText('小休')).toBeTruthy();
    expect(within(screen.getByTestId('agent-card-1')).getByTestId('receptions').textContent).toBe('1/20');

    // list mode: the same agents as table rows
    await userEvent.click(screen.getByText('列表'));
    const table = await screen.findByTestId('agent-table');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.queryByTestId('agent-cards')).toBeNull();

    // page sizes 10, 20, 30, 50, 100; choosing 50 asks for 50 and shows them
    await userEvent.click(screen.getByTestId('monitor-page-size'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '每页 10 条',
      '每页 20 条',
      '每页 30 条',
      '每页 50 条',
      '每页 100 条',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '每页 50 条' }));
    await waitFor(() => expect(within(screen.getByTestId('agent-table')).getAllByRole('row')).toHaveLength(46));
    expect(fake.calls.at(-1)!.query).toEqual({ page: 1, size: 50 });
  });

  it('sends the filters, and refreshes by the button and, while live, from its source', async () => {
    let round = 0;
    const fake = fakeClient({
      '/v3/chats/monitor/page': (request) => {
        round++;
        return agentPage(1, { '1': { receptions: round } })(request);
      },
    });
    let tick: () => void = () => undefined;
    setLiveSource((onChange) => {
      tick = onChange;
      return () => {
        tick = () => undefined;
      };
    });
    renderConsole(<AgentMonitor location={{ path: '/cs-agent-monitor/list', query: {} }} />, {
      client: fake.client,
      permissions: WATCHER,
    });
    await waitFor(() => expect(screen.getByTestId('receptions').textContent).toBe('1/20'));
    await userEvent.click(screen.getByTestId('monitor-refresh'));
    await waitFor(() => expect(screen.getByTestId('receptions').textContent).toBe('2/20'));
    // not live: the source is not followed
    tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('receptions').textContent).toBe('2/20');
    fireEvent.click(screen.getByLabelText('实时更新'));
    tick();
    await waitFor(() => expect(screen.getByTestId('receptions').textContent).toBe('3/20'));

    fireEvent.change(screen.getByLabelText('工号'), { target: { value: 'w1' } });
    await waitFor(() => expect((fake.calls.at(-1)!.body as { workNo?: string }).workNo).toBe('w1'));
  });
});

describe('the queue monitor', () => {
  it('shows the channels, the 统计 row of the totals, and -- for empty values', async () => {
    const answer: MonitorQueue = {
      channels: [
        {
          id: '7:WEB',
          lineId: '7',
          lineName: '在线客服',
          trackClient: 'WEB',
          chatCount: 3,
          waitingCount: 2,
          totalReceptions: 10,
          totalSessionCount: 12,
          avgSessionTime: 95,
        },
        {
          id: '7:',
          lineId: '7',
          lineName: '在线客服',
          trackClient: null,
          chatCount: 0,
          waitingCount: 1,
          totalReceptions: 0,
          totalSessionCount: 1,
          avgSessionTime: null,
        },
      ],
      channelCounts: {
        chatCount: 3,
        waitingCount: 3,
        totalReceptions: 10,
        totalSessionCount: 13,
        avgSessionTime: 95,
        noteCount: null,
      },
    };
    const fake = fakeClient({ '/v3/chats/monitor/queue': () => answer });
    renderConsole(<QueueMonitor location={{ path: '/queue-monitor/list', query: {} }} />, {
      client: fake.client,
      permissions: WATCHER,
    });
    const summary = await screen.findByTestId('queue-summary');
    expect(
      within(summary)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['统计', '3', '3', '10', '13', '95', '--']);
    const rows = within(screen.getByTestId('queue-table')).getAllByRole('row');
    // header, two channels, the summary
    expect(rows).toHaveLength(4);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['在线客服', '--', '0', '1', '0', '1', '--', '--']);
    // refreshed by its button
    const before = fake.calls.length;
    await userEvent.click(screen.getByTestId('monitor-refresh'));
    await waitFor(() => expect(fake.calls.length).toBe(before + 1));
    expect(screen.queryByTestId('monitor-live')).toBeNull();
  });
});

describe('the agent detail', () => {
  const detail: MonitorAgentDetail = {
    ...agent(3, { alarmSessionId: 's-9', softNumber: '8001' }),
    capacity: 20,
    mobile: null,
    boundGroups: [
      { groupId: '5', groupName: '售前', type: 'ONLINE', online: true },
      { groupId: '6', groupName: '热线一组', type: 'HOTLINE', online: false },
    ],
    alarms: [
      {
        id: '1',
        sessionId: 's-9',
        type: 'QC_RULE',
        source: '实时质检',
        reason: '辱骂客户',
        alarmTime: '2026-11-22 10:01:00',
        handledTime: null,
      },
    ],
  };
  const data: MonitorTodayData = {
    agentId: '3',
    day: '2026-11-22',
    receptions: 8,
    answeredCount: 6,
    unansweredCount: 2,
    answeredPercent: 75,
    unansweredPercent: 25,
    receivedCount: 40,
    sentCount: 35,
    totalMessages: 75,
    avgReceptionTime: 125,
    totalChatTime: 3725,
    earliestLogin: '2026-11-22 08:58:00',
    latestLogout: null,
    totalOnlineTime: 7200,
    totalRestTime: 600,
    ratedCount: 4,
    satisfiedCount: 3,
    satisfiedPercent: 75,
    transferCount: 1,
    transferPercent: 12.5,
  };

  it('shows the basic tab with the bound groups, the alarms, and the chat statistics', async () => {
    const fake = fakeClient({
      '/v3/chats/monitor/agent-detail': () => detail,
      '/v3/chats/monitor/today-data': () => data,
    });
    const view = renderConsole(
      <AgentMonitorDetail location={{ path: '/cs-agent-monitor/detail', query: { agentId: '3', menu: 'basic' } }} />,
      { client: fake.client, permissions: WATCHER },
    );
    const groups = await screen.findByTestId('bound-groups');
    expect(
      within(groups)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['售前在线服务中', '热线一组热线无服务时间']);
    expect(screen.getByText('8001')).toBeTruthy();
    // the chat tab is read only when opened
    expect(fake.calls.map((c) => c.path)).toEqual(['/v3/chats/monitor/agent-detail']);

    view.unmount();
    const alarm = renderConsole(
      <AgentMonitorDetail location={{ path: '/cs-agent-monitor/detail', query: { agentId: '3', menu: 'alarm' } }} />,
      { client: fake.client, permissions: WATCHER },
    );
    await screen.findByText('辱骂客户');
    const alarmTab = screen.getByTestId('tab-alarm');
    expect(within(alarmTab).getAllByRole('row')[1]!.textContent).toBe('s-9实时质检辱骂客户2026-11-22 10:01:00');

    alarm.unmount();
    renderConsole(
      <AgentMonitorDetail location={{ path: '/cs-agent-monitor/detail', query: { agentId: '3', menu: 'chat' } }} />,
      { client: fake.client, permissions: WATCHER },
    );
    const stats = await screen.findByTestId('chat-statistics');
    expect(within(stats).getByText('已回复会话').nextSibling!.textContent).toBe('6（75%）');
    expect(within(stats).getByText('会话总时长').nextSibling!.textContent).toBe('1:02:05');
    expect(within(stats).getByText('最晚退出').nextSibling!.textContent).toBe('--');
    expect(within(stats).getByText('转接').nextSibling!.textContent).toBe('1（12.5%）');
    expect(fake.calls.at(-1)!).toMatchObject({ path: '/v3/chats/monitor/today-data', query: { agentId: '3' } });
  });
});

describe("an agent's sessions of today", () => {
  const today = {
    records: [
      {
        sessionId: 's-live',
        chatId: 'chat-live',
        agentId: '3',
        status: 'ACTIVE',
        customerNick: '顾客甲',
        startTime: '2026-11-22 10:00:00',
        closeTime: null,
        alarms: [
          {
            id: '7',
            sessionId: 's-live',
            type: 'QC_RULE',
            source: '实时质检',
            reason: '辱骂客户',
            alarmTime: '2026-11-22 10:01:00',
          },
        ],
      },
      {
        sessionId: 's-done',
        chatId: 'chat-done',
        agentId: '3',
        status: 'CLOSED',
        customerNick: '顾客乙',
        startTime: '2026-11-22 09:00:00',
        closeTime: '2026-11-22 09:10:00',
        alarms: [],
      },
    ],
    total: 2,
    page: 1,
    size: 20,
  };

  it('offers Listen and Force transfer on a live session only, and Listen opens its detail', async () => {
    const fake = fakeClient({ '/v3/chats/monitor/today-session': () => today });
    renderConsole(<SessionRecord location={{ path: '/cs-agent-monitor/session-record', query: { agentId: '3' } }} />, {
      client: fake.client,
      permissions: [...WATCHER, 'monitor.transfer'],
    });
    const table = await screen.findByTestId('session-records');
    const [live, done] = within(table).getAllByRole('row').slice(1);
    expect(within(live!).getByText('辱骂客户')).toBeTruthy();
    expect(within(live!).getByRole('button', { name: /监听/ })).toBeTruthy();
    expect(within(live!).getByRole('button', { name: /强制转接/ })).toBeTruthy();
    expect(within(done!).queryByRole('button')).toBeNull();
    await userEvent.click(within(live!).getByRole('button', { name: /监听/ }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/cs-agent-monitor/session-detail',
      query: { agentId: '3', sessionId: 's-live', _modal: 'large', _index: '1' },
    });
  });
});
