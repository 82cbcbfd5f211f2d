import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { CorpusEngineProvider } from '../src/replay/corpus/corpus-engine';
import { useCorpusRun } from '../src/replay/corpus/corpus-run-store';
import { useSessionHandover } from '../src/replay/session-handover';
import { useReplayDraft } from '../src/replay/target/draft-store';
import { useRouterStore } from '../src/router/router-store';
import { CorpusReplay } from '../src/screens/replay/corpus/CorpusReplay';
import { streamFilesInChunks } from './file-stream';
import { fakeClient, renderConsole } from './helpers';
import { inProcessEngine } from './replay-corpus-engine';

streamFilesInChunks(64);

afterEach(() => {
  useCorpusRun.getState().clear();
  useReplayDraft.setState({ draft: null });
});

const savedRule = {
  id: '7',
  name: '退款话术',
  type: 'AI',
  version: 1,
  conditionConfig: {
    conditions: [
      {
        cid: 'a',
        operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['退款'] } }],
        checkRange: { role: 'CUSTOMER' },
      },
    ],
    ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 30 },
  },
};

/** The draft asks for 退款 or 发票 from the customer, and the agent's 抱歉 as a second condition. */
const draft = {
  ruleId: '7',
  name: '退款话术',
  conditionConfig: {
    conditions: [
      {
        cid: 'a',
        operators: [{ type: 'HIT_ANY_KEYWORDS' as const, param: { keywords: ['退款', '发票'] } }],
        checkRange: { role: 'CUSTOMER' as const },
      },
      { cid: 'b', operators: [{ type: 'HIT_ANY_KEYWORDS' as const, param: { keywords: ['抱歉'] } }] },
    ],
    lambda: 'a || b',
    ruleScore: { enable: true, ruleScoreType: 'ONCE' as const, scoreNum: 30 },
  },
};

const session = (id: string, customer: string, agent: string, quality?: { A: number; S: number; E: number }) =>
  JSON.stringify({
    sessionId: id,
    messages: [
      { senderRole: 'CUSTOMER', content: JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: customer } }]) },
      { role: 'AGENT', text: agent },
    ],
    ...(quality ? { humanQuality: quality } : {}),
  });

const CORPUS = [
  session('s1', '我要退款', '好的', { A: 1, S: 1, E: 1 }),
  session('s2', '发票开错了', '马上处理', { A: 0.5, S: 0.5, E: 0 }),
  '{"sessionId": "s3", ',
  session('s4', '你好', '您好', { A: 2, S: 2, E: 2 }),
  session('s5', '怎么还不发货', '抱歉久等', { A: -1, S: -1, E: -1 }),
].join('\n');

function renderScreen(engine = inProcessEngine(), query: Record<string, string> = { draft: '1', ruleId: '7' }) {
  const handlers = {
    '/v3/chats/qc-rule/detail': () => savedRule,
    '/v3/chats/qc-rule/page': () => ({ records: [{ id: '7', name: '退款话术' }], total: 1, page: 1, size: 50 }),
    '/v3/chats/session/directory': (r: ApiRequest) =>
      (r.body as { kind: string }).kind === 'LINE'
        ? [
            { id: '1', name: '微博客服-通信' },
            { id: '2', name: '电话客服' },
          ]
        : [],
    '/v3/chats/session/transcripts': (r: ApiRequest) => {
      const body = r.body as { cursor: string | null };
      const records = CORPUS.split('\n')
        .filter((l) => !l.endsWith(', '))
        .map((l) => ({ ...JSON.parse(l), manualScore: null }));
      return body.cursor === null
        ? { records: records.slice(0, 2), total: records.length, nextCursor: 'c2' }
        : { records: records.slice(2), total: records.length, nextCursor: null };
    },
  };
  const { client, calls } = fakeClient(handlers);
  renderConsole(
    <CorpusEngineProvider engine={engine}>
      <CorpusReplay location={{ path: '/qc/replay/corpus', query }} />
    </CorpusEngineProvider>,
    { client, permissions: ['qc-rule.view'] },
  );
  return { calls };
}

async function upload(text: string, name = 'corpus.jsonl') {
  await userEvent.click(screen.getByRole('radio', { name: '上传 JSON Lines 文件' }));
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File([text], name, { type: 'application/x-ndjson' }));
}

/** The run has ended with `status` and the report drawn from its last figures (the report follows a moment later). */
const ended = (status: 'done' | 'cancelled') =>
  waitFor(
    () => {
      expect(screen.getByTestId('corpus-status').dataset.status).toBe(status);
      expect(screen.getByTestId('corpus-samples')).toBeTruthy();
    },
    { timeout: 10_000 },
  );
const finished = () => ended('done');

describe('corpus replay screen', () => {
  it('replays an uploaded file: hit rates per rule and condition, bad lines by number, the diff and the agreement', async () => {
    useReplayDraft.setState({ draft });
    renderScreen();
    await screen.findByText('当前测试：退款话术 (草稿 draft)（1 条规则）');
    await upload(CORPUS);
    await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
    await finished();

    expect(screen.getByTestId('corpus-sessions').textContent).toBe('4');
    expect(screen.getByTestId('corpus-problem-count').textContent).toBe('1');
    const rates = screen.getByTestId('corpus-hit-rates');
    const ruleRow = within(rates).getByText('退款话术').closest('tr')!;
    expect(within(ruleRow).getByText('3')).toBeTruthy();
    expect(within(ruleRow).getByText('75.0%')).toBeTruthy();
    await userEvent.click(within(ruleRow).getByRole('button', { name: '展开或收起条件' }));
    const conditionB = rates.querySelector('[data-condition="7.b"]')!;
    expect(conditionB.textContent).toContain('条件 b');
    expect(conditionB.textContent).toContain('25.0%');

    // the saved rule hit s1 only: the draft newly hits s2 (发票) and s5 (抱歉)
    const diff = await screen.findByTestId('corpus-diff');
    expect(within(diff).getByText('已修改')).toBeTruthy();
    expect(diff.querySelector('[data-field="newly-hit"]')!.textContent).toBe('+2');
    expect(diff.querySelector('[data-field="stopped"]')!.textContent).toBe('−0');
    expect(within(diff).getByText('s2')).toBeTruthy();

    expect(screen.getByTestId('corpus-problems').textContent).toContain('第 3 行');
    // s1 70, s2 70, s5 70, s4 100 against the mean of A, S, E
    // ranks of the AI scores (s1, s2, s4, s5) 2, 2, 4, 2 against the human ones 3, 2, 4, 1: ρ = 3 / √15 = 0.7746
    expect((await screen.findByTestId('corpus-spearman')).textContent).toContain('ρ = 0.775（4 个会话）');
    expect((await screen.findByTestId('corpus-hit-sample')).textContent).toContain('s1');
  });

  it('opens an uploaded sample session in the single replay through the hand-over store', async () => {
    useReplayDraft.setState({ draft });
    renderScreen();
    await screen.findByText(/当前测试/);
    await upload(CORPUS);
    await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
    await finished();
    await userEvent.click(within(await screen.findByTestId('corpus-hit-sample')).getByRole('button', { name: 's2' }));
    const current = useRouterStore.getState().current;
    expect(current.path).toBe('/qc/replay');
    expect(current.query).toMatchObject({ draft: '1', ruleId: '7', handover: 's2' });
    expect(useSessionHandover.getState().sessions.s2?.messages).toHaveLength(2);
  });

  it('replays the server sessions page by page and links samples by session id', async () => {
    const { calls } = renderScreen(inProcessEngine(), { ruleId: '7' });
    await screen.findByText('当前测试：退款话术（1 条规则）');
    fireEvent.change(screen.getByLabelText('会话开始日期从'), { target: { value: '2026-11-01' } });
    // the lines come from the line directory, not from the newest sessions
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/v3/chats/session/directory' && (c.body as { kind: string }).kind === 'LINE'),
      ).toBe(true),
    );
    expect(calls.some((c) => c.path === '/v3/chats/session/list')).toBe(false);
    const lineInput = screen.getAllByLabelText('服务线路').find((el) => el.tagName === 'INPUT')!;
    await userEvent.click(lineInput);
    await userEvent.click(await screen.findByRole('option', { name: '电话客服' }));
    await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
    await finished();
    const pages = calls.filter((c) => c.path === '/v3/chats/session/transcripts');
    expect(pages.map((c) => (c.body as { cursor: string | null; timeFrom: string }).cursor)).toEqual([null, 'c2']);
    expect(pages[0]!.body).toMatchObject({ timeFrom: '2026-11-01', lineId: '2' });
    expect(screen.getByTestId('corpus-sessions').textContent).toBe('4');
    // the saved rule itself: no changes to show
    expect((await screen.findByTestId('corpus-diff-section')).textContent).toContain('与已保存版本相同');
    await userEvent.click(within(await screen.findByTestId('corpus-hit-sample')).getByRole('button', { name: 's1' }));
    expect(useRouterStore.getState().current.query).toMatchObject({ ruleId: '7', sessionId: 's1' });
  });

  it('shows progress while it runs and stops when cancelled, keeping what was done', async () => {
    useReplayDraft.setState({ draft });
    renderScreen(inProcessEngine({ delayMs: 15 }));
    await screen.findByText(/当前测试/);
    const many = Array.from({ length: 300 }, (_, i) => session(`m${i}`, i % 3 === 0 ? '退款' : '你好', '好的')).join(
      '\n',
    );
    await upload(many, 'many.jsonl');
    await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
    await waitFor(() => expect(Number(screen.getByTestId('corpus-sessions').textContent)).toBeGreaterThan(5));
    expect(screen.getByTestId('corpus-status').dataset.status).toBe('running');
    expect(screen.getByTestId('corpus-progress-text').textContent).toMatch(/已检测 \d+ 个会话/);
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: '取消' }));
    });
    await ended('cancelled');
    const done = Number(screen.getByTestId('corpus-sessions').textContent);
    expect(done).toBeGreaterThan(5);
    expect(done).toBeLessThan(300);
    expect(screen.getByText('已取消（以下为已检测部分的结果）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始回放' })).toBeTruthy();
  });
});
