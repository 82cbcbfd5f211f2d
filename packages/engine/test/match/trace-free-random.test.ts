/**
 * The trace-free path (inverted keyword index, precomputed results for rules that cannot hit, shared
 * selections and shared operator answers, plan-based scoring) agrees with the full trace on the output
 * record, over random schemes and random sessions; and it does take its shortcuts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/compile/compile-rule.js';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';
import { toOutputRecord } from '../../src/explain/output-record.js';
import { inspect } from '../../src/match/inspect.js';
import { outputRecordJson, Utf8Sink, writeOutputRecord } from '../../src/match/output-json.js';

const decoder = new TextDecoder();

// A small vocabulary so that keywords, literals, similar phrases and repeats all occur often.
const WORDS = [
  '投诉',
  '退款',
  '抱歉',
  '您好',
  '好的',
  '谢谢',
  '稍等',
  'vip',
  'VIP',
  'ok',
  '69',
  '再见',
  '理解您',
  '态度',
];
const FILLER = ['，', '。', '我', '要', '的', '很', ' ', 'book', '695', '！', '😀', '差'];
const REGEXES = ['(投诉|退款).{0,6}(态度|再见)', '抱歉', '您好|谢谢', 'vip', '\\d{2,}', '(?i)OK', '^好的', '差$'];
const PHRASES = ['您好请问有什么可以帮您', '好的谢谢', '我要投诉你们的态度', '稍等一下'];

const textArb = fc
  .array(fc.constantFrom(...WORDS, ...FILLER, ...FILLER), { minLength: 0, maxLength: 8 })
  .map((parts) => parts.join(''));
const messageArb = fc.record({
  role: fc.constantFrom('AGENT', 'CUSTOMER', 'AGENT', 'CUSTOMER', 'SYSTEM'),
  text: fc.oneof({ weight: 9, arbitrary: textArb }, { weight: 1, arbitrary: fc.constant(null) }),
});
const sessionArb = fc.array(messageArb, { minLength: 0, maxLength: 8 }).map((messages) => ({ messages }));

const keywordsArb = fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 });
const operatorArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constantFrom('HIT_ANY_KEYWORDS', 'INCLUDE_KEYWORDS', 'KEYWORDS'),
      param: fc.record(
        {
          keywords: keywordsArb,
          inSentence: fc.boolean(),
          threshold: fc.integer({ min: 0, max: 3 }),
          caseSensitive: fc.boolean(),
        },
        { requiredKeys: ['keywords'] },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: keywordsArb.chain((keywords) =>
      fc.record({
        type: fc.constant('NCLUDE_KEYWORDS'),
        param: fc.record({
          keywords: fc.constant(keywords),
          keywordMatchSize: fc.integer({ min: 1, max: keywords.length }),
          inSentence: fc.boolean(),
        }),
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('EXCLUDE_KEYWORDS'), param: fc.record({ keywords: keywordsArb }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('REGULAR_EXPRESSION'),
      param: fc.record(
        {
          regex: fc.constantFrom(...REGEXES),
          notRegex: fc.constantFrom('', '再见', 'book'),
          caseSensitive: fc.boolean(),
        },
        { requiredKeys: ['regex'] },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('SIMILAR_MATCH'),
      param: fc.record({
        phrases: fc.uniqueArray(fc.constantFrom(...PHRASES), { minLength: 1, maxLength: 2 }),
        similarity: fc.constantFrom(30, 60, 80),
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('ADVANCED_REPEAT_DETECT'),
      param: fc.record({
        window: fc.constantFrom(0, 1, 3),
        similarity: fc.constantFrom(0.5, 0.8, 1),
        hitTime: fc.constantFrom(1, 2),
        minWordSize: fc.constantFrom(0, 2),
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('CUSTOMER_CHECK_MODEL'),
      param: fc.record({ types: fc.constant(['COMPLAINT', 'ANGER', 'PRAISE']) }),
    }),
  },
);

const rangeArb = fc.option(
  fc.record({
    from: fc.option(fc.constantFrom(1, 2, -1, -2), { nil: null }),
    to: fc.option(fc.constantFrom(1, 2, 3, -1), { nil: null }),
  }),
  { nil: undefined },
);

function namesOnly(lambda: string | undefined, cids: readonly string[]): boolean {
  if (lambda === undefined || /^[A-Z_]+$/.test(lambda)) return true;
  return (lambda.match(/[a-z]+/g) ?? []).every((cid) => cids.includes(cid));
}

/** A rule with 1–3 conditions; an anchor points at an earlier condition (compile refuses the bad ones). */
const ruleArb = (id: string) =>
  fc
    .record({
      conditions: fc.array(
        fc.record({
          operators: fc.array(operatorArb, { minLength: 1, maxLength: 2 }),
          role: fc.constantFrom(undefined, 'AGENT', 'CUSTOMER'),
          range: rangeArb,
          rangeSelect: fc.constantFrom(undefined, 'ALL', 'RANGE'),
          anchor: fc.option(
            fc.record({
              location: fc.constantFrom('BEFORE', 'AFTER', 'AROUND'),
              hitTime: fc.constantFrom(-1, 0, 1),
              inputHitTime: fc.constantFrom(1, 2),
            }),
            { nil: undefined },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      lambda: fc.constantFrom(undefined, 'ALL', 'ANY_ONE', 'ANY_ONE_NOT_MET', '!a', 'a || !b', 'a && (b || !c)'),
      score: fc.record({
        enable: fc.boolean(),
        ruleScoreType: fc.constantFrom('SUB', 'ADD', 'ONCE'),
        scoreNum: fc.constantFrom(0, 1, 2.5, 10),
      }),
    })
    .map(({ conditions, lambda, score }) => {
      const cids = conditions.map((_, i) => String.fromCharCode(97 + i));
      return {
        id,
        name: `rule ${id}`,
        conditionConfig: {
          conditions: conditions.map((c, i) => {
            const checkRange: Record<string, unknown> = {};
            if (c.role !== undefined) checkRange.role = c.role;
            if (c.range !== undefined) checkRange.range = c.range;
            if (c.rangeSelect !== undefined) checkRange.rangeSelect = c.rangeSelect;
            // an anchor names an earlier condition without EXCLUDE_KEYWORDS (which has no hit sentences)
            const earlier = conditions[i - 1];
            if (c.anchor !== undefined && earlier?.operators.every((o) => o.type !== 'EXCLUDE_KEYWORDS')) {
              checkRange.anchor = { cid: cids[i - 1], ...c.anchor };
            }
            return { cid: cids[i], operators: c.operators, checkRange };
          }),
          // a custom expression may only name the conditions there are
          lambda: namesOnly(lambda, cids) ? lambda : '!a',
          ruleScore: score,
        },
      };
    });

const schemeArb = fc
  .integer({ min: 1, max: 6 })
  .chain((count) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: count }, (_, i) => ruleArb(`r${i + 1}`))),
      fc.array(fc.array(fc.integer({ min: 0, max: count - 1 }), { maxLength: 4 }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: count - 1 }), { maxLength: 2 }),
      fc.constantFrom(10, 50, 100),
    ),
  );

/** Compiles the rules with a scheme over them; null when the random rules do not compile. */
function compile(rules: unknown[], links: number[][], veto: number[], score: number) {
  const angles = links.map((linked, a) => ({
    angleId: `g${a}`,
    angleName: `angle ${a}`,
    score,
    angleRules: linked.map((k) => ({ ruleId: `r${k + 1}` })),
  }));
  const linked = new Set(links.flat());
  const scheme = {
    id: 's',
    schemeAngles: angles,
    schemeConfig: { veto: veto.filter((k) => linked.has(k)).map((k) => `r${k + 1}`) },
  };
  try {
    return compileScheme(scheme, rules);
  } catch (error) {
    if (error instanceof RuleCompileError) return null;
    throw error;
  }
}

describe('inspect with trace off agrees with the full trace on random schemes and sessions', () => {
  it('output records are equal, scheme scores included', () => {
    let compiled = 0;
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
            const fullResult = inspect(scheme, input);
            const fastResult = inspect(scheme, input, { trace: false });
            const full = toOutputRecord(fullResult);
            expect(toOutputRecord(fastResult)).toEqual(full);
            // the workers' JSON writer: the same bytes as stringifying the record, from either path
            expect(outputRecordJson(scheme, fastResult)).toBe(JSON.stringify(full));
            expect(outputRecordJson(scheme, fullResult)).toBe(JSON.stringify(full));
            // and its bytes, written run by run from the shared fragments
            for (const result of [fastResult, fullResult]) {
              const sink = new Utf8Sink(16);
              sink.text('x');
              writeOutputRecord(scheme, result, sink);
              expect(decoder.decode(sink.bytes.subarray(1, sink.length))).toBe(JSON.stringify(full));
            }
            const plain = inspect(rulesOnly, input, { trace: false });
            expect(outputRecordJson(rulesOnly, plain)).toBe(JSON.stringify(toOutputRecord(plain)));
            const sink = new Utf8Sink();
            writeOutputRecord(rulesOnly, plain, sink);
            expect(decoder.decode(sink.bytes.subarray(0, sink.length))).toBe(JSON.stringify(toOutputRecord(plain)));
          });
        },
      ),
      { numRuns: 400 },
    );
    // the generator must produce mostly valid rules, or the property tests little
    expect(compiled).toBeGreaterThan(300);
  });
});

describe('the trace-free path takes its shortcuts', () => {
  const keywordRule = (id: string, keywords: string[], lambda = 'ALL') => ({
    id,
    conditionConfig: {
      conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }] }],
      lambda,
    },
  });

  it('a rule none of whose keywords occurs gets the same shared result in every session', () => {
    const set = compileRules([keywordRule('r1', ['投诉']), keywordRule('r2', ['退款'], 'ANY_ONE_NOT_MET')]);
    const a = inspect(set, { messages: [{ role: 'AGENT', text: '您好' }] }, { trace: false });
    const b = inspect(set, { messages: [{ role: 'CUSTOMER', text: '谢谢' }] }, { trace: false });
    expect(a.rules[0]).toBe(b.rules[0]);
    expect(a.rules[1]).toBe(b.rules[1]);
    expect(Object.isFrozen(a.rules[0])).toBe(true);
    // ANY_ONE_NOT_MET with its only condition false: a hit that counts 1
    expect([a.rules[1]!.hit, a.rules[1]!.hitCount]).toEqual([true, 1]);
    // and the full trace agrees
    expect(toOutputRecord(inspect(set, { messages: [{ role: 'AGENT', text: '您好' }] }))).toEqual(toOutputRecord(a));
    // once a keyword occurs, the rule is evaluated: a fresh result with its evidence
    const c = inspect(set, { messages: [{ role: 'CUSTOMER', text: '我要投诉' }] }, { trace: false });
    expect(c.rules[0]).not.toBe(a.rules[0]);
    expect(c.rules[0]!.conditions[0]!.hits.map((h) => h.text)).toEqual(['投诉']);
  });

  it('a regex whose required literals occur nowhere is not run', () => {
    const set = compileRules([
      {
        id: 'r',
        conditionConfig: {
          conditions: [
            { cid: 'a', operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: '(退款|退货).{0,4}到账' } }] },
          ],
        },
      },
    ]);
    const op = set.rules[0]!.conditions[0]!.operators[0]!;
    // the literals went into the shared automaton as the operator's gate
    expect(op.requiredKeywords).not.toBeNull();
    let runs = 0;
    const decide = op.decide.bind(op);
    (op as { decide: typeof op.decide }).decide = (context, selection) => {
      runs++;
      return decide(context, selection);
    };
    // the gate is the rarer requirement, 到账 (退款 or 退货 are two literals of the same length)
    const miss = inspect(set, { messages: [{ role: 'CUSTOMER', text: '退款了吗' }] }, { trace: false });
    expect(miss.rules[0]!.hit).toBe(false);
    expect(runs).toBe(0);
    const hit = inspect(set, { messages: [{ role: 'CUSTOMER', text: '退款多久到账' }] }, { trace: false });
    expect(hit.rules[0]!.hit).toBe(true);
    expect(runs).toBe(1);
  });

  it('an operator several rules contain alike is decided once per session', () => {
    const repeat = {
      type: 'ADVANCED_REPEAT_DETECT',
      param: { window: 3, similarity: 0.8, hitTime: 1, minWordSize: 1 },
    };
    const rules = ['r1', 'r2', 'r3'].map((id) => ({
      id,
      conditionConfig: { conditions: [{ cid: 'a', operators: [repeat], checkRange: { role: 'AGENT' } }] },
    }));
    const set = compileRules(rules);
    let runs = 0;
    for (const rule of set.rules) {
      const op = rule.conditions[0]!.operators[0]!;
      const decide = op.decide.bind(op);
      (op as { decide: typeof op.decide }).decide = (context, selection) => {
        runs++;
        return decide(context, selection);
      };
    }
    const session = {
      messages: [
        { role: 'AGENT', text: '请您稍等一下' },
        { role: 'CUSTOMER', text: '好' },
        { role: 'AGENT', text: '请您稍等一下！' },
      ],
    };
    const result = inspect(set, session, { trace: false });
    expect(result.rules.map((r) => r.hit)).toEqual([true, true, true]);
    expect(runs).toBe(1);
    expect(toOutputRecord(result)).toEqual(toOutputRecord(inspect(set, session)));
  });
});
