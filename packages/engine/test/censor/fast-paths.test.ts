/**
 * The scan's fast paths (hits in typed arrays sorted by insertion, one push for a pattern with a sole owner, the
 * answer straight from the hit list when one pass cannot report a hit twice, the selection remembered per sender)
 * answer exactly what the general path answers, and `count` is the number of matches `scan` answers. Answers are
 * lazy (their matches and masked text are made when first read: from a copy of the kept hits, or, when the gate only
 * counted them, from the text read again), so they are also read after later scans, in any order.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileCensorGeneral, gateReadsBy } from '../../src/censor/compile-censor.js';
import {
  type CensorLibrary,
  type CensorLibraryOptions,
  type CensorMessage,
  type CensorResult,
  type CensorScanner,
  CONTACT_CATEGORIES,
  compileCensor as compileAuto,
} from '../../src/censor/index.js';

/** How the scanners of a block read the plain pass: the gate on the tally table, or by the scan (sparse text). */
let way: 'table' | 'scan' = 'table';
function compileCensor(...args: Parameters<typeof compileAuto>): CensorScanner {
  const scanner = compileAuto(...args);
  gateReadsBy(scanner, way);
  return scanner;
}

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

/** Every field of an answer, read now (an answer's matches and masked text are getters). */
const plain = (result: CensorResult) => ({
  matches: result.matches,
  count: result.count,
  operation: result.operation,
  masked: result.masked,
});

describe.each(['table', 'scan'] as const)('censor fast paths, the gate reading by the %s', (reading) => {
  beforeAll(() => {
    way = reading;
  });

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
            expect(plain(answer)).toEqual(plain(general.scan(text, message)));
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
          expect(plain(answer)).toEqual(plain(compileCensorGeneral([library]).scan(text, { role: 'CUSTOMER' })));
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

  it('answers read after later scans, in any order, equal the general path (masked before matches too)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(libraryArb('a'), libraryArb('b')), { minLength: 1, maxLength: 2 }),
        fc.array(fc.tuple(textArb, messageArb, fc.boolean()), { minLength: 1, maxLength: 8 }),
        fc.func(fc.integer()),
        (libraries, messages, shuffle) => {
          const distinct = libraries.map((library, i) => ({ ...library, id: `${library.id}${i}` }));
          const fast = compileCensor(distinct);
          const general = compileCensorGeneral(distinct);
          // every answer kept unread while the scanner goes on (count calls in between give their hits back)
          const answers = messages.map(([text, message]) => {
            const answer = fast.scan(text, message);
            fast.count(text, message);
            return answer;
          });
          const order = answers.map((_, k) => k).sort((x, y) => shuffle(x) - shuffle(y) || x - y);
          for (const k of order) {
            const [text, message, maskedFirst] = messages[k]!;
            const expected = plain(general.scan(text, message));
            const answer = answers[k]!;
            if (maskedFirst) expect(answer.masked).toBe(expected.masked);
            expect(plain(answer)).toEqual(expected);
            expect(answer.count).toBe(answer.matches.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers of long dense texts stay whole while 200 of them wait unread (about 260 k matches counted, not kept)', () => {
    const library: CensorLibrary = {
      id: 1,
      name: 'd',
      words: ['傻', '傻傻', '逼'],
      operation: 'FUZZY',
      status: 'ACTIVE',
      flag: 'cs-customer',
    };
    const scanner = compileCensor([library]);
    const texts = Array.from({ length: 200 }, (_, k) => `${'傻'.repeat(600 + k)}逼`);
    const answers = texts.map((text) => scanner.scan(text, { role: 'CUSTOMER' }));
    // 200 texts of 600+ 傻: about 260 k matches, each answer's made from its own text when read
    expect(answers.reduce((n, a) => n + a.count, 0)).toBeGreaterThan(200_000);
    const general = compileCensorGeneral([library]);
    answers.forEach((answer, k) => {
      const expected = plain(general.scan(texts[k]!, { role: 'CUSTOMER' }));
      expect(plain(answer)).toEqual(expected);
      expect(answer.matches[answer.count - 1]).toMatchObject({ word: '逼', start: 600 + k, end: 601 + k });
      expect(answer.masked).toBe('*'.repeat(601 + k));
    });
  });

  it('an answer serialises whole: JSON has every field', () => {
    const scanner = compileCensor([
      { id: 1, name: 'd', words: ['傻逼'], operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer' },
    ]);
    const answer = scanner.scan('你傻逼', { role: 'CUSTOMER' });
    const match = { banId: 1, libraryName: 'd', word: '傻逼', start: 1, end: 3, operation: 'FUZZY' };
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      matches: [match],
      count: 1,
      operation: 'FUZZY',
      masked: '你**',
    });
  });
});
