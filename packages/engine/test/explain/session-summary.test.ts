import { readFileSync } from 'node:fs';
import { expose } from 'comlink';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeInspection } from '../../src/explain/session-summary.js';
import { compileRule, compileRules, compileScheme, inspect, toOutputRecord } from '../../src/index.js';
import { createWorkerPool } from '../../src/worker/pool.js';
import { createWorkerApi } from '../../src/worker/worker-api.js';

type Condition = Record<string, unknown>;
const rule = (conditions: Condition[], lambda = 'ALL', id = 'r') => ({
  id,
  name: id,
  conditionConfig: { conditions, lambda },
});
const kw = (keywords: string[], type = 'HIT_ANY_KEYWORDS', extra: Record<string, unknown> = {}) => ({
  type,
  param: { keywords, ...extra },
});
const session = (...lines: [string, string][]) => ({
  sessionId: 's',
  messages: lines.map(([role, text]) => ({ role, text })),
});

function summarize(conditions: Condition[], s: ReturnType<typeof session>, lambda = 'ALL') {
  const compiled = compileRule(rule(conditions, lambda));
  return summarizeInspection(compiled, inspect(compiled, s)).rules[0]!;
}

describe('summarizeInspection: hits and near misses per rule and condition', () => {
  it('gives a rule that hit nearness 1 and keeps its hit count and score', () => {
    const compiled = compileRule({
      id: 'r',
      conditionConfig: {
        conditions: [{ cid: 'a', operators: [kw(['投诉'])] }],
        ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
      },
    });
    const s = session(['CUSTOMER', '我要投诉'], ['CUSTOMER', '投诉你们']);
    const summary = summarizeInspection(compiled, inspect(compiled, s));
    expect(summary).toEqual({
      sessionId: 's',
      messages: 2,
      rules: [
        {
          ruleId: 'r',
          hit: true,
          hitCount: 2,
          score: -10,
          nearness: 1,
          conditions: [{ cid: 'a', hit: true, nearness: 1 }],
        },
      ],
    });
  });

  it('measures INCLUDE_KEYWORDS by the share of keywords found', () => {
    const r = summarize(
      [{ cid: 'a', operators: [kw(['退款', '发票', '地址', '电话'], 'INCLUDE_KEYWORDS')] }],
      session(['CUSTOMER', '我要退款'], ['AGENT', '请提供地址']),
    );
    expect(r.hit).toBe(false);
    expect(r.conditions[0]!.nearness).toBeCloseTo(0.5);
    expect(r.nearness).toBeCloseTo(0.5);
  });

  it('counts NCLUDE_KEYWORDS against N, and 0.75 when every keyword occurs but not in one message', () => {
    const ncl = summarize(
      [{ cid: 'a', operators: [kw(['退款', '发票', '地址'], 'NCLUDE_KEYWORDS', { keywordMatchSize: 2 })] }],
      session(['CUSTOMER', '我要退款']),
    );
    expect(ncl.nearness).toBeCloseTo(0.5);
    const apart = summarize(
      [{ cid: 'a', operators: [kw(['退款', '发票'], 'INCLUDE_KEYWORDS', { inSentence: true })] }],
      session(['CUSTOMER', '我要退款'], ['CUSTOMER', '还有发票']),
    );
    expect(apart.nearness).toBeCloseTo(0.75);
  });

  it('measures SIMILAR_MATCH by the best similarity over the one needed', () => {
    const r = summarize(
      [
        {
          cid: 'a',
          operators: [{ type: 'SIMILAR_MATCH', param: { phrases: ['请问还有什么可以帮您'], similarity: 90 } }],
        },
      ],
      session(['AGENT', '请问还有什么需要帮您']),
    );
    // 8 of 10 characters in place: 80 % of the 90 % needed
    expect(r.nearness).toBeCloseTo(80 / 90, 2);
  });

  it('gives 0 to a condition ruled out before its operators ran (role), and to a spoiled EXCLUDE', () => {
    const role = summarize(
      [{ cid: 'a', operators: [kw(['退款'])], checkRange: { role: 'AGENT' } }],
      session(['CUSTOMER', '我要退款']),
    );
    expect(role.nearness).toBe(0);
    const spoiled = summarize(
      [{ cid: 'a', operators: [kw(['退款'], 'EXCLUDE_KEYWORDS')] }],
      session(['AGENT', '退款']),
    );
    expect(spoiled.nearness).toBe(0);
  });

  it('averages the conditions of ALL, takes the best of ANY_ONE, and reads CUSTOM as fuzzy logic', () => {
    const conditions = [
      { cid: 'a', operators: [kw(['你好'])] },
      { cid: 'b', operators: [kw(['退款', '发票'], 'INCLUDE_KEYWORDS')] },
      { cid: 'c', operators: [kw(['再见'])] },
    ];
    const s = session(['AGENT', '你好'], ['CUSTOMER', '退款']);
    expect(summarize(conditions, s, 'ALL').nearness).toBeCloseTo((1 + 0.5 + 0) / 3);
    expect(summarize([conditions[1]!, conditions[2]!], s, 'ANY_ONE').nearness).toBeCloseTo(0.5);
    // a && (b || c): the conjunction of a (true, 1) and (b || c) (false, best part 0.5)
    expect(summarize(conditions, s, 'a && (b || c)').nearness).toBeCloseTo(0.75);
    // a && !a-like: !a of a true condition counts 0
    expect(summarize(conditions, s, '!a && b').nearness).toBeCloseTo(0.25);
    // ANY_ONE_NOT_MET fails only when every condition hit: nothing to be near
    expect(summarize([conditions[0]!], s, 'ANY_ONE_NOT_MET').nearness).toBe(0);
  });

  it('agrees with the output record on every hit, and keeps nearness in [0, 1) for misses (demo rules, STC-3 sample)', () => {
    const rules = JSON.parse(readFileSync(new URL('../../../../fixtures/rules/demo-20.json', import.meta.url), 'utf8'));
    const scheme = JSON.parse(
      readFileSync(new URL('../../../../fixtures/schemes/demo-scheme.json', import.meta.url), 'utf8'),
    );
    const sample = readFileSync(new URL('../../../../fixtures/sessions/stc3-sample.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l));
    const compiled = compileScheme(scheme, rules);
    for (const s of sample) {
      const result = inspect(compiled, s);
      const summary = summarizeInspection(compiled, result);
      const record = toOutputRecord(result);
      expect(summary.aiScore).toBe(record.aiScore);
      expect(summary.rules.map((r) => [r.ruleId, r.hit, r.hitCount])).toEqual(
        record.rules.map((r) => [r.ruleId, r.hit, r.hitCount]),
      );
      for (const r of summary.rules) {
        if (r.hit) expect(r.nearness).toBe(1);
        else expect(r.nearness).toBeGreaterThanOrEqual(0);
        expect(r.nearness).toBeLessThanOrEqual(1);
        if (!r.hit) expect(r.nearness).toBeLessThan(1);
      }
    }
  });

  it('keeps a missed rule below 1 and a hit at 1 for any lambda over random outcomes', () => {
    const conditions = [
      { cid: 'a', operators: [kw(['甲'])] },
      { cid: 'b', operators: [kw(['乙', '丙'], 'INCLUDE_KEYWORDS')] },
      { cid: 'c', operators: [kw(['丁'])] },
    ];
    const lambdas = ['ALL', 'ANY_ONE', 'ANY_ONE_NOT_MET', 'a && !b', '!(a || c) && b', '(a || b) && !c', 'a || b && c'];
    fc.assert(
      fc.property(fc.constantFrom(...lambdas), fc.subarray(['甲', '乙', '丙', '丁']), (lambda, words) => {
        const r = summarize(conditions, session(['AGENT', words.join('，') || '无']), lambda);
        return r.hit ? r.nearness === 1 : r.nearness >= 0 && r.nearness < 1;
      }),
    );
  });
});

describe("the pool's summary output", () => {
  it('yields SessionSummary values in input order through the worker boundary', async () => {
    const pool = createWorkerPool(
      {
        spawn() {
          const channel = new MessageChannel();
          expose(createWorkerApi({ exit: () => channel.port2.close() }), channel.port2);
          return {
            endpoint: channel.port1,
            onExit: () => {},
            terminate: async () => {
              channel.port1.close();
              channel.port2.close();
            },
          };
        },
      },
      { size: 2, batchSize: 3 },
    );
    try {
      const rules = [rule([{ cid: 'a', operators: [kw(['投诉', '退款'], 'INCLUDE_KEYWORDS')] }])];
      expect(await pool.load(rules)).toMatchObject({ ok: true });
      const sessions = Array.from({ length: 10 }, (_, i) =>
        JSON.stringify({
          sessionId: `s${i}`,
          messages: [{ role: 'CUSTOMER', text: i % 2 === 0 ? '投诉退款' : '投诉' }],
        }),
      );
      const seen: [string, boolean, number][] = [];
      for await (const o of pool.inspect(sessions, { input: 'json', output: 'summary' })) {
        if (o.ok) seen.push([o.value.sessionId, o.value.rules[0]!.hit, o.value.rules[0]!.nearness]);
      }
      expect(seen).toEqual(sessions.map((_, i) => [`s${i}`, i % 2 === 0, i % 2 === 0 ? 1 : 0.5]));
    } finally {
      await pool.close();
    }
  });

  it('leaves the other output formats as they were (a record has no nearness)', () => {
    const compiled = compileRules([rule([{ cid: 'a', operators: [kw(['投诉'])] }])]);
    const record = toOutputRecord(inspect(compiled, session(['CUSTOMER', '你好']), { trace: false }));
    expect(record.rules[0]).not.toHaveProperty('nearness');
  });
});
