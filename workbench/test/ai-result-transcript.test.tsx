import type { ChatMessage } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import type { AiResultDetail } from '../src/entities/ai-result';
import { AiResultDetail as DetailScreen } from '../src/screens/qc/ai-result/AiResultDetail';
import { fakeClient, renderConsole } from './helpers';

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);

/** A session of `count` messages, `m0` … in send order. */
const session = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    messageId: `m${i}`,
    chatId: 'c-1',
    sessionId: 's-1',
    sendTime: `2026-11-22 09:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    senderRole: i % 2 === 0 ? 'CUSTOMER' : 'AGENT',
    content: text(i === 110 ? '我要投诉' : `消息${i}`),
  }));

/**
 * The detail carries the first `carried` messages of a 130-message session (the server caps what a detail carries);
 * /v3/chats/message/query pages through all of them, in send order.
 */
function server(carried: number, all = session(130), total = all.length) {
  const detail: AiResultDetail = {
    id: '101',
    sessionId: 's-1',
    chatId: 'c-1',
    name: '坐席1',
    schemeId: '7',
    schemeName: '服务规范方案',
    aiStatus: 'CHECKED',
    aiScore: 90,
    isReview: false,
    isComplaint: false,
    isVeto: false,
    groups: [],
    version: 1,
    resultRules: [
      {
        ruleId: 'r2',
        ruleName: '客户投诉',
        scoreNum: 10,
        ruleScoreType: 'SUB',
        hitCount: 1,
        reviewScore: null,
        isVeto: false,
        conditions: {
          conditionHitInfo: [
            { cid: 'a', phrase: { pid: 'm110', index: 110, words: '' }, keyWords: { keyWord: [{ val: '投诉' }] } },
          ],
        },
      },
    ],
    messages: all.slice(0, carried),
    messageTotal: total,
    session: { status: 'CLOSED', groups: [] },
  };
  return fakeClient({
    '/v3/chats/ai-result/detail': () => detail,
    '/v3/chats/message/query': (request: ApiRequest) => {
      const page = Number(request.query?.page);
      const size = Number(request.query?.size);
      return { records: all.slice((page - 1) * size, page * size), total: all.length, page, size };
    },
  });
}

const shownMessages = () => screen.getByTestId('chat-transcript').querySelectorAll('[data-message-index]').length;
const show = (client: ReturnType<typeof server>['client']) =>
  renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
    client,
    permissions: ['qc-ai-result.view'],
  });
const queries = (calls: ApiRequest[]) => calls.filter((c) => c.path === '/v3/chats/message/query');

describe('AI result transcript beyond the messages the detail carried', () => {
  it("'view more' reads further messages from the server once the carried ones are shown", async () => {
    const { client, calls } = server(60);
    show(client);
    await screen.findByText('消息0');
    expect(shownMessages()).toBe(50);
    // the count is the session's, not the carried one's
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 50/130 条）' }));
    // the last 10 carried show, and the next page is read: page 2 of 50 overlaps the carried 50..59
    await waitFor(() => expect(shownMessages()).toBe(100));
    expect(queries(calls).map((c) => [c.query, c.body])).toEqual([
      [
        { page: 2, size: 50 },
        { chatId: 'c-1', sessionId: 's-1' },
      ],
    ]);
    expect(screen.getByText('消息99')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 100/130 条）' }));
    await waitFor(() => expect(shownMessages()).toBe(130));
    expect(queries(calls).at(-1)!.query).toEqual({ page: 3, size: 50 });
    // every message once, in order, and nothing more to load
    const ids = [...screen.getByTestId('chat-transcript').querySelectorAll('[data-message-index]')].map((e) =>
      e.getAttribute('data-message-index'),
    );
    expect(ids).toEqual(Array.from({ length: 130 }, (_, i) => String(i)));
    expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull();
  });

  it('a rule hit in a message beyond the carried ones shows once that message is loaded', async () => {
    const { client } = server(60);
    show(client);
    const card = (await screen.findByText('客户投诉')).closest('[data-rule-id]') as HTMLElement;
    expect(within(card).getByText('没有可标记的文字（如“不包含”类条件的命中）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /查看更多/ }));
    await userEvent.click(await screen.findByRole('button', { name: '查看更多（已显示 100/130 条）' }));
    expect(await within(card).findByText('第 111 句 · a')).toBeTruthy();
  });

  it('stops offering more when the server has nothing further', async () => {
    // the session count says 130, but only 60 messages are stored
    const { client, calls } = server(60, session(60), 130);
    show(client);
    await screen.findByText('消息0');
    await userEvent.click(screen.getByRole('button', { name: /查看更多/ }));
    await waitFor(() => expect(queries(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull());
    expect(shownMessages()).toBe(60);
  });

  it('reads nothing when the detail carried the whole session', async () => {
    const { client, calls } = server(130);
    show(client);
    await screen.findByText('消息0');
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 50/130 条）' }));
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 100/130 条）' }));
    expect(shownMessages()).toBe(130);
    expect(queries(calls)).toHaveLength(0);
  });
});
