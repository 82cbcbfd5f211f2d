import { describe, expect, it } from 'vitest';
import { type CompareOperator, manualPass, manualScore } from '../../src/score/manual-score.js';
import { reviewScore, type ScoringAngle } from '../../src/score/review-score.js';
import { angleResult, ruleScoreDelta } from '../../src/score/rule-score.js';
import { ScoreInputError } from '../../src/score/score-input-error.js';

function scoreError(fn: () => unknown): ScoreInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ScoreInputError);
    return error as ScoreInputError;
  }
  throw new Error('expected a ScoreInputError, nothing was thrown');
}

describe('ruleScoreDelta', () => {
  it('SUB deducts scoreNum × hit count', () => {
    expect(ruleScoreDelta({ enable: true, type: 'SUB', scoreNum: 5 }, true, 3)).toBe(-15);
  });
  it('ONCE deducts scoreNum once, however many hits', () => {
    expect(ruleScoreDelta({ enable: true, type: 'ONCE', scoreNum: 5 }, true, 3)).toBe(-5);
  });
  it('ADD adds scoreNum once', () => {
    expect(ruleScoreDelta({ enable: true, type: 'ADD', scoreNum: 5 }, true, 3)).toBe(5);
  });
  it('a disabled, unscored or missed rule changes nothing', () => {
    expect(ruleScoreDelta({ enable: false, type: 'SUB', scoreNum: 5 }, true, 3)).toBe(0);
    expect(ruleScoreDelta(null, true, 3)).toBe(0);
    expect(ruleScoreDelta({ enable: true, type: 'SUB', scoreNum: 5 }, false, 0)).toBe(0);
  });
});

describe('angleResult', () => {
  it('clamps to [0, full score]', () => {
    expect(angleResult(40, [-50])).toBe(0);
    expect(angleResult(40, [+10])).toBe(40);
    expect(angleResult(40, [-10, +5])).toBe(35);
  });
  it('a bonus offsets a deduction but never exceeds the full score', () => {
    expect(angleResult(40, [-10, +30])).toBe(40);
  });
  it('keeps at most two decimals (no 0.30000000000000004)', () => {
    expect(angleResult(1, [-0.1, -0.2])).toBe(0.7);
  });
});

describe('reviewScore', () => {
  const angles: ScoringAngle[] = [
    {
      angleId: 'x',
      score: 60,
      rules: [
        { ruleId: 'r1', type: 'SUB' },
        { ruleId: 'r2', type: 'ADD' },
      ],
    },
    { angleId: 'y', score: 40, rules: [{ ruleId: 'r3', type: 'ONCE' }] },
  ];

  it('recomputes the scheme score with the reviewer numbers', () => {
    const outcome = reviewScore(angles, [
      { ruleId: 'r1', reviewScore: 10 },
      { ruleId: 'r3', reviewScore: 5 },
    ]);
    expect(outcome.reviewScore).toBe(85);
    expect(outcome.isVeto).toBe(false);
  });

  it('an ADD rule adds its reviewed points, clamped to the angle', () => {
    expect(
      reviewScore(angles, [
        { ruleId: 'r1', reviewScore: 10 },
        { ruleId: 'r2', reviewScore: 5 },
      ]).reviewScore,
    ).toBe(95);
    expect(reviewScore(angles, [{ ruleId: 'r2', reviewScore: 20 }]).reviewScore).toBe(100);
  });

  it('clamps an angle at 0', () => {
    expect(reviewScore(angles, [{ ruleId: 'r3', reviewScore: 100 }]).reviewScore).toBe(60);
  });

  it('a reviewed rule at 0 deducts nothing', () => {
    expect(reviewScore(angles, [{ ruleId: 'r1', reviewScore: 0 }]).reviewScore).toBe(100);
  });

  it('a ticked veto sets that rule to 0 and the total to 0', () => {
    const outcome = reviewScore(angles, [
      { ruleId: 'r1', reviewScore: 10, isVeto: true },
      { ruleId: 'r3', reviewScore: 5 },
    ]);
    expect(outcome.reviewScore).toBe(0);
    expect(outcome.isVeto).toBe(true);
    expect(outcome.rules).toEqual([
      { ruleId: 'r1', reviewScore: 0, isVeto: true },
      { ruleId: 'r3', reviewScore: 5, isVeto: false },
    ]);
  });

  it('a rule linked into two angles deducts in each', () => {
    const twice: ScoringAngle[] = [
      { angleId: 'x', score: 50, rules: [{ ruleId: 'r1', type: 'SUB' }] },
      { angleId: 'y', score: 50, rules: [{ ruleId: 'r1', type: 'SUB' }] },
    ];
    expect(reviewScore(twice, [{ ruleId: 'r1', reviewScore: 10 }]).reviewScore).toBe(80);
  });

  it('refuses points outside 0–100 with the path of the rule', () => {
    expect(scoreError(() => reviewScore(angles, [{ ruleId: 'r1', reviewScore: 101 }])).path).toBe(
      'rules[0].reviewScore',
    );
    expect(
      scoreError(() =>
        reviewScore(angles, [
          { ruleId: 'r1', reviewScore: 1 },
          { ruleId: 'r3', reviewScore: -1 },
        ]),
      ).path,
    ).toBe('rules[1].reviewScore');
    expect(scoreError(() => reviewScore(angles, [{ ruleId: 'r1', reviewScore: Number.NaN }])).path).toBe(
      'rules[0].reviewScore',
    );
  });

  it('accepts the bounds 0 and 100', () => {
    expect(reviewScore(angles, [{ ruleId: 'r1', reviewScore: 100 }]).reviewScore).toBe(40);
  });
});

describe('manualScore (SCORE style)', () => {
  const angles = [
    { angleId: 'x', score: 60 },
    { angleId: 'y', score: 40 },
  ];

  it('deducts per rule and sums the clamped angles', () => {
    const outcome = manualScore(angles, [
      { angleId: 'x', ruleId: 'r1', scoreNum: 70 },
      { angleId: 'y', ruleId: 'r2', scoreNum: 5 },
      { angleId: 'y', ruleId: 'r3', scoreNum: 5 },
    ]);
    expect(outcome.manualScore).toBe(30);
    expect(outcome.angles).toEqual([
      { angleId: 'x', angleScore: 0 },
      { angleId: 'y', angleScore: 30 },
    ]);
    expect(outcome.fatalError).toBe(false);
  });

  it('a rule without points deducts nothing', () => {
    expect(manualScore(angles, [{ angleId: 'x', ruleId: 'r1' }]).manualScore).toBe(100);
  });

  it('any fatal error makes the score 0', () => {
    const outcome = manualScore(angles, [
      { angleId: 'x', ruleId: 'r1', scoreNum: 0 },
      { angleId: 'y', ruleId: 'r2', scoreNum: 0, fatalError: true },
    ]);
    expect(outcome.manualScore).toBe(0);
    expect(outcome.fatalError).toBe(true);
  });

  it('refuses points outside 0–100 with the path of the rule', () => {
    expect(scoreError(() => manualScore(angles, [{ angleId: 'x', ruleId: 'r1', scoreNum: 100.5 }])).path).toBe(
      'manualRules[0].scoreNum',
    );
    const error = scoreError(() =>
      manualScore(angles, [
        { angleId: 'x', ruleId: 'r1', scoreNum: 1 },
        { angleId: 'y', ruleId: 'r2', scoreNum: -3 },
      ]),
    );
    expect(error.path).toBe('manualRules[1].scoreNum');
    expect(error.zh).not.toBe('');
    expect(error.en).not.toBe('');
  });
});

describe('manualPass (PASS style)', () => {
  const items = (fails: number, passes: number) => [
    ...Array.from({ length: fails }, (_, i) => ({ angleId: 'x', ruleId: `f${i}`, pass: false })),
    ...Array.from({ length: passes }, (_, i) => ({ angleId: 'x', ruleId: `p${i}`, pass: true })),
  ];

  // [operator, failCount, N, up to standard]
  const table: [CompareOperator, number, number, boolean][] = [
    ['>=', 1, 2, true],
    ['>=', 2, 2, false],
    ['>=', 3, 2, false],
    ['>', 2, 2, true],
    ['>', 3, 2, false],
    ['=', 1, 2, true],
    ['=', 2, 2, false],
    ['=', 3, 2, true],
    ['<=', 2, 2, false],
    ['<=', 3, 2, true],
    ['<', 1, 2, false],
    ['<', 2, 2, true],
  ];
  for (const [op, fails, n, pass] of table) {
    it(`${fails} fails ${op} ${n} → ${pass ? 'up to standard' : 'not up to standard'}`, () => {
      const outcome = manualPass(op, n, items(fails, 3));
      expect(outcome.pass).toBe(pass);
      expect(outcome.failCount).toBe(fails);
    });
  }

  it('fails ≥ N means not up to standard (the spec reading)', () => {
    expect(manualPass('>=', 1, items(1, 0)).pass).toBe(false);
    expect(manualPass('>=', 1, items(0, 4)).pass).toBe(true);
  });

  it('any fatal error fails it', () => {
    const outcome = manualPass('>=', 5, [{ angleId: 'x', ruleId: 'r', pass: true, fatalError: true }]);
    expect(outcome.pass).toBe(false);
    expect(outcome.fatalError).toBe(true);
  });

  it('refuses an unknown compare operator', () => {
    expect(scoreError(() => manualPass('!=', 1, [])).path).toBe('schemeConfig.compareOperator');
    expect(scoreError(() => manualPass('', 1, [])).path).toBe('schemeConfig.compareOperator');
  });

  it('refuses names inherited from Object.prototype as compare operators', () => {
    expect(scoreError(() => manualPass('toString', 1, [])).path).toBe('schemeConfig.compareOperator');
    expect(scoreError(() => manualPass('constructor', 1, [])).path).toBe('schemeConfig.compareOperator');
  });

  it('refuses a vote count that is not an integer ≥ 0', () => {
    expect(scoreError(() => manualPass('>=', -1, [])).path).toBe('schemeConfig.num');
    expect(scoreError(() => manualPass('>=', 1.5, [])).path).toBe('schemeConfig.num');
  });
});
