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
    });
    expect(censorBanOptionsSchema.safeParse({ skipNoise: 1, pinyin: true }).success).toBe(false);
    expect(censorBanOptionsSchema.parse({ allowWords: ['大麻烦', ' 大麻烦', ''] }).allowWords).toEqual(['大麻烦']);
  });
});
