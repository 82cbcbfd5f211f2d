/** Properties of the censor scanner against brute force: the naive scan, the noise-free span, the masked text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CensorLibrary,
  type CensorLibraryOptions,
  compileCensor,
  foldTraditional,
} from '../../src/censor/index.js';
import { foldText, isAsciiOnly, standsAlone } from '../../src/text/fold.js';
import { naiveCensor } from './naive-censor.js';

const NOISE = /[\s\p{P}\p{S}]/u;
// Small alphabets so that words occur often: Han (one pair traditional/simplified), ASCII letters and digits in
// both widths and cases, and noise (space, ideographic space, punctuation, a symbol, an emoji).
const LETTERS = ['傻', '逼', '说', '說', '话', 'a', 'A', 'ａ', 's', '6', '9'];
const NOISES = [' ', '\u3000', '*', '，', '-', '😀'];
const wordArb = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
const textArb = fc.array(fc.constantFrom(...LETTERS, ...NOISES), { maxLength: 40 }).map((p) => p.join(''));

function customer(words: string[], operation: CensorLibrary['operation'] = 'REPORT'): CensorLibrary {
  return { id: 1, name: 'p', words, operation, status: 'ACTIVE', flag: 'cs-customer' };
}

/** Every occurrence of every word by indexOf on the folded text, ASCII words whole; one spelling per folded word. */
function naive(words: readonly string[], text: string): [string, number, number][] {
  const folded = foldText(text);
  const seen = new Set<string>();
  const found: [string, number, number, number][] = [];
  words.forEach((word, w) => {
    const p = foldText(word);
    if (seen.has(p)) return;
    seen.add(p);
    for (let at = folded.indexOf(p); at >= 0; at = folded.indexOf(p, at + 1)) {
      if (isAsciiOnly(p) && !standsAlone(text, at, at + p.length)) continue;
      found.push([word, at, at + p.length, w]);
    }
  });
  found.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
  return found.map(([word, start, end]) => [word, start, end]);
}

function withoutNoise(s: string): string {
  return [...s].filter((c) => !NOISE.test(c)).join('');
}

describe('censor properties', () => {
  it('(1) with every option off the scanner finds exactly what a naive indexOf scan finds (the rules before issue 16)', () => {
    fc.assert(
      fc.property(fc.array(wordArb, { minLength: 1, maxLength: 6 }), textArb, (words, text) => {
        const result = compileCensor([customer(words)], { defaults: { classBoundaries: false } }).scan(text, {
          role: 'CUSTOMER',
        });
        expect(result.matches.map((m) => [m.word, m.start, m.end])).toEqual(naive(words, text));
      }),
      { numRuns: 300 },
    );
  });

  it('(1b) with the default options (class boundaries) the scanner equals the naive reference', () => {
    fc.assert(
      fc.property(fc.array(wordArb, { minLength: 1, maxLength: 6 }), textArb, (words, text) => {
        const result = compileCensor([customer(words)]).scan(text, { role: 'CUSTOMER' });
        expect(result.matches.map((m) => [m.word, m.start, m.end])).toEqual(naiveCensor(words, text));
      }),
      { numRuns: 300 },
    );
  });

  it('(2) with noise skipping, each span is the folded word once its noise is dropped, with at most k noise', () => {
    fc.assert(
      fc.property(
        fc.array(wordArb, { minLength: 1, maxLength: 6 }),
        textArb,
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (words, text, k, traditional) => {
          const scanner = compileCensor([customer(words)], { defaults: { skipNoise: k, traditional } });
          const fold = (s: string) => (traditional ? foldTraditional(foldText(s)) : foldText(s));
          for (const m of scanner.scan(text, { role: 'CUSTOMER' }).matches) {
            const span = text.slice(m.start, m.end);
            expect(fold(withoutNoise(span))).toBe(fold(m.word));
            expect([...span].filter((c) => NOISE.test(c)).length).toBeLessThanOrEqual(k);
            expect(NOISE.test([...span][0]!)).toBe(false);
            expect(NOISE.test([...span].at(-1)!)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('(2b) a word written with up to k noise characters inside (and traditionally) is found at exactly its span', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('傻', '逼', '说', '话'), { minLength: 2, maxLength: 4 }),
        fc.array(fc.constantFrom(...NOISES), { maxLength: 3 }),
        fc.string({ maxLength: 5 }),
        fc.boolean(),
        (chars, noise, before, traditional) => {
          let written: string = chars[0]!;
          for (let i = 1; i < chars.length; i++) written += (noise[i - 1] ?? '') + (chars[i] ?? '');
          if (traditional) written = written.replaceAll('说', '說').replaceAll('话', '話');
          const k = noise.slice(0, chars.length - 1).length;
          const text = `${before}${written}`;
          const scanner = compileCensor([customer([chars.join('')])], { defaults: { skipNoise: k, traditional } });
          const spans = scanner.scan(text, { role: 'CUSTOMER' }).matches.map((m) => [m.start, m.end]);
          expect(spans).toContainEqual([before.length, text.length]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('(3) the masked text has the input’s length and differs only inside match spans (all starred under FUZZY)', () => {
    fc.assert(
      fc.property(
        fc.array(wordArb, { minLength: 1, maxLength: 6 }),
        textArb,
        fc.constantFrom<CensorLibrary['operation']>('REPORT', 'FUZZY', 'ABORT'),
        fc.integer({ min: 0, max: 2 }),
        (words, text, operation, k) => {
          const result = compileCensor([customer(words, operation)], { defaults: { skipNoise: k } }).scan(text, {
            role: 'CUSTOMER',
          });
          expect(result.masked.length).toBe(text.length);
          const inSpan = new Uint8Array(text.length);
          for (const m of result.matches) inSpan.fill(1, m.start, m.end);
          for (let i = 0; i < text.length; i++) {
            if (inSpan[i] === 0) expect(result.masked[i]).toBe(text[i]);
            else if (result.operation === 'FUZZY') expect(result.masked[i]).toBe('*');
          }
          if (result.operation !== 'FUZZY') expect(result.masked).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// Styled characters for the folds: Chinese and circled digits, styled and accented letters, a combining mark, an
// astral mathematical letter and digit, an expansion (⑪), plus runs come from the small alphabet.
const STYLED = ['三', '3', '③', '⑥', '⑪', '𝟗', 'Ⓐ', 'ⓢ', '𝐚', 'é', '\u0301', 'S', '說', '话'];
const foldTextArb = fc
  .array(fc.constantFrom(...LETTERS, ...NOISES, ...STYLED), { maxLength: 30 })
  .map((p) => p.join(''));
const foldWordArb = fc
  .array(fc.constantFrom('傻', '逼', '说', '话', 'a', 's', 'S', '6', '9', '3', '三', 'Ⓐ', '1', '*'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((p) => p.join(''));
const optionsArb = fc.record({
  skipNoise: fc.integer({ min: 0, max: 2 }),
  traditional: fc.boolean(),
  numberStyles: fc.boolean(),
  letterStyles: fc.boolean(),
  repeats: fc.boolean(),
  classBoundaries: fc.boolean(),
});

describe('censor properties with the folding options', () => {
  it('(4) for any mix of options the automaton path equals the naive reference', () => {
    fc.assert(
      fc.property(fc.array(foldWordArb, { minLength: 1, maxLength: 5 }), foldTextArb, optionsArb, (words, text, o) => {
        const result = compileCensor([customer(words)], { defaults: o }).scan(text, { role: 'CUSTOMER' });
        expect(result.matches.map((m) => [m.word, m.start, m.end])).toEqual(naiveCensor(words, text, o));
      }),
      {
        numRuns: 600,
        // once found by chance: a mark after noise belongs to the noise, so a one-character word's span stays its own
        examples: [
          [
            ['傻'],
            '傻😀\u0301',
            {
              skipNoise: 1,
              traditional: false,
              numberStyles: false,
              letterStyles: true,
              repeats: false,
              classBoundaries: true,
            },
          ],
        ],
      },
    );
  });

  it('(5) libraries with different options in one scanner each find what they find alone', () => {
    fc.assert(
      fc.property(
        fc.array(foldWordArb, { minLength: 1, maxLength: 4 }),
        fc.array(foldWordArb, { minLength: 1, maxLength: 4 }),
        foldTextArb,
        optionsArb,
        optionsArb,
        (wordsA, wordsB, text, a, b) => {
          const libA: CensorLibrary = { ...customer(wordsA), id: 'a' };
          const libB: CensorLibrary = { ...customer(wordsB), id: 'b' };
          const both = compileCensor([libA, libB], { libraries: { a, b } }).scan(text, { role: 'CUSTOMER' });
          const alone = (lib: CensorLibrary, o: CensorLibraryOptions) =>
            compileCensor([lib], { defaults: o })
              .scan(text, { role: 'CUSTOMER' })
              .matches.map((m) => [m.word, m.start, m.end]);
          const of = (id: string) => both.matches.filter((m) => m.banId === id).map((m) => [m.word, m.start, m.end]);
          expect(of('a')).toEqual(alone(libA, a));
          expect(of('b')).toEqual(alone(libB, b));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('(2c) a word written in styled characters with up to k noise characters inside is found at exactly its span', () => {
    const styles: Record<string, string[]> = {
      '3': ['3', '三', '③', '𝟑', '³'],
      a: ['a', 'Ⓐ', '𝐚', 'á', 'ａ'],
      s: ['s', 'ⓢ', 'S', '𝐬'],
      傻: ['傻'],
    };
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('3', 'a', 's', '傻'), { minLength: 2, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.array(fc.constantFrom(...NOISES), { maxLength: 3 }),
        (chars, picks, noise) => {
          let written = '';
          chars.forEach((c, i) => {
            const forms = styles[c]!;
            written += (i > 0 ? (noise[i - 1] ?? '') : '') + forms[picks[i]! % forms.length];
          });
          const k = noise.slice(0, chars.length - 1).length;
          const text = `说 ${written} 话`;
          const scanner = compileCensor([customer([chars.join('')])], {
            defaults: { skipNoise: k, numberStyles: true, letterStyles: true },
          });
          const spans = scanner.scan(text, { role: 'CUSTOMER' }).matches.map((m) => [m.start, m.end]);
          expect(spans).toContainEqual([2, 2 + written.length]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('(6) a word written with its characters repeated is found at exactly its span (repeats)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('傻', '逼', 'f', 'u', 'c', 'k'), { minLength: 2, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }),
        (chars, times) => {
          // the word's own runs collapse too, so compare with a word without adjacent repeats
          const word = chars.filter((c, i) => c !== chars[i - 1]).join('');
          const written = [...word].map((c, i) => c.repeat(times[i]!)).join('');
          const text = `说 ${written} 话`;
          const scanner = compileCensor([customer([word])], { defaults: { repeats: true } });
          const spans = scanner.scan(text, { role: 'CUSTOMER' }).matches.map((m) => [m.start, m.end]);
          expect(spans).toContainEqual([2, 2 + written.length]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
