/** The replay tester with a model rule: the organisation's AI platform is asked through the server, never directly. */
import { type QcRule, replayCall } from '@qcdesk/engine';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { type ReplayEngine, ReplayEngineProvider } from '../src/replay/replay-engine';
import { useReplayDraft } from '../src/replay/target/draft-store';
import { useTranscriptInputs } from '../src/replay/transcript/transcript-input-store';
import { pageKey } from '../src/router/location';
import { navigate, useLocation } from '../src/router/router-store';
import { ReplayTranscript } from '../src/screens/replay/transcript/ReplayTranscript';
import { fakeClient, renderConsole } from './helpers';

/** "the customer praises": the built-in model never calls 到了吗 praise; the platform of these tests does. */
const rule: QcRule = {
  id: 'r1',
  name: '客户表扬',
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] }],
  },
};

const engine: ReplayEngine = { replay: async (request) => replayCall(request) };

function Host() {
  const location = useLocation();
  return <ReplayTranscript key={pageKey(location)} location={location} />;
}

type Classify = ((r: ApiRequest) => unknown) | null;

function show(classify: Classify) {
  const { client, calls } = fakeClient({
    '/v3/chats/qc-rule/detail': () => ({ ...rule, type: 'AI', version: 1 }),
    '/v3/chats/qc-rule/page': () => ({ records: [{ id: 'r1', name: rule.name }], total: 1, page: 1, size: 50 }),
    '/v3/chats/qc-scheme/page': () => ({ records: [], total: 0, page: 1, size: 50 }),
    ...(classify === null ? {} : { '/v3/feed/ai-platform/classify': classify }),
  });
  act(() => navigate('/qc/replay', { ruleId: 'r1' }));
  renderConsole(
    <ReplayEngineProvider engine={engine}>
      <Host />
    </ReplayEngineProvider>,
    { client, permissions: ['qc-rule.view'] },
  );
  return calls;
}

async function replayTyped(transcript: string) {
  await screen.findByText('当前测试：客户表扬（1 条规则）');
  await userEvent.click(screen.getByRole('tab', { name: '手动输入' }));
  fireEvent.change(screen.getByRole('textbox', { name: '手动输入' }), { target: { value: transcript } });
  await userEvent.click(screen.getByRole('button', { name: '回放此会话' }));
  await waitFor(() => expect(screen.getByTestId('replay-position').textContent).toBe('第 1 / 3 条'));
}

const ruleState = () =>
  within(document.querySelector('[data-rule="r1"]') as HTMLElement).getByTestId('rule-state').textContent;
const TYPED = '客户: 到了吗\n客服: 马上查\n客户: 到了吗';

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
});

describe('replay with a model rule', () => {
  it("asks the server for the customer's texts once each and replays with the platform's labels", async () => {
    const calls = show((r) => {
      const { texts } = r.body as { texts: string[] };
      return {
        labels: texts.map(() => [{ label: 'PRAISE', confidence: 0.9 }]),
        modelId: '情绪识别服务',
        fallback: false,
        builtin: false,
      };
    });
    await replayTyped(TYPED);
    expect(calls.filter((c) => c.path === '/v3/feed/ai-platform/classify').map((c) => c.body)).toEqual([
      { task: 'CUSTOMER_CHECK_MODEL', texts: ['到了吗'] },
    ]);
    expect(ruleState()).toBe('命中 1 句');
    expect(screen.getByTestId('replay-model').textContent).toBe('模型：情绪识别服务');
  });

  it('says so when the platform failed and the built-in model answered on the server', async () => {
    show(() => ({ labels: [[]], modelId: '情绪识别服务', fallback: true, builtin: false }));
    await replayTyped(TYPED);
    expect(ruleState()).toBe('未命中');
    expect(screen.getByTestId('replay-model').textContent).toBe('模型：情绪识别服务（已降级为内置模型）');
  });

  it("leaves the labels to the worker's built-in model when the organisation has no AI platform", async () => {
    show(() => ({ labels: [[]], modelId: 'builtin-lexicon', fallback: false, builtin: true }));
    await replayTyped(TYPED);
    expect(ruleState()).toBe('未命中');
    expect(screen.queryByTestId('replay-model')).toBeNull();
    expect(screen.queryByTestId('replay-model-error')).toBeNull();
  });

  it('replays with the built-in model, and says why, when the server cannot be asked', async () => {
    show(null);
    await replayTyped(TYPED);
    expect(ruleState()).toBe('未命中');
    expect(screen.getByTestId('replay-model-error').textContent).toContain('无法询问组织的模型，本次回放使用内置模型');
  });
});
