/**
 * Property: a tally (`AhoCorasick.tally`, over the resolved table or, for lists too large for one, over the scan's
 * hits) adds up exactly what weighing each hit `scan` reports gives, and hands exactly the asked patterns' hits to the
 * asker: in the scan's order, or, for a text of 1,024 units and more (read as two halves at once), in order within
 * each half.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AhoCorasick, type TallyAsker } from '../../src/automaton/aho-corasick.js';
import { MatchList } from '../../src/automaton/match-list.js';
import { TALLY_ASK } from '../../src/automaton/tally-table.js';
import { foldText } from '../../src/text/fold.js';

const PIECES = ['a', 'b', 'A', 'ａ', '1', ' ', '好', '的', '呢', '好的', '😀'];
const patternArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
/** a weight: a count of 0 or 1 and up to three flags, or (one time in four) asked */
const weightArb = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.nat(1), fc.nat(7)).map(([count, flags]) => count | (flags << 4)) },
  { weight: 1, arbitrary: fc.constant(TALLY_ASK) },
);

function distinctFolded(patterns: readonly string[]): string[] {
  const seen = new Set<string>();
  return patterns.filter((p) => {
    const key = foldText(p);
    if (seen.has(key) || key === '') return false;
    seen.add(key);
    return true;
  });
}

/** What the tally must give: each hit of `scan` weighed, the asked ones listed. */
function expected(automaton: AhoCorasick, weights: Uint8Array, text: string) {
  const list = new MatchList();
  automaton.scan(text, list);
  let count = 0;
  let flags = 0;
  const asked: [number, number][] = [];
  for (let h = 0; h < list.length; h++) {
    const w = weights[list.patterns[h]!]!;
    if (w === TALLY_ASK) asked.push([list.patterns[h]!, list.ends[h]!]);
    else {
      count += w & 0x0f;
      flags |= w & 0x70;
    }
  }
  return { count, flags, asked };
}

function tallied(
  automaton: AhoCorasick,
  weights: Uint8Array,
  text: string,
  stopAfter = Number.POSITIVE_INFINITY,
  /** how the tally reads (null: as the automaton goes, by the text) */
  way: 'table' | 'scan' | null = 'table',
) {
  if (way !== null) automaton.tallyBy(way);
  const asked: [number, number][] = [];
  const asker: TallyAsker = {
    ask(pattern, end) {
      asked.push([pattern, end]);
      return asked.length < stopAfter;
    },
  };
  const result = { count: 0, flags: 0, scanned: false };
  const finished = automaton.tally(text, automaton.tallyWeights(weights), asker, result);
  return { finished, count: result.count, flags: result.flags, asked };
}

describe('tally agrees with weighing the scan’s hits', () => {
  it('on random patterns, weights and texts (the resolved table)', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 1, maxLength: 10 }),
        fc.array(weightArb, { minLength: 10, maxLength: 10 }),
        fc.array(fc.constantFrom(...PIECES, '。', 'x'), { maxLength: 80 }),
        (raw, weightList, parts) => {
          const patterns = distinctFolded(raw);
          const automaton = new AhoCorasick(patterns);
          const weights = Uint8Array.from(patterns, (_, p) => weightList[p]!);
          expect(automaton.tallyWeights(weights).states).not.toBeNull();
          const text = parts.join('');
          const want = expected(automaton, weights, text);
          expect(tallied(automaton, weights, text)).toEqual({ finished: true, ...want });
          expect(tallied(automaton, weights, text, Number.POSITIVE_INFINITY, 'scan')).toEqual({
            finished: true,
            ...want,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on texts made of the patterns and their suffixes (deep states, many outputs each)', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.array(weightArb, { minLength: 40, maxLength: 40 }),
        (raw, picks, weightList) => {
          const given = distinctFolded(raw);
          const patterns = distinctFolded([...given, ...given.flatMap((p) => [...p].map((_, k) => p.slice(k)))]);
          const automaton = new AhoCorasick(patterns);
          const weights = Uint8Array.from(patterns, (_, p) => weightList[p % weightList.length]!);
          const text = picks.map((k) => patterns[k % patterns.length]!.toUpperCase()).join('');
          expect(tallied(automaton, weights, text)).toEqual({ finished: true, ...expected(automaton, weights, text) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on long texts, read as two halves at once: the same sums, each half’s asks in order, hits across the middle', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { minLength: 1, maxLength: 10 }),
        fc.array(weightArb, { minLength: 10, maxLength: 10 }),
        // pieces and whole patterns (deep states), so that hits cross the middle
        fc.array(fc.oneof(fc.constantFrom(...PIECES, '。'), fc.nat()), { minLength: 400, maxLength: 1200 }),
        fc.nat(40),
        (raw, weightList, parts, stop) => {
          const patterns = distinctFolded(raw);
          const automaton = new AhoCorasick(patterns);
          const weights = Uint8Array.from(patterns, (_, p) => weightList[p]!);
          const text = parts
            .map((part) => (typeof part === 'number' ? patterns[part % patterns.length]! : part))
            .join('');
          fc.pre(text.length >= 1024);
          const want = expected(automaton, weights, text);
          const got = tallied(automaton, weights, text);
          const mid = text.length >>> 1;
          expect({ ...got, asked: [] }).toEqual({ finished: true, count: want.count, flags: want.flags, asked: [] });
          // the first half's hits end at mid or before, the second's after it; each half's asks come in order
          expect(got.asked.filter(([, end]) => end <= mid)).toEqual(want.asked.filter(([, end]) => end <= mid));
          expect(got.asked.filter(([, end]) => end > mid)).toEqual(want.asked.filter(([, end]) => end > mid));
          // stopped: false, having asked `stop` + 1 of the hits, none twice
          if (stop < want.asked.length) {
            const stopped = tallied(automaton, weights, text, stop + 1);
            expect(stopped.finished).toBe(false);
            expect(stopped.asked).toHaveLength(stop + 1);
            const all = new Set(want.asked.map(([p, end]) => `${p}@${end}`));
            expect(new Set(stopped.asked.map(([p, end]) => `${p}@${end}`)).size).toBe(stop + 1);
            for (const [p, end] of stopped.asked) expect(all.has(`${p}@${end}`)).toBe(true);
          }
        },
      ),
      // shrinking texts of a thousand pieces takes minutes: report the case as found
      { numRuns: 150, endOnFailure: true },
    );
  });

  it('counts a long word that straddles the middle of a long text once', () => {
    const automaton = new AhoCorasick(['好的好的好的好的', '的']);
    const weights = Uint8Array.from([1 | 0x10, 1 | 0x20]);
    // 2,000 units: the middle (1,000) falls inside the long word
    const text = `${'。'.repeat(996)}好的好的好的好的${'。'.repeat(996)}`;
    expect(tallied(automaton, weights, text)).toEqual({ finished: true, count: 5, flags: 0x30, asked: [] });
  });

  it('stops where the asker says so, having asked the hits before in order', () => {
    const automaton = new AhoCorasick(['好的', '的', 'qq', '好的呢']);
    const weights = Uint8Array.from([1 | 0x10, 1 | 0x20, TALLY_ASK, TALLY_ASK]);
    const text = '好的呢，加qq，好的呢qq';
    const all = tallied(automaton, weights, text);
    expect(all).toEqual({
      finished: true,
      count: 4,
      flags: 0x30,
      asked: [
        [3, 3],
        [2, 7],
        [3, 11],
        [2, 13],
      ],
    });
    const stopped = tallied(automaton, weights, text, 2);
    expect(stopped.finished).toBe(false);
    expect(stopped.asked).toEqual(all.asked.slice(0, 2));
  });

  it('counts a state with more than fifteen outputs one output at a time', () => {
    const patterns = Array.from({ length: 20 }, (_, k) => '的'.repeat(k + 1));
    const automaton = new AhoCorasick(patterns);
    const weights = new Uint8Array(20).fill(1 | 0x40);
    const text = '的'.repeat(25);
    // the k-th unit (from 1) ends min(k, 20) patterns
    let count = 0;
    for (let k = 1; k <= 25; k++) count += Math.min(k, 20);
    expect(tallied(automaton, weights, text)).toEqual({ finished: true, count, flags: 0x40, asked: [] });
  });

  it('without a table (too many transitions to resolve: 100 k words), over the scan’s hits', () => {
    const chars = [
      ...'的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴河称具',
    ];
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed;
    };
    const words = new Set<string>();
    while (words.size < 100_000) {
      let w = '';
      for (let k = 2 + (next() % 3); k > 0; k--) w += chars[next() % chars.length];
      words.add(w);
    }
    const patterns = [...words];
    const automaton = new AhoCorasick(patterns);
    const weights = Uint8Array.from(patterns, (_, p) => (p % 97 === 0 ? TALLY_ASK : 1 | (0x10 << (p % 3))));
    expect(automaton.tallyWeights(weights).states).toBeNull();
    let text = '';
    for (let k = 0; k < 3000; k++) text += chars[next() % chars.length];
    const want = expected(automaton, weights, text);
    expect(want.count).toBeGreaterThan(100);
    expect(want.asked.length).toBeGreaterThan(0);
    expect(tallied(automaton, weights, text)).toEqual({ finished: true, ...want });
  });
});

describe('tally reads sparse text by the scan (its prefilter skips) and dense text on the table', () => {
  it('starts by the scan, takes the table when skipping stops paying and the scan again when hits run sparse', () => {
    const automaton = new AhoCorasick(['不好意思', '好的呢', '投诉你们', '的']);
    const weights = Uint8Array.from([1 | 0x10, 1 | 0x20, TALLY_ASK, 1 | 0x40]);
    const sparse = `${'你们这个东西什么时候发货，'.repeat(300)}投诉你们`;
    const dense = '好的呢的不好意思的'.repeat(500);
    /** the units the tally's own reading skipped (the reference scan skips too: it is read first) */
    const skippedBy = (text: string) => {
      const want = expected(automaton, weights, text);
      const before = automaton.stats.skipped;
      const got = tallied(automaton, weights, text, Number.POSITIVE_INFINITY, null);
      const skipped = automaton.stats.skipped - before;
      expect(got).toEqual({ finished: true, ...want });
      return skipped;
    };
    // it starts by the scan, which skips most of sparse text
    expect(skippedBy(sparse)).toBeGreaterThan(sparse.length / 2);
    // 2^16 units where the prefilter skips little: the table takes over (no skipping)
    for (let read = 0; read < 1 << 16; read += dense.length) skippedBy(dense);
    expect(skippedBy(sparse)).toBe(0);
    expect(skippedBy(dense)).toBe(0);
    // a window of 2^18 units with fewer than one hit in 64 (the next whole one): back to the scan
    for (let read = 0; read < 1 << 19; read += sparse.length) skippedBy(sparse);
    expect(skippedBy(sparse)).toBeGreaterThan(sparse.length / 2);
  });
});
