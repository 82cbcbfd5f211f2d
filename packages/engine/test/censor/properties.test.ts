/** Properties of the censor scanner against brute force: the naive scan, the noise-free span, the masked text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CensorLibrary, compileCensor, foldTraditional } from '../../src/censor/index.js';
import { foldText, isAsciiOnly, standsAlone } from '../../src/text/fold.js';

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
  it('(1) without options the scanner finds exactly what a naive indexOf scan finds', () => {
    fc.assert(
      fc.property(fc.array(wordArb, { minLength: 1, maxLength: 6 }), textArb, (words, text) => {
        const result = compileCensor([customer(words)]).scan(text, { role: 'CUSTOMER' });
        expect(result.matches.map((m) => [m.word, m.start, m.end])).toEqual(naive(words, text));
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
