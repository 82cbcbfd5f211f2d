import { describe, expect, it } from 'vitest';
import { AhoCorasick } from '../../src/automaton/aho-corasick.js';
import { MatchList } from '../../src/automaton/match-list.js';
import { naiveScan } from '../../src/automaton/naive-matcher.js';

/** Every match as [pattern, start, end, matched text], in the automaton's order. */
function scan(patterns: readonly string[], text: string, caseSensitive = false): [string, number, number, string][] {
  const automaton = new AhoCorasick(patterns, caseSensitive);
  const out = new MatchList(2);
  automaton.scan(text, out);
  const found: [string, number, number, string][] = [];
  for (let k = 0; k < out.length; k++) {
    const id = out.patterns[k]!;
    const end = out.ends[k]!;
    const start = end - automaton.patternLength[id]!;
    found.push([patterns[id]!, start, end, text.slice(start, end)]);
  }
  return found;
}

function naive(patterns: readonly string[], text: string, caseSensitive = false): [number, number][] {
  const out = new MatchList();
  naiveScan(patterns, text, out, caseSensitive);
  return Array.from({ length: out.length }, (_, k) => [out.patterns[k]!, out.ends[k]!]);
}

describe('AhoCorasick', () => {
  it('finds he, she, his, hers in ushers: shared prefixes and suffixes, overlapping', () => {
    expect(scan(['he', 'she', 'his', 'hers'], 'ushers')).toEqual([
      ['she', 1, 4, 'she'],
      ['he', 2, 4, 'he'],
      ['hers', 2, 6, 'hers'],
    ]);
  });

  it('reports matches in order of end, then decreasing length', () => {
    expect(scan(['a', 'ab', 'b', 'cab'], 'cab').map(([p, s, e]) => [p, s, e])).toEqual([
      ['a', 1, 2],
      ['cab', 0, 3],
      ['ab', 1, 3],
      ['b', 2, 3],
    ]);
  });

  it('reports every overlapping occurrence of one pattern', () => {
    expect(scan(['aa'], 'aaaa').map(([, s, e]) => [s, e])).toEqual([
      [0, 2],
      [1, 3],
      [2, 4],
    ]);
  });

  it('follows fail links across a mismatch (abab… in abaabab)', () => {
    expect(scan(['abab', 'ba'], 'abaabab').map(([p, s, e]) => [p, s, e])).toEqual([
      ['ba', 1, 3],
      ['ba', 4, 6],
      ['abab', 3, 7],
    ]);
  });

  it('finds Chinese keywords sharing prefixes and suffixes', () => {
    expect(scan(['投诉', '投诉电话', '电话', '话'], '我要打投诉电话')).toEqual([
      ['投诉', 3, 5, '投诉'],
      ['投诉电话', 3, 7, '投诉电话'],
      ['电话', 5, 7, '电话'],
      ['话', 6, 7, '话'],
    ]);
  });

  it('resets on a code unit no pattern contains', () => {
    expect(scan(['抱歉'], '抱。歉抱歉')).toEqual([['抱歉', 3, 5, '抱歉']]);
  });

  it('matches surrogate pairs as two code units', () => {
    expect(scan(['😀'], 'a😀b😀')).toEqual([
      ['😀', 1, 3, '😀'],
      ['😀', 4, 6, '😀'],
    ]);
    // 😀 and 😁 share the high surrogate: no false match across them
    expect(scan(['😀'], '😁😁')).toEqual([]);
    expect(scan(['😁好'], '😀😁好')).toEqual([['😁好', 2, 5, '😁好']]);
  });

  it('folds case and width in the text (spans stay on the original)', () => {
    expect(scan(['vip'], '我是ＶＩＰ，Vip，vIp')).toEqual([
      ['vip', 2, 5, 'ＶＩＰ'],
      ['vip', 6, 9, 'Vip'],
      ['vip', 10, 13, 'vIp'],
    ]);
  });

  it('folds the ideographic space to a space', () => {
    expect(scan(['a b'], 'a\u3000b')).toEqual([['a b', 0, 3, 'a\u3000b']]);
  });

  it('when case-sensitive, folds width only', () => {
    expect(scan(['VIP'], 'vip VIP ＶＩＰ Vip', true)).toEqual([
      ['VIP', 4, 7, 'VIP'],
      ['VIP', 8, 11, 'ＶＩＰ'],
    ]);
  });

  it('finds nothing in an empty text and with no patterns', () => {
    expect(scan(['a'], '')).toEqual([]);
    expect(scan([], 'abc')).toEqual([]);
  });

  it('grows its match list past the initial capacity', () => {
    const found = scan(['a'], 'a'.repeat(200));
    expect(found).toHaveLength(200);
    expect(found[199]).toEqual(['a', 199, 200, 'a']);
  });

  it('counts its states: a trie shares prefixes', () => {
    // root + h, he, her, hers, s, sh, she, hi, his
    expect(new AhoCorasick(['he', 'she', 'his', 'hers']).stateCount).toBe(10);
  });

  it('agrees with the naive scan on the table above', () => {
    const cases: [string[], string][] = [
      [['he', 'she', 'his', 'hers'], 'ushers ahishers'],
      [['投诉', '投诉电话', '电话', '话'], '我要打投诉电话，投诉'],
      [['aa', 'a', 'aaa'], 'aaaaa'],
      [['vip', 'ok'], 'VIP ＯＫ book'],
    ];
    for (const [patterns, text] of cases) {
      const automaton = new AhoCorasick(patterns);
      const out = new MatchList();
      automaton.scan(text, out);
      const found = Array.from({ length: out.length }, (_, k) => [out.patterns[k]!, out.ends[k]!]);
      expect(found).toEqual(naive(patterns, text));
    }
  });
});

describe('MatchList', () => {
  it('clears to length 0 and is reused', () => {
    const list = new MatchList(1);
    list.push(3, 5);
    list.push(4, 6);
    expect([list.length, list.patterns[1], list.ends[1]]).toEqual([2, 4, 6]);
    list.clear();
    expect(list.length).toBe(0);
    list.push(7, 8);
    expect([list.length, list.patterns[0], list.ends[0]]).toEqual([1, 7, 8]);
  });
});
