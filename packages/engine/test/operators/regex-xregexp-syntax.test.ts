import { describe, expect, it } from 'vitest';
import { compileSafeRegex } from '../../src/operators/regular-expression/safe-regex.js';
import { lexXRegExp } from '../../src/operators/regular-expression/xregexp-syntax.js';

function matches(pattern: string, text: string, caseSensitive = true): string[] {
  const result = compileSafeRegex(pattern, { caseSensitive });
  if (!result.ok) throw new Error(`${pattern}: ${result.problem.en}`);
  return result.regex.matchAll(text).map(({ start, end }) => text.slice(start, end));
}

describe('lexing XRegExp syntax into ECMAScript u-mode syntax', () => {
  it.each<[string, string]>([
    // Annex B identity escapes and lone braces become u-mode spellings
    ['\\-\\:\\，', '-:，'],
    ['a{', 'a\\{'],
    ['a{,2}', 'a\\{,2\\}'],
    ['a{2,3}', 'a{2,3}'],
    ['x]', 'x\\]'],
    // a class escape next to `-` makes the dash literal
    ['[\\d-z]', '[\\d\\-z]'],
    ['[a-\\w]', '[a\\-\\w]'],
    ['[\\w-]', '[\\w\\-]'],
    ['[a-z]', '[a-z]'],
    ['[\\:]', '[:]'],
    // XRegExp tokens
    ['(?P<name>a)', '(?<name>a)'],
    ['\\p{Han}\\P{L}\\p{^Lu}\\pN', '\\p{Q0}\\P{Q1}\\P{Q2}\\p{Q3}'],
    ['[\\p{Han}a]', '[\\p{Q0}a]'],
    ['a(?#note)b', 'a(?:)b'],
    ['a(?#note)+', 'a+'],
    ['(?i)abc', 'abc'],
    ['(?x) a b # comment\n c', 'a(?:)b(?:)c'],
    ['(?x)a +', 'a+'],
    ['\\u{1F600}\\x41\\u0041', '\\u{1F600}\\x41\\u0041'],
  ])('%j → %j', (pattern, source) => {
    expect(lexXRegExp(pattern).source).toBe(source);
  });

  it('resolves Unicode tokens the way XRegExp names them', () => {
    const { properties } = lexXRegExp('\\p{Han}\\p{letter}\\pL\\p{Script=Greek}\\p{sc=Latin}\\P{White Space}\\p{^Nd}');
    expect(properties).toEqual([
      { property: { kind: 'script', name: 'Han' }, negated: false },
      { property: { kind: 'category', name: 'L' }, negated: false },
      { property: { kind: 'category', name: 'L' }, negated: false },
      { property: { kind: 'script', name: 'Greek' }, negated: false },
      { property: { kind: 'script', name: 'Latin' }, negated: false },
      { property: { kind: 'binary', name: 'White_Space' }, negated: true },
      { property: { kind: 'category', name: 'Nd' }, negated: true },
    ]);
  });

  it('maps every output character back to the user text', () => {
    const lexed = lexXRegExp('(?i)\\p{Han}\\:');
    expect(lexed.source).toBe('\\p{Q0}:');
    expect(lexed.origins).toEqual([...Array(6).fill([4, 11]), [11, 13]]);
    expect(lexed.modifierFlags).toBe('i');
    expect(lexed.validationSource).toBe('(?i)\\pL\\:');
  });

  it('refuses a script prefix on a category and unknown names', () => {
    expect(lexXRegExp('\\p{Script=L}').problem).toMatchObject({
      code: 'REGEX_INVALID',
      part: '\\p{Script=L}',
      index: 0,
    });
    expect(lexXRegExp('ab\\p{Hanzi}').problem).toMatchObject({ code: 'REGEX_INVALID', part: '\\p{Hanzi}', index: 2 });
    expect(lexXRegExp('\\p{Han}').problem).toBeNull();
  });
});

describe('XRegExp syntax matches as XRegExp means it', () => {
  it('reads Annex B literals', () => {
    expect(matches('\\-\\:', 'a-:b')).toEqual(['-:']);
    expect(matches('a{,2}', 'a{,2}aa')).toEqual(['a{,2}']);
    expect(matches('[\\d-z]+', 'x1-z9')).toEqual(['1-z9']);
  });

  it('understands named groups, comments, free spacing and mode modifiers', () => {
    expect(matches('(?P<amount>\\d+)元', '共12元')).toEqual(['12元']);
    expect(matches('退(?#退款的退)款', '退款')).toEqual(['退款']);
    expect(matches('(?x) 退 \\s 款  # 中间有空格', '退 款')).toEqual(['退 款']);
    expect(matches('(?i)vip', 'VIP vip')).toEqual(['VIP', 'vip']);
    expect(matches('(?s)a.b', 'a\nb')).toEqual(['a\nb']);
    expect(matches('(?A)\\p{Han}', '𠀀')).toEqual(['𠀀']);
  });

  it('reports parts at their place in the user text, modifiers included', () => {
    const result = compileSafeRegex('(?i)退款(x+)+', { caseSensitive: false });
    expect(result.ok ? null : result.problem).toMatchObject({ part: '(x+)+', index: 6 });
    const spaced = compileSafeRegex('(?x) a (?= b)', { caseSensitive: false });
    expect(spaced.ok ? null : spaced.problem).toMatchObject({ code: 'REGEX_UNSUPPORTED', part: '(?= b)', index: 7 });
  });

  it('leaves the multiline flag out', () => {
    const result = compileSafeRegex('(?im)^退款$', { caseSensitive: false });
    expect(result.ok ? null : result.problem).toMatchObject({ code: 'REGEX_UNSUPPORTED', part: '(?im)', index: 0 });
  });
});
