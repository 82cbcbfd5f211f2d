/** Property (3): ALL, ANY_ONE and ANY_ONE_NOT_MET equal their CUSTOM expressions on random sessions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/compile/compile-rule.js';
import { inspect } from '../../src/match/inspect.js';

const WORDS = ['投诉', '抱歉', '退款', '谢谢', '您好', 'ok'];
const messageArb = fc.record({
  role: fc.constantFrom('AGENT', 'CUSTOMER'),
  text: fc.oneof(
    fc.array(fc.constantFrom(...WORDS, '，', ' '), { maxLength: 5 }).map((p) => p.join('')),
    fc.constant(null),
  ),
});
const operatorArb = fc.oneof(
  fc.record({
    type: fc.constant('HIT_ANY_KEYWORDS'),
    param: fc.record({ keywords: fc.subarray(WORDS, { minLength: 1 }) }),
  }),
  fc.record({
    type: fc.constant('INCLUDE_KEYWORDS'),
    param: fc.record({ keywords: fc.subarray(WORDS, { minLength: 1, maxLength: 2 }), inSentence: fc.boolean() }),
  }),
  fc.record({
    type: fc.constant('EXCLUDE_KEYWORDS'),
    param: fc.record({ keywords: fc.subarray(WORDS, { minLength: 1 }) }),
  }),
);
const checkRangeArb = fc.option(
  fc.record({
    role: fc.constantFrom(null, 'AGENT', 'CUSTOMER'),
    range: fc.option(fc.record({ from: fc.constantFrom(null, 1, 2, -1, -2), to: fc.constantFrom(null, 1, 3, -1) })),
  }),
);
const conditionsArb = fc.tuple(
  fc.tuple(operatorArb, checkRangeArb),
  fc.tuple(operatorArb, checkRangeArb),
  fc.tuple(operatorArb, checkRangeArb),
);

const PAIRS: [string, string][] = [
  ['ALL', 'a && b && c'],
  ['ANY_ONE', 'a || b || c'],
  ['ANY_ONE_NOT_MET', '!a || !b || !c'],
];

describe('named lambdas equal their CUSTOM expressions', () => {
  it('on random rules and sessions: same hit, same hit count, same conditions', () => {
    fc.assert(
      fc.property(conditionsArb, fc.array(messageArb, { maxLength: 8 }), (parts, messages) => {
        const conditions = parts.map(([operator, checkRange], i) => ({
          cid: 'abc'[i]!,
          operators: [operator],
          checkRange,
        }));
        const rules = PAIRS.flatMap(([named, custom]) => [
          { id: named, conditionConfig: { conditions, lambda: named } },
          { id: `${named}-custom`, conditionConfig: { conditions, lambda: custom } },
        ]);
        const result = inspect(compileRules(rules), { sessionId: 's', messages });
        const outcomes = result.rules[0]!.conditions.map((c) => c.hit);
        for (let k = 0; k < PAIRS.length; k++) {
          const named = result.rules[2 * k]!;
          const custom = result.rules[2 * k + 1]!;
          expect(custom.hit).toBe(named.hit);
          expect(custom.hitCount).toBe(named.hitCount);
          expect(custom.conditions.map((c) => c.hit)).toEqual(outcomes);
        }
        // and each named lambda means what the page says
        expect(result.rules[0]!.hit).toBe(outcomes.every(Boolean));
        expect(result.rules[2]!.hit).toBe(outcomes.some(Boolean));
        expect(result.rules[4]!.hit).toBe(outcomes.some((o) => !o));
      }),
      { numRuns: 400 },
    );
  });
});
