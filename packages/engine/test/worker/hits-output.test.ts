/**
 * The pool's 'hits' and 'hits-utf8' outputs: the JSON of the sparse record (only the rules that hit), the same text as
 * the engine gives in process, from worker threads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileScheme, inspect } from '../../src/index.js';
import { outputRecordJson } from '../../src/match/output-json.js';
import { createPool } from '../../src/worker/node-pool.js';
import type { Pool } from '../../src/worker/pool.js';

const keywordRule = (id: string, keywords: string[], type: 'SUB' | 'ADD', scoreNum: number) => ({
  id,
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }] }],
    ruleScore: { enable: true, ruleScoreType: type, scoreNum },
  },
});
const rules = [
  keywordRule('apology', ['抱歉', '对不起'], 'ADD', 5),
  keywordRule('rude', ['滚'], 'SUB', 30),
  keywordRule('refund', ['退款'], 'SUB', 10),
];
const scheme = {
  id: 's1',
  schemeAngles: [
    { angleId: 'g1', angleName: '态度', score: 100, angleRules: [{ ruleId: 'apology' }, { ruleId: 'rude' }] },
    { angleId: 'g2', angleName: '业务', score: 20, angleRules: [{ ruleId: 'refund' }] },
  ],
  schemeConfig: { veto: ['rude'] },
};
const sessions = [
  { sessionId: 'a', messages: [{ role: 'AGENT', text: '非常抱歉' }] },
  { sessionId: 'b', messages: [{ role: 'AGENT', text: '你给我滚，退款没有' }] },
  { sessionId: 'c', messages: [{ role: 'CUSTOMER', text: '你好' }] },
];
const compiled = compileScheme(scheme, rules);

let pool: Pool;
beforeAll(async () => {
  pool = createPool({ size: 2, batchSize: 2 });
  const loaded = await pool.load(rules, scheme);
  expect(loaded.ok).toBe(true);
});
afterAll(async () => {
  await pool.close();
});

async function values<T>(stream: AsyncIterable<{ ok: boolean; value?: T }>): Promise<T[]> {
  const out: T[] = [];
  for await (const o of stream) {
    expect(o.ok).toBe(true);
    out.push(o.value as T);
  }
  return out;
}

describe("pool output 'hits'", () => {
  it('yields the sparse record: hit rules only, each angle with the links of its rules that hit, scores as in full', async () => {
    const hits = await values<string>(pool.inspect(sessions, { output: 'hits' }));
    expect(hits.map((json) => JSON.parse(json))).toEqual([
      {
        sessionId: 'a',
        rules: [
          {
            ruleId: 'apology',
            hit: true,
            hitCount: 1,
            score: 5,
            conditions: {
              a: {
                hit: true,
                hits: [{ message: 0, start: 2, end: 4, text: '抱歉', operator: 'HIT_ANY_KEYWORDS', keyword: '抱歉' }],
              },
            },
          },
        ],
        aiScore: 120,
        isVeto: false,
        angles: [
          {
            angleId: 'g1',
            angleName: '态度',
            score: 100,
            result: 100,
            rules: [{ ruleId: 'apology', hit: true, delta: 5 }],
          },
          { angleId: 'g2', angleName: '业务', score: 20, result: 20, rules: [] },
        ],
      },
      {
        sessionId: 'b',
        rules: [
          {
            ruleId: 'rude',
            hit: true,
            hitCount: 1,
            score: -30,
            conditions: {
              a: {
                hit: true,
                hits: [{ message: 0, start: 3, end: 4, text: '滚', operator: 'HIT_ANY_KEYWORDS', keyword: '滚' }],
              },
            },
          },
          {
            ruleId: 'refund',
            hit: true,
            hitCount: 1,
            score: -10,
            conditions: {
              a: {
                hit: true,
                hits: [{ message: 0, start: 5, end: 7, text: '退款', operator: 'HIT_ANY_KEYWORDS', keyword: '退款' }],
              },
            },
          },
        ],
        aiScore: 0,
        isVeto: true,
        angles: [
          {
            angleId: 'g1',
            angleName: '态度',
            score: 100,
            result: 70,
            rules: [{ ruleId: 'rude', hit: true, delta: -30 }],
          },
          {
            angleId: 'g2',
            angleName: '业务',
            score: 20,
            result: 10,
            rules: [{ ruleId: 'refund', hit: true, delta: -10 }],
          },
        ],
      },
      {
        sessionId: 'c',
        rules: [],
        aiScore: 120,
        isVeto: false,
        angles: [
          { angleId: 'g1', angleName: '态度', score: 100, result: 100, rules: [] },
          { angleId: 'g2', angleName: '业务', score: 20, result: 20, rules: [] },
        ],
      },
    ]);
    // the same text as in process
    expect(hits).toEqual(
      sessions.map((s) => outputRecordJson(compiled, inspect(compiled, s, { trace: false, output: 'hits' }))),
    );
    // and the full output still lists every rule and link
    const full = await values<string>(pool.inspect(sessions, { output: 'json' }));
    expect(full.map((json) => (JSON.parse(json) as { rules: unknown[] }).rules.length)).toEqual([3, 3, 3]);
  });

  it("'hits-utf8' is the same text as UTF-8 bytes, from JSON input", async () => {
    const decoder = new TextDecoder();
    const texts: string[] = [];
    for await (const o of pool.inspect(
      sessions.map((s) => JSON.stringify(s)),
      { input: 'json', output: 'hits-utf8' },
    )) {
      expect(o.ok).toBe(true);
      if (o.ok) texts.push(decoder.decode(o.value));
    }
    expect(texts).toEqual(await values<string>(pool.inspect(sessions, { output: 'hits' })));
  });
});
