/**
 * The scan's fast paths (hits in typed arrays sorted by insertion, one push for a pattern with a sole owner, the
 * answer straight from the hit list when one pass cannot report a hit twice, the selection remembered per sender)
 * answer exactly what the general path answers, and `count` is the number of matches `scan` answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCensorGeneral } from '../../src/censor/compile-censor.js';
import {
  type CensorLibrary,
  type CensorLibraryOptions,
  type CensorMessage,
  CONTACT_CATEGORIES,
  compileCensor,
} from '../../src/censor/index.js';

// Small alphabets so that words occur often and overlap: Han (a traditional/simplified pair, a numeral), ASCII in
// both widths and cases, a circled digit and letter, noise.
const LETTERS = ['傻', '逼', '说', '說', '话', '一', 'a', 'A', 'ａ', 's', '6', '9', '①', 'Ⓐ', '1', '3', '8'];
const NOISES = [' ', '*', '，', '-', '😀', '@', '.'];
const wordArb = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
const textArb = fc.array(fc.constantFrom(...LETTERS, ...NOISES), { maxLength: 60 }).map((p) => p.join(''));
const optionsArb: fc.Arbitrary<CensorLibraryOptions> = fc.record(
  {
    skipNoise: fc.integer({ min: 0, max: 2 }),
    traditional: fc.boolean(),
    numberStyles: fc.boolean(),
    letterStyles: fc.boolean(),
    repeats: fc.boolean(),
    classBoundaries: fc.boolean(),
    allowWords: fc.array(wordArb, { maxLength: 2 }),
    categories: fc.subarray([...CONTACT_CATEGORIES]),
  },
  { requiredKeys: [] },
);
const libraryArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`lib ${id}`),
    words: fc.array(wordArb, { minLength: 1, maxLength: 6 }),
    operation: fc.constantFrom('REPORT', 'FUZZY', 'ABORT') as fc.Arbitrary<CensorLibrary['operation']>,
    status: fc.constant('ACTIVE') as fc.Arbitrary<CensorLibrary['status']>,
    flag: fc.constantFrom('cs-agent', 'cs-customer') as fc.Arbitrary<CensorLibrary['flag']>,
  });
const messageArb: fc.Arbitrary<CensorMessage> = fc.record({
  role: fc.constantFrom('CUSTOMER', 'AGENT', 'customer'),
  staffId: fc.constantFrom(undefined, 7, '7'),
});

describe('censor fast paths', () => {
  it('scan on the fast paths equals the general path, message after message on one scanner; count = matches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(libraryArb('a'), libraryArb('b')), { minLength: 1, maxLength: 2 }),
        fc.option(optionsArb, { nil: undefined }),
        fc.array(fc.tuple(textArb, messageArb), { minLength: 1, maxLength: 4 }),
        (libraries, options, messages) => {
          const distinct = libraries.map((library, i) => ({ ...library, id: `${library.id}${i}` }));
          const libs = { libraries: Object.fromEntries(distinct.map((l) => [l.id, options ?? {}])) };
          const fast = compileCensor(distinct, libs);
          const general = compileCensorGeneral(distinct, libs);
          for (const [text, message] of messages) {
            const answer = fast.scan(text, message);
            expect(answer).toEqual(general.scan(text, message));
            expect(JSON.stringify(answer)).toBe(JSON.stringify(general.scan(text, message)));
            expect(fast.count(text, message)).toBe(answer.matches.length);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the default options on dense text: plain pass, hundreds of overlapping hits, same answer as the general path', () => {
    fc.assert(
      fc.property(
        fc.array(wordArb, { minLength: 5, maxLength: 40 }),
        fc.array(fc.constantFrom(...LETTERS.slice(0, 8), ' '), { minLength: 200, maxLength: 800 }),
        (words, units) => {
          const text = units.join('');
          const library: CensorLibrary = {
            id: 1,
            name: 'd',
            words,
            operation: 'FUZZY',
            status: 'ACTIVE',
            flag: 'cs-customer',
          };
          const answer = compileCensor([library]).scan(text, { role: 'CUSTOMER' });
          expect(answer).toEqual(compileCensorGeneral([library]).scan(text, { role: 'CUSTOMER' }));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('nested words far out of start order (the insertion sort gives up and sorts the run whole): spans in order', () => {
    const words = Array.from({ length: 30 }, (_, i) => '傻'.repeat(i + 1));
    const text = `${'傻'.repeat(200)}话${'傻'.repeat(40)}`;
    const library: CensorLibrary = {
      id: 1,
      name: 'n',
      words,
      operation: 'REPORT',
      status: 'ACTIVE',
      flag: 'cs-customer',
    };
    const { matches } = compileCensor([library]).scan(text, { role: 'CUSTOMER' });
    expect(matches).toEqual(compileCensorGeneral([library]).scan(text, { role: 'CUSTOMER' }).matches);
    // every substring of a run of 傻 up to 30 long: 200 runs give Σ min(30, …) matches, the 40 run likewise
    const inRun = (n: number) => Array.from({ length: Math.min(30, n) }, (_, k) => n - k).reduce((s, x) => s + x, 0);
    expect(matches).toHaveLength(inRun(200) + inRun(40));
    expect(matches.slice(0, 3).map((m) => [m.start, m.end])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    for (let k = 1; k < matches.length; k++) {
      const [a, b] = [matches[k - 1]!, matches[k]!];
      expect(a.start < b.start || (a.start === b.start && a.end < b.end)).toBe(true);
    }
  });
});
