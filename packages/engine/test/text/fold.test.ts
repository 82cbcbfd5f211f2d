import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, isAsciiOnly, standsAlone } from '../../src/text/fold.js';

/** standsAlone for the first occurrence of `keyword` in `text` (folded), asserting it occurs. */
function alone(text: string, keyword: string): boolean {
  const at = foldText(text).indexOf(foldText(keyword));
  expect(at).toBeGreaterThanOrEqual(0);
  return standsAlone(text, at, at + keyword.length);
}

describe('foldText', () => {
  it('folds full-width ASCII to half-width and letters to lower case', () => {
    expect(foldText('ＡＢＣ１２３')).toBe('abc123');
    expect(foldText('ＡＢＣ１２３', true)).toBe('ABC123');
  });

  it('folds the ideographic space U+3000 to a space', () => {
    expect(foldText('你好\u3000世界')).toBe('你好 世界');
    expect(foldText('\u3000', true)).toBe(' ');
  });

  it('folds full-width punctuation in U+FF01–U+FF5E and nothing beyond', () => {
    expect(foldText('！～＠')).toBe('!~@');
    // U+FF5F (full-width white parenthesis) and U+FF61 (half-width ideographic full stop) are outside the range
    expect(foldText('\uff5f\uff61')).toBe('\uff5f\uff61');
  });

  it('keeps case when caseSensitive, still folding width', () => {
    expect(foldText('VIP用户', true)).toBe('VIP用户');
    expect(foldText('ＶＩＰ用户', true)).toBe('VIP用户');
    expect(foldText('VIP用户')).toBe('vip用户');
  });

  it('lower-cases non-ASCII letters whose lower case is one code unit', () => {
    expect(foldText('ÀÉΣЖ')).toBe('àéσж');
  });

  it('leaves Chinese characters and CJK punctuation untouched', () => {
    const text = '您好。请问有什么可以帮您、《说明》';
    expect(foldText(text)).toBe(text);
  });

  it('folds the full-width comma and question mark (they are full-width ASCII)', () => {
    expect(foldText('您好，在吗？')).toBe('您好,在吗?');
  });

  it('keeps the length, position for position', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (text, caseSensitive) => {
        const folded = foldText(text, caseSensitive);
        expect(folded.length).toBe(text.length);
        // each position folds on its own: folding a single code unit gives the same unit
        for (let i = 0; i < text.length; i++) expect(folded[i]).toBe(foldText(text[i]!, caseSensitive));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(foldText(foldText(text))).toBe(foldText(text));
      }),
    );
  });
});

describe('isAsciiOnly', () => {
  it('tells ASCII-only keywords from the others', () => {
    expect(isAsciiOnly('wi-fi')).toBe(true);
    expect(isAsciiOnly('69')).toBe(true);
    expect(isAsciiOnly('vip用户')).toBe(false);
    expect(isAsciiOnly('ＶＩＰ')).toBe(false);
  });
});

describe('standsAlone (the whole-word rule for ASCII keywords)', () => {
  it('ok does not match inside book', () => {
    expect(alone('book', 'ok')).toBe(false);
    expect(alone('this is ok.', 'ok')).toBe(true);
  });

  it('VIP matches in 我是vip用户', () => {
    expect(alone('我是vip用户', 'VIP')).toBe(true);
  });

  it('69 does not match inside 695', () => {
    expect(alone('695', '69')).toBe(false);
    expect(alone('订单69号', '69')).toBe(true);
  });

  it('wi-fi matches in 用wi-fi上网', () => {
    expect(alone('用wi-fi上网', 'wi-fi')).toBe(true);
    expect(alone('用wi-fix上网', 'wi-fi')).toBe(false);
  });

  it('refuses full-width letters beside the keyword as well (ｏｋ in ｂｏｏｋ)', () => {
    expect(alone('ｂｏｏｋ', 'ok')).toBe(false);
    expect(alone('ｂok', 'ok')).toBe(false);
  });

  it('checks only the ends that are letters or digits', () => {
    // '-fi' starts with '-', so the letter before it does not matter; its end 'i' touches nothing
    expect(standsAlone('wi-fi', 2, 5)).toBe(true);
    // '-' alone has no letter or digit end
    expect(standsAlone('a-b', 1, 2)).toBe(true);
  });

  it('treats the ends of the text as boundaries', () => {
    expect(standsAlone('ok', 0, 2)).toBe(true);
  });

  it('does not treat non-ASCII letters as word characters', () => {
    expect(alone('éok', 'ok')).toBe(true);
    expect(alone('好ok好', 'ok')).toBe(true);
  });
});
