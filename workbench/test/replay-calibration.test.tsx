import type { ManualResult } from '@qcdesk/contracts';
import { type CalibrationReport, calibrate, readSession } from '@qcdesk/engine';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { type CalibrationResult, useCalibration } from '../src/replay/corpus/calibration-run';
import { CorpusEngineProvider } from '../src/replay/corpus/corpus-engine';
import { useCorpusRun } from '../src/replay/corpus/corpus-run-store';
import { labelOfManualResult, manualAssessmentLabels } from '../src/replay/corpus/manual-labels';
import { useSessionHandover } from '../src/replay/session-handover';
import { useReplayDraft } from '../src/replay/target/draft-store';
import { ruleFromRecord, schemeFromRecord } from '../src/replay/target/replay-target';
import { useRouterStore } from '../src/router/router-store';
import { SessionListModal } from '../src/screens/replay/corpus/CalibrationSessions';
import { CorpusReplay } from '../src/screens/replay/corpus/CorpusReplay';
import { streamFilesInChunks } from './file-stream';
import { fakeClient, renderConsole } from './helpers';
import { inProcessEngine } from './replay-corpus-engine';

streamFilesInChunks(4096);

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

/**
 * What the engine computes on the same sessions with the tab's defaults (5 folds, 20 suggestions, seed 1); by
 * default against their satisfaction S, or against the labels given by session id (sessions without one left out).
 */
function expectedReport(labels?: ReadonlyMap<string, number>): CalibrationReport {
  const sessions = LINES.flatMap((line) => {
    const record = JSON.parse(line) as { sessionId: string; humanQuality: { S: number } };
    const label = labels === undefined ? record.humanQuality.S : labels.get(record.sessionId);
    return label === undefined ? [] : [{ transcript: readSession(record), label }];
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

/** The server's sessions: the same 40 dialogues as /v3/chats/session/transcripts answers them, two pages. */
function transcripts(r: ApiRequest) {
  const records = LINES.map((l) => {
    const { sessionId, messages } = JSON.parse(l) as { sessionId: string; messages: unknown[] };
    return { sessionId, humanQuality: null, manualScore: null, messages };
  });
  return (r.body as { cursor: string | null }).cursor === null
    ? { records: records.slice(0, 25), total: 40, nextCursor: 'p2' }
    : { records: records.slice(25), total: 40, nextCursor: null };
}

/** A manual result as the list answers it, CHECKED unless said. */
const manual = (sessionId: string, resultTime: string, fields: Partial<ManualResult>): ManualResult =>
  ({ id: `${sessionId}-${resultTime}`, sessionId, manualStatus: 'CHECKED', resultTime, ...fields }) as ManualResult;

/** Pages of `size` from `records`, as /v3/chats/qc-manual-result/page answers them. */
const manualPages = (records: readonly ManualResult[]) => (r: ApiRequest) => {
  const { page, size } = r.query as { page: number; size: number };
  return {
    records: records.slice((page - 1) * size, page * size),
    total: records.length,
    page,
    size,
    allCheckedNum: records.length,
    readyCheckedNum: 0,
    checkedNum: records.length,
    rejectNum: 0,
  };
};

function renderScreen(extra: Record<string, (r: ApiRequest) => unknown> = {}) {
  const { client, calls } = fakeClient({
    ...extra,
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
  return calls;
}

const spread = (s: CalibrationReport['crossValidated']['after']) =>
  `${s.mean.toFixed(3)}（标准差 ${s.sd.toFixed(3)}，${s.min.toFixed(3)} … ${s.max.toFixed(3)}）`;

/** Replays the judged corpus and opens the calibration tab. */
async function runAndOpenTab() {
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
  return screen.findByTestId('calibration-panel');
}

async function runAndCalibrate() {
  const panel = await runAndOpenTab();
  // the judgement kinds these sessions carry, satisfaction S picked first
  const kind = within(panel)
    .getAllByLabelText('人工评价')
    .find((el) => el.tagName === 'INPUT');
  expect(kind).toHaveProperty('value', '客户满意度 S');
  await userEvent.click(screen.getByTestId('calibration-run'));
  return screen.findByTestId('calibration-result', {}, { timeout: 20_000 });
}

describe('labels from the manual assessments', () => {
  it("reads every page of checked results and keeps each session's newest: its score, or PASS / FAIL as 1 / 0", async () => {
    const records = [
      manual('m1', '2026-11-02 10:00:00', { style: 'SCORE', manualScore: 70 }),
      // m1 assessed again later: this one decides
      manual('m1', '2026-11-03 09:00:00', { style: 'SCORE', manualScore: 85 }),
      manual('m2', '2026-11-02 11:00:00', { style: 'PASS', pass: true, manualScore: 40 }),
      manual('m3', '2026-11-02 12:00:00', { style: 'PASS', pass: false }),
      // newer but not checked: not a judgement
      manual('m3', '2026-11-04 12:00:00', { style: 'PASS', pass: true, manualStatus: 'READY_CHECKED' }),
      // checked without a score: no label
      manual('m4', '2026-11-02 13:00:00', { style: 'SCORE', manualScore: null }),
      manual('m5', '2026-11-01 08:00:00', { manualScore: 60 }),
    ];
    const { client, calls } = fakeClient({ '/v3/chats/qc-manual-result/page': manualPages(records) });
    const labels = await manualAssessmentLabels(client, { pageSize: 3 });
    expect(Object.fromEntries(labels)).toEqual({ m1: 85, m2: 1, m3: 0, m5: 60 });
    // page by page until all 7 are read, asking for the checked ones
    expect(calls.map((c) => c.query)).toEqual([
      { page: 1, size: 3 },
      { page: 2, size: 3 },
      { page: 3, size: 3 },
    ]);
    expect(calls.every((c) => (c.body as { manualStatus: string }).manualStatus === 'CHECKED')).toBe(true);
    expect(labelOfManualResult(manual('x', '2026-11-01 08:00:00', { style: 'PASS', pass: null }))).toBeNull();
  });
});

describe('calibration tab', () => {
  it("calibrates a server corpus against the manual assessments' newest checked results", async () => {
    // 32 of the 40 sessions assessed, half in a pass/fail scheme; c3 twice (the later one counts); 2 sessions
    // outside the corpus
    const expectedLabels = new Map<string, number>();
    const records: ManualResult[] = [];
    for (let i = 0; i < 32; i++) {
      const id = `c${i}`;
      const S = (JSON.parse(LINES[i]!) as { humanQuality: { S: number } }).humanQuality.S;
      if (i % 2 === 0) {
        records.push(manual(id, '2026-11-02 10:00:00', { style: 'SCORE', manualScore: Math.round(80 + 10 * S) }));
        expectedLabels.set(id, Math.round(80 + 10 * S));
      } else {
        records.push(manual(id, '2026-11-02 10:00:00', { style: 'PASS', pass: S > 0 }));
        expectedLabels.set(id, S > 0 ? 1 : 0);
      }
    }
    records.push(manual('c3', '2026-11-01 09:00:00', { style: 'SCORE', manualScore: 12 }));
    records.push(manual('elsewhere-1', '2026-11-02 10:00:00', { style: 'SCORE', manualScore: 50 }));
    records.push(manual('elsewhere-2', '2026-11-02 10:00:00', { style: 'SCORE', manualScore: 55 }));
    const calls = renderScreen({
      '/v3/chats/session/transcripts': transcripts,
      '/v3/chats/session/directory': () => [],
      '/v3/chats/qc-manual-result/page': manualPages(records),
    });
    await screen.findByText('当前测试：测试方案（2 条规则）');
    await userEvent.click(screen.getByRole('button', { name: '开始回放' }));
    await waitFor(() => expect(screen.getByTestId('corpus-status').dataset.status).toBe('done'), { timeout: 10_000 });
    const tab = await screen.findByRole('tab', { name: '校准' }, { timeout: 10_000 });
    await waitFor(() => expect(tab.hasAttribute('disabled')).toBe(false));
    await userEvent.click(tab);
    const panel = await screen.findByTestId('calibration-panel');
    // the server's sessions carry no judgement of their own here: the manual assessments are the label
    expect(within(panel).getByText('这些会话没有人工评价；可上传标签文件校准。')).toBeTruthy();
    await userEvent.click(
      within(panel)
        .getAllByLabelText('人工评价')
        .find((el) => el.tagName === 'INPUT')!,
    );
    await userEvent.click(await screen.findByRole('option', { name: '人工质检（各会话最新的已质检结果）' }));
    await userEvent.click(screen.getByTestId('calibration-run'));
    const result = await screen.findByTestId('calibration-result', {}, { timeout: 20_000 });

    expect(within(result).getByTestId('calibration-sessions').textContent).toBe(
      '32 个有评价的会话（人工质检（各会话最新的已质检结果））',
    );
    const expected = expectedReport(expectedLabels);
    expect(expected.sessions).toBe(32);
    expect(screen.getByTestId('calibration-cv-before').textContent).toBe(spread(expected.crossValidated.before));
    expect(screen.getByTestId('calibration-cv-after').textContent).toBe(spread(expected.crossValidated.after));
    expect(screen.getByTestId('calibration-in-sample').textContent).toBe(
      `全部会话（样本内）：${expected.before.toFixed(3)} → ${expected.after.toFixed(3)}`,
    );
    // one page of up to 500 holds all 34 results
    expect(calls.filter((c) => c.path === '/v3/chats/qc-manual-result/page').map((c) => c.query)).toEqual([
      { page: 1, size: 500 },
    ]);
  }, 40_000);

  it('calibrates against a label file matched by session id, and names a bad line of it', async () => {
    const panel = await runAndOpenTab();
    await userEvent.click(
      within(panel)
        .getAllByLabelText('人工评价')
        .find((el) => el.tagName === 'INPUT')!,
    );
    await userEvent.click(await screen.findByRole('option', { name: '上传标签文件' }));
    // nothing to calibrate against until a file is read
    expect(screen.getByTestId('calibration-run')).toHaveProperty('disabled', true);
    const fileInput = () => panel.querySelector('input[type="file"]') as HTMLInputElement;

    // a score that is not a number: the error names the file's line, in Chinese, and nothing is loaded
    await userEvent.upload(
      fileInput(),
      new File(['sessionId,score\nc0,1\nc1,很好\n'], 'bad.csv', { type: 'text/csv' }),
    );
    expect((await screen.findByTestId('calibration-label-file-error')).textContent).toBe(
      '标签文件有误bad.csv:3: 第 2 列标注分数必须是数字，而不是 "很好"',
    );
    expect(screen.getByTestId('calibration-run')).toHaveProperty('disabled', true);

    // 30 of the corpus's 40 sessions labelled (the opposite of their S, so not what the sessions carry), and two
    // labels for sessions the corpus does not have
    const labels = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      const record = JSON.parse(LINES[i]!) as { humanQuality: { S: number } };
      labels.set(`c${i}`, -record.humanQuality.S);
    }
    const csv = ['sessionId,score', ...[...labels].map(([id, score]) => `${id},${score}`), 'gone-1,1', 'gone-2,0'].join(
      '\n',
    );
    await userEvent.upload(fileInput(), new File([csv], 'labels.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('calibration-label-file-loaded')).textContent).toBe('labels.csv：32 个标签');
    expect(screen.queryByTestId('calibration-label-file-error')).toBeNull();
    await userEvent.click(screen.getByTestId('calibration-run'));
    const result = await screen.findByTestId('calibration-result', {}, { timeout: 20_000 });

    expect(screen.getByTestId('calibration-label-match').textContent).toBe('30 个会话有标签，2 个标签没有对应的会话');
    expect(within(result).getByTestId('calibration-sessions').textContent).toBe(
      '30 个有评价的会话（标签文件 labels.csv）',
    );
    // the engine's figures against the file's labels
    const expected = expectedReport(labels);
    expect(expected.sessions).toBe(30);
    expect(screen.getByTestId('calibration-cv-before').textContent).toBe(spread(expected.crossValidated.before));
    expect(screen.getByTestId('calibration-cv-after').textContent).toBe(spread(expected.crossValidated.after));
    expect(screen.getByTestId('calibration-in-sample').textContent).toBe(
      `全部会话（样本内）：${expected.before.toFixed(3)} → ${expected.after.toFixed(3)}`,
    );
  }, 40_000);

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

  it("lists the sessions behind a rule's hit count and opens one in the single replay", async () => {
    const expected = expectedReport();
    await runAndCalibrate();
    const row = screen.getByTestId('calibration-evidence').querySelector('[data-rule="21"]')!;
    // the refund rule hits the 20 sessions whose customer asks for a refund: the even ones
    const refundSessions = Array.from({ length: 20 }, (_, i) => `c${2 * i}`);
    expect(expected.evidence.find((e) => e.ruleId === '21')!.hitSessionIds).toEqual(refundSessions);
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: '20' }));
    const list = await screen.findByTestId('calibration-session-list');
    expect(screen.getByText('命中「退款诉求」的 20 个会话')).toBeTruthy();
    expect([...list.querySelectorAll('[data-session]')].map((e) => e.getAttribute('data-session'))).toEqual(
      refundSessions,
    );
    expect(screen.queryByTestId('calibration-session-list-more')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'c6' }));
    const current = useRouterStore.getState().current;
    expect(current.path).toBe('/qc/replay');
    expect(current.query).toMatchObject({ schemeId: '9', handover: 'c6' });
    expect(useSessionHandover.getState().sessions.c6?.messages).toHaveLength(2);
  }, 40_000);

  it("lists the low-judged sessions a suggestion's phrase was said in and opens one in the single replay", async () => {
    const expected = expectedReport();
    await runAndCalibrate();
    const unsure = expected.suggestions.find((s) => s.role === 'AGENT' && '这个我不清楚'.includes(s.phrase))!;
    expect(unsure.lowSessionIds).toHaveLength(unsure.low);
    // every low-judged session is one where the agent was unsure (i % 4 < 2), as the sessions were made
    expect(unsure.lowSessionIds.every((id) => Number(id.slice(1)) % 4 < 2)).toBe(true);
    const row = screen.getByTestId('calibration-suggestions').querySelector(`[data-rule="${unsure.ruleId}"]`)!;
    const cell = row.querySelector('[data-cell="low"]') as HTMLElement;
    expect(cell.textContent).toBe(`${unsure.low} / ${unsure.lowSessions}`);
    await userEvent.click(within(cell).getByRole('button', { name: String(unsure.low) }));
    const list = await screen.findByTestId('calibration-session-list');
    expect(screen.getByText(`含「${unsure.phrase}」的 ${unsure.low} 个低评价会话`)).toBeTruthy();
    expect([...list.querySelectorAll('[data-session]')].map((e) => e.getAttribute('data-session'))).toEqual(
      unsure.lowSessionIds,
    );
    const last = unsure.lowSessionIds.at(-1)!;
    await userEvent.click(within(list).getByRole('button', { name: last }));
    const current = useRouterStore.getState().current;
    expect(current.path).toBe('/qc/replay');
    expect(current.query).toMatchObject({ schemeId: '9', handover: last });
    expect(useSessionHandover.getState().sessions[last]?.messages).toHaveLength(2);
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

  it('lists the first 100 sessions of a longer count and says how many more there are', () => {
    const ids = Array.from({ length: 130 }, (_, i) => `s${i}`);
    // a server corpus: only what the list opens matters here
    const result = {
      basis: {
        source: { kind: 'server' },
        query: { ruleId: null, schemeId: '9', draft: false, withinSchemeId: null, sessionId: null, handover: null },
      },
      links: new Map(
        ids.map((id, index) => [
          id,
          { index, sessionId: id, lineNumber: null, payload: null, aiScore: null, nearness: 1 },
        ]),
      ),
    } as unknown as CalibrationResult;
    const { client } = fakeClient({});
    renderConsole(
      <SessionListModal list={{ title: '130 个会话', sessionIds: ids }} result={result} onClose={() => {}} />,
      {
        client,
      },
    );
    const list = screen.getByTestId('calibration-session-list');
    expect([...list.querySelectorAll('[data-session]')].map((e) => e.getAttribute('data-session'))).toEqual(
      ids.slice(0, 100),
    );
    expect(screen.getByTestId('calibration-session-list-more').textContent).toBe('另有 30 个会话未列出');
  });
});
