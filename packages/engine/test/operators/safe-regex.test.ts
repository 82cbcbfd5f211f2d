import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileSafeRegex,
  type RegexProblem,
  type SafeRegex,
} from '../../src/operators/regular-expression/safe-regex.js';

function compiled(pattern: string, caseSensitive = false): SafeRegex {
  const result = compileSafeRegex(pattern, { caseSensitive });
  if (!result.ok) throw new Error(`expected ${pattern} to compile: ${result.problem.en}`);
  return result.regex;
}

function refusal(pattern: string, caseSensitive = false): RegexProblem {
  const result = compileSafeRegex(pattern, { caseSensitive });
  if (result.ok) throw new Error(`expected ${pattern} to be refused`);
  return result.problem;
}

/** [start, end, matched text] of every match */
function spans(regex: SafeRegex, text: string): Array<[number, number, string]> {
  return regex.matchAll(text).map(({ start, end }) => [start, end, text.slice(start, end)]);
}

describe('ordinary QC patterns are accepted and match exact spans', () => {
  it.each<[string, string, Array<[number, number, string]>]>([
    [
      '\\p{Han}+',
      '我要退款 OK 谢谢',
      [
        [0, 4, '我要退款'],
        [8, 10, '谢谢'],
      ],
    ],
    ['[\\p{Han}]{2,}(投诉|举报)', '我要去消协投诉你们', [[0, 7, '我要去消协投诉']]],
    ['你.*态度', '你们服务态度差，你的态度', [[0, 12, '你们服务态度差，你的态度']]],
    ['a.*b.*c.*d', 'xa1b2c3dy', [[1, 8, 'a1b2c3d']]],
    ['(退款|退货).{0,10}(不行|不能)', '我要退货，为什么不能退', [[2, 10, '退货，为什么不能']]],
    ['1[3-9]\\d{9}', '电话13812345678，备用12345678901', [[2, 13, '13812345678']]],
    [
      '(?<n>\\d+)元',
      '一共128元，优惠20元',
      [
        [2, 6, '128元'],
        [9, 12, '20元'],
      ],
    ],
    ['(\\d+)\\s*(元|块)', '赔偿 50 块钱', [[3, 7, '50 块']]],
    [
      '(?:微信|vx|v信)[:：]?\\s*\\w+',
      '加我微信：abc123 或者 VX: qq',
      [
        [2, 11, '微信：abc123'],
        [15, 21, 'VX: qq'],
      ],
    ],
    ['(\\d+,)+\\d+', '订单1,22,333号', [[2, 10, '1,22,333']]],
    ['(退款|退货)+', '退款退货退换', [[0, 4, '退款退货']]],
  ])('%s', (pattern, text, expected) => {
    const regex = compiled(pattern);
    expect(spans(regex, text)).toEqual(expected);
    expect(regex.test(text)).toBe(true);
    expect(regex.pattern).toBe(pattern);
  });
});

describe('catastrophic backtracking is refused, naming the part', () => {
  it.each<[string, string, number, string]>([
    ['(a+)+', '(a+)+', 0, '嵌套量词'],
    ['(\\w+\\s?)*', '(\\w+\\s?)*', 0, '嵌套量词'],
    ['(x+x+)+y', '(x+x+)+', 0, '嵌套量词'],
    ['(a|ab)*', '(a|ab)*', 0, '重复中的分支相互重叠'],
    ['(\\w|\\d)+', '(\\w|\\d)+', 0, '重复中的分支相互重叠'],
    ['(a|a)*', '(a|a)*', 0, '重复中的分支相互重叠'],
    ['投诉(a+)+', '(a+)+', 2, '嵌套量词'],
    ['你好.*(\\d+\\s?)+结束', '(\\d+\\s?)+', 4, '嵌套量词'],
    ['(?i)(.*,)+$', '(.*,)+', 4, '嵌套量词'],
  ])('%s', (pattern, part, index, kind) => {
    const problem = refusal(pattern);
    expect(problem).toMatchObject({ code: 'REGEX_CATASTROPHIC', part, index });
    expect(pattern.slice(index, index + part.length)).toBe(part);
    expect(problem.zh).toBe(`正则表达式存在灾难性回溯风险：${kind} "${part}"`);
  });

  it('words the nested-quantifier refusal as the contract does', () => {
    expect(refusal('(a+)+')).toEqual({
      code: 'REGEX_CATASTROPHIC',
      part: '(a+)+',
      index: 0,
      zh: '正则表达式存在灾难性回溯风险：嵌套量词 "(a+)+"',
      en: 'the regular expression can backtrack catastrophically: nested quantifier "(a+)+"',
    });
  });
});

describe('constructs a linear-time engine cannot run are refused', () => {
  it.each<[string, string, number]>([
    ['(?=退款)退', '(?=退款)', 0],
    ['^(?!.*谢谢).*', '(?!.*谢谢)', 1],
    ['(?<=你)好', '(?<=你)', 0],
    ['好(?<!你好)', '(?<!你好)', 1],
    ['(a)\\1', '\\1', 3],
    ['(?<n>好)\\k<n>', '\\k<n>', 7],
  ])('%s', (pattern, part, index) => {
    expect(refusal(pattern)).toMatchObject({ code: 'REGEX_UNSUPPORTED', part, index });
  });

  it('points lookarounds to the notRegex field', () => {
    const problem = refusal('^(?!.*谢谢).*');
    expect(problem.zh).toContain('notRegex');
    expect(problem.en).toContain('notRegex');
  });

  it.each<[string, string, number]>([
    ['(?m)^a', '(?m)', 0],
    ['x{1001}', 'x{1001}', 0],
    ['好(a??)?', '(a??)?', 1],
    ['(b??)+', '(b??)+', 0],
  ])('%s', (pattern, part, index) => {
    expect(refusal(pattern)).toMatchObject({ code: 'REGEX_UNSUPPORTED', part, index });
  });
});

describe('invalid patterns', () => {
  it.each(['', '   '])('a blank pattern %j is empty', (pattern) => {
    expect(refusal(pattern)).toEqual({
      code: 'REGEX_INVALID',
      part: '',
      index: 0,
      zh: '正则表达式不能为空',
      en: 'the regular expression is empty',
    });
  });

  it.each<[string, string, number]>([
    ['退款\\a', '\\a', 2],
    ['\\p{NotAProperty}+', '\\p{NotAProperty}', 0],
    ['a\\P{^Han}', '\\P{^Han}', 1],
    ['(?<n>a)(?<n>b)', '(?<n>', 0],
    ['[z-a]', 'z', 1],
  ])('%s', (pattern, part, index) => {
    expect(refusal(pattern)).toMatchObject({ code: 'REGEX_INVALID', part, index });
  });

  it.each(['(', 'a**', '[abc', '(?z)a', '\\'])('%j is invalid', (pattern) => {
    expect(refusal(pattern).code).toBe('REGEX_INVALID');
  });

  it('never throws, and a refusal always names a real part of the pattern', () => {
    const regexish = fc.constantFrom(...'()[]{}*+?|\\^$.-,:=!<>pPuxk01a退 '.split(''), '\\p{Han}', '(?', '\\u{');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: regexish, maxLength: 14 })), (pattern) => {
        const result = compileSafeRegex(pattern, { caseSensitive: false });
        if (result.ok) {
          expect(result.regex.matchAll('ab退款 ，x{1}')).toBeInstanceOf(Array);
          return;
        }
        const { part, index, zh, en } = result.problem;
        expect(pattern.slice(index, index + part.length)).toBe(part);
        expect(zh.length > 0 && en.length > 0).toBe(true);
      }),
      { numRuns: 600 },
    );
  });
});

describe('matching follows JavaScript semantics on the original text', () => {
  it('is case-insensitive unless caseSensitive is true; (?i) makes it insensitive', () => {
    expect(spans(compiled('VIP', true), 'vip VIP')).toEqual([[4, 7, 'VIP']]);
    expect(spans(compiled('VIP', false), 'vip VIP')).toEqual([
      [0, 3, 'vip'],
      [4, 7, 'VIP'],
    ]);
    const insensitive = compiled('(?i)VIP', true);
    expect(insensitive.caseSensitive).toBe(false);
    expect(spans(insensitive, 'vip')).toEqual([[0, 3, 'vip']]);
    expect(compiled('VIP', true).caseSensitive).toBe(true);
  });

  it('\\s is Unicode white space (U+3000, U+00A0, U+FEFF, U+2000…), also inside classes', () => {
    const text = '退款\u3000不行';
    expect(spans(compiled('退款\\s不行'), text)).toEqual([[0, 5, text]]);
    expect(spans(compiled('[\\s，]+'), 'a\u00a0\ufeff\u2003，\u205fb')).toEqual([[1, 6, '\u00a0\ufeff\u2003，\u205f']]);
    expect(spans(compiled('\\S+'), '你好\u3000世界')).toEqual([
      [0, 2, '你好'],
      [3, 5, '世界'],
    ]);
    expect(compiled('[^\\s]').test('\u3000\u00a0\t\n\u2028')).toBe(false);
  });

  it('. does not match line terminators; [^] matches anything', () => {
    const text = 'a\nb a\rb a\u2028b a\u2029b axb';
    expect(spans(compiled('a.b'), text)).toEqual([[16, 19, 'axb']]);
    expect(spans(compiled('a[^]b'), 'a\nb')).toEqual([[0, 3, 'a\nb']]);
    expect(spans(compiled('(?s)a.b'), 'a\u2028b')).toEqual([[0, 3, 'a\u2028b']]);
  });

  it('reports UTF-16 offsets, astral characters being single characters', () => {
    expect(spans(compiled('\\p{Han}+'), 'a𠀀你b')).toEqual([[1, 4, '𠀀你']]);
    expect(spans(compiled('b'), '😀b😀b')).toEqual([
      [2, 3, 'b'],
      [5, 6, 'b'],
    ]);
    expect(spans(compiled('^.$'), '😀')).toEqual([[0, 2, '😀']]);
    expect(spans(compiled('\\u{1F600}|\\u4f60'), '你😀')).toEqual([
      [0, 1, '你'],
      [1, 3, '😀'],
    ]);
  });

  it('reports an empty match once and moves on, never into a surrogate pair', () => {
    expect(spans(compiled('x*'), 'ab')).toEqual([
      [0, 0, ''],
      [1, 1, ''],
      [2, 2, ''],
    ]);
    expect(spans(compiled('x*'), '😀')).toEqual([
      [0, 0, ''],
      [2, 2, ''],
    ]);
    expect(spans(compiled('a*'), 'baa')).toEqual([
      [0, 0, ''],
      [1, 3, 'aa'],
      [3, 3, ''],
    ]);
  });

  it('knows XRegExp Unicode tokens', () => {
    const text = 'Ab你𠀀 1';
    expect(spans(compiled('\\p{Script=Han}+'), text)).toEqual([[2, 5, '你𠀀']]);
    expect(spans(compiled('\\p{sc=Han}+'), text)).toEqual([[2, 5, '你𠀀']]);
    expect(spans(compiled('\\p{Letter}+'), text)).toEqual([[0, 5, 'Ab你𠀀']]);
    expect(spans(compiled('\\pL+'), text)).toEqual([[0, 5, 'Ab你𠀀']]);
    expect(spans(compiled('\\p{^Han}+'), text)).toEqual([
      [0, 2, 'Ab'],
      [5, 7, ' 1'],
    ]);
    expect(spans(compiled('\\P{Han}+'), text)).toEqual([
      [0, 2, 'Ab'],
      [5, 7, ' 1'],
    ]);
    expect(spans(compiled('\\p{Lu}', true), text)).toEqual([[0, 1, 'A']]);
    expect(spans(compiled('\\p{White_Space}'), 'a\u3000b')).toEqual([[1, 2, '\u3000']]);
  });
});

describe('literal prefilter', () => {
  it.each<[string, string[] | null]>([
    ['你.*态度', ['态度']],
    ['(退款|退货).{0,10}(不行|不能)', ['退款', '退货']],
    ['(?:微信|vx|v信)[:：]?\\s*\\w+', ['微信', 'vx', 'v信']],
    ['1[3-9]\\d{9}', ['13', '14', '15', '16', '17', '18', '19']],
    ['(?<n>\\d+)元', ['元']],
    ['\\p{Han}+', null],
    ['.*', null],
  ])('%s requires %j', (pattern, literals) => {
    expect(compiled(pattern).requiredLiterals).toEqual(literals);
  });

  it('skips the engine when no required literal occurs, and runs it otherwise', () => {
    const regex = compiled('(退款|退货).{0,10}(不行|不能)');
    expect(regex.test('你好，请问有什么可以帮您')).toBe(false);
    expect(regex.matchAll('你好，请问有什么可以帮您')).toEqual([]);
    expect(regex.stats).toEqual({ engineRuns: 0, prefilterSkips: 2 });
    expect(regex.test('退款不行')).toBe(true);
    expect(regex.stats).toEqual({ engineRuns: 1, prefilterSkips: 2 });
    // the literal occurs but the regex does not match: the engine decides
    expect(regex.test('退款可以')).toBe(false);
    expect(regex.stats).toEqual({ engineRuns: 2, prefilterSkips: 2 });
  });

  it('folds case like the engine when insensitive', () => {
    const regex = compiled('vx[:：]\\w+');
    expect(regex.requiredLiterals).toEqual(['vx:', 'vx：']);
    expect(spans(regex, 'VX：abc')).toEqual([[0, 6, 'VX：abc']]);
    expect(compiled('vx[:：]\\w+', true).test('VX：abc')).toBe(false);
  });

  it('can be turned off', () => {
    const result = compileSafeRegex('你.*态度', { caseSensitive: false, prefilter: false });
    expect(result.ok && result.regex.requiredLiterals).toBeNull();
    if (!result.ok) return;
    expect(result.regex.test('没有')).toBe(false);
    expect(result.regex.stats).toEqual({ engineRuns: 1, prefilterSkips: 0 });
  });
});

describe('pathological input finishes', () => {
  const text = `${'a'.repeat(50_000)}!`;

  it.each<[string, Array<[number, number]>]>([
    ['a.*a.*!', [[0, 50_001]]],
    ['(a|b).*a.*!$', [[0, 50_001]]],
    ['a.*b.*c', []],
    ['\\w*\\w*\\w*\\w*c', []],
    ['.*.*=.*', []],
  ])('%s', (pattern, expected) => {
    for (const prefilter of [true, false]) {
      const result = compileSafeRegex(pattern, { caseSensitive: false, prefilter });
      if (!result.ok) throw new Error(result.problem.en);
      expect(result.regex.matchAll(text).map(({ start, end }) => [start, end])).toEqual(expected);
      expect(result.regex.test(text)).toBe(expected.length > 0);
    }
  });
});
