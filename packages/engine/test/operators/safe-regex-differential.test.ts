/**
 * Differential tests: the safe matcher (RE2 translation, literal prefilter) against the naive
 * paths — XRegExp's own backtracking matcher and a native `u`-mode RegExp of the lexed pattern —
 * and the prefilter against running the engine on every text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import XRegExp from 'xregexp';
import { compileSafeRegex, type SafeRegex } from '../../src/operators/regular-expression/safe-regex.js';
import { lexXRegExp, nativeRegExpOf } from '../../src/operators/regular-expression/xregexp-syntax.js';

type Span = [number, number];

function safe(pattern: string, caseSensitive: boolean, prefilter = true): SafeRegex | null {
  const result = compileSafeRegex(pattern, { caseSensitive, prefilter });
  return result.ok ? result.regex : null;
}

function safeSpans(regex: SafeRegex, text: string): Span[] {
  return regex.matchAll(text).map(({ start, end }) => [start, end]);
}

/** Native matches, minus empty ones V8 reports inside a surrogate pair (we never stop there). */
function nativeSpans(regex: RegExp, text: string): Span[] {
  const insidePair = (i: number): boolean =>
    /[\ud800-\udbff]/.test(text[i - 1] ?? '') && /[\udc00-\udfff]/.test(text[i] ?? '');
  return [...text.matchAll(regex)]
    .map((m): Span => [m.index, m.index + m[0].length])
    .filter(([start]) => !insidePair(start));
}

function xregexpSpans(pattern: string, caseSensitive: boolean, text: string): Span[] {
  return nativeSpans(XRegExp(pattern, caseSensitive ? 'g' : 'gi'), text);
}

/** no astral characters and no lone surrogates */
function bmpOnly(text: string): boolean {
  return [...text].every((ch) => ch.length === 1 && !/[\ud800-\udfff]/.test(ch));
}

const BMP_CHARS = ['a', 'b', 'A', 'B', '退', '款', ' ', '，', '\n', '\u3000', '1', '-', ':', '{', 'é', 'É'];
const ASTRAL_CHARS = ['😀', '😁', '𠀀', '\ud800'];
const bmpText = fc.string({ unit: fc.constantFrom(...BMP_CHARS), maxLength: 14 });
const anyText = fc.string({ unit: fc.constantFrom(...BMP_CHARS, ...ASTRAL_CHARS), maxLength: 14 });

/** Asserts the safe matcher agrees with every naive path on `text`. */
function agree(pattern: string, caseSensitive: boolean, text: string, withXRegExp: boolean): void {
  const fast = safe(pattern, caseSensitive);
  const slow = safe(pattern, caseSensitive, false);
  if (fast === null || slow === null) throw new Error(`${pattern} should compile`);
  const expected = nativeSpans(nativeRegExpOf(lexXRegExp(pattern), caseSensitive), text);
  const actual = safeSpans(fast, text);
  expect(actual).toEqual(expected);
  expect(safeSpans(slow, text)).toEqual(expected);
  expect(fast.test(text)).toBe(expected.length > 0);
  expect(slow.test(text)).toBe(expected.length > 0);
  if (withXRegExp) expect(actual).toEqual(xregexpSpans(pattern, caseSensitive, text));
}

const ACCEPTED = [
  '退款',
  '你.*态度',
  '(退款|退货).{0,10}(不行|不能)',
  '\\p{Han}+',
  '[\\p{Han}]{2,}(退|款)',
  'a.*b',
  '(?:ab|ba)+',
  '(a|b)+?',
  '\\s+',
  '\\S+',
  '[^a ]+',
  '[^]',
  '.',
  'a*',
  'b?',
  '^a',
  'a$',
  '\\ba',
  '\\Ba',
  '\\w+',
  '\\W',
  '\\d{1,2}',
  '(\\d+,)+\\d+',
  '(?<n>a+)b',
  'a{2,3}',
  'a{2}?',
  'a+?b',
  '退款\\s*，',
  '[:：-]',
  '(?:微信|vx|v信)[:：]?\\s*\\w+',
  '\\p{^Han}{2}',
  '[\\p{Han}\\s]+',
  '[\\d-z]+',
  '\\-\\:',
  'a{',
  '(?i)A',
  '(?s).b',
  '(?x) a b # comment',
  '(退款|a+)b?',
  '(?:退|b*)款',
  '(?:[ab]|款退)\\d?',
];

describe('the safe matcher agrees with the naive paths', () => {
  it.each(ACCEPTED)('%s (table of accepted patterns, random texts)', (pattern) => {
    for (const caseSensitive of [true, false]) {
      expect(safe(pattern, caseSensitive)).not.toBeNull();
      fc.assert(
        fc.property(bmpText, (text) => agree(pattern, caseSensitive, text, true)),
        { numRuns: 60 },
      );
      fc.assert(
        fc.property(anyText, (text) => agree(pattern, caseSensitive, text, false)),
        { numRuns: 30 },
      );
    }
  });

  // random patterns: every one that compiles must match like the naive paths
  const atoms = fc.constantFrom(
    'a',
    'b',
    'A',
    '退',
    '款',
    ' ',
    '，',
    '.',
    '\\s',
    '\\S',
    '\\w',
    '\\W',
    '\\d',
    '[ab]',
    '[^a]',
    '[^]',
    '\\p{Han}',
    '\\P{Han}',
    '[\\p{Han}a]',
    '[\\s\\S]',
    '\\-',
    '\\u0061',
    '[a-c]',
    '(?:)',
    '[\\d-z]',
    '\\pL',
    '\\p{White_Space}',
    '[:：]',
    '😀',
  );
  const assertions = fc.constantFrom('^', '$', '\\b', '\\B');
  const quantifiers = fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,2}', '*?', '+?', '??', '{2,}');
  const { sequence } = fc.letrec((tie) => ({
    group: fc
      .tuple(tie('sequence'), fc.option(tie('sequence'), { nil: undefined }))
      .map(([left, right]) => (right === undefined ? `(${left})` : `(${left}|${right})`)),
    piece: fc.oneof(
      { depthSize: 'small' },
      fc.tuple(atoms, quantifiers).map(([atom, q]) => atom + q),
      assertions,
      fc.tuple(tie('group'), quantifiers).map(([group, q]) => String(group) + q),
    ),
    sequence: fc.array(tie('piece'), { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join('')),
  }));
  const randomPattern = fc.tuple(fc.constantFrom('', '', '', '(?i)', '(?s)'), sequence).map(([m, s]) => m + String(s));

  it('on random patterns and random texts', () => {
    let compared = 0;
    fc.assert(
      fc.property(randomPattern, fc.boolean(), fc.array(anyText, { minLength: 1, maxLength: 6 }), (p, cs, texts) => {
        if (safe(p, cs) === null) return;
        compared++;
        // XRegExp reads astral characters as two code units: compare with it on the BMP only
        for (const text of texts) agree(p, cs, text, bmpOnly(p + text) && !p.includes('\\u{'));
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(200);
  });
});
