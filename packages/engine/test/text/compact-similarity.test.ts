import { describe, expect, it } from 'vitest';
import { compactText } from '../../src/text/compact.js';
import { similarAtFraction, similarAtPercent, similarity } from '../../src/text/similarity.js';

describe('compactText', () => {
  it('drops white space, punctuation and symbols', () => {
    expect(compactText('您好， 请问 有什么可以帮您？！')).toBe('您好请问有什么可以帮您');
    expect(compactText('a b\tc\nd\u3000e')).toBe('abcde');
    expect(compactText('价格：¥100 + $5 = ￥105 ~ 【特价】《说明》')).toBe('价格1005105特价说明');
  });

  it('drops emoji, including joined sequences, variation selectors and skin tones', () => {
    expect(compactText('好的😀👍🏻')).toBe('好的');
    expect(compactText('👨‍👩‍👧')).toBe('');
    expect(compactText('❤️谢谢')).toBe('谢谢');
    expect(compactText('🇨🇳加油')).toBe('加油');
  });

  it('drops whole emoji sequences: keycaps, tag sequences and text-style selectors leave nothing behind', () => {
    expect(compactText('#️⃣*️⃣')).toBe('');
    expect(compactText('1️⃣号')).toBe('1号');
    expect(compactText('🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('');
    expect(compactText('☺︎好')).toBe('好');
  });

  it('folds width and case', () => {
    expect(compactText('ＡＢＣ　１２３')).toBe('abc123');
    expect(compactText('VIP，Vip')).toBe('vipvip');
  });

  it('keeps letters, digits and Chinese characters', () => {
    expect(compactText('订单号A123已发货')).toBe('订单号a123已发货');
  });
});

describe('similarity in integers', () => {
  // 10-character texts at Levenshtein distance 2: similarity exactly 0.8
  const a = '一二三四五六七八九十';
  const b = '一二三四五六七八甲乙';

  it('fixture: the texts are 10 code units long and 80% similar', () => {
    expect(a.length).toBe(10);
    expect(similarity(a, b)).toBe(0.8);
  });

  it('is similar at 80 but not at 81', () => {
    expect(similarAtPercent(a, b, 80)).toBe(true);
    expect(similarAtPercent(a, b, 81)).toBe(false);
    expect(similarAtPercent(a, b, 79.9)).toBe(true);
    expect(similarAtPercent(a, b, 80.1)).toBe(false);
  });

  it('compares 1/3-type ratios exactly (3 of 3 vs 2 of 3)', () => {
    // L = 3, d = 1: 66.66…%: similar at 66, not at 67 — no floating-point rounding on the boundary
    expect(similarAtPercent('abc', 'abd', 66)).toBe(true);
    expect(similarAtPercent('abc', 'abd', 67)).toBe(false);
  });

  it('uses the longer text as L', () => {
    // '一二三四' vs '一二三四五': d = 1, L = 5 → 80%
    expect(similarAtPercent('一二三四', '一二三四五', 80)).toBe(true);
    expect(similarAtPercent('一二三四', '一二三四五', 81)).toBe(false);
  });

  it('repeats compare round(similarity × 10): 0.8 holds, so do 0.75 and 0.84; 0.85 and 0.9 do not', () => {
    expect(similarAtFraction(a, b, 0.8)).toBe(true);
    expect(similarAtFraction(a, b, 0.75)).toBe(true); // round(7.5) = 8
    expect(similarAtFraction(a, b, 0.84)).toBe(true); // round(8.4) = 8
    expect(similarAtFraction(a, b, 0.85)).toBe(false); // round(8.5) = 9
    expect(similarAtFraction(a, b, 0.9)).toBe(false);
    expect(similarAtFraction(a, b, 0.1)).toBe(true);
  });

  it('repeats at 1.0 need identical texts', () => {
    expect(similarAtFraction('您好', '您好', 1)).toBe(true);
    expect(similarAtFraction('您好', '你好', 1)).toBe(false);
  });

  it('an empty text is never similar, not even to another empty text or at 0', () => {
    expect(similarAtPercent('', '', 0)).toBe(false);
    expect(similarAtPercent('', 'a', 0)).toBe(false);
    expect(similarAtPercent('a', '', 0)).toBe(false);
    expect(similarAtFraction('', '', 0.1)).toBe(false);
    expect(similarity('', '')).toBe(0);
  });

  it('counts UTF-16 code units (an emoji is two)', () => {
    // '😀a' vs '😁a': the two emoji share the high surrogate, so d = 1 and L = 3
    expect(similarity('😀a', '😁a')).toBeCloseTo(2 / 3);
    expect(similarAtPercent('😀a', '😁a', 66)).toBe(true);
    expect(similarAtPercent('😀a', '😁a', 67)).toBe(false);
  });
});
