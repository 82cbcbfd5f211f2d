import * as OpenCCFull from 'opencc-js';
import * as OpenCC from 'opencc-js/t2cn';
import { describe, expect, it } from 'vitest';
import { foldTraditional, foldTraditionalPhrases } from '../../src/censor/index.js';
import { SIMPLIFIED, TRADITIONAL } from '../../src/censor/traditional-chars.js';
import { TRADITIONAL_PHRASES } from '../../src/censor/traditional-phrases.js';

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

describe('traditional → simplified by phrase', () => {
  const entries = TRADITIONAL_PHRASES.split('|').map((entry) => entry.split(' ') as [string, string]);

  it('has the phrases the character table cannot decide, each of one length on both sides', () => {
    expect(entries.length).toBeGreaterThan(150);
    for (const [from, to] of entries) {
      expect(to.length).toBe(from.length);
      expect(from).not.toBe(to);
      expect(foldTraditional(from)).toBe(from); // already folded by the character table
    }
    expect(entries).toContainEqual(['反覆', '反复']);
  });

  it('each entry is what opencc-js gives for a simplified writer’s phrase taken to traditional and back', () => {
    const toTraditional = OpenCCFull.Converter({ from: 'cn', to: 't' });
    const converters = (['t', 'tw', 'hk'] as const).map((from) => OpenCC.Converter({ from, to: 'cn' }));
    let disagree = 0;
    for (const [from, to] of entries) {
      const back = converters.map((convert) => foldTraditional(convert(toTraditional(from))));
      if (!back.includes(to)) disagree++;
    }
    expect(disagree).toBe(0);
  });

  it('replaces whole phrases only, longest first, leaving the text’s length and everything else as it is', () => {
    expect(foldTraditionalPhrases('他反反覆覆地说，答覆了，覆盖')).toBe('他反反复复地说，答复了，覆盖');
    expect(foldTraditionalPhrases('意志消沈')).toBe('意志消沉');
    expect(foldTraditionalPhrases('沈先生')).toBe('沈先生');
    const text = '瞭解瞭解藉口';
    expect(foldTraditionalPhrases(text).length).toBe(text.length);
  });
});
