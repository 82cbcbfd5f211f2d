import * as OpenCC from 'opencc-js/t2cn';
import { describe, expect, it } from 'vitest';
import { foldTraditional } from '../../src/censor/index.js';
import { SIMPLIFIED, TRADITIONAL } from '../../src/censor/traditional-chars.js';

describe('traditional → simplified folding', () => {
  it('keeps the length and folds character for character', () => {
    expect(foldTraditional('別說話，真麻煩！後來')).toBe('别说话，真麻烦！后来');
    expect(foldTraditional('已经是简体')).toBe('已经是简体');
  });

  it('is idempotent', () => {
    expect(foldTraditional(SIMPLIFIED)).toBe(SIMPLIFIED);
    expect(foldTraditional(TRADITIONAL)).toBe(SIMPLIFIED);
  });

  it('agrees with opencc-js (t, tw and hk → cn) on every character of the generated table', () => {
    const converters = (['t', 'tw', 'hk'] as const).map((from) => OpenCC.Converter({ from, to: 'cn' }));
    expect(TRADITIONAL.length).toBe(SIMPLIFIED.length);
    expect(TRADITIONAL.length).toBeGreaterThan(3000);
    let disagree = 0;
    for (let i = 0; i < TRADITIONAL.length; i++) {
      const t = TRADITIONAL[i]!;
      const s = SIMPLIFIED[i]!;
      // each pair is what one of the converters gives, or a chain of them (made idempotent)
      const direct = converters.map((convert) => convert(t));
      if (!direct.includes(s) && !direct.some((d) => converters.some((c) => c(d) === s))) disagree++;
    }
    expect(disagree).toBe(0);
  });
});
