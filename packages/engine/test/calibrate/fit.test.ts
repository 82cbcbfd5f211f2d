import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aiScores,
  calibrate,
  collectHits,
  compileScheme,
  fitScores,
  inspect,
  mulberry32,
  readSession,
  scoringModelOf,
  spearman,
} from '../../src/index.js';

const WORDS = ['抱歉', '稍等', '投诉', '谢谢', '不清楚', '已处理', '退款', '转接', '解决了', '催促', '满意', '再见'];
const TYPES = ['SUB', 'ONCE', 'ADD'] as const;

interface Spec {
  types: (typeof TYPES)[number][];
  scores: number[];
  enabled: boolean[];
  angleOf: number[];
  angleScores: number[];
  veto: number[];
}

function keywordRule(i: number, spec: Spec, scores = spec.scores) {
  return {
    id: `r${i}`,
    name: `rule ${i}`,
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [WORDS[i]!] } }],
          checkRange: { role: i % 2 === 0 ? 'AGENT' : 'CUSTOMER' },
        },
      ],
      ruleScore: { enable: spec.enabled[i], ruleScoreType: spec.types[i], scoreNum: scores[i] },
    },
  };
}

function schemeOf(spec: Spec) {
  return {
    id: 'sch',
    name: 'synthetic',
    schemeAngles: spec.angleScores.map((score, a) => ({
      angleId: `g${a}`,
      angleName: `angle ${a}`,
      score,
      angleRules: spec.angleOf.flatMap((angle, i) => (angle === a ? [{ ruleId: `r${i}` }] : [])),
    })),
    schemeConfig: { veto: spec.veto.map((i) => `r${i}`) },
  };
}

/** Sessions whose messages draw words at random: each word appears with its own rate. */
function corpus(n: number, seed: number) {
  const random = mulberry32(seed);
  const rates = WORDS.map(() => 0.05 + random() * 0.4);
  return Array.from({ length: n }, (_, s) => {
    const messages = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, m) => {
      const text = WORDS.filter((_, w) => random() < rates[w]! / 2).join('，') || '嗯';
      return { role: m % 2 === 0 ? 'CUSTOMER' : 'AGENT', text };
    });
    return readSession({ sessionId: `s${s}`, messages });
  });
}

const specArb = fc
  .record({
    rules: fc.integer({ min: 2, max: WORDS.length }),
    angles: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer(),
  })
  .map(({ rules, angles, seed }): Spec => {
    const random = mulberry32(seed);
    // angle full scores: integers totalling 100
    const cuts = Array.from({ length: angles - 1 }, () => Math.floor(random() * 101)).sort((a, b) => a - b);
    const bounds = [0, ...cuts, 100];
    const angleScores = bounds.slice(1).map((b, i) => b - bounds[i]!);
    const types = Array.from({ length: rules }, () => TYPES[Math.floor(random() * 3)]!);
    const angleOf = Array.from({ length: rules }, () => Math.floor(random() * angles));
    return {
      types,
      scores: Array.from({ length: rules }, () => Math.floor(random() * 30)),
      enabled: Array.from({ length: rules }, () => random() < 0.85),
      angleOf,
      angleScores,
      veto: random() < 0.5 ? [Math.floor(random() * rules)] : [],
    };
  });

describe('fitted scores stay inside the scoring model', () => {
  it('keeps types, angles, disabled and veto rules; scores are integers within the angle; the files inspect alike', () => {
    fc.assert(
      fc.property(specArb, fc.integer(), fc.boolean(), (spec, seed, suggest) => {
        const rules = spec.types.map((_, i) => keywordRule(i, spec));
        const scheme = schemeOf(spec);
        const transcripts = corpus(60, seed);
        const random = mulberry32(seed ^ 0x5bd1);
        const sessions = transcripts.map((transcript) => ({ transcript, label: Math.round(random() * 8) / 2 - 2 }));
        const report = calibrate(rules, scheme, sessions, { folds: 3, seed, suggest: suggest ? 3 : 0, resamples: 50 });
        const before = compileScheme(scheme, rules);
        const after = compileScheme(report.scheme, report.rules as unknown[]);
        // angles and their full scores unchanged (they total 100)
        expect(after.angles.map((a) => [a.angleId, a.score])).toEqual(before.angles.map((a) => [a.angleId, a.score]));
        expect(after.angles.reduce((s, a) => s + a.score, 0)).toBe(100);
        expect(after.veto).toEqual(before.veto);
        for (const [a, angle] of after.angles.entries()) {
          for (const link of angle.rules) {
            const original = before.angles[a]!.rules.find((l) => l.ruleId === link.ruleId);
            if (original === undefined) {
              // a suggested rule: a keyword rule with a positive integer score
              expect(link.ruleId).toMatch(/^calib-/);
              expect(Number.isInteger(link.score!.scoreNum) && link.score!.scoreNum > 0).toBe(true);
              expect(link.score!.scoreNum).toBeLessThanOrEqual(angle.score);
              continue;
            }
            expect(link.score!.type).toBe(original.score!.type);
            expect(link.score!.enable).toBe(original.score!.enable);
            const i = Number(link.ruleId.slice(1));
            if (!original.score!.enable || spec.veto.includes(i) || angle.score === 0) {
              expect(link.score!.scoreNum).toBe(original.score!.scoreNum);
            } else {
              expect(Number.isInteger(link.score!.scoreNum)).toBe(true);
              expect(link.score!.scoreNum).toBeGreaterThanOrEqual(0);
              expect(link.score!.scoreNum).toBeLessThanOrEqual(Math.max(angle.score, original.score!.scoreNum));
            }
          }
        }
        // the written files score every session as the fit did: in-sample Spearman recomputed through inspect
        const inspected = transcripts.map((t) => inspect(after, t, { trace: false }).aiScore!);
        const recomputed = spearman(
          inspected,
          Float64Array.from(sessions, (s) => s.label),
        );
        // NaN when every session scores the same (e.g. only ADD rules, which cannot lift a full angle)
        if (Number.isNaN(report.after)) expect(recomputed).toBeNaN();
        else expect(recomputed).toBeCloseTo(report.after, 9);
        // the fit only moves uphill from the given scores
        if (!Number.isNaN(report.before)) expect(report.after).toBeGreaterThanOrEqual(report.before - 1e-9);
      }),
      { numRuns: 25 },
    );
  });

  it('scores sessions exactly as inspect does', () => {
    const rules = JSON.parse(readFileSync('fixtures/rules/demo-20.json', 'utf8'));
    const scheme = JSON.parse(readFileSync('fixtures/schemes/demo-scheme.json', 'utf8'));
    const compiled = compileScheme(scheme, rules);
    const transcripts = readFileSync('fixtures/sessions/stc3-sample.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => readSession(JSON.parse(line)));
    const hits = collectHits(compiled, transcripts);
    const scores = aiScores(scoringModelOf(compiled, hits.ruleIds), hits);
    expect(Array.from(scores)).toEqual(transcripts.map((t) => inspect(compiled, t).aiScore));
  });
});

describe('fitting recovers a known scheme', () => {
  it('with labels from a known scheme, the fitted ordering matches it (Spearman ≥ 0.9)', () => {
    const truth: Spec = {
      types: ['SUB', 'ONCE', 'ADD', 'SUB', 'ONCE', 'SUB', 'ADD', 'ONCE'],
      scores: [8, 15, 6, 3, 20, 5, 10, 12],
      enabled: Array(8).fill(true),
      angleOf: [0, 0, 0, 1, 1, 1, 0, 1],
      angleScores: [60, 40],
      veto: [],
    };
    const rules = truth.types.map((_, i) => keywordRule(i, truth));
    const scheme = schemeOf(truth);
    const transcripts = corpus(600, 42);
    const compiled = compileScheme(scheme, rules);
    const trueScores = transcripts.map((t) => inspect(compiled, t, { trace: false }).aiScore!);
    // the scheme to calibrate: the same rules, every score 1
    const start = truth.types.map((_, i) => keywordRule(i, truth, Array(8).fill(1)));
    const report = calibrate(
      start,
      scheme,
      transcripts.map((transcript, i) => ({ transcript, label: trueScores[i]! })),
      { folds: 5, seed: 3, resamples: 50 },
    );
    const fitted = compileScheme(report.scheme, report.rules as unknown[]);
    const fittedScores = transcripts.map((t) => inspect(fitted, t, { trace: false }).aiScore!);
    expect(spearman(fittedScores, trueScores)).toBeGreaterThanOrEqual(0.9);
    expect(report.crossValidated.after.mean).toBeGreaterThanOrEqual(0.9);
    expect(report.crossValidated.after.mean).toBeGreaterThan(report.crossValidated.before.mean);
  });

  it('fitScores alone moves every free score uphill from the start', () => {
    const spec: Spec = {
      types: ['SUB', 'ADD'],
      scores: [0, 0],
      enabled: [true, true],
      angleOf: [0, 0],
      angleScores: [100],
      veto: [],
    };
    const rules = spec.types.map((_, i) => keywordRule(i, spec));
    const compiled = compileScheme(schemeOf(spec), rules);
    const transcripts = corpus(200, 9);
    const hits = collectHits(compiled, transcripts);
    // people judge by rule 0 only: the sessions where it hits are worse
    const labels = Float64Array.from(hits.hitCounts[0]!, (c) => -c);
    const model = scoringModelOf(compiled, hits.ruleIds);
    const fit = fitScores(
      model,
      hits,
      labels,
      Int32Array.from({ length: 200 }, (_, i) => i),
    );
    expect(fit.scores[0]).toBeGreaterThan(0);
    expect(fit.after).toBeGreaterThan(0.9);
    expect(Number.isNaN(fit.before)).toBe(true); // every session at 100: no correlation defined
  });
});
