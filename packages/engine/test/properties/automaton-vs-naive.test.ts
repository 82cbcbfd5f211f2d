/** Property (1): the automaton finds exactly what the naive scan finds, in the same order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AhoCorasick } from '../../src/automaton/aho-corasick.js';
import { MatchList } from '../../src/automaton/match-list.js';
import { naiveScan } from '../../src/automaton/naive-matcher.js';
import { foldText } from '../../src/text/fold.js';

// A small alphabet so that patterns occur often: letters in both cases and widths, digits, Chinese,
// the ideographic space, and two emoji sharing a high surrogate.
const UNITS = ['a', 'b', 'A', 'B', 'ａ', 'Ｂ', '1', '１', ' ', '\u3000', '好', '的', '好的'];
const PIECES = [...UNITS, '😀', '😁'];

const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));
const patternArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

/** Patterns distinct after folding (the automaton's contract), first spelling kept. */
function distinctFolded(patterns: readonly string[], caseSensitive: boolean): string[] {
  const seen = new Set<string>();
  return patterns.filter((p) => {
    const key = foldText(p, caseSensitive);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function pairs(list: MatchList): [number, number][] {
  return Array.from({ length: list.length }, (_, k) => [list.patterns[k]!, list.ends[k]!]);
}

describe('AhoCorasick agrees with naiveScan', () => {
  it('on random texts and random pattern sets, case-insensitive and case-sensitive', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 1, maxLength: 8 }),
        fc.array(textArb, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (raw, texts, caseSensitive, prefold) => {
          const distinct = distinctFolded(raw, caseSensitive);
          // the contract asks for folded patterns; unfolded ones must work the same
          const patterns = prefold ? distinct.map((p) => foldText(p, caseSensitive)) : distinct;
          const automaton = new AhoCorasick(patterns, caseSensitive);
          const fast = new MatchList(1);
          const slow = new MatchList(1);
          // one automaton, reused across texts (as SessionContext does)
          for (const text of texts) {
            fast.clear();
            slow.clear();
            automaton.scan(text, fast);
            naiveScan(patterns, text, slow, caseSensitive);
            expect(pairs(fast)).toEqual(pairs(slow));
            // every reported end is a real occurrence of that pattern
            for (const [id, end] of pairs(fast)) {
              const start = end - automaton.patternLength[id]!;
              expect(foldText(text.slice(start, end), caseSensitive)).toBe(foldText(patterns[id]!, caseSensitive));
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on texts built from the patterns themselves (many overlapping hits)', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (raw, picks) => {
          const patterns = distinctFolded(raw, false);
          const text = picks.map((k) => patterns[k % patterns.length]!.toUpperCase()).join('');
          const fast = new MatchList();
          const slow = new MatchList();
          new AhoCorasick(patterns).scan(text, fast);
          naiveScan(patterns, text, slow);
          expect(pairs(fast)).toEqual(pairs(slow));
          // the fast path did find something whenever the text is non-empty
          if (text.length > 0) expect(fast.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the prefilter and the double array agree with naiveScan, and the prefilter does skip', () => {
  // Patterns of three units or more (every-other-position skipping with triple confirmation), of any length
  // (pair skipping), with one-unit ones (which stop the skipping wherever they occur).
  const longArb = fc.array(fc.constantFrom(...PIECES), { minLength: 3, maxLength: 5 }).map((p) => p.join(''));
  const filler = fc.array(fc.constantFrom('x', 'y', 'z', '。', '你', '们', ' '), { minLength: 50, maxLength: 400 });

  it('on texts mostly made of units no pattern begins with, for patterns of three units or more', () => {
    fc.assert(
      fc.property(
        fc.array(longArb, { minLength: 1, maxLength: 8 }),
        filler,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        (raw, fill, picks, caseSensitive) => {
          const patterns = distinctFolded(raw, caseSensitive).filter((p) => p.length >= 3);
          if (patterns.length === 0) return;
          // patterns dropped here and there into the filler, upper-cased half the time
          const parts: string[] = [...fill];
          for (const [k, pick] of picks.entries()) {
            const p = patterns[pick % patterns.length]!;
            parts.splice((pick * 7 + k) % (parts.length + 1), 0, k % 2 === 0 ? p : p.toUpperCase());
          }
          const text = parts.join('');
          const automaton = new AhoCorasick(patterns, caseSensitive);
          const fast = new MatchList(1);
          const slow = new MatchList(1);
          automaton.scan(text, fast);
          naiveScan(patterns, text, slow, caseSensitive);
          expect(pairs(fast)).toEqual(pairs(slow));
          // the filler begins no pattern: most of it is skipped without stepping the automaton
          expect(automaton.stats.skipped).toBeGreaterThan(fill.length / 4);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on long texts dense in pattern starts: skipping switches itself off, is retried, and stays exact', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 2, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (raw, oneUnit, suffixes) => {
          const given = distinctFolded(raw, false);
          if (oneUnit && !given.includes('好')) given.push('好');
          // each pattern's suffixes too (distinct after folding): states with several outputs, written while
          // skipping is off
          const patterns = suffixes
            ? distinctFolded(
                [...given, ...given.flatMap((p) => [...p].map((_, k) => p.slice(k + 1)))].filter(Boolean),
                false,
              )
            : given;
          // 40 k units: the prefilter stops at almost every position, so it goes off and is tried again
          let text = '';
          for (let k = 0; text.length < 40_000; k++) text += `${patterns[k % patterns.length]!}好的`;
          const automaton = new AhoCorasick(patterns);
          const fast = new MatchList();
          const slow = new MatchList();
          automaton.scan(text, fast);
          naiveScan(patterns, text, slow);
          expect(pairs(fast)).toEqual(pairs(slow));
          expect(automaton.stats.switchedOff).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('with thousands of patterns (double-array placement, growth and collisions)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.array(fc.constantFrom(...'的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年'), {
            minLength: 1,
            maxLength: 5,
          }),
          { minLength: 500, maxLength: 3000, selector: (p) => p.join('') },
        ),
        fc.array(fc.constantFrom(...'的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年，。'), {
          maxLength: 300,
        }),
        (raw, chars) => {
          const patterns = raw.map((p) => p.join(''));
          const text = chars.join('');
          const fast = new MatchList();
          const slow = new MatchList();
          new AhoCorasick(patterns).scan(text, fast);
          naiveScan(patterns, text, slow);
          expect(pairs(fast)).toEqual(pairs(slow));
        },
      ),
      { numRuns: 15 },
    );
  });
});
