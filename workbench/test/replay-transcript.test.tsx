import { type QcRule, replayCall } from '@qcdesk/engine';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { useLocaleStore } from '../src/i18n/locale-store';
import { type ReplayEngine, ReplayEngineProvider } from '../src/replay/replay-engine';
import { useSessionHandover } from '../src/replay/session-handover';
import { useReplayDraft } from '../src/replay/target/draft-store';
import type { RuleDraftInput } from '../src/replay/target/replay-target';
import { useTranscriptInputs } from '../src/replay/transcript/transcript-input-store';
import { pageKey } from '../src/router/location';
import { navigate, useLocation, useRouterStore } from '../src/router/router-store';
import { RuleConfig } from '../src/screens/qc/rule/RuleConfig';
import { ReplayTranscript } from '../src/screens/replay/transcript/ReplayTranscript';
import { fakeClient, renderConsole } from './helpers';

/** "a complaint the agent did not soothe": the customer complains (a) and no apology follows (b after a). */
const rule: QcRule = {
  id: 'r1',
  name: '投诉未安抚',
  conditionConfig: {
    conditions: [
      {
        cid: 'a',
        operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }],
        checkRange: { role: 'CUSTOMER' },
      },
      {
        cid: 'b',
        operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉', '对不起'] } }],
        checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: -1, inputHitTime: null } },
      },
    ],
    lambda: 'a && !b',
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 20 },
  },
};

const TYPED = '客户: 你好\n客服: 您好，请问有什么可以帮您\n客户: 我要投诉你们\n客服: 非常抱歉给您带来不便';

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);
const stored = [
  { messageId: 'm1', senderRole: 'CUSTOMER', sendTime: '2026-11-20 10:00:00', content: text('我要投诉') },
  { messageId: 'm2', senderRole: 'AGENT', sendTime: '2026-11-20 10:00:20', content: text('请稍等') },
];

/** The engine itself, in this thread: what the workers compute, without workers (jsdom has none). */
const engine: ReplayEngine = { replay: async (request) => replayCall(request) };

function Host() {
  const location = useLocation();
  return <ReplayTranscript key={pageKey(location)} location={location} hasCorpus />;
}

function show(query: Record<string, string>, permissions = ['qc-rule.view']) {
  const { client, calls } = fakeClient({
    '/v3/chats/qc-rule/detail': () => ({
      id: 'r1',
      name: rule.name,
      type: 'AI',
      version: 1,
      conditionConfig: rule.conditionConfig,
    }),
    '/v3/chats/qc-rule/page': () => ({ records: [{ id: 'r1', name: rule.name }], total: 1, page: 1, size: 50 }),
    '/v3/chats/qc-scheme/page': () => ({ records: [], total: 0, page: 1, size: 50 }),
    // the newest session is s-9; an old one (s-old-1) is found only by searching the server
    '/v3/chats/session/list': (r: ApiRequest) => {
      const { keyword, sessionId } = r.body as { keyword?: string; sessionId?: string };
      const newest = { sessionId: 's-9', customerNick: '张三', messageCount: 2 };
      const old = { sessionId: 's-old-1', customerNick: '李四', messageCount: 2 };
      if (sessionId) return [newest, old].filter((s) => s.sessionId === sessionId);
      if (keyword) return [newest, old].filter((s) => s.sessionId.includes(keyword) || s.customerNick === keyword);
      return [newest];
    },
    '/v3/chats/message/query': (r: ApiRequest) =>
      ['s-9', 's-old-1'].includes((r.body as { sessionId: string }).sessionId)
        ? { records: stored, total: 2, page: 1, size: 500 }
        : { records: [], total: 0 },
  });
  act(() => navigate('/qc/replay', query));
  renderConsole(
    <ReplayEngineProvider engine={engine}>
      <Host />
    </ReplayEngineProvider>,
    { client, permissions },
  );
  return calls;
}

async function replayTyped(transcript: string) {
  await userEvent.click(screen.getByRole('tab', { name: '手动输入' }));
  fireEvent.change(screen.getByRole('textbox', { name: '手动输入' }), { target: { value: transcript } });
  await userEvent.click(screen.getByRole('button', { name: '回放此会话' }));
}

const position = () => screen.getByTestId('replay-position').textContent;
const ruleCard = () => document.querySelector('[data-rule="r1"]') as HTMLElement;
const condition = (cid: string) => ruleCard().querySelector(`[data-condition="${cid}"]`) as HTMLElement;
const marks = () =>
  [...document.querySelectorAll('mark[data-highlight]')].map((m) => [m.getAttribute('data-message'), m.textContent]);

beforeEach(() => {
  useTranscriptInputs.setState({
    source: 'server',
    pasteText: '',
    fileName: null,
    typedText: '',
    pasted: [],
    local: null,
  });
  useReplayDraft.setState({ draft: null });
  useSessionHandover.setState({ sessions: {} });
});

describe('replay one transcript', () => {
  it('steps through a typed transcript: rule and condition states, evidence, score and why not', async () => {
    show({ ruleId: 'r1' });
    await screen.findByText('当前测试：投诉未安抚（1 条规则）');
    await replayTyped(TYPED);
    await waitFor(() => expect(position()).toBe('第 1 / 4 条'));

    // message 1: nothing to go on yet
    expect(within(ruleCard()).getByTestId('rule-state').textContent).toBe('未命中');
    expect(condition('a').getAttribute('data-hit')).toBe('false');
    expect(condition('a').querySelector('[data-why-not]')?.getAttribute('data-why-not')).toBe('OPERATOR');
    expect(within(condition('a')).getByText(/未满足原因：算子未满足/)).toBeTruthy();
    // the operator by its name in the editor, and how many messages it read
    expect(within(condition('a')).getByText(/算子「命中任意关键词」在 1 句中未找到所需内容/)).toBeTruthy();
    expect(within(within(condition('a')).getByTestId('why-not-missing')).getByText('投诉')).toBeTruthy();
    expect(within(condition('b')).getByText(/未满足原因：锚点未命中/)).toBeTruthy();
    expect(screen.getByTestId('replay-ai-score').textContent).toBe('100');
    expect(marks()).toEqual([]);

    // message 3: the complaint hits; nothing after it yet, so no apology can follow
    await userEvent.click(screen.getByRole('button', { name: '前进一步' }));
    await userEvent.click(screen.getByRole('button', { name: '前进一步' }));
    expect(position()).toBe('第 3 / 4 条');
    expect(within(ruleCard()).getByTestId('rule-state').textContent).toBe('命中 1 句');
    expect(within(ruleCard()).getByText('本步命中')).toBeTruthy();
    expect(condition('a').getAttribute('data-hit')).toBe('true');
    expect(within(condition('b')).getByText(/未满足原因：锚点范围内无消息/)).toBeTruthy();
    expect(marks()).toEqual([['2', '投诉']]);
    expect(document.querySelector('mark[data-highlight]')?.getAttribute('data-highlight')).toBe('投诉未安抚 · a');
    expect(screen.getByTestId('replay-ai-score').textContent).toBe('80');
    expect(document.querySelector('[data-message-index="3"]')?.getAttribute('data-seen')).toBe('false');

    // message 4: the apology arrives and the rule no longer hits
    await userEvent.click(screen.getByRole('button', { name: '前进一步' }));
    expect(condition('b').getAttribute('data-hit')).toBe('true');
    expect(within(ruleCard()).getByText('本步不再命中')).toBeTruthy();
    expect(marks()).toEqual([
      ['2', '投诉'],
      ['3', '抱歉'],
    ]);
    expect(screen.getByTestId('replay-ai-score').textContent).toBe('100');

    // back again, and the why-not in English
    await userEvent.click(screen.getByRole('button', { name: '后退一步' }));
    act(() => useLocaleStore.setState({ locale: 'en' }));
    expect(within(condition('b')).getByText(/Why not: empty anchor region/)).toBeTruthy();
    expect(within(condition('b')).getByText(/there are no messages after the anchor \(message 3\)/)).toBeTruthy();
  });

  it('scrubs with the slider and plays to the end', async () => {
    show({ ruleId: 'r1' });
    await replayTyped(TYPED);
    await waitFor(() => expect(position()).toBe('第 1 / 4 条'));
    const slider = screen.getByRole('slider', { name: '回放进度' });
    fireEvent.keyDown(slider, { key: 'End' });
    expect(position()).toBe('第 4 / 4 条');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(position()).toBe('第 1 / 4 条');
    await userEvent.click(screen.getByRole('radio', { name: '4×' }));
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(screen.getByRole('button', { name: '暂停' })).toBeTruthy();
    await waitFor(() => expect(position()).toBe('第 4 / 4 条'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('button', { name: '播放' })).toBeTruthy());
  });

  it('names the line of a typed transcript it cannot read, in Chinese and English', async () => {
    show({ ruleId: 'r1' });
    await replayTyped('客户: 你好\n店员: 您好');
    expect(screen.getByTestId('replay-input-error').textContent).toContain(
      '第 2 行：缺少角色，每行应以“客服:”或“客户:”（或 AGENT: / CUSTOMER:）开头',
    );
    act(() => useLocaleStore.setState({ locale: 'en' }));
    expect(screen.getByTestId('replay-input-error').textContent).toContain('line 2: no role');
    expect(screen.queryByTestId('replay-player')).toBeNull();
  });

  it('replays pasted JSON Lines, choosing among its sessions', async () => {
    show({ ruleId: 'r1' });
    const lines = [
      { sessionId: 'p1', messages: [{ role: 'CUSTOMER', text: '我要投诉' }] },
      {
        sessionId: 'p2',
        messages: [
          { role: 'CUSTOMER', text: '谢谢' },
          { role: 'AGENT', text: '不客气' },
        ],
      },
    ]
      .map((s) => JSON.stringify(s))
      .join('\n');
    await userEvent.click(screen.getByRole('tab', { name: '粘贴或上传 JSON' }));
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴或上传 JSON' }), { target: { value: lines } });
    await userEvent.click(screen.getByRole('button', { name: '回放此会话' }));
    await waitFor(() => expect(screen.getByTestId('replay-session').textContent).toBe('当前会话：p1（1 条消息）'));
    expect(within(ruleCard()).getByTestId('rule-state').textContent).toBe('命中 1 句');
  });

  it('opens a server session named in the address, in the stored shape', async () => {
    const calls = show({ ruleId: 'r1', sessionId: 's-9' });
    await waitFor(() => expect(position()).toBe('第 1 / 2 条'));
    expect(screen.getByTestId('replay-session').textContent).toBe('当前会话：s-9（2 条消息）');
    expect(
      calls.some((c) => c.path === '/v3/chats/message/query' && (c.body as { sessionId: string }).sessionId === 's-9'),
    ).toBe(true);
    expect(marks()).toEqual([['0', '投诉']]);
  });

  it('searches the server for a session as the user types, beyond the newest ones', async () => {
    const calls = show({ ruleId: 'r1' });
    await screen.findByText('当前测试：投诉未安抚（1 条规则）');
    const picker = screen.getAllByLabelText('选择会话').find((el) => el.tagName === 'INPUT')!;
    await userEvent.click(picker);
    expect(await screen.findByRole('option', { name: 's-9 · 张三 · 2' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /s-old-1/ })).toBeNull();
    await userEvent.type(picker, 'old');
    const option = await screen.findByRole('option', { name: 's-old-1 · 李四 · 2' });
    expect(screen.queryByRole('option', { name: /s-9/ })).toBeNull();
    expect(
      calls.some((c) => c.path === '/v3/chats/session/list' && (c.body as { keyword?: string }).keyword === 'old'),
    ).toBe(true);
    await userEvent.click(option);
    expect(useRouterStore.getState().current.query).toEqual({ ruleId: 'r1', sessionId: 's-old-1' });
    await waitFor(() => expect(screen.getByTestId('replay-session').textContent).toBe('当前会话：s-old-1（2 条消息）'));
    // a customer's nick finds his session too (the server matches more than the label shows)
    const again = screen.getAllByLabelText('选择会话').find((el) => el.tagName === 'INPUT')!;
    await userEvent.clear(again);
    await userEvent.type(again, '李四');
    expect(await screen.findByRole('option', { name: 's-old-1 · 李四 · 2' })).toBeTruthy();
  });

  it('names a session from the address that is not among the newest by looking it up by id', async () => {
    const calls = show({ ruleId: 'r1', sessionId: 's-old-1' });
    await waitFor(() => expect(position()).toBe('第 1 / 2 条'));
    const picker = screen.getAllByLabelText('选择会话').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('s-old-1 · 李四 · 2'));
    expect(
      calls.some(
        (c) => c.path === '/v3/chats/session/list' && (c.body as { sessionId?: string }).sessionId === 's-old-1',
      ),
    ).toBe(true);
  });

  it('opens a session the corpus replay handed over, and leaves the address without it', async () => {
    const messages = [
      { role: 'CUSTOMER', text: '我要投诉' },
      { role: 'AGENT', text: '请稍等' },
    ];
    useSessionHandover.getState().handOver({ sessionId: 'up-7', messages });
    show({ ruleId: 'r1', handover: 'up-7' });
    await waitFor(() => expect(position()).toBe('第 1 / 2 条'));
    expect(screen.getByTestId('replay-session').textContent).toBe('当前会话：up-7（2 条消息）');
    expect(marks()).toEqual([['0', '投诉']]);
    // it is now the pasted session: the paste tab holds it and the address names only the target
    expect(screen.getByRole('tab', { name: '粘贴或上传 JSON' }).getAttribute('aria-selected')).toBe('true');
    expect(useRouterStore.getState().current.query).toEqual({ ruleId: 'r1' });
  });

  it('says so when a handed-over session is gone after a reload', async () => {
    show({ ruleId: 'r1', handover: 'up-8' });
    const notice = await screen.findByTestId('replay-handover-gone');
    expect(notice.textContent).toContain('会话 up-8 来自语料回放的上传文件');
    expect(screen.queryByTestId('replay-session')).toBeNull();
  });

  it('opens the corpus replay on the same target from its tab', async () => {
    show({ schemeId: 's1', sessionId: 's-9' });
    await userEvent.click(screen.getByRole('tab', { name: '语料回放' }));
    const { current } = useRouterStore.getState();
    expect([current.path, current.query]).toEqual(['/qc/replay/corpus', { schemeId: 's1' }]);
  });

  it('shows a rule that does not compile as the engine explains it', async () => {
    const broken: RuleDraftInput = {
      ruleId: 'r1',
      name: '坏规则',
      conditionConfig: {
        conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [] } }] }],
      },
    };
    useReplayDraft.setState({ draft: broken });
    show({ draft: '1', ruleId: 'r1' });
    await screen.findByText('当前测试：坏规则 (草稿 draft)（1 条规则）');
    await replayTyped('客户: 你好');
    const error = await screen.findByTestId('replay-error');
    expect(error.textContent).toContain('$.conditionConfig.conditions[0].operators[0].param.keywords');
  });

  it('tests the rule editor draft, unsaved changes included, from the rule config screen', async () => {
    const { client, calls } = fakeClient({
      '/v3/chats/qc-rule/detail': () => ({
        id: 'r1',
        name: rule.name,
        type: 'AI',
        version: 1,
        conditionConfig: rule.conditionConfig,
      }),
    });
    const editor = renderConsole(<RuleConfig location={{ path: '/qc/rule/config', query: { id: 'r1' } }} />, {
      client,
      permissions: ['qc-rule.view', 'qc-rule.edit'],
    });
    const name = await screen.findByDisplayValue('投诉未安抚');
    fireEvent.change(name, { target: { value: '投诉未安抚（改）' } });
    // condition a gains the keyword 差评, not saved
    const keywords = screen.getByDisplayValue('投诉');
    await userEvent.clear(keywords);
    await userEvent.type(keywords, '投诉，差评');
    await userEvent.click(screen.getByRole('button', { name: '回放测试' }));
    expect(calls.some((c) => c.path.includes('qc-rule/') && !c.path.endsWith('/detail'))).toBe(false);
    expect(useReplayDraft.getState().draft).toMatchObject({
      ruleId: 'r1',
      name: '投诉未安抚（改）',
      conditionConfig: {
        lambda: 'a && !b',
        conditions: [{ cid: 'a', operators: [{ param: { keywords: ['投诉', '差评'] } }] }, { cid: 'b' }],
      },
    });
    const { current } = useRouterStore.getState();
    expect([current.path, current.query]).toEqual(['/qc/replay', { draft: '1', ruleId: 'r1' }]);

    // the replay it opens runs the edited rule: 差评, which only the unsaved keyword knows, is a hit
    editor.unmount();
    show({ draft: '1', ruleId: 'r1' });
    await screen.findByText('当前测试：投诉未安抚（改） (草稿 draft)（1 条规则）');
    await replayTyped('客户: 我要给你们差评\n客服: 请稍等');
    await waitFor(() => expect(position()).toBe('第 1 / 2 条'));
    expect(within(ruleCard()).getByTestId('rule-state').textContent).toBe('命中 1 句');
    expect(condition('a').getAttribute('data-hit')).toBe('true');
    expect(marks()).toEqual([['0', '差评']]);
  });
});
