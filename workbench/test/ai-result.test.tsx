import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import type { AiResultDetail, AiResultRow } from '../src/entities/ai-result';
import { useRouterStore } from '../src/router/router-store';
import { AiResultChange } from '../src/screens/qc/ai-result/AiResultChange';
import { AiResultDetail as DetailScreen } from '../src/screens/qc/ai-result/AiResultDetail';
import { AiResultList } from '../src/screens/qc/ai-result/AiResultList';
import { ruleHits } from '../src/screens/qc/ai-result/evidence';
import { fakeClient, renderConsole } from './helpers';
import { atRoute } from './list-route';

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);
const VIEW = ['qc-ai-result.view'];
const EDIT = ['qc-ai-result.view', 'qc-ai-result.edit'];

function row(i: number, extra: Partial<AiResultRow> = {}): AiResultRow {
  return {
    id: String(100 + i),
    sessionId: `s-${i}`,
    name: `坐席${i}`,
    schemeId: '7',
    schemeName: '服务规范方案',
    aiStatus: 'CHECKED',
    aiScore: 90 - i,
    isReview: false,
    isComplaint: false,
    isVeto: false,
    resultRules: [],
    groups: [{ groupId: '1', groupName: '售后一组' }],
    createTime: '2026-11-22 09:30:00',
    duration: 320,
    trackClient: 'WEB',
    version: 1,
    ...extra,
  };
}

const hitRule = (ruleId: string, ruleName: string, index: number, spans: [number, number][]) => ({
  ruleId,
  ruleName,
  scoreNum: 10,
  ruleScoreType: 'SUB' as const,
  hitCount: spans.length,
  reviewScore: null,
  isVeto: false,
  conditions: {
    conditionHitInfo: [
      {
        cid: 'a',
        phrase: { pid: `m${index}`, index, words: '' },
        keyWords: { keyWord: spans.map(([from, to]) => ({ val: '', from, to })) },
      },
    ],
  },
});

function detail(): AiResultDetail {
  return {
    ...row(1),
    aiScore: 80,
    resultRules: [
      hitRule('r1', '服务禁语', 1, [
        [0, 2],
        [5, 7],
      ]),
      hitRule('r2', '客户投诉', 2, [[2, 4]]),
    ],
    session: {
      status: 'CLOSED',
      lineName: '官网客服',
      closeWay: 'CUSTOMER',
      scoreProgress: 1,
      scoreResult: { score: 4, resolved: true, note: '还行' },
      summary: true,
      groups: [],
    },
    messages: [
      {
        messageId: 'm0',
        sessionId: 's-1',
        sendTime: '2026-11-22 09:30:00',
        senderRole: 'CUSTOMER',
        content: text('你好'),
      },
      {
        messageId: 'm1',
        sessionId: 's-1',
        sendTime: '2026-11-22 09:30:10',
        senderRole: 'AGENT',
        senderNick: '小李',
        content: text('不知道，你自己查'),
      },
      {
        messageId: 'm2',
        sessionId: 's-1',
        sendTime: '2026-11-22 09:30:20',
        senderRole: 'CUSTOMER',
        senderNick: '张三',
        content: text('我要投诉你们'),
      },
    ],
    messageTotal: 3,
  };
}

const pageCalls = (calls: ApiRequest[]) => calls.filter((c) => c.path === '/v3/chats/ai-result/page');
const lastBody = (calls: ApiRequest[]) => pageCalls(calls).at(-1)!.body as Record<string, unknown>;
const dataRows = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('data-row-id') !== null);

function listServer() {
  return fakeClient({
    '/v3/chats/ai-result/page': (request) => {
      const records = [
        row(1, {
          resultRules: [hitRule('r1', '服务禁语', 0, [[0, 1]])],
          manualStyle: 'PASS',
          manualPass: false,
          isReview: true,
          reviewScore: 60,
        }),
        row(2, { manualStyle: 'SCORE', manualScore: 75 }),
      ];
      return { records, total: 2, page: Number(request.query?.page), size: Number(request.query?.size) };
    },
    '/v3/chats/qc-scheme/list': () => [{ id: '7', name: '服务规范方案' }],
    '/v3/chats/session/directory': (request) => {
      const { kind, keyword } = request.body as { kind: string; keyword?: string | null };
      const all =
        kind === 'AGENT'
          ? [
              { id: '101', name: '小张' },
              { id: '102', name: '小李' },
              { id: '103', name: '小李' },
            ]
          : [{ id: '11', name: '售后组' }];
      return keyword ? all.filter((e) => e.name.includes(keyword)) : all;
    },
  });
}

describe('AI result list', () => {
  it('shows the rows with their columns and starts with status CHECKED, yesterday, by session start', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, '/qc/ai-result/list'), { client, permissions: VIEW });
    const first = (await screen.findByText('坐席1')).closest('tr')!;
    expect(dataRows()).toHaveLength(2);
    expect(within(first).getByText('101')).toBeTruthy();
    expect(within(first).getByText('服务禁语')).toBeTruthy();
    expect(within(first).getByText('不合格')).toBeTruthy();
    expect(within(first).getByText('60')).toBeTruthy();
    expect(within(first).getByText('售后一组')).toBeTruthy();
    const second = screen.getByText('坐席2').closest('tr')!;
    expect(within(second).getByText('75')).toBeTruthy();
    expect(lastBody(calls)).toMatchObject({
      aiStatus: 'CHECKED',
      quickDate: 'YESTERDAY',
      timeby: 'createTime',
      deleted: 'NONE',
    });
    // every filter of the spec is on screen, the less used ones once unfolded
    expect(screen.queryByText('技能组ID')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    for (const label of [
      '质检编号',
      '会话ID',
      '坐席ID',
      '技能组ID',
      '质检方案',
      '质检状态',
      '敏感词库',
      '满意度',
      '坐席话术',
      '客户话术',
      '渠道',
      'AI得分从',
      'AI得分至',
      '复检得分从',
      '复检得分至',
      '是否申诉',
      '是否复检',
      '是否否决',
      '是否解决',
      '时间类型',
      '开始时间',
      '结束时间',
    ]) {
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
    }
    // the detail link needs only view; re-inspect needs edit
    expect(within(first).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: '复检' })).toBeNull();
  });

  it('sends the quick date at once, the search row on 搜索, and a time range instead of the quick date', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, '/qc/ai-result/list'), { client, permissions: EDIT });
    await screen.findByText('坐席1');
    await userEvent.click(screen.getByText('近7天'));
    await waitFor(() => expect(lastBody(calls).quickDate).toBe('DAY7'));

    await userEvent.type(screen.getByRole('textbox', { name: '会话ID' }), 's-2');
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'AI得分从' }), '60');
    const before = pageCalls(calls).length;
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(pageCalls(calls).length).toBeGreaterThan(before));
    expect(lastBody(calls)).toMatchObject({
      sessionId: 's-2',
      beginAiScore: 60,
      quickDate: 'DAY7',
      aiStatus: 'CHECKED',
    });

    const from = screen.getByLabelText('开始时间');
    await userEvent.type(from, '2026-11-01T08:00');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastBody(calls).timeFrom).toBe('2026-11-01 08:00:00'));
    expect(lastBody(calls).quickDate).toBeUndefined();
  });

  it('picks the agent and the group by name and searches by their ids', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, '/qc/ai-result/list'), { client, permissions: VIEW });
    await screen.findByText('坐席1');
    await userEvent.click(screen.getByRole('combobox', { name: '坐席ID' }));
    // two agents go by 小李: their ids tell them apart
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '小张',
      '小李（102）',
      '小李（103）',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '小李（103）' }));
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    await userEvent.click(screen.getByRole('combobox', { name: '技能组ID' }));
    await userEvent.click(await screen.findByRole('option', { name: '售后组' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastBody(calls)).toMatchObject({ agentId: '103', groupId: '11' }));
  });

  it('sorts by the AI score header: ascending, then descending, then not at all', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, '/qc/ai-result/list'), { client, permissions: EDIT });
    await screen.findByText('坐席1');
    expect(lastBody(calls).scoreSorts).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'AI得分 排序' }));
    await waitFor(() => expect(lastBody(calls).scoreSorts).toEqual(['ai_score asc']));
    await userEvent.click(screen.getByRole('button', { name: 'AI得分 升序' }));
    await waitFor(() => expect(lastBody(calls).scoreSorts).toEqual(['ai_score desc']));
    await userEvent.click(screen.getByRole('button', { name: '人工得分 排序' }));
    await waitFor(() => expect(lastBody(calls).scoreSorts).toEqual(['ai_score desc', 'manual_score asc']));
    await userEvent.click(screen.getByRole('button', { name: 'AI得分 降序' }));
    await waitFor(() => expect(lastBody(calls).scoreSorts).toEqual(['manual_score asc']));
    const first = screen.getByText('坐席1').closest('tr')!;
    expect(within(first).getByRole('button', { name: '复检' })).toBeTruthy();
  });

  it("the row's 详情 and 复检 open the row's own result: its session and its scheme", async () => {
    useRouterStore.setState({ current: { path: '/qc/ai-result/list', query: {}, key: 0 } });
    const { client } = listServer();
    renderConsole(atRoute(AiResultList, '/qc/ai-result/list'), { client, permissions: EDIT });
    const first = (await screen.findByText('坐席1')).closest('tr')!;
    await userEvent.click(within(first).getByRole('button', { name: '详情' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/ai-result/detail',
      query: { id: 's-1', schemeId: '7', _modal: 'large' },
    });
    await userEvent.click(within(first).getByRole('button', { name: '复检' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/ai-result/change',
      query: { id: 's-1', schemeId: '7', _modal: 'large' },
    });
  });
});

describe('AI result detail', () => {
  const marked = () =>
    [...document.querySelectorAll('[data-testid="chat-transcript"] mark[data-highlight]')].map((m) => [
      m.closest('[data-message-index]')?.getAttribute('data-message-index'),
      m.textContent,
    ]);

  it('shows the transcript and scores; clicking a rule marks exactly its spans', async () => {
    const { client, calls } = fakeClient({ '/v3/chats/ai-result/detail': () => detail() });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: VIEW,
    });
    expect(await screen.findByText('不知道，你自己查')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/v3/chats/ai-result/detail', query: { sessionId: 's-1' } });
    expect(screen.getByTestId('ai-score').textContent).toBe('80');
    expect(screen.getByText('官网客服')).toBeTruthy();
    expect(marked()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: /服务禁语/ }));
    expect(marked()).toEqual([
      ['1', '不知'],
      ['1', '自己'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: /客户投诉/ }));
    expect(marked()).toEqual([['2', '投诉']]);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('2');
    // no re-inspect button without qc-ai-result.edit
    expect(screen.queryByRole('button', { name: '复检' })).toBeNull();
  });

  it("asks for the link's scheme and passes it on to 复检", async () => {
    useRouterStore.setState({ current: { path: '/qc/ai-result/detail', query: {}, key: 0 } });
    const { client, calls } = fakeClient({ '/v3/chats/ai-result/detail': () => detail() });
    renderConsole(
      <DetailScreen
        location={{ path: '/qc/ai-result/detail', query: { id: 's-1', schemeId: '7', _modal: 'large' } }}
      />,
      { client, permissions: EDIT },
    );
    expect(await screen.findByText('不知道，你自己查')).toBeTruthy();
    expect(calls[0]).toEqual(
      expect.objectContaining({ path: '/v3/chats/ai-result/detail', query: { sessionId: 's-1', schemeId: '7' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: '复检' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/ai-result/change',
      query: { id: 's-1', schemeId: '7', _modal: 'large' },
    });
  });
});

describe('AI result detail: which model answered', () => {
  const open = async (patch: Partial<AiResultDetail>) => {
    const { client } = fakeClient({ '/v3/chats/ai-result/detail': () => ({ ...detail(), ...patch }) });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: VIEW,
    });
    expect(await screen.findByText('不知道，你自己查')).toBeTruthy();
  };

  it('names the AI platform that answered', async () => {
    await open({ modelId: '情绪识别服务', modelFallback: false });
    expect(screen.getByTestId('ai-result-model').textContent).toBe('模型：情绪识别服务');
  });

  it('marks a fallback', async () => {
    await open({ modelId: '情绪识别服务', modelFallback: true });
    expect(screen.getByTestId('ai-result-model').textContent).toBe('模型：情绪识别服务（已降级为内置模型）');
  });

  it('names the built-in model by its label', async () => {
    await open({ modelId: 'builtin-lexicon', modelFallback: false });
    expect(screen.getByTestId('ai-result-model').textContent).toBe('模型：内置词库模型');
  });

  it('shows no model line for a result whose scheme asked none', async () => {
    await open({ modelId: null });
    expect(screen.queryByTestId('ai-result-model')).toBeNull();
  });
});

describe('AI result detail rating panel', () => {
  it("shows the rating when the result has an id, and '无查看权限' when it has none", async () => {
    const rated = fakeClient({ '/v3/chats/ai-result/detail': () => detail() });
    const first = renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client: rated.client,
      permissions: VIEW,
    });
    await screen.findByText('官网客服');
    expect(screen.queryByText('无查看权限')).toBeNull();
    expect(screen.getByText('还行')).toBeTruthy();
    first.unmount();

    const noId = fakeClient({ '/v3/chats/ai-result/detail': () => ({ ...detail(), id: '' }) });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client: noId.client,
      permissions: VIEW,
    });
    await screen.findByText('官网客服');
    expect(screen.getByText('无查看权限')).toBeTruthy();
    expect(screen.queryByText('还行')).toBeNull();
  });
});

describe('AI result re-inspection', () => {
  function changeServer(answer: () => unknown = () => ({ id: '101' })) {
    return fakeClient({
      '/v3/chats/ai-result/detail': () => detail(),
      '/v3/chats/ai-result/create': answer,
    });
  }

  it('a veto sets the score to 0, disables it, and sends reviewScore 0 with the version', async () => {
    const { client, calls } = changeServer();
    renderConsole(
      <AiResultChange
        location={{ path: '/qc/ai-result/change', query: { id: 's-1', schemeId: '7', _modal: 'large' } }}
      />,
      { client, permissions: EDIT },
    );
    const score = await screen.findByRole('textbox', { name: '服务禁语 复检得分' });
    expect(calls[0]).toEqual(
      expect.objectContaining({ path: '/v3/chats/ai-result/detail', query: { sessionId: 's-1', schemeId: '7' } }),
    );
    expect((score as HTMLInputElement).value).toBe('10');
    await userEvent.clear(score);
    await userEvent.type(score, '7');
    await userEvent.click(screen.getByRole('checkbox', { name: '服务禁语 一票否决' }));
    expect((score as HTMLInputElement).value).toBe('0');
    expect(score.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: '复检备注' }), '态度恶劣');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/ai-result/create')).toBe(true));
    const body = calls.find((c) => c.path === '/v3/chats/ai-result/create')!.body;
    expect(body).toEqual({
      id: '101',
      version: 1,
      sessionId: 's-1',
      comments: '态度恶劣',
      rules: [
        { ruleId: 'r1', reviewScore: 0, isVeto: true },
        { ruleId: 'r2', reviewScore: 10, isVeto: false },
      ],
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/qc/ai-result/detail',
        query: { id: 's-1', schemeId: '7', _reload: 'list', _modal: 'large' },
      }),
    );
  });

  it('unticking the veto gives the score back and enables it', async () => {
    const { client } = changeServer();
    renderConsole(<AiResultChange location={{ path: '/qc/ai-result/change', query: { id: 's-1' } }} />, {
      client,
      permissions: EDIT,
    });
    const score = (await screen.findByRole('textbox', { name: '客户投诉 复检得分' })) as HTMLInputElement;
    const veto = screen.getByRole('checkbox', { name: '客户投诉 一票否决' });
    await userEvent.click(veto);
    expect(score.value).toBe('0');
    await userEvent.click(veto);
    expect(score.value).toBe('10');
    expect(score.hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's message in the banner at the top and stays on the form", async () => {
    const { client } = changeServer(() => {
      throw new ApiError(409, 'VERSION_CONFLICT', '记录已被他人修改，请刷新后重试');
    });
    renderConsole(<AiResultChange location={{ path: '/qc/ai-result/change', query: { id: 's-1' } }} />, {
      client,
      permissions: EDIT,
    });
    await screen.findByRole('textbox', { name: '服务禁语 复检得分' });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('记录已被他人修改，请刷新后重试');
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
  });
});

describe('AI result re-inspection: the transcript beside the form', () => {
  const marked = () =>
    [...document.querySelectorAll('[data-testid="scoring-transcript"] mark[data-highlight]')].map((m) => [
      m.closest('[data-message-index]')?.getAttribute('data-message-index'),
      m.textContent,
    ]);

  it('shows the conversation with every hit marked; a rule name in the form marks its hits alone and goes to the first', async () => {
    const { client } = fakeClient({ '/v3/chats/ai-result/detail': () => detail() });
    renderConsole(<AiResultChange location={{ path: '/qc/ai-result/change', query: { id: 's-1', schemeId: '7' } }} />, {
      client,
      permissions: EDIT,
    });
    const panel = await screen.findByTestId('scoring-transcript');
    expect(within(panel).getByText('会话记录')).toBeTruthy();
    expect(within(panel).getByText('你好')).toBeTruthy();
    // both rules' evidence, before any is chosen
    expect(marked()).toEqual([
      ['1', '不知'],
      ['1', '自己'],
      ['2', '投诉'],
    ]);
    expect(within(panel).getByRole('button', { name: '服务禁语 · 命中 2 次' })).toBeTruthy();

    const form = screen.getByTestId('scoring-form');
    await userEvent.click(within(form).getByRole('button', { name: '客户投诉' }));
    expect(marked()).toEqual([['2', '投诉']]);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('2');
    expect(within(form).getByText('客户投诉').closest('tr')!.getAttribute('data-rule-id')).toBe('r2');

    // the hit list does the same, and 全部命中 marks every rule's again
    await userEvent.click(within(panel).getByRole('button', { name: '服务禁语 · 命中 2 次' }));
    expect(marked()).toEqual([
      ['1', '不知'],
      ['1', '自己'],
    ]);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('1');
    await userEvent.click(within(panel).getByRole('button', { name: '全部命中' }));
    expect(marked()).toHaveLength(3);
  });

  it('a result without hits still shows its conversation, and says there is nothing to mark', async () => {
    const { client } = fakeClient({
      '/v3/chats/ai-result/detail': () => ({ ...detail(), resultRules: [], rules: [] }),
    });
    renderConsole(<AiResultChange location={{ path: '/qc/ai-result/change', query: { id: 's-1' } }} />, {
      client,
      permissions: EDIT,
    });
    const panel = await screen.findByTestId('scoring-transcript');
    expect(within(panel).getByText('不知道，你自己查')).toBeTruthy();
    expect(within(panel).getByText('没有命中的规则')).toBeTruthy();
    expect(marked()).toEqual([]);
  });
});

describe('ruleHits', () => {
  const messages = detail().messages!;
  const info = (phrase: { pid: string; index?: number }, keyWord: unknown) => ({
    conditions: { conditionHitInfo: [{ cid: 'b', phrase: { words: '', ...phrase }, keyWords: { keyWord } }] },
  });
  const spans = (rule: ReturnType<typeof info>) =>
    ruleHits(rule as Parameters<typeof ruleHits>[0], messages).map((h) => [h.message, h.spans.map((x) => x.text)]);

  it('reads every shape of keyWord and finds the message by index, id or pid', () => {
    expect(spans(info({ pid: 'x', index: 2 }, [{ val: '投诉', from: 2, to: 4 }]))).toEqual([[2, ['投诉']]]);
    expect(spans(info({ pid: 'm1' }, { from: 5, to: 7 }))).toEqual([[1, ['自己']]]);
    expect(spans(info({ pid: '2' }, [{ val: '你们' }]))).toEqual([[2, ['你们']]]);
    // a hit without spans marks its whole message; a message not in the transcript is left out
    expect(spans(info({ pid: 'm0' }, []))).toEqual([[0, ['你好']]]);
    expect(spans(info({ pid: 'gone' }, [{ val: 'x', from: 0, to: 1 }]))).toEqual([]);
  });
});
