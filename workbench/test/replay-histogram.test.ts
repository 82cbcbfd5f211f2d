import { describe, expect, it } from 'vitest';
import { CorpusTally } from '../src/replay/corpus/corpus-tally';
import { binOf, ScoreHistogram, schemeMaxScore, scoreDomain } from '../src/replay/corpus/histogram';

describe('the score histogram over the scheme’s own range', () => {
  it('takes the full score from the angles (100 for a rule alone or a scheme without angles)', () => {
    expect(schemeMaxScore({ schemeAngles: [{ score: 60 }, { score: 90 }] })).toBe(150);
    expect(schemeMaxScore({ schemeAngles: [{ score: 40 }, { score: 30 }, { score: 20 }] })).toBe(90);
    expect(schemeMaxScore({ schemeAngles: [] })).toBe(100);
    expect(schemeMaxScore({})).toBe(100);
  });

  it('spreads a 150-point scheme over 0–150, and keeps 100 apart from 150', () => {
    const h = new ScoreHistogram(10, 150);
    for (const score of [0, 14.9, 15, 100, 149, 150]) h.add(score);
    const bins = h.snapshot();
    expect(bins.map((b) => [b.from, b.to])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 15, (i + 1) * 15]));
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 0, 1, 0, 0, 2]);
    // with the old 0–100 range, 100 and 150 fell in the same (last) bin
    expect(binOf(100, 10, 150)).toBe(6);
    expect(binOf(150, 10, 150)).toBe(9);
    expect(binOf(100, 10)).toBe(9);
  });

  it('ends a 90-point scheme at 90, with fractional edges rounded to a hundredth', () => {
    const h = new ScoreHistogram(20, 90);
    h.add(90);
    h.add(45);
    const bins = h.snapshot();
    expect(bins[0]).toEqual({ from: 0, to: 4.5, count: 0 });
    expect(bins[19]).toEqual({ from: 85.5, to: 90, count: 1 });
    expect(bins[10]!.count).toBe(1);
    expect(new ScoreHistogram(3, 100).snapshot().map((b) => b.to)).toEqual([33.33, 66.67, 100]);
  });

  it('gives the chart’s x-axis the full score, widened to any score seen outside it', () => {
    expect(scoreDomain(150, { min: 20, max: 140 })).toEqual([0, 150]);
    expect(scoreDomain(90, { min: null, max: null })).toEqual([0, 90]);
    expect(scoreDomain(90, { min: -5, max: 120 })).toEqual([-5, 120]);
  });

  it('reaches the corpus report: the tally bins by the scheme’s full score and reports it with the range seen', () => {
    const tally = new CorpusTally({ rules: [], compared: null, histogramBins: 10, scoreMax: 150 });
    const session = (index: number) => ({
      index,
      sessionId: `s${index}`,
      lineNumber: index + 1,
      judgement: null,
      payload: '{}',
      progressAt: 1,
    });
    tally.add(session(0), { sessionId: 's0', aiScore: 150, rules: [] } as never, false);
    tally.add(session(1), { sessionId: 's1', aiScore: 120, rules: [] } as never, false);
    const report = tally.report();
    expect(report.scoreMax).toBe(150);
    expect(report.scoreRange).toEqual({ min: 120, max: 150 });
    expect(report.histogram.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });
});
