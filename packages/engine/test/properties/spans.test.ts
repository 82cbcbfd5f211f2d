/**
 * Property (2): spans map back to the original text after normalisation. For random texts with full-width
 * and upper-case letters and a keyword rule, every evidence span is the original text at [start, end),
 * folds to its keyword, and the evidence is exactly the leftmost non-overlapping whole-word occurrences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRule } from '../../src/compile/compile-rule.js';
import { inspect } from '../../src/match/inspect.js';
import { foldText, isAsciiOnly, standsAlone } from '../../src/text/fold.js';

const PIECES = ['a', 'A', 'ａ', 'Ａ', 'b', 'B', 'ｂ', 'Ｂ', '1', '１', '-', ' ', '\u3000', '好', '的', '，', '😀'];
const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(''));
const keywordArb = fc
  .array(fc.constantFrom('a', 'A', 'ａ', 'b', 'Ｂ', '1', '-', '好', '的'), { minLength: 1, maxLength: 3 })
  .map((p) => p.join(''));

/** Leftmost non-overlapping occurrences of `keyword` in `text` that pass the whole-word rule. */
function expected(text: string, keyword: string): [number, number][] {
  const folded = foldText(text);
  const k = foldText(keyword);
  const out: [number, number][] = [];
  let from = 0;
  for (let at = folded.indexOf(k, from); at >= 0; at = folded.indexOf(k, from)) {
    if (isAsciiOnly(k) && !standsAlone(text, at, at + k.length)) {
      from = at + 1;
      continue;
    }
    out.push([at, at + k.length]);
    from = at + k.length;
  }
  return out;
}

describe('evidence spans map back to the original text', () => {
  it('for HIT_ANY_KEYWORDS over random messages', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keywordArb, { minLength: 1, maxLength: 4, selector: (k) => foldText(k) }),
        fc.array(textArb, { minLength: 1, maxLength: 4 }),
        (keywords, texts) => {
          const compiled = compileRule({
            id: 'r',
            conditionConfig: {
              conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }] }],
            },
          });
          const result = inspect(compiled, {
            sessionId: 's',
            messages: texts.map((text) => ({ role: 'CUSTOMER', text })),
          });
          const hits = result.rules[0]!.conditions[0]!.hits;
          for (const e of hits) {
            const original = texts[e.message]!;
            expect(e.text).toBe(original.slice(e.start, e.end));
            expect(foldText(e.text)).toBe(foldText(e.keyword!));
          }
          // exactly the expected occurrences, keyword by keyword
          const want = texts
            .flatMap((text, message) =>
              keywords.flatMap((keyword) => expected(text, keyword).map(([s, t]) => `${message}:${s}:${t}:${keyword}`)),
            )
            .sort();
          const got = hits.map((e) => `${e.message}:${e.start}:${e.end}:${e.keyword}`).sort();
          expect(got).toEqual(want);
          expect(result.rules[0]!.hit).toBe(want.length > 0);
        },
      ),
      { numRuns: 400 },
    );
  });
});
