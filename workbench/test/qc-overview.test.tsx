import type { QcOverview as Overview } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseHash } from '../src/router/location';
import { syncFromHash } from '../src/router/router-store';
import { bucketPeriod, lastDays, resultsOf } from '../src/screens/qc/overview/overview-links';
import { QcOverview } from '../src/screens/qc/overview/QcOverview';
import { fakeClient, renderConsole } from './helpers';

const OVERVIEW: Overview = {
  timeFrom: '2026-10-27',
  timeTo: '2026-11-25',
  totals: { results: 40, avgScore: 82.5, vetoes: 4, complaints: 2, reviews: 5 },
  trend: [
    { bucket: '2026-11-24', results: 16, avgScore: 80, vetoes: 1 },
    { bucket: '2026-11-25', results: 24, avgScore: 84.17, vetoes: 3 },
  ],
  distribution: [
    { from: 50, to: 60, results: 4 },
    { from: 90, to: 100, results: 36 },
  ],
  lines: [{ lineId: '1', lineName: '支付微博', results: 27, avgScore: 81 }],
  groups: [{ groupId: '11', groupName: '售后组', results: 40, avgScore: 82.5 }],
  topRules: [
    {
      ruleId: '7',
      ruleName: '致歉用语',
      results: 18,
      share: 0.45,
      trend: [{ bucket: '2026-11-25', results: 18 }],
    },
  ],
  lowAgents: [{ agentId: '102', agentName: '李四', agentNick: '小李', results: 13, avgScore: 71.2, vetoes: 2 }],
  agreement: { pairs: 6, meanAbsDiff: 7.5, correlation: 0.81 },
};

function start(permissions: string[], answer: Overview = OVERVIEW) {
  const { client, calls } = fakeClient({
    '/v3/chats/ai-result/overview': () => answer,
    '/v3/chats/qc-scheme/list': () => [{ id: '3', name: '微博客服质检' }],
  });
  renderConsole(<QcOverview />, { client, permissions });
  return calls;
}

const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`) as HTMLElement;

describe('the QC overview', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '#/qc/overview');
    syncFromHash({ fresh: true });
  });

  it('shows the totals, rates and the AI–manual agreement of the last 30 days', async () => {
    const calls = start(['qc-ai-result.view', 'qc-scheme.view']);
    await screen.findByTestId('overview-top-rules');
    expect(calls.find((c) => c.path === '/v3/chats/ai-result/overview')!.body).toEqual({
      schemeId: null,
      ...lastDays(30),
      bucket: 'DAY',
    });
    expect(figure('质检结果').textContent).toContain('40');
    expect(figure('平均分').textContent).toContain('82.5');
    expect(figure('否决').textContent).toBe('否决4 10.0%');
    expect(figure('申诉率').textContent).toBe('申诉率5.0% 2');
    expect(figure('复检率').textContent).toBe('复检率12.5% 5');
    expect(figure('AI 与人工评分').textContent).toContain('0.81相关系数 · 6 对 · 平均差 7.5');
    // the correlation is the figure, shown once
    expect(figure('AI 与人工评分').textContent?.split('0.81')).toHaveLength(2);
    const agents = within(screen.getByTestId('overview-low-agents'));
    expect(agents.getByRole('button', { name: '李四（小李）' })).toBeTruthy();
  });

  it('opens the result list filtered to what a figure counted', async () => {
    start(['qc-ai-result.view', 'qc-scheme.view']);
    await userEvent.click(await screen.findByRole('button', { name: '致歉用语' }));
    await waitFor(() => expect(parseHash(window.location.hash).path).toBe('/qc/ai-result/list'));
    const { timeFrom, timeTo } = lastDays(30);
    expect(parseHash(window.location.hash).query).toEqual({
      timeFrom: `${timeFrom}T00:00:00`,
      timeTo: `${timeTo}T23:59:59`,
      quickDate: '-',
      aiStatus: '-',
      ruleId: '7',
    });
    window.history.replaceState(null, '', '#/qc/overview');
    syncFromHash({ fresh: true });
    await userEvent.click(within(figure('否决')).getByRole('button'));
    await waitFor(() => expect(parseHash(window.location.hash).query.isVeto).toBe('true'));
  });

  it('asks again for another period and by week; an agent gets no scheme choice', async () => {
    const calls = start(['qc-ai-result.view']);
    await screen.findByTestId('overview-top-rules');
    expect(screen.queryByLabelText('质检方案')).toBeNull();
    expect(calls.some((c) => c.path === '/v3/chats/qc-scheme/list')).toBe(false);
    await userEvent.click(screen.getByText('近7天'));
    await userEvent.click(screen.getByText('按周'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/v3/chats/ai-result/overview').at(-1)!.body).toEqual({
        schemeId: null,
        ...lastDays(7),
        bucket: 'WEEK',
      }),
    );
  });

  it('says so when the period has no results', async () => {
    start(['qc-ai-result.view'], { ...OVERVIEW, totals: { ...OVERVIEW.totals, results: 0 } });
    expect(await screen.findByText('所选时间内没有质检结果')).toBeTruthy();
    expect(screen.queryByTestId('overview-top-rules')).toBeNull();
  });
});

describe('overview links', () => {
  it('a week bucket covers its seven days within the period', () => {
    const scope = { schemeId: '3', timeFrom: '2026-11-05', timeTo: '2026-11-25' };
    expect(bucketPeriod(scope, '2026-11-02', true)).toEqual({ ...scope, timeFrom: '2026-11-05', timeTo: '2026-11-08' });
    expect(bucketPeriod(scope, '2026-11-23', true)).toEqual({ ...scope, timeFrom: '2026-11-23', timeTo: '2026-11-25' });
    expect(bucketPeriod(scope, '2026-11-10', false)).toEqual({
      ...scope,
      timeFrom: '2026-11-10',
      timeTo: '2026-11-10',
    });
    expect(resultsOf(scope, { agentId: '102' }).query).toEqual({
      schemeId: '3',
      timeFrom: '2026-11-05T00:00:00',
      timeTo: '2026-11-25T23:59:59',
      quickDate: '-',
      aiStatus: '-',
      agentId: '102',
    });
  });

  it('the last N days end today', () => {
    expect(lastDays(7, new Date(2026, 10, 25, 15))).toEqual({ timeFrom: '2026-11-19', timeTo: '2026-11-25' });
    expect(lastDays(30, new Date(2026, 2, 1))).toEqual({ timeFrom: '2026-01-31', timeTo: '2026-03-01' });
  });
});
