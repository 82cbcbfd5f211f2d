/**
 * The session's own compacting (a table learnt from compactText, used to skip texts whose lengths rule out
 * similarity and to build compacted texts without the regex pass) agrees with compactText exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactedLengthOf, compactedTextOf } from '../../src/match/session-context.js';
import { compactText } from '../../src/text/compact.js';

// Width, case, white space, CJK and ASCII punctuation, symbols, emoji with modifiers, joiners, variation
// selectors, keycaps, tag sequences (England's flag), lone surrogates, and letters whose case folding is special.
const PIECES = [
  'a',
  'A',
  'Ａ',
  '１',
  ' ',
  '\u3000',
  '，',
  '。',
  '！',
  '!',
  '好',
  '的',
  '😀',
  '👍🏽',
  '\u200d',
  '\ufe0f',
  '\ufe0e',
  '\u20e3',
  '#️⃣',
  '\ud83d',
  '\ude00',
  'ſ',
  'K',
  '\t',
  '\n',
  '©',
  '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  'ß',
  'İ',
  'Σ',
  '￥',
  '…',
];
const textArb = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('compactedTextOf / compactedLengthOf agree with compactText', () => {
  it('on the pieces one by one', () => {
    for (const piece of PIECES) {
      expect(compactedTextOf(piece)).toBe(compactText(piece));
      expect(compactedLengthOf(piece)).toBe(compactText(piece).length);
    }
  });

  it('on random texts of those pieces and random code units', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const expected = compactText(text);
        expect(compactedTextOf(text)).toBe(expected);
        expect(compactedLengthOf(text)).toBe(expected.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('returns the text itself when nothing is dropped or folded, and builds long texts in chunks', () => {
    const plain = '您好请问有什么可以帮您';
    expect(compactedTextOf(plain)).toBe(plain);
    const long = '好，'.repeat(10_000);
    expect(compactedTextOf(long)).toBe('好'.repeat(10_000));
  });
});
