import { describe, expect, it } from 'vitest';
import { compileSafeRegex, type SafeRegexResult } from '../../src/operators/regular-expression/safe-regex.js';

function outcome(pattern: string, caseSensitive = true): SafeRegexResult {
  return compileSafeRegex(pattern, { caseSensitive });
}

describe('the backtracking analysis', () => {
  it.each([
    // a mandatory delimiter that cannot start the repeated part
    '(\\d+,)+\\d+',
    '(\\d{1,3},)+\\d{3}',
    '(\\d{3},?)+',
    '(a+b+)+',
    '((a+)b)+',
    '(?:\\s*，)+',
    '([^,]+,)*',
    // literals sharing only a prefix, or small bounded repetitions
    '(退款|退货)+',
    '(?:微信|vx|v信)+',
    '(a|ab){2}',
    '((ba){0,2}|x){2}',
    // polynomial, not exponential
    'a.*b.*c.*d',
    '\\d+\\d+',
    '.*投诉.*',
    '[\\p{Han}]{2,}(投诉|举报)',
    '(?:\\w+\\s)+\\d',
  ])('accepts %s', (pattern) => {
    const result = outcome(pattern);
    expect(result.ok ? 'accepted' : result.problem.en).toBe('accepted');
  });

  it.each<[string, string, number, 'nested quantifier' | 'overlapping alternatives' | 'ambiguous repetition']>([
    ['(a*)*', '(a*)*', 0, 'nested quantifier'],
    ['(a?b?)+', '(a?b?)+', 0, 'ambiguous repetition'],
    ['退(?:\\s?，?)*', '(?:\\s?，?)*', 1, 'ambiguous repetition'],
    ['(.*,)+', '(.*,)+', 0, 'nested quantifier'],
    ['x(?:\\d{1,3})+y', '(?:\\d{1,3})+', 1, 'nested quantifier'],
    ['z((a+)+b)', '(a+)+', 2, 'nested quantifier'],
    ['(x|)+', '(x|)+', 0, 'overlapping alternatives'],
    ['(a|ab){0,20}', '(a|ab){0,20}', 0, 'overlapping alternatives'],
    ['(?:是|是的)+', '(?:是|是的)+', 0, 'overlapping alternatives'],
    ['(?:[a-c]|b)*', '(?:[a-c]|b)*', 0, 'overlapping alternatives'],
    ['(\\w\\d|\\d\\w)+', '(\\w\\d|\\d\\w)+', 0, 'overlapping alternatives'],
  ])('refuses %s at %j', (pattern, part, index, wording) => {
    const result = outcome(pattern);
    expect(result.ok ? null : result.problem).toMatchObject({ code: 'REGEX_CATASTROPHIC', part, index });
    expect(result.ok ? '' : result.problem.en).toContain(wording);
  });

  it('refuses ambiguity that only case folding creates when insensitive', () => {
    expect(outcome('(?:vx|VX)+', true).ok).toBe(true);
    expect(outcome('(?:vx|VX)+', false)).toMatchObject({ ok: false, problem: { part: '(?:vx|VX)+', index: 0 } });
  });

  it('stays quick on a long keyword list under a repetition', () => {
    const words = Array.from({ length: 300 }, (_, i) => `关键词${i.toString(36)}号`);
    const result = outcome(`(?:${words.join('|')})+`);
    expect(result.ok && result.regex.test(`关键词a号关键词b号`)).toBe(true);
    const overlapping = outcome(`(?:${[...words, '关键词'].join('|')})+`);
    expect(overlapping.ok ? null : overlapping.problem.code).toBe('REGEX_CATASTROPHIC');
  });
});
