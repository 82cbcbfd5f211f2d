import { describe, expect, it } from 'vitest';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { inspect } from '../../src/match/inspect.js';
import { anyKeywords, condition, type Json, rule, session } from '../match/helpers.js';

const scored = (id: string, keyword: string, ruleScore: Json | null) =>
  rule([condition('a', anyKeywords([keyword]))], ruleScore === null ? {} : { ruleScore }, id);
const angle = (angleId: string, score: number, ruleIds: string[]): Json => ({
  angleId,
  angleName: angleId,
  score,
  angleRules: ruleIds.map((ruleId) => ({ ruleId })),
});

// 投诉 in three messages, 抱歉 in one, 谢谢 in one
const s = session(['C', '我要投诉'], ['A', '抱歉'], ['C', '投诉，投诉'], ['C', '还要投诉'], ['C', '谢谢']);

function score(rules: Json[], angles: Json[], veto?: string[]) {
  const compiled = compileScheme(
    { id: 'p', schemeAngles: angles, schemeConfig: veto === undefined ? null : { veto } },
    rules,
  );
  return inspect(compiled, s);
}

describe('rule score in a scheme', () => {
  it('SUB deducts scoreNum × hit count (hit count = distinct messages)', () => {
    const result = score(
      [scored('r1', '投诉', { enable: true, ruleScoreType: 'SUB', scoreNum: 5 })],
      [angle('x', 100, ['r1'])],
    );
    expect(result.rules[0]!.hitCount).toBe(3);
    expect(result.rules[0]!.score).toBe(-15);
    expect(result.aiScore).toBe(85);
  });

  it('ONCE deducts scoreNum once', () => {
    const result = score(
      [scored('r1', '投诉', { enable: true, ruleScoreType: 'ONCE', scoreNum: 5 })],
      [angle('x', 100, ['r1'])],
    );
    expect(result.aiScore).toBe(95);
  });

  it('ADD adds once, but never beyond the angle score; it offsets a deduction', () => {
    const add = scored('r2', '谢谢', { enable: true, ruleScoreType: 'ADD', scoreNum: 10 });
    expect(score([add], [angle('x', 100, ['r2'])]).aiScore).toBe(100);
    const sub = scored('r1', '投诉', { enable: true, ruleScoreType: 'SUB', scoreNum: 5 });
    const result = score([sub, add], [angle('x', 100, ['r1', 'r2'])]);
    expect(result.angles![0]!.result).toBe(95);
  });

  it('a disabled rule is reported but changes no score', () => {
    const result = score(
      [scored('r1', '投诉', { enable: false, ruleScoreType: 'SUB', scoreNum: 5 })],
      [angle('x', 100, ['r1'])],
    );
    expect(result.rules[0]!.hit).toBe(true);
    expect(result.rules[0]!.score).toBe(0);
    expect(result.aiScore).toBe(100);
  });

  it('a rule without score settings changes no score', () => {
    expect(score([scored('r1', '投诉', null)], [angle('x', 100, ['r1'])]).aiScore).toBe(100);
  });

  it('an angle is clamped at 0; aiScore sums the angle results', () => {
    const result = score(
      [scored('r1', '投诉', { enable: true, ruleScoreType: 'SUB', scoreNum: 20 })],
      [angle('x', 40, ['r1']), angle('y', 60, [])],
    );
    expect(result.angles!.map((a) => [a.angleId, a.result])).toEqual([
      ['x', 0],
      ['y', 60],
    ]);
    expect(result.aiScore).toBe(60);
  });

  it('a rule linked into two angles scores in each', () => {
    const result = score(
      [scored('r1', '投诉', { enable: true, ruleScoreType: 'ONCE', scoreNum: 5 })],
      [angle('x', 50, ['r1']), angle('y', 50, ['r1'])],
    );
    expect(result.angles!.map((a) => a.result)).toEqual([45, 45]);
    expect(result.aiScore).toBe(90);
  });

  it('an angle override replaces the rule’s own settings in that angle only', () => {
    const r1 = scored('r1', '投诉', { enable: true, ruleScoreType: 'SUB', scoreNum: 5 });
    const result = score(
      [r1],
      [
        {
          angleId: 'x',
          score: 50,
          angleRules: [{ ruleId: 'r1', conditionConfig: { ruleScore: { ruleScoreType: 'ONCE', scoreNum: 2 } } }],
        },
        angle('y', 50, ['r1']),
      ],
    );
    expect(result.angles!.map((a) => a.result)).toEqual([48, 35]);
  });

  it('a rule that does not hit deducts nothing', () => {
    const result = score(
      [scored('r1', '退款', { enable: true, ruleScoreType: 'SUB', scoreNum: 50 })],
      [angle('x', 100, ['r1'])],
    );
    expect(result.aiScore).toBe(100);
    expect(result.isVeto).toBe(false);
  });

  it('a veto rule that hits makes aiScore 0', () => {
    const result = score(
      [scored('r1', '投诉', null), scored('r2', '退款', null)],
      [angle('x', 100, ['r1', 'r2'])],
      ['r1'],
    );
    expect(result.isVeto).toBe(true);
    expect(result.aiScore).toBe(0);
    // the angles keep their own results
    expect(result.angles![0]!.result).toBe(100);
  });

  it('a veto rule that does not hit changes nothing', () => {
    const result = score([scored('r2', '退款', null)], [angle('x', 100, ['r2'])], ['r2']);
    expect(result.isVeto).toBe(false);
    expect(result.aiScore).toBe(100);
  });
});
