/**
 * A session's detail (/cs-agent-monitor/session-detail, issue 20): its transcript shows each transfer as a centred
 * notice at its place among the messages — time, from whom to whom or to which skill group, the remark and who did
 * it — in Chinese and English; an answer without transfers (a server before them) shows the messages alone.
 */
import type { MonitorSession as MonitorSessionAnswer, MonitorSessionTransfer } from '@qcdesk/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocaleStore } from '../src/i18n/locale-store';
import { MonitorSession } from '../src/screens/monitor/MonitorSession';
import { fakeClient, renderConsole } from './helpers';

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);

function said(i: number, senderRole: 'CUSTOMER' | 'AGENT', words: string, senderNick: string) {
  return {
    messageId: `m${i}`,
    chatId: 'chat-1',
    sessionId: 's-1',
    seq: i,
    sendTime: `2026-11-22 14:0${i}:00`,
    senderRole,
    senderNick,
    senderAvatar: null,
    content: text(words),
  };
}

const toAgent: MonitorSessionTransfer = {
  time: '2026-11-22 14:03:12',
  messagesBefore: 1,
  fromAgentId: '7',
  fromAgentNick: '坐席甲',
  toAgentId: '8',
  toAgentNick: '坐席乙',
  toGroupId: null,
  toGroupName: null,
  remark: '客户要求售后',
  by: '班长',
};
const toGroup: MonitorSessionTransfer = {
  time: '2026-11-22 14:09:30',
  messagesBefore: 3,
  fromAgentId: '8',
  fromAgentNick: '坐席乙',
  toAgentId: null,
  toAgentNick: null,
  toGroupId: '6',
  toGroupName: '售后组',
  takenByAgentId: '9',
  takenByAgentNick: '坐席丙',
  remark: null,
  by: null,
};

function answer(transfers?: MonitorSessionTransfer[]): MonitorSessionAnswer {
  return {
    sessionId: 's-1',
    chatId: 'chat-1',
    status: 'CLOSED',
    agentId: '8',
    agentName: 'Agent 8',
    nick: '坐席乙',
    customerNick: '张三',
    customerId: 'c-1',
    lineName: '在线客服',
    arrivalTime: '2026-11-22 14:00:00',
    joinTime: '2026-11-22 14:00:05',
    firstReplyTime: '2026-11-22 14:02:00',
    closeTime: null,
    messageCount: 3,
    messages: [
      said(1, 'CUSTOMER', '我要退货', '张三'),
      said(2, 'AGENT', '您好，我是售后', '坐席乙'),
      said(3, 'CUSTOMER', '好的', '张三'),
    ],
    ...(transfers === undefined ? {} : { transfers }),
  };
}

function show(body: MonitorSessionAnswer) {
  const fake = fakeClient({ '/v3/chats/monitor/longest-session': () => body });
  renderConsole(
    <MonitorSession
      location={{ path: '/cs-agent-monitor/session-detail', query: { agentId: '8', sessionId: 's-1' } }}
    />,
    { client: fake.client, permissions: ['monitor-agent.view'] },
  );
}

/** The transcript's lines in order: a message's words, or a notice's text. */
function lines(): string[] {
  const transcript = screen.getByTestId('chat-transcript');
  return [
    ...transcript.querySelectorAll(':scope > [data-message-index], :scope > [data-testid="transcript-notice"]'),
  ].map((e) => (e.hasAttribute('data-message-index') ? e.querySelector('.mantine-Paper-root') : e)?.textContent ?? '');
}

describe('the session detail’s transcript', () => {
  it('shows each transfer as a notice between the messages it came between, with remark and who', async () => {
    show(answer([toAgent, toGroup]));
    await screen.findByText('我要退货');
    expect(lines()).toEqual([
      '我要退货',
      '14:03:12 会话由 坐席甲 转接给 坐席乙（备注：客户要求售后） · 操作人：班长',
      '您好，我是售后',
      '好的',
      '14:09:30 会话由 坐席乙 转接至技能组 售后组，坐席丙 接入',
    ]);
    // the full time on hover; the message count is the messages' alone
    const notices = screen.getAllByTestId('transcript-notice');
    expect(
      within(notices[0]!)
        .getByText(/会话由/)
        .getAttribute('title'),
    ).toBe('2026-11-22 14:03:12');
    expect(screen.getByText('消息（3）')).toBeTruthy();
  });

  it('in English too, and without the agent it left when nobody served the session', async () => {
    show(answer([{ ...toGroup, messagesBefore: 0, fromAgentId: null, fromAgentNick: null, by: 'boss' }]));
    await screen.findByText('我要退货');
    expect(lines()[0]).toBe('14:09:30 会话转接至技能组 售后组，坐席丙 接入 · 操作人：boss');
    act(() => useLocaleStore.setState({ locale: 'en' }));
    expect(lines()[0]).toBe('14:09:30 Chat transferred to the skill group 售后组, taken by 坐席丙 · by boss');
    expect(lines()[1]).toBe('我要退货');
  });

  it('a transfer to a group still waiting in the queue names nobody as taking it', async () => {
    show(answer([{ ...toGroup, takenByAgentId: null, takenByAgentNick: null }]));
    await screen.findByText('我要退货');
    expect(lines()[3]).toBe('14:09:30 会话由 坐席乙 转接至技能组 售后组');
  });

  it('an answer without transfers (an older server) shows the messages alone', async () => {
    show(answer());
    await screen.findByText('我要退货');
    expect(screen.queryByTestId('transcript-notice')).toBeNull();
    expect(lines()).toEqual(['我要退货', '您好，我是售后', '好的']);
  });
});
