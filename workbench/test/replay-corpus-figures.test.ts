import type { QcRule, SessionSummary } from '@qcdesk/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementOf, rankCorrelation } from '../src/replay/corpus/agreement';
import type { CorpusSession, HumanJudgement } from '../src/replay/corpus/corpus-session';
import { CorpusTally } from '../src/replay/corpus/corpus-tally';
import { binOf, ScoreHistogram } from '../src/replay/corpus/histogram';
import { corpusPlan, savedCopyId } from '../src/replay/corpus/saved-comparison';
import { soloScheme } from '../src/replay/target/replay-target';

/** Spearman as a textbook computes it by hand: rank by counting, ties averaged, then Pearson's formula. */
function naiveSpearman(xs: number[], ys: number[]): number | null {
  const rank = (v: number[]) =>
    v.map((x) => {
      const below = v.filter((y) => y < x).length;
      const equal = v.filter((y) => y === x).length;
      return below + (equal + 1) / 2;
    });
  const rx = rank(xs);
  const ry = rank(ys);
  const n = xs.length;
  if (n < 2) return null;
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / n;
  const mx = mean(rx);
  const my = mean(ry);
  const cov = rx.reduce((s, x, i) => s + (x - mx) * (ry[i]! - my), 0);
  const vx = rx.reduce((s, x) => s + (x - mx) ** 2, 0);
  const vy = ry.reduce((s, y) => s + (y - my) ** 2, 0);
  if (vx === 0 || vy === 0) return null;
  return cov / Math.sqrt(vx * vy);
}

describe('Spearman rank correlation (ties averaged)', () => {
  it('is 1 for any increasing relation, -1 for a decreasing one, null for a constant side', () => {
    expect(rankCorrelation([1, 2, 3, 4], [1, 8, 27, 64])).toBeCloseTo(1);
    expect(rankCorrelation([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(rankCorrelation([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(rankCorrelation([1], [2])).toBeNull();
  });

  it('agrees with a naive implementation on random data with many ties (property)', () => {
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -2, max: 100, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 0, maxLength: 60 }), (pairs) => {
        const xs = pairs.map((p) => p[0]);
        const ys = pairs.map((p) => p[1]);
        const fast = rankCorrelation(xs, ys);
        const naive = naiveSpearman(xs, ys);
        if (naive === null) return fast === null;
        return fast !== null && Math.abs(fast - naive) < 1e-9;
      }),
      { numRuns: 300 },
    );
  });
});

describe('score histogram', () => {
  it('puts each score in its 5-point bin, 100 in the last, and counts every score once', () => {
    const h = new ScoreHistogram(20);
    for (const s of [0, 4.99, 5, 50, 99.9, 100]) h.add(s);
    const bins = h.snapshot();
    expect(bins).toHaveLength(20);
    expect(bins[0]).toEqual({ from: 0, to: 5, count: 2 });
    expect(bins[1]!.count).toBe(1);
    expect(bins[10]!.count).toBe(1);
    expect(bins[19]).toEqual({ from: 95, to: 100, count: 2 });
  });

  it('never loses a score (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -10, max: 110, noNaN: true })),
        fc.integer({ min: 1, max: 40 }),
        (scores, bins) => {
          const h = new ScoreHistogram(bins);
          for (const s of scores) h.add(s);
          return h.counts.reduce((a, b) => a + b, 0) === scores.length && scores.every((s) => binOf(s, bins) < bins);
        },
      ),
    );
  });
});

const rule = (id: string, keywords: string[]): QcRule => ({
  id,
  name: `规则${id}`,
  conditionConfig: { conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }] }] },
});

describe('the saved comparison plan', () => {
  it('loads the saved copy of a changed rule only, and names added and removed rules', () => {
    const draft = rule('1', ['退款', '发票']);
    const same = rule('2', ['投诉']);
    const gone = rule('3', ['再见']);
    const fresh = rule('4', ['你好']);
    const scheme = soloScheme(draft);
    const plan = corpusPlan({
      kind: 'draft',
      label: 'x',
      rules: [draft, same, fresh],
      scheme,
      saved: { rules: [rule('1', ['退款']), { ...same, conditionConfig: { ...same.conditionConfig } }, gone], scheme },
    });
    expect(plan.rules.map((r) => r.id)).toEqual(['1', '2', '4', savedCopyId('1'), savedCopyId('3')]);
    expect(plan.compared?.map((c) => [c.ruleId, c.change])).toEqual([
      ['1', 'changed'],
      ['2', 'same'],
      ['4', 'added'],
      ['3', 'removed'],
    ]);
    expect(corpusPlan({ kind: 'draft', label: 'x', rules: [draft], scheme, saved: null }).compared).toBeNull();
  });
});

/** A summary with these rules hit (ruleId → hit or nearness), and a score. */
function summary(id: string, rules: Record<string, boolean | number>, aiScore: number): SessionSummary {
  return {
    sessionId: id,
    messages: 2,
    aiScore,
    isVeto: false,
    rules: Object.entries(rules).map(([ruleId, v]) => ({
      ruleId,
      hit: v === true,
      hitCount: v === true ? 1 : 0,
      score: 0,
      nearness: v === true ? 1 : v === false ? 0 : v,
      conditions: [
        { cid: 'a', hit: v === true, nearness: v === true ? 1 : 0 },
        { cid: 'b', hit: false, nearness: 0 },
      ],
    })),
  };
}

const session = (index: number, judgement: HumanJudgement | null = null): CorpusSession => ({
  index,
  sessionId: `s${index}`,
  lineNumber: index + 1,
  judgement,
  payload: `{"sessionId":"s${index}"}`,
  progressAt: 0,
});

describe('CorpusTally: the figures of a run', () => {
  const compared = corpusPlan({
    kind: 'draft',
    label: 'x',
    rules: [rule('1', ['a']), rule('2', ['b'])],
    scheme: soloScheme(rule('1', ['a'])),
    saved: { rules: [rule('1', ['c']), rule('2', ['b'])], scheme: soloScheme(rule('1', ['c'])) },
  }).compared;

  it('counts hits per rule and condition, samples hits and the nearest misses, and diffs against the saved copy', () => {
    const tally = new CorpusTally({
      rules: [
        { ruleId: '1', ruleName: '一' },
        { ruleId: '2', ruleName: '二' },
      ],
      compared,
      sampleSize: 2,
    });
    const saved = savedCopyId('1');
    tally.add(session(0), summary('s0', { '1': true, '2': false, [saved]: false }, 90), true);
    tally.add(session(1), summary('s1', { '1': 0.5, '2': true, [saved]: true }, 80), true);
    tally.add(session(2), summary('s2', { '1': true, '2': 0.2, [saved]: true }, 100), true);
    tally.add(session(3), summary('s3', { '1': 0.7, '2': 0.9, [saved]: false }, 40), true);
    tally.add(session(4), summary('s4', { '1': true, '2': false, [saved]: false }, 0), true);
    tally.addProblem({ lineNumber: 9, sessionId: null, zh: '坏行', en: 'bad line' });
    const report = tally.report();
    expect(report.sessions).toBe(5);
    expect(report.problemCount).toBe(1);
    expect(report.rules.map((r) => [r.ruleId, r.hits])).toEqual([
      ['1', 3],
      ['2', 1],
    ]);
    expect(report.rules[0]!.conditions).toEqual([
      { cid: 'a', hits: 3 },
      { cid: 'b', hits: 0 },
    ]);
    // the first two hits; the two nearest misses, nearest first
    expect(report.rules[0]!.hitSample.map((s) => s.sessionId)).toEqual(['s0', 's2']);
    expect(report.rules[0]!.nearSample.map((s) => [s.sessionId, s.nearness])).toEqual([
      ['s3', 0.7],
      ['s1', 0.5],
    ]);
    expect(report.rules[1]!.nearSample.map((s) => s.sessionId)).toEqual(['s3', 's2']);
    // rule 1 newly hits s0 and s4, stops hitting s1; rule 2 is unchanged
    const [one, two] = report.diff!;
    expect([one!.newlyHit, one!.stopped]).toEqual([2, 1]);
    expect(one!.newlySample.map((s) => s.sessionId)).toEqual(['s0', 's4']);
    expect(one!.stoppedSample.map((s) => s.sessionId)).toEqual(['s1']);
    expect([two!.change, two!.newlyHit, two!.stopped]).toEqual(['same', 0, 0]);
    expect(report.histogram[0]!.count).toBe(1);
    expect(report.histogram[18]!.count).toBe(1);
    expect(report.histogram[19]!.count).toBe(1);
    expect(report.meanScore).toBeCloseTo(62);
  });

  it('agrees with a per-session recount for any run (property)', () => {
    const run = fc.array(
      fc.record({
        one: fc.oneof(fc.boolean(), fc.double({ min: 0.01, max: 0.99, noNaN: true })),
        saved: fc.boolean(),
        score: fc.integer({ min: 0, max: 100 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(run, (rows) => {
        const tally = new CorpusTally({ rules: [{ ruleId: '1', ruleName: '一' }], compared: compared!.slice(0, 1) });
        rows.forEach((r, i) => {
          tally.add(session(i), summary(`s${i}`, { '1': r.one, [savedCopyId('1')]: r.saved }, r.score), false);
        });
        const report = tally.report();
        const hit = rows.map((r) => r.one === true);
        expect(report.rules[0]!.hits).toBe(hit.filter(Boolean).length);
        expect(report.diff![0]!.newlyHit).toBe(rows.filter((r, i) => hit[i] && !r.saved).length);
        expect(report.diff![0]!.stopped).toBe(rows.filter((r, i) => !hit[i] && r.saved).length);
        expect(report.histogram.reduce((n, b) => n + b.count, 0)).toBe(rows.length);
        expect(report.rules[0]!.hitSample.every((s) => s.payload === null)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('pairs the AI score with each judgement kind for the agreement chart', () => {
    const tally = new CorpusTally({ rules: [{ ruleId: '1', ruleName: '一' }], compared: null });
    const judged: [number, HumanJudgement | null][] = [
      [90, { A: 1, S: 1, E: 1 }],
      [70, { A: 0, S: 0.5, E: -0.5 }],
      [50, null],
      [30, { A: -1, S: -2, E: 0, manual: 60 }],
      [60, { manual: 75 }],
    ];
    judged.forEach(([score, j], i) => {
      tally.add(session(i, j), summary(`s${i}`, { '1': false }, score), false);
    });
    const report = tally.report();
    const mean = agreementOf(report, 'mean');
    expect(mean.pairs).toBe(3);
    expect(mean.rho).toBeCloseTo(1);
    expect(mean.points).toEqual([
      { aiScore: 90, judgement: 1 },
      { aiScore: 70, judgement: 0 },
      { aiScore: 30, judgement: -1 },
    ]);
    const manual = agreementOf(report, 'manual');
    expect(manual.pairs).toBe(2);
    expect(manual.rho).toBeCloseTo(1);
    expect(agreementOf(report, 'S', 2).points).toHaveLength(2);
  });
});
