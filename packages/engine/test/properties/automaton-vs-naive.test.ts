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
