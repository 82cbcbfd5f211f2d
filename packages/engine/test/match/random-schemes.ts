/**
 * Random schemes and sessions for the differential tests of the trace-free path (trace-free-random.test.ts,
 * hits-output.test.ts): a small vocabulary so that keywords, regex literals, similar phrases and repeats occur often.
 */
import fc from 'fast-check';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';

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
export const sessionArb = fc.array(messageArb, { minLength: 0, maxLength: 8 }).map((messages) => ({ messages }));

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

export const schemeArb = fc
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
export function compile(rules: unknown[], links: number[][], veto: number[], score: number) {
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
