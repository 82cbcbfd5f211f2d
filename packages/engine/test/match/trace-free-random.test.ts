/**
 * The trace-free path (inverted keyword index, precomputed results for rules that cannot hit, shared
 * selections and shared operator answers, plan-based scoring) agrees with the full trace on the output
 * record, over random schemes and random sessions; and it does take its shortcuts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/compile/compile-rule.js';
import { toOutputRecord } from '../../src/explain/output-record.js';
import { inspect } from '../../src/match/inspect.js';
import { outputRecordJson, Utf8Sink, writeOutputRecord } from '../../src/match/output-json.js';
import { compile, schemeArb, sessionArb } from './random-schemes.js';

const decoder = new TextDecoder();

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
