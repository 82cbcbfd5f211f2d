/**
 * The sparse result (`inspect(…, {output: 'hits'})`, the CLI's `--hits-only`): the full record with only the rules
 * that hit, and in each angle only their links; every score the same. Over random schemes and sessions, from the
 * trace-free path and from the full trace, through the record and both JSON writers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/compile/compile-rule.js';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { type OutputRecord, toOutputRecord } from '../../src/explain/output-record.js';
import { inspect } from '../../src/match/inspect.js';
import { outputRecordJson, Utf8Sink, writeOutputRecord } from '../../src/match/output-json.js';
import { compile, schemeArb, sessionArb } from './random-schemes.js';

const decoder = new TextDecoder();

/** The full record filtered to the rules that hit: what `output: 'hits'` must give. */
function hitsOf(record: OutputRecord): OutputRecord {
  const rules = record.rules.filter((rule) => rule.hit);
  if (record.angles === undefined) return { ...record, rules };
  return { ...record, rules, angles: record.angles.map((a) => ({ ...a, rules: a.rules.filter((l) => l.hit) })) };
}

function written(compiled: Parameters<typeof writeOutputRecord>[0], result: Parameters<typeof toOutputRecord>[0]) {
  const sink = new Utf8Sink(16);
  writeOutputRecord(compiled, result, sink);
  return decoder.decode(sink.bytes.subarray(0, sink.length));
}

describe("output 'hits' is the full record filtered to the rules that hit", () => {
  it('on random schemes and sessions, trace-free and traced, record and JSON writers', () => {
    let compiled = 0;
    let hitSome = 0;
    let missedSome = 0;
    fc.assert(
      fc.property(
        schemeArb,
        fc.array(sessionArb, { minLength: 1, maxLength: 4 }),
        ([rules, links, veto, score], sessions) => {
          const scheme = compile(rules, links, veto, score);
          if (scheme === null) return;
          compiled++;
          const rulesOnly = compileRules(rules);
          sessions.forEach((session, i) => {
            const input = { sessionId: `s${i}`, ...session };
            const full = toOutputRecord(inspect(scheme, input, { trace: false }));
            const expected = hitsOf(full);
            if (expected.rules.length > 0) hitSome++;
            if (expected.rules.length < full.rules.length) missedSome++;
            const sparse = inspect(scheme, input, { trace: false, output: 'hits' });
            expect(toOutputRecord(sparse)).toEqual(expected);
            expect(toOutputRecord(inspect(scheme, input, { output: 'hits' }))).toEqual(expected);
            const json = JSON.stringify(expected);
            expect(outputRecordJson(scheme, sparse)).toBe(json);
            expect(written(scheme, sparse)).toBe(json);
            const plain = inspect(rulesOnly, input, { trace: false, output: 'hits' });
            const plainExpected = JSON.stringify(hitsOf(toOutputRecord(inspect(rulesOnly, input, { trace: false }))));
            expect(JSON.stringify(toOutputRecord(plain))).toBe(plainExpected);
            expect(outputRecordJson(rulesOnly, plain)).toBe(plainExpected);
            expect(written(rulesOnly, plain)).toBe(plainExpected);
          });
        },
      ),
      { numRuns: 400 },
    );
    // both sides of the filter must be exercised, or the property tests little
    expect(compiled).toBeGreaterThan(300);
    expect(hitSome).toBeGreaterThan(100);
    expect(missedSome).toBeGreaterThan(100);
  });
});

describe("output 'hits' on a fixed scheme", () => {
  const keywordRule = (id: string, keyword: string, lambda = 'ALL', scoreNum = 2) => ({
    id,
    name: id,
    conditionConfig: {
      conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [keyword] } }] }],
      lambda,
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum },
    },
  });
  // 40 keyword rules; the session names their keywords in the reverse order, so the rules are found out of order
  const words = Array.from({ length: 40 }, (_, i) => `词${String.fromCharCode(0x4e00 + i)}`);
  const rules = [
    ...words.map((word, i) => keywordRule(`k${i}`, word)),
    keywordRule('absent', '从未出现'),
    keywordRule('not-met', '也未出现', 'ANY_ONE_NOT_MET', 5),
  ];
  const scheme = compileScheme(
    {
      id: 's',
      schemeAngles: [
        { angleId: 'g1', angleName: 'first', score: 100, angleRules: words.map((_, i) => ({ ruleId: `k${i}` })) },
        { angleId: 'g2', angleName: 'quiet', score: 10, angleRules: [{ ruleId: 'absent' }] },
        { angleId: 'g3', angleName: 'not met', score: 10, angleRules: [{ ruleId: 'absent' }, { ruleId: 'not-met' }] },
      ],
      schemeConfig: { veto: [] },
    },
    rules,
  );
  const session = {
    sessionId: 'x',
    messages: [{ role: 'AGENT', text: [...words].reverse().join('，') }],
  };

  it('lists the hit rules in scheme order with the same scores as the full record', () => {
    const full = inspect(scheme, session, { trace: false });
    const sparse = inspect(scheme, session, { trace: false, output: 'hits' });
    expect(full.rules).toHaveLength(42);
    expect(sparse.rules.map((r) => r.ruleId)).toEqual([...words.map((_, i) => `k${i}`), 'not-met']);
    expect(sparse.rules.map((r) => r.score)).toEqual([...words.map(() => -2), -5]);
    // 100 - 40 × 2 = 20; the quiet angle keeps 10; 10 - 5 = 5
    expect(sparse.angles!.map((a) => [a.angleId, a.result, a.rules.length])).toEqual([
      ['g1', 20, 40],
      ['g2', 10, 0],
      ['g3', 5, 1],
    ]);
    expect([sparse.aiScore, sparse.isVeto]).toEqual([35, false]);
    expect([full.aiScore, full.angles!.map((a) => a.result)]).toEqual([35, [20, 10, 5]]);
    expect(sparse.angles![2]!.rules).toEqual([{ ruleId: 'not-met', hit: true, delta: -5 }]);
    expect(toOutputRecord(sparse)).toEqual(hitsOf(toOutputRecord(full)));
  });

  it('a session where nothing occurs lists only the rule that hits without keywords, shared across sessions', () => {
    const a = inspect(
      scheme,
      { sessionId: 'a', messages: [{ role: 'AGENT', text: '您好' }] },
      { output: 'hits', trace: false },
    );
    const b = inspect(scheme, { sessionId: 'b', messages: [] }, { output: 'hits', trace: false });
    expect(a.rules.map((r) => [r.ruleId, r.hit, r.hitCount])).toEqual([['not-met', true, 1]]);
    expect(a.rules[0]).toBe(b.rules[0]);
    expect(Object.isFrozen(a.rules[0])).toBe(true);
    // the untouched angle is one shared, frozen result with no links
    expect(a.angles![1]).toBe(b.angles![1]);
    expect(a.angles![1]).toEqual({ angleId: 'g2', angleName: 'quiet', score: 10, result: 10, rules: [] });
    expect(outputRecordJson(scheme, a)).toBe(
      '{"sessionId":"a","rules":[{"ruleId":"not-met","hit":true,"hitCount":1,"score":-5,"conditions":{"a":{"hit":false,"hits":[]}}}],"aiScore":115,"isVeto":false,"angles":[{"angleId":"g1","angleName":"first","score":100,"result":100,"rules":[]},{"angleId":"g2","angleName":"quiet","score":10,"result":10,"rules":[]},{"angleId":"g3","angleName":"not met","score":10,"result":5,"rules":[{"ruleId":"not-met","hit":true,"delta":-5}]}]}',
    );
  });
});
