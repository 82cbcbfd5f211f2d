import { type CalibrationReport, calibrate, readSession } from '@qcdesk/engine';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCalibration } from '../src/replay/corpus/calibration-run';
import { CorpusEngineProvider } from '../src/replay/corpus/corpus-engine';
import { useCorpusRun } from '../src/replay/corpus/corpus-run-store';
import { useSessionHandover } from '../src/replay/session-handover';
import { useReplayDraft } from '../src/replay/target/draft-store';
import { ruleFromRecord, schemeFromRecord } from '../src/replay/target/replay-target';
import { useRouterStore } from '../src/router/router-store';
import { CorpusReplay } from '../src/screens/replay/corpus/CorpusReplay';
import { fakeClient, renderConsole } from './helpers';
import { inProcessEngine } from './replay-corpus-engine';

// jsdom's File cannot stream; a browser's can. Read it whole with FileReader and hand it over in chunks.
beforeAll(() => {
  Object.defineProperty(File.prototype, 'stream', {
    configurable: true,
    value(this: File) {
      const file = this;
      let bytes: Uint8Array | null = null;
      let at = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          bytes ??= await new Promise<Uint8Array>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
            reader.readAsArrayBuffer(file);
          });
          if (at >= bytes.length) controller.close();
          else {
            controller.enqueue(bytes.slice(at, at + 4096));
            at += 4096;
          }
        },
      });
    },
  });
});

afterEach(() => {
  useCorpusRun.getState().clear();
  useCalibration.getState().setBasis(null);
  useReplayDraft.setState({ draft: null, calibrated: null });
});

const keywordRule = (id: string, name: string, keyword: string, role: 'AGENT' | 'CUSTOMER', scoreNum: number) => ({
  id,
  name,
  type: 'AI' as const,
  version: 1,
  conditionConfig: {
    conditions: [
      { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [keyword] } }], checkRange: { role } },
    ],
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum },
  },
});

/** Two rules: the customer asking for a refund (which the people do judge a little worse) and an apology never said. */
const RULES = [
  keywordRule('21', '退款诉求', '退款', 'CUSTOMER', 10),
  keywordRule('22', '致歉', '非常抱歉', 'AGENT', 5),
];
const SCHEME = {
  id: '9',
  name: '测试方案',
  status: 'ACTIVE',
  type: 'TEXT',
  targetType: 'AI',
  style: 'SCORE',
  schemeAngles: [
    {
      angleId: 'service',
      angleName: '服务',
      name: '服务',
      schemeId: '9',
      score: 100,
      // as the server answers: each link with its rule's whole config, score included
      angleRules: RULES.map((r) => ({ ruleId: r.id, ruleName: r.name, conditionConfig: r.conditionConfig })),
    },
  ],
  schemeConfig: { veto: [] },
};

/**
 * 40 judged sessions whose satisfaction S follows a known rule: an agent who says 这个我不清楚 is judged 2 lower, a
 * refund request half a point lower, and a little spread by position. No rule sees the first, so the suggestions must.
 */
const LINES = Array.from({ length: 40 }, (_, i) => {
  const refund = i % 2 === 0;
  const unsure = i % 4 < 2;
  const S = (unsure ? -1 : 1) + (refund ? -0.5 : 0) + (i % 5) * 0.1;
  return JSON.stringify({
    sessionId: `c${i}`,
    messages: [
      { role: 'CUSTOMER', text: refund ? '我要退款' : '查询订单进度' },
      { role: 'AGENT', text: unsure ? '这个我不清楚' : '马上为您处理' },
    ],
    humanQuality: { A: 0, S: Number(S.toFixed(2)), E: 0 },
  });
});

/** What the engine computes on the same sessions with the tab's defaults (5 folds, 20 suggestions, seed 1). */
function expectedReport(): CalibrationReport {
  const sessions = LINES.map((line) => {
    const record = JSON.parse(line) as { humanQuality: { S: number } };
    return { transcript: readSession(record), label: record.humanQuality.S };
  });
  return calibrate(
    RULES.map((r) => ruleFromRecord(r as never)),
    schemeFromRecord(SCHEME as never),
    sessions,
    {
      folds: 5,
      suggest: 20,
      seed: 1,
      suggestOptions: { roles: ['AGENT', 'CUSTOMER'] },
    },
  );
}

function renderScreen() {
  const { client } = fakeClient({
    '/v3/chats/qc-scheme/detail': () => SCHEME,
    '/v3/chats/qc-rule/detail': (r) => RULES.find((rule) => rule.id === r.query?.ruleId),
    '/v3/chats/qc-scheme/page': () => ({ records: [{ id: '9', name: '测试方案' }], total: 1, page: 1, size: 50 }),
  });
  renderConsole(
    <CorpusEngineProvider engine={inProcessEngine()}>
      <CorpusReplay location={{ path: '/qc/replay/corpus', query: { schemeId: '9' } }} />
    </CorpusEngineProvider>,
    { client, permissions: ['qc-rule.view'] },
  );
}

const spread = (s: CalibrationReport['crossValidated']['after']) =>
  `${s.mean.toFixed(3)}（标准差 ${s.sd.toFixed(3)}，${s.min.toFixed(3)} … ${s.max.toFixed(3)}）`;

async function runAndCalibrate() {
  renderScreen();
  await screen.findByText('当前测试：测试方案（2 条规则）');
  await userEvent.click(screen.getByRole('radio', { name: '上传 JSON Lines 文件' }));
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File([LINES.join('\n')], 'judged.jsonl', { type: 'application/x-ndjson' }));
  await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
  await waitFor(() => expect(screen.getByTestId('corpus-status').dataset.status).toBe('done'), { timeout: 10_000 });
  const tab = await screen.findByRole('tab', { name: '校准' }, { timeout: 10_000 });
  await waitFor(() => expect(tab.hasAttribute('disabled')).toBe(false));
  await userEvent.click(tab);
  const panel = await screen.findByTestId('calibration-panel');
  // the judgement kinds these sessions carry, satisfaction S picked first
  const kind = within(panel)
    .getAllByLabelText('人工评价')
    .find((el) => el.tagName === 'INPUT');
  expect(kind).toHaveProperty('value', '客户满意度 S');
  await userEvent.click(screen.getByTestId('calibration-run'));
  return screen.findByTestId('calibration-result', {}, { timeout: 20_000 });
}

describe('calibration tab', () => {
  it('shows the figures, evidence, fitted scores and suggestions the engine computes', async () => {
    const expected = expectedReport();
    const result = await runAndCalibrate();

    expect(within(result).getByTestId('calibration-sessions').textContent).toBe('40 个有评价的会话（客户满意度 S）');
    expect(screen.getByTestId('calibration-cv-before').textContent).toBe(spread(expected.crossValidated.before));
    expect(screen.getByTestId('calibration-cv-after').textContent).toBe(spread(expected.crossValidated.after));
    // the known rule is learnt: out of fold, the calibrated scheme orders the sessions far better than the given one
    expect(expected.crossValidated.after.mean).toBeGreaterThan(0.8);
    expect(expected.crossValidated.after.mean).toBeGreaterThan(expected.crossValidated.before.mean + 0.3);
    expect(screen.getByTestId('calibration-in-sample').textContent).toBe(
      `全部会话（样本内）：${expected.before.toFixed(3)} → ${expected.after.toFixed(3)}`,
    );

    // one evidence row per rule of the scheme, with the engine's figures
    const evidence = screen.getByTestId('calibration-evidence');
    const rows = evidence.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    const refund = expected.evidence.find((e) => e.ruleId === '21')!;
    expect(refund.hits).toBe(20);
    const refundRow = evidence.querySelector('[data-rule="21"]')!;
    expect(refundRow.querySelector('[data-cell="hitRate"]')!.textContent).toBe('50.0%');
    expect(refundRow.querySelector('[data-cell="with"]')!.textContent).toBe(refund.meanWithHit.toFixed(3));
    expect(refundRow.querySelector('[data-cell="without"]')!.textContent).toBe(refund.meanWithoutHit.toFixed(3));
    expect(refundRow.querySelector('[data-cell="difference"]')!.textContent).toBe(
      `${refund.difference.toFixed(3)} [${refund.ci![0].toFixed(3)}, ${refund.ci![1].toFixed(3)}]`,
    );
    expect(refundRow.querySelector('[data-cell="auc"]')!.textContent).toBe(refund.aucLowQuarter.toFixed(3));
    // a click sorts by hit rate, highest first: the refund rule (50 %) above the apology (never said); a second
    // click reverses
    const order = () => [...evidence.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-rule'));
    await userEvent.click(within(evidence).getByRole('button', { name: '命中率' }));
    expect(within(evidence).getByRole('button', { name: '命中率 ↓' })).toBeTruthy();
    expect(order()).toEqual(['21', '22']);
    await userEvent.click(within(evidence).getByRole('button', { name: '命中率 ↓' }));
    expect(order()).toEqual(['22', '21']);

    const scores = screen.getByTestId('calibration-scores');
    for (const s of expected.scores.filter((x) => !x.suggested)) {
      expect(scores.querySelector(`[data-rule="${s.ruleId}"] [data-cell="score"]`)!.textContent).toContain(
        `${s.before} → ${s.after}`,
      );
    }

    // the suggestions: the engine's, in its order; the agent's 这个我不清楚 is among them, marking low judgements
    const suggestions = screen.getByTestId('calibration-suggestions');
    const phrases = [...suggestions.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-phrase'));
    expect(phrases).toEqual(expected.suggestions.map((s) => s.phrase));
    const unsure = expected.suggestions.find((s) => s.role === 'AGENT' && '这个我不清楚'.includes(s.phrase))!;
    expect(unsure.z).toBeGreaterThan(0);
    expect(unsure.low).toBe(unsure.lowSessions);
    const unsureRow = suggestions.querySelector(`[data-rule="${unsure.ruleId}"]`)!;
    expect(unsureRow.querySelector('[data-cell="z"]')!.textContent).toBe(unsure.z.toFixed(2));
    expect(unsureRow.querySelector('[data-cell="score"]')!.textContent).toBe(`${unsure.scoreType} ${unsure.score}`);
  }, 40_000);

  it('makes an accepted suggestion part of the draft it applies, and leaves the others out', async () => {
    const expected = expectedReport();
    await runAndCalibrate();
    const unsure = expected.suggestions.find((s) => s.role === 'AGENT' && '这个我不清楚'.includes(s.phrase))!;
    expect(unsure.score).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('checkbox', { name: `采纳 ${unsure.phrase}` }));
    expect(screen.getByText(/已采纳的 1 条建议/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('calibration-apply'));

    const draft = useReplayDraft.getState().calibrated!;
    expect(draft.label).toBe('测试方案');
    // the scheme's two rules with their fitted scores, and the one suggestion accepted
    expect(draft.rules.map((r) => String(r.id))).toEqual(['21', '22', unsure.ruleId]);
    const added = draft.rules[2]!.conditionConfig;
    expect(JSON.stringify(added)).toContain(unsure.phrase);
    expect(added.ruleScore).toMatchObject({ enable: true, scoreNum: unsure.score });
    const fitted = expected.scores.find((s) => s.ruleId === '21')!;
    expect(draft.rules[0]!.conditionConfig.ruleScore?.scoreNum).toBe(fitted.after);
    expect(draft.scheme.schemeAngles[0]!.angleRules.map((l) => String(l.ruleId))).toEqual(['21', '22', unsure.ruleId]);
    // the fitted scores are the rules' own (the links that only repeated them no longer do), so the tester's
    // per-rule diff shows them
    expect(draft.scheme.schemeAngles[0]!.angleRules.every((l) => !l.conditionConfig)).toBe(true);
    // diffed against the scheme as saved
    expect(draft.saved?.rules.map((r) => String(r.id))).toEqual(['21', '22']);
    expect(draft.saved?.rules[0]?.conditionConfig.ruleScore?.scoreNum).toBe(10);
    // the corpus replay now tests the draft
    const current = useRouterStore.getState().current;
    expect(current.path).toBe('/qc/replay/corpus');
    expect(current.query).toMatchObject({ draft: '1' });
    expect(current.query.schemeId).toBeUndefined();
  }, 40_000);

  it('opens a disagreeing session in the single replay', async () => {
    const expected = expectedReport();
    await runAndCalibrate();
    const table = screen.getByTestId('calibration-disagreements');
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-session'))).toEqual(
      expected.disagreements.map((d) => d.sessionId),
    );
    const first = expected.disagreements[0]!;
    await userEvent.click(within(table).getByRole('button', { name: first.sessionId }));
    const current = useRouterStore.getState().current;
    expect(current.path).toBe('/qc/replay');
    expect(current.query).toMatchObject({ schemeId: '9', handover: first.sessionId });
    expect(useSessionHandover.getState().sessions[first.sessionId]?.messages).toHaveLength(2);
  }, 40_000);
});
