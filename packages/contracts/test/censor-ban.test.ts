import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { censorBanOptionsSchema, censorBanSaveSchema } from '../src/index.js';

const body = (words: string[]) => ({ name: '词库', operation: 'REPORT', flag: 'cs-customer', words });

describe('sensitive-word library save: the word list', () => {
  it('keeps each non-blank word once, trimmed, in the order first given', () => {
    const word = fc.oneof(
      fc.constantFrom('骗子', ' 骗子', '骗子 ', '退钱', '', '  ', '\t垃圾\n', 'QQ', 'qq'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), (words) => {
        const expected = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
        const parsed = censorBanSaveSchema.safeParse(body(words));
        if (expected.length === 0) {
          expect(parsed.success).toBe(false);
          return;
        }
        expect(parsed.success).toBe(true);
        expect(parsed.data?.words).toEqual(expected);
      }),
    );
  });

  it('gives options their defaults, and refuses a key the engine does not know', () => {
    expect(censorBanSaveSchema.parse(body(['骗子'])).options).toEqual({
      skipNoise: 0,
      traditional: false,
      allowWords: [],
      classBoundaries: true,
      numberStyles: false,
      letterStyles: false,
      repeats: false,
      pinyin: false,
      categories: undefined,
      mask: '*',
      replacements: {},
    });
    expect(censorBanOptionsSchema.safeParse({ skipNoise: 1, phonetic: true }).success).toBe(false);
    expect(censorBanOptionsSchema.parse({ allowWords: ['大麻烦', ' 大麻烦', ''] }).allowWords).toEqual(['大麻烦']);
  });
});

describe('sensitive-word library options: the matcher options (issue 16)', () => {
  const issues = (options: unknown) => {
    const parsed = censorBanOptionsSchema.safeParse(options);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('takes a mask of exactly one character, and names options.mask otherwise', () => {
    expect(censorBanOptionsSchema.parse({ mask: '#' }).mask).toBe('#');
    for (const mask of ['', '##', '😀', '\ud83d', 7])
      expect(issues({ mask })).toEqual([{ path: 'mask', message: 'censor.maskOneCharacter' }]);
  });

  it('keeps categories from the list once each; an empty list is the default (none stored)', () => {
    expect(
      censorBanOptionsSchema.parse({ categories: ['contact-phone', 'abuse', 'contact-phone'] }).categories,
    ).toEqual(['contact-phone', 'abuse']);
    expect(censorBanOptionsSchema.parse({ categories: [] }).categories).toBeUndefined();
    expect(issues({ categories: ['abuse', 'spam'] })).toEqual([
      { path: 'categories.1', message: 'common.invalidOption' },
    ]);
  });

  it('limits a replacement to 20 characters and its word to 1..100, pointing at the word', () => {
    expect(censorBanOptionsSchema.parse({ replacements: { ' 傻逼 ': '[哔]' } }).replacements).toEqual({ 傻逼: '[哔]' });
    expect(issues({ replacements: { 傻逼: 'x'.repeat(21) } })).toEqual([
      { path: 'replacements.傻逼', message: 'censor.replacementTooLong' },
    ]);
    expect(issues({ replacements: { '  ': '[哔]' } })).toEqual([
      { path: 'replacements.  ', message: 'censor.replacementWordInvalid' },
    ]);
    expect(issues({ replacements: { ['词'.repeat(101)]: '[哔]' } })[0]?.message).toBe('censor.replacementWordInvalid');
  });

  it('refuses a flag that is not a boolean', () => {
    expect(issues({ pinyin: 'yes' }).map((i) => i.path)).toEqual(['pinyin']);
  });
});
