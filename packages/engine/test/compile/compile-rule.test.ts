import { describe, expect, it } from 'vitest';
import { compileRule, compileRules } from '../../src/compile/compile-rule.js';
import {
  anyKeywords,
  compileError,
  condition,
  excludeKeywords,
  type Json,
  ncludeKeywords,
  op,
  rule,
} from '../match/helpers.js';

const C0 = '$.conditionConfig.conditions[0]';
const C1 = '$.conditionConfig.conditions[1]';
const P00 = `${C0}.operators[0].param`;

/** The error compiling `ruleJson` raises, as `[code, path]`. */
function fails(ruleJson: unknown): [string, string] {
  const e = compileError(() => compileRule(ruleJson));
  return [e.code, e.path];
}

const one = (operator: Json, checkRange?: Json) => rule([condition('a', operator, checkRange)]);
const anchored = (anchor: Json, anchorOperator: Json = anyKeywords(['投诉'])) =>
  rule([condition('a', anchorOperator), condition('b', anyKeywords(['抱歉']), { anchor })]);

describe('rule shape', () => {
  it('a rule that is not an object', () => {
    expect(fails([])).toEqual(['NOT_OBJECT', '$']);
    expect(fails('rule')).toEqual(['NOT_OBJECT', '$']);
  });

  it('a missing or blank id (reported without a rule id)', () => {
    expect(fails({ conditionConfig: { conditions: [] } })).toEqual(['BAD_ID', '$.id']);
    const e = compileError(() => compileRule({ id: '  ', conditionConfig: {} }));
    expect([e.code, e.path, e.ruleId]).toEqual(['BAD_ID', '$.id', null]);
  });

  it('errors name the rule id', () => {
    const e = compileError(() => compileRule(rule([], {}, 'r42')));
    expect(e.ruleId).toBe('r42');
    expect(e.message).toContain('r42');
  });

  it('conditionConfig stored as a JSON string is read; a string that is not JSON is an error', () => {
    const ok = compileRule({
      id: 'r',
      conditionConfig: JSON.stringify({ conditions: [condition('a', anyKeywords(['x']))] }),
    });
    expect(ok.rule.conditions.map((c) => c.cid)).toEqual(['a']);
    expect(fails({ id: 'r', conditionConfig: '{conditions' })).toEqual(['CONFIG_JSON', '$.conditionConfig']);
  });

  it('conditionConfig and conditions of the wrong type', () => {
    expect(fails({ id: 'r' })).toEqual(['NOT_OBJECT', '$.conditionConfig']);
    expect(fails({ id: 'r', conditionConfig: { conditions: {} } })).toEqual([
      'NOT_ARRAY',
      '$.conditionConfig.conditions',
    ]);
  });

  it('a rule without conditions', () => {
    expect(fails(rule([]))).toEqual(['CONDITIONS_EMPTY', '$.conditionConfig.conditions']);
  });

  it('a condition that is not an object', () => {
    expect(fails(rule([condition('a', anyKeywords(['x'])), 'b' as unknown as Json]))).toEqual(['NOT_OBJECT', C1]);
  });
});

describe('condition ids', () => {
  it('a duplicate cid names the second one', () => {
    expect(fails(rule([condition('a', anyKeywords(['x'])), condition('a', anyKeywords(['y']))]))).toEqual([
      'CID_DUPLICATE',
      `${C1}.cid`,
    ]);
  });

  it('cids are lower-case words', () => {
    expect(fails(rule([condition('A', anyKeywords(['x']))]))).toEqual(['CID_FORMAT', `${C0}.cid`]);
    expect(fails(rule([condition('a1', anyKeywords(['x']))]))).toEqual(['CID_FORMAT', `${C0}.cid`]);
    expect(fails(rule([condition('', anyKeywords(['x']))]))).toEqual(['CID_FORMAT', `${C0}.cid`]);
    expect(fails(rule([{ cid: 1, operators: [anyKeywords(['x'])] }]))).toEqual(['NOT_STRING', `${C0}.cid`]);
    expect(compileRule(rule([condition('abc', anyKeywords(['x']))])).rule.conditions[0]!.cid).toBe('abc');
  });
});

describe('operators', () => {
  it('a condition without operators', () => {
    expect(fails(rule([{ cid: 'a', operators: [] }]))).toEqual(['OPERATORS_EMPTY', `${C0}.operators`]);
  });

  it('an unknown operator type', () => {
    expect(fails(one(op('FOO', { keywords: ['x'] })))).toEqual(['OPERATOR_TYPE', `${C0}.operators[0].type`]);
    expect(fails(one({ param: { keywords: ['x'] } }))).toEqual(['OPERATOR_TYPE', `${C0}.operators[0].type`]);
    expect(fails(one(op('toString', {})))).toEqual(['OPERATOR_TYPE', `${C0}.operators[0].type`]);
  });

  it('the console alias KEYWORDS is HIT_ANY_KEYWORDS', () => {
    expect(compileRule(one(op('KEYWORDS', { keywords: ['x'] }))).rule.conditions[0]!.operators[0]!.type).toBe(
      'HIT_ANY_KEYWORDS',
    );
  });

  it('the second operator of the second condition is named exactly', () => {
    const r = rule([condition('a', anyKeywords(['x'])), condition('b', [anyKeywords(['y']), anyKeywords([])])]);
    expect(fails(r)).toEqual(['KEYWORDS_EMPTY', `${C1}.operators[1].param.keywords`]);
  });
});

describe('keyword lists', () => {
  it('an empty keyword list, for every keyword operator', () => {
    for (const type of ['HIT_ANY_KEYWORDS', 'INCLUDE_KEYWORDS', 'EXCLUDE_KEYWORDS']) {
      expect(fails(one(op(type, { keywords: [] })))).toEqual(['KEYWORDS_EMPTY', `${P00}.keywords`]);
    }
    expect(fails(one(ncludeKeywords([], 1)))).toEqual(['KEYWORDS_EMPTY', `${P00}.keywords`]);
  });

  it('a list of blanks is empty', () => {
    expect(fails(one(anyKeywords([' ', '', '\u3000'])))).toEqual(['KEYWORDS_EMPTY', `${P00}.keywords`]);
    expect(fails(one(op('HIT_ANY_KEYWORDS', { keywords: ' , ，' })))).toEqual(['KEYWORDS_EMPTY', `${P00}.keywords`]);
  });

  it('a missing list, and a keyword that is not a string', () => {
    expect(fails(one(op('HIT_ANY_KEYWORDS', {})))).toEqual(['NOT_ARRAY', `${P00}.keywords`]);
    expect(fails(one(op('HIT_ANY_KEYWORDS', { keywords: ['x', 5] })))).toEqual(['NOT_STRING', `${P00}.keywords[1]`]);
  });

  it('a comma-separated string is split, trimmed, blanks and duplicates dropped', () => {
    const compiled = compileRule(one(op('HIT_ANY_KEYWORDS', { keywords: ' 抱歉 ,理解您，, 抱歉' })));
    expect(compiled.rule.conditions[0]!.operators[0]!.param.keywords).toEqual(['抱歉', '理解您']);
  });

  it('keywordMatchSize above the keyword count', () => {
    expect(fails(one(ncludeKeywords(['退款', '到账'], 3)))).toEqual([
      'MATCH_SIZE_TOO_LARGE',
      `${P00}.keywordMatchSize`,
    ]);
    // duplicates are dropped before counting
    expect(fails(one(ncludeKeywords(['退款', '退款', '到账'], 3)))).toEqual([
      'MATCH_SIZE_TOO_LARGE',
      `${P00}.keywordMatchSize`,
    ]);
    expect(compileRule(one(ncludeKeywords(['退款', '到账'], 2))).rule.conditions[0]!.operators[0]!.param).toMatchObject(
      {
        keywordMatchSize: 2,
      },
    );
  });

  it('keywordMatchSize counts keywords that normalise differently (VIP and vip are one)', () => {
    expect(fails(one(ncludeKeywords(['VIP', 'vip'], 2)))).toEqual(['MATCH_SIZE_TOO_LARGE', `${P00}.keywordMatchSize`]);
    expect(() => compileRule(one(ncludeKeywords(['VIP', 'vip'], 2, { caseSensitive: true })))).not.toThrow();
  });

  it('keywordMatchSize missing or below 1', () => {
    expect(fails(one(op('NCLUDE_KEYWORDS', { keywords: ['退款'] })))).toEqual([
      'MATCH_SIZE_MISSING',
      `${P00}.keywordMatchSize`,
    ]);
    expect(fails(one(ncludeKeywords(['退款'], 0)))).toEqual(['MATCH_SIZE_MISSING', `${P00}.keywordMatchSize`]);
    expect(fails(one(ncludeKeywords(['退款'], -1)))).toEqual(['OUT_OF_RANGE', `${P00}.keywordMatchSize`]);
    expect(fails(one(ncludeKeywords(['退款'], 1.5)))).toEqual(['NOT_NUMBER', `${P00}.keywordMatchSize`]);
  });

  it('threshold and inSentence of the wrong kind', () => {
    expect(fails(one(anyKeywords(['x'], { threshold: -1 })))).toEqual(['OUT_OF_RANGE', `${P00}.threshold`]);
    expect(fails(one(anyKeywords(['x'], { threshold: 'many' })))).toEqual(['NOT_NUMBER', `${P00}.threshold`]);
    expect(fails(one(anyKeywords(['x'], { inSentence: 'yes' })))).toEqual(['NOT_BOOLEAN', `${P00}.inSentence`]);
  });

  it('inSentence defaults to false, threshold to 0', () => {
    expect(compileRule(one(anyKeywords(['x']))).rule.conditions[0]!.operators[0]!.param).toMatchObject({
      inSentence: false,
      threshold: 0,
    });
  });
});

describe('other operators', () => {
  it('SIMILAR_MATCH: an empty phrase list, a similarity outside 0–100; default 80', () => {
    expect(fails(one(op('SIMILAR_MATCH', { phrases: [] })))).toEqual(['PHRASES_EMPTY', `${P00}.phrases`]);
    expect(fails(one(op('SIMILAR_MATCH', { phrases: ['您好'], similarity: 101 })))).toEqual([
      'OUT_OF_RANGE',
      `${P00}.similarity`,
    ]);
    expect(fails(one(op('SIMILAR_MATCH', { phrases: ['您好'], similarity: -1 })))).toEqual([
      'OUT_OF_RANGE',
      `${P00}.similarity`,
    ]);
    expect(
      compileRule(one(op('SIMILAR_MATCH', { phrases: ['您好'] }))).rule.conditions[0]!.operators[0]!.param,
    ).toEqual({
      phrases: ['您好'],
      similarity: 80,
    });
  });

  it('ADVANCED_REPEAT_DETECT: window ≥ 0, similarity 0.1–1.0, hitTime ≥ 1, minWordSize ≥ 0', () => {
    const repeat = (param: Json) => one(op('ADVANCED_REPEAT_DETECT', param));
    expect(fails(repeat({ window: -1 }))).toEqual(['OUT_OF_RANGE', `${P00}.window`]);
    expect(fails(repeat({ similarity: 0.05 }))).toEqual(['OUT_OF_RANGE', `${P00}.similarity`]);
    expect(fails(repeat({ similarity: 1.5 }))).toEqual(['OUT_OF_RANGE', `${P00}.similarity`]);
    expect(fails(repeat({ hitTime: 0 }))).toEqual(['OUT_OF_RANGE', `${P00}.hitTime`]);
    expect(fails(repeat({ minWordSize: -1 }))).toEqual(['OUT_OF_RANGE', `${P00}.minWordSize`]);
    expect(fails(repeat({ exceptions: ['ok', 3] }))).toEqual(['NOT_STRING', `${P00}.exceptions[1]`]);
    expect(compileRule(repeat({})).rule.conditions[0]!.operators[0]!.param).toEqual({
      window: 0,
      similarity: 0.1,
      hitTime: 1,
      minWordSize: 0,
      exceptions: [],
    });
  });

  it('model operators: unknown label, no label', () => {
    expect(fails(one(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT', 'SARCASM'] })))).toEqual([
      'MODEL_TYPE_UNKNOWN',
      `${P00}.types[1]`,
    ]);
    expect(fails(one(op('ABUSE_MODEL', { types: ['COMPLAINT'] })))).toEqual(['MODEL_TYPE_UNKNOWN', `${P00}.types[0]`]);
    expect(fails(one(op('ABUSE_MODEL', { types: [] })))).toEqual(['MODEL_TYPES_EMPTY', `${P00}.types`]);
  });

  it('two model operators forcing different roles', () => {
    const r = rule([
      condition('a', [op('ABUSE_MODEL', { types: ['ABUSE'] }), op('CUSTOMER_CHECK_MODEL', { types: ['ABUSE'] })]),
    ]);
    expect(fails(r)).toEqual(['ROLE_CONFLICT', `${C0}.operators`]);
  });

  it('a model operator forces its role over the check range', () => {
    const compiled = compileRule(
      rule([
        condition('a', op('ABUSE_MODEL', { types: ['ABUSE'] }), { role: 'CUSTOMER' }),
        condition('b', [op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] }), anyKeywords(['x'])]),
      ]),
    );
    expect(compiled.rule.conditions.map((c) => c.role)).toEqual(['AGENT', 'CUSTOMER']);
  });

  it('an invalid regular expression is a compile error at its path', () => {
    const e = compileError(() => compileRule(one(op('REGULAR_EXPRESSION', { regex: '(unclosed' }))));
    expect(e.path).toBe(`${P00}.regex`);
    expect(e.code).not.toBe('INTERNAL');
    const n = compileError(() => compileRule(one(op('REGULAR_EXPRESSION', { regex: 'ok', notRegex: '[' }))));
    expect(n.path).toBe(`${P00}.notRegex`);
  });

  it('a regular expression that is not a string', () => {
    expect(fails(one(op('REGULAR_EXPRESSION', { regex: 5 })))).toEqual(['NOT_STRING', `${P00}.regex`]);
  });
});

describe('check ranges', () => {
  const CR = `${C0}.checkRange`;

  it('range position 0', () => {
    expect(fails(one(anyKeywords(['x']), { range: { from: 0, to: 3 } }))).toEqual(['RANGE_ZERO', `${CR}.range.from`]);
    expect(fails(one(anyKeywords(['x']), { range: { from: 1, to: 0 } }))).toEqual(['RANGE_ZERO', `${CR}.range.to`]);
    expect(fails(one(anyKeywords(['x']), { range: { from: '0' } }))).toEqual(['RANGE_ZERO', `${CR}.range.from`]);
  });

  it('a position that is not an integer', () => {
    expect(fails(one(anyKeywords(['x']), { range: { from: 1.5 } }))).toEqual(['NOT_NUMBER', `${CR}.range.from`]);
  });

  it('an unknown role or rangeSelect', () => {
    expect(fails(one(anyKeywords(['x']), { role: 'BOT' }))).toEqual(['ROLE', `${CR}.role`]);
    expect(fails(one(anyKeywords(['x']), { rangeSelect: 'SOME' }))).toEqual(['RANGE_SELECT', `${CR}.rangeSelect`]);
  });

  it('all roles may be absent, null, empty or ALL', () => {
    for (const role of [undefined, null, '', 'ALL']) {
      expect(compileRule(one(anyKeywords(['x']), { role })).rule.conditions[0]!.role).toBeNull();
    }
  });

  it('a range applies unless rangeSelect is ALL', () => {
    const useRange = (checkRange: Json) =>
      compileRule(one(anyKeywords(['x']), checkRange)).rule.conditions[0]!.range.useRange;
    expect(useRange({ range: { from: 1, to: 2 } })).toBe(true);
    expect(useRange({ range: { from: 1, to: 2 }, rangeSelect: 'RANGE' })).toBe(true);
    expect(useRange({ range: { from: 1, to: 2 }, rangeSelect: 'ALL' })).toBe(false);
    expect(useRange({ rangeSelect: 'RANGE' })).toBe(false);
  });
});

describe('anchors', () => {
  const ANCHOR = `${C1}.checkRange.anchor`;

  it('an anchor to a later condition', () => {
    const r = rule([
      condition('a', anyKeywords(['x']), { anchor: { cid: 'b', location: 'AFTER', hitTime: -1 } }),
      condition('b', anyKeywords(['y'])),
    ]);
    const e = compileError(() => compileRule(r));
    expect([e.code, e.path]).toEqual(['ANCHOR_CID', `${C0}.checkRange.anchor.cid`]);
    expect(e.en).toContain('before');
  });

  it('an anchor to itself', () => {
    const r = rule([condition('a', anyKeywords(['x']), { anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } })]);
    expect(fails(r)).toEqual(['ANCHOR_CID', `${C0}.checkRange.anchor.cid`]);
  });

  it('an anchor to an unknown cid', () => {
    const e = compileError(() => compileRule(anchored({ cid: 'z', location: 'AFTER', hitTime: -1 })));
    expect([e.code, e.path]).toEqual(['ANCHOR_CID', `${ANCHOR}.cid`]);
    expect(e.en).toContain('does not exist');
  });

  it('an anchor to a condition with EXCLUDE_KEYWORDS', () => {
    expect(fails(anchored({ cid: 'a', location: 'AFTER', hitTime: -1 }, excludeKeywords(['投诉'])))).toEqual([
      'ANCHOR_EXCLUDE',
      `${ANCHOR}.cid`,
    ]);
    // also when the EXCLUDE is only one of its operators
    const mixed = rule([
      condition('a', [anyKeywords(['投诉']), excludeKeywords(['谢谢'])]),
      condition('b', anyKeywords(['抱歉']), { anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } }),
    ]);
    expect(fails(mixed)).toEqual(['ANCHOR_EXCLUDE', `${ANCHOR}.cid`]);
  });

  it('hitTime 1 without inputHitTime', () => {
    expect(fails(anchored({ cid: 'a', location: 'AFTER', hitTime: 1 }))).toEqual([
      'ANCHOR_NTH',
      `${ANCHOR}.inputHitTime`,
    ]);
    expect(fails(anchored({ cid: 'a', location: 'AFTER', hitTime: 1, inputHitTime: null }))).toEqual([
      'ANCHOR_NTH',
      `${ANCHOR}.inputHitTime`,
    ]);
    expect(fails(anchored({ cid: 'a', location: 'AFTER', hitTime: 1, inputHitTime: 0 }))).toEqual([
      'OUT_OF_RANGE',
      `${ANCHOR}.inputHitTime`,
    ]);
  });

  it('a hitTime other than -1, 0, 1 and an unknown location', () => {
    expect(fails(anchored({ cid: 'a', location: 'AFTER', hitTime: 2 }))).toEqual(['OUT_OF_RANGE', `${ANCHOR}.hitTime`]);
    expect(fails(anchored({ cid: 'a', location: 'NEAR', hitTime: -1 }))).toEqual([
      'ANCHOR_LOCATION',
      `${ANCHOR}.location`,
    ]);
  });

  it("the editor's cid 'null' means no anchor", () => {
    expect(
      compileRule(anchored({ cid: 'null', location: 'AFTER', hitTime: -1 })).rule.conditions[1]!.range.anchor,
    ).toBeNull();
  });

  it('a valid anchor compiles to the earlier condition', () => {
    const compiled = compileRule(anchored({ cid: 'a', location: 'AROUND', hitTime: 1, inputHitTime: 2 }));
    expect(compiled.rule.conditions[1]!.range.anchor).toEqual({
      condition: 0,
      cid: 'a',
      location: 'AROUND',
      hitTime: 1,
      nth: 2,
    });
  });
});

describe('lambda (through compileRule)', () => {
  const three = (lambda: unknown) =>
    rule([condition('a', anyKeywords(['x'])), condition('b', anyKeywords(['y'])), condition('c', anyKeywords(['z']))], {
      lambda,
    });
  const lambdaError = (lambda: unknown) => compileError(() => compileRule(three(lambda)));

  it('unknown cid a && z → position 5', () => {
    expect(lambdaError('a && z')).toMatchObject({
      code: 'LAMBDA_UNKNOWN_CID',
      path: '$.conditionConfig.lambda',
      position: 5,
    });
  });
  it('a bad character', () => {
    expect(lambdaError('a @ b')).toMatchObject({ code: 'LAMBDA_TOKEN', path: '$.conditionConfig.lambda', position: 2 });
  });
  it('a b', () => {
    expect(lambdaError('a b')).toMatchObject({ code: 'LAMBDA_SYNTAX', path: '$.conditionConfig.lambda', position: 2 });
  });
  it('blank', () => {
    expect(lambdaError('  ')).toMatchObject({ code: 'LAMBDA_BLANK', path: '$.conditionConfig.lambda', position: 0 });
  });
  it('the position crosses a worker boundary in toJSON', () => {
    expect(lambdaError('a && z').toJSON()).toMatchObject({ ruleId: 'r1', code: 'LAMBDA_UNKNOWN_CID', position: 5 });
    expect('position' in compileError(() => compileRule(rule([]))).toJSON()).toBe(false);
  });
});

describe('rule score', () => {
  const scored = (ruleScore: unknown) => rule([condition('a', anyKeywords(['x']))], { ruleScore });
  const SCORE = '$.conditionConfig.ruleScore';

  it('scoreNum outside 0–100, unknown type, enable not a boolean', () => {
    expect(fails(scored({ enable: true, ruleScoreType: 'SUB', scoreNum: 101 }))).toEqual([
      'OUT_OF_RANGE',
      `${SCORE}.scoreNum`,
    ]);
    expect(fails(scored({ enable: true, ruleScoreType: 'SUB', scoreNum: -1 }))).toEqual([
      'OUT_OF_RANGE',
      `${SCORE}.scoreNum`,
    ]);
    expect(fails(scored({ enable: true, ruleScoreType: 'MUL', scoreNum: 1 }))).toEqual([
      'SCORE_TYPE',
      `${SCORE}.ruleScoreType`,
    ]);
    expect(fails(scored({ enable: 'yes', ruleScoreType: 'SUB', scoreNum: 1 }))).toEqual([
      'NOT_BOOLEAN',
      `${SCORE}.enable`,
    ]);
  });

  it('level and autoReview are carried through unchanged', () => {
    const compiled = compileRule(
      rule([condition('a', anyKeywords(['x']))], { level: { code: 'HIGH' }, autoReview: true }),
    );
    expect(compiled.rule.level).toEqual({ code: 'HIGH' });
    expect(compiled.rule.autoReview).toBe(true);
  });
});

describe('compileRules', () => {
  it('a duplicate rule id', () => {
    const e = compileError(() =>
      compileRules([
        rule([condition('a', anyKeywords(['x']))], {}, 'r1'),
        rule([condition('a', anyKeywords(['y']))], {}, 'r1'),
      ]),
    );
    expect([e.code, e.path, e.ruleId]).toEqual(['RULE_DUPLICATE', '$.id', 'r1']);
  });

  it('ids 1 and "1" are the same rule id', () => {
    const e = compileError(() =>
      compileRules([
        rule([condition('a', anyKeywords(['x']))], {}, '1'),
        { ...rule([condition('a', anyKeywords(['y']))]), id: 1 },
      ]),
    );
    expect(e.code).toBe('RULE_DUPLICATE');
  });

  it('shares one keyword table across rules, interning equal folded keywords once', () => {
    const set = compileRules([
      rule([condition('a', anyKeywords(['VIP', '投诉']))], {}, 'r1'),
      rule([condition('a', anyKeywords(['ｖｉｐ', '抱歉']))], {}, 'r2'),
    ]);
    expect(set.keywords.size).toBe(3);
  });
});
