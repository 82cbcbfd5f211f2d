import { describe, expect, it } from 'vitest';
import { compileScheme, MAX_ANGLES } from '../../src/compile/compile-scheme.js';
import { anyKeywords, compileError, condition, type Json, rule } from '../match/helpers.js';

const rules = [
  rule(
    [condition('a', anyKeywords(['投诉']))],
    { ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 } },
    'r1',
  ),
  rule([condition('a', anyKeywords(['抱歉']))], {}, 'r2'),
];
const angle = (angleId: string, score: unknown, ruleIds: unknown[]): Json => ({
  angleId,
  angleName: `angle ${angleId}`,
  score,
  angleRules: ruleIds.map((ruleId) => ({ ruleId })),
});
const scheme = (schemeAngles: unknown[], veto?: unknown[]): Json => ({
  id: 'p1',
  name: 'scheme',
  schemeAngles,
  schemeConfig: veto === undefined ? null : { veto },
});

function fails(schemeJson: unknown): [string, string, string | null] {
  const e = compileError(() => compileScheme(schemeJson, rules));
  return [e.code, e.path, e.ruleId];
}

describe('compileScheme', () => {
  it('compiles angles, links and veto', () => {
    const compiled = compileScheme(scheme([angle('x', 60, ['r1']), angle('y', 40, ['r1', 'r2'])], ['r2']), rules);
    expect(compiled.angles.map((a) => [a.angleId, a.score, a.rules.map((r) => r.ruleId)])).toEqual([
      ['x', 60, ['r1']],
      ['y', 40, ['r1', 'r2']],
    ]);
    expect(compiled.veto).toEqual(['r2']);
    expect(compiled.angles[0]!.rules[0]!.score).toEqual({ enable: true, type: 'SUB', scoreNum: 5 });
  });

  it('an angle may override the score settings of a rule', () => {
    const compiled = compileScheme(
      scheme([
        {
          ...angle('x', 100, []),
          angleRules: [{ ruleId: 'r1', conditionConfig: { ruleScore: { ruleScoreType: 'ONCE', scoreNum: 7 } } }],
        },
      ]),
      rules,
    );
    expect(compiled.angles[0]!.rules[0]!.score).toEqual({ enable: true, type: 'ONCE', scoreNum: 7 });
  });

  it('an unknown ruleId in an angle', () => {
    expect(fails(scheme([angle('x', 100, ['r1', 'r9'])]))).toEqual([
      'RULE_MISSING',
      '$.schemeAngles[0].angleRules[1].ruleId',
      null,
    ]);
  });

  it('veto of a rule not linked in any angle', () => {
    expect(fails(scheme([angle('x', 100, ['r1'])], ['r2']))).toEqual([
      'VETO_NOT_LINKED',
      '$.schemeConfig.veto[0]',
      null,
    ]);
    expect(fails(scheme([angle('x', 100, ['r1'])], ['r1', 'r9']))).toEqual([
      'VETO_NOT_LINKED',
      '$.schemeConfig.veto[1]',
      null,
    ]);
  });

  it(`more than ${MAX_ANGLES} angles`, () => {
    expect(MAX_ANGLES).toBe(10);
    const many = (n: number) => Array.from({ length: n }, (_, i) => angle(`g${i}`, 10, []));
    expect(compileScheme(scheme(many(10)), rules).angles).toHaveLength(10);
    expect(fails(scheme(many(11)))).toEqual(['ANGLES_TOO_MANY', '$.schemeAngles', null]);
  });

  it('an angle score that is not an integer 0–100', () => {
    expect(fails(scheme([angle('x', 100.5, [])]))).toEqual(['NOT_NUMBER', '$.schemeAngles[0].score', null]);
    expect(fails(scheme([angle('x', 101, [])]))).toEqual(['OUT_OF_RANGE', '$.schemeAngles[0].score', null]);
    expect(fails(scheme([angle('x', 50, []), angle('y', -1, [])]))).toEqual([
      'OUT_OF_RANGE',
      '$.schemeAngles[1].score',
      null,
    ]);
    expect(fails(scheme([angle('x', null, [])]))).toEqual(['NOT_NUMBER', '$.schemeAngles[0].score', null]);
    expect(compileScheme(scheme([angle('x', 0, []), angle('y', 100, [])]), rules).angles.map((a) => a.score)).toEqual([
      0, 100,
    ]);
  });

  it('an angle without an id, a scheme without an id', () => {
    expect(fails(scheme([{ score: 100, angleRules: [] }]))).toEqual(['BAD_ID', '$.schemeAngles[0].angleId', null]);
    expect(fails({ schemeAngles: [] })).toEqual(['BAD_ID', '$.id', null]);
  });

  it('an unknown score type in an angle override', () => {
    const bad = scheme([
      {
        ...angle('x', 100, []),
        angleRules: [{ ruleId: 'r1', conditionConfig: { ruleScore: { ruleScoreType: 'X' } } }],
      },
    ]);
    expect(fails(bad)).toEqual([
      'SCORE_TYPE',
      '$.schemeAngles[0].angleRules[0].conditionConfig.ruleScore.ruleScoreType',
      null,
    ]);
  });

  it('a bad rule is reported with its own id and path', () => {
    const e = compileError(() => compileScheme(scheme([]), [rule([], {}, 'bad')]));
    expect([e.code, e.path, e.ruleId]).toEqual(['CONDITIONS_EMPTY', '$.conditionConfig.conditions', 'bad']);
  });
});
