/**
 * The library options of issue 16 §2, each on the kinds of input the peers' test suites use (houbb/sensitive-word,
 * ToolGood.Words, mint-filter): number and letter styles, repeated characters, pinyin, phrase-level traditional,
 * categories, the mask character and replacements — and that each extra pass runs only when the text needs it.
 */
import { describe, expect, it } from 'vitest';
import {
  type CensorLibrary,
  CensorLibraryError,
  type CensorLibraryOptions,
  type CensorScanner,
  compileCensor,
  foldTraditionalPhrases,
  loadPinyin,
  type PinyinProvider,
} from '../../src/censor/index.js';

function library(words: CensorLibrary['words'], more: Partial<CensorLibrary> = {}): CensorLibrary {
  return { id: 1, name: 'lib', words, operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer', ...more };
}

const customer = { role: 'CUSTOMER' };

/** [word, start, end, the text of the span] of each match of one customer library with `options`. */
function found(words: CensorLibrary['words'], text: string, options: CensorLibraryOptions = {}) {
  const scanner = compileCensor([library(words)], { defaults: options });
  return scanner.scan(text, customer).matches.map((m) => [m.word, m.start, m.end, text.slice(m.start, m.end)]);
}

function passes(scanner: CensorScanner): number {
  return (scanner as unknown as { stats: { passes: number } }).stats.passes;
}

describe('numberStyles', () => {
  it('folds Chinese numerals and digit styles to ASCII digits, in the words and in the text (下3滥 ↔ 下三滥)', () => {
    expect(found('下3滥', '你个下三滥，下3滥', { numberStyles: true })).toEqual([
      ['下3滥', 2, 5, '下三滥'],
      ['下3滥', 6, 9, '下3滥'],
    ]);
    expect(found('下三滥', '下3滥 下③滥 下叁滥', { numberStyles: true })).toEqual([
      ['下三滥', 0, 3, '下3滥'],
      ['下三滥', 4, 7, '下③滥'],
      ['下三滥', 8, 11, '下叁滥'],
    ]);
    expect(found('微1信', '加微①信', { numberStyles: true })).toEqual([['微1信', 1, 4, '微①信']]);
  });

  it('reads the styles of the peers’ number test: ⓿ 二 肆 ⁹ ₈ ③ ⑸ ⒋ ➃ ㈤ ㊄, Roman Ⅲ and mathematical 𝟗 (two code units)', () => {
    const text = '这个是我的微信：9⓿二肆⁹₈③⑸⒋➃㈤㊄';
    expect(found('902498354455', text, { numberStyles: true })).toEqual([['902498354455', 8, 20, '9⓿二肆⁹₈③⑸⒋➃㈤㊄']]);
    expect(found('3号', 'Ⅲ号 𝟑号', { numberStyles: true })).toEqual([
      ['3号', 0, 2, 'Ⅲ号'],
      ['3号', 3, 6, '𝟑号'],
    ]);
  });

  it('keeps the class rule on the folded digits: 69 is not inside 六九五', () => {
    expect(found('69', '六九五 六九 ⑥⑨号', { numberStyles: true })).toEqual([
      ['69', 4, 6, '六九'],
      ['69', 7, 9, '⑥⑨'],
    ]);
  });

  it('is off by default', () => {
    expect(found('下3滥', '下三滥')).toEqual([]);
  });
});

describe('letterStyles', () => {
  it('folds circled, parenthesised, mathematical, full-width and accented letters to ASCII (Ⓕⓤc⒦ = fuck)', () => {
    expect(found('fuck', 'Ⓕⓤc⒦ the bad words', { letterStyles: true })).toEqual([['fuck', 0, 4, 'Ⓕⓤc⒦']]);
    // mathematical letters are astral: two code units each, and the span counts them
    expect(found('fuck', '𝐅𝐮𝐜𝐤!', { letterStyles: true })).toEqual([['fuck', 0, 8, '𝐅𝐮𝐜𝐤']]);
    expect(found('fuck', 'ｆｕｃｋ 🅕🅤🅒🅚 fück ꜰᴜᴄᴋ', { letterStyles: true }).map((m) => m[3])).toEqual([
      'ｆｕｃｋ',
      '🅕🅤🅒🅚',
      'fück',
      'ꜰᴜᴄᴋ',
    ]);
  });

  it('drops combining marks: a struck-through word reads as the word, its marks inside the span', () => {
    expect(found('fuck', 'f̶u̶c̶k̶ you', { letterStyles: true })).toEqual([['fuck', 0, 8, 'f̶u̶c̶k̶']]);
  });

  it('a styled letter beside the word is a letter for the class rule (ass is not inside ⓖⓡass)', () => {
    expect(found('ass', 'ⓖⓡass ⓐⓢⓢ', { letterStyles: true })).toEqual([['ass', 6, 9, 'ⓐⓢⓢ']]);
  });

  it('is off by default', () => {
    expect(found('fuck', 'Ⓕⓤc⒦')).toEqual([]);
  });
});

describe('repeats', () => {
  it('a run of one character in the text stands for one of the word (fFuck, the peers’ ⒻⒻⒻfⓤuⓤ⒰cⓒ⒦)', () => {
    expect(found('fuck', 'fFuck ffuucckk', { repeats: true })).toEqual([
      ['fuck', 0, 5, 'fFuck'],
      ['fuck', 6, 14, 'ffuucckk'],
    ]);
    expect(found('fuck', 'ⒻⒻⒻfⓤuⓤ⒰cⓒ⒦ the bad words', { repeats: true, letterStyles: true })).toEqual([
      ['fuck', 0, 11, 'ⒻⒻⒻfⓤuⓤ⒰cⓒ⒦'],
    ]);
    expect(found('傻逼', '你傻傻傻逼逼', { repeats: true })).toEqual([['傻逼', 1, 6, '傻傻傻逼逼']]);
  });

  it('a doubled character of the word needs at least two: assert is in asssert, not in asert', () => {
    expect(found('assert', 'asssert asert assert', { repeats: true })).toEqual([
      ['assert', 0, 7, 'asssert'],
      ['assert', 14, 20, 'assert'],
    ]);
    expect(found('asert', 'asert assert', { repeats: true })).toEqual([
      ['asert', 0, 5, 'asert'],
      ['asert', 6, 12, 'assert'],
    ]);
  });

  it('both spellings in one library report each their own (assert, asert)', () => {
    expect(found('assert,asert', 'asert assert', { repeats: true })).toEqual([
      ['asert', 0, 5, 'asert'],
      ['assert', 6, 12, 'assert'],
      ['asert', 6, 12, 'assert'],
    ]);
  });

  it('runs join across skipped noise (f-f-uck), the noise counted against skipNoise', () => {
    expect(found('fuck', 'f-f-uck', { repeats: true, skipNoise: 2 })).toEqual([['fuck', 0, 7, 'f-f-uck']]);
    // the run f-f is one character of the word: with k = 1 its two noise characters are one too many
    expect(found('fuck', 'f-f-uck', { repeats: true, skipNoise: 1 })).toEqual([]);
  });

  it('is off by default', () => {
    expect(found('fuck', 'ffuck')).toEqual([]);
  });
});

describe('traditional, phrase level', () => {
  it('folds phrases the character table cannot decide: 反覆 = 反复, while 覆 alone stays 覆 (覆盖)', () => {
    expect(found('反复,覆盖', '反覆無常，覆蓋了', { traditional: true })).toEqual([
      ['反复', 0, 2, '反覆'],
      ['覆盖', 5, 7, '覆蓋'],
    ]);
    expect(found('了解,沉默', '我瞭解，他很沈默', { traditional: true })).toEqual([
      ['了解', 1, 3, '瞭解'],
      ['沉默', 6, 8, '沈默'],
    ]);
  });

  it('keeps the character reading too: a word 覆 still matches inside 反覆; 沈 the surname stays 沈', () => {
    expect(found('覆', '反覆', { traditional: true })).toEqual([['覆', 1, 2, '覆']]);
    expect(found('沈阳', '瀋陽', { traditional: true })).toEqual([['沈阳', 0, 2, '瀋陽']]);
  });

  it('does not turn ordinary simplified phrases into others (打坏 stays 打坏, not 打坯)', () => {
    expect(foldTraditionalPhrases('打坏了')).toBe('打坏了');
    expect(foldTraditionalPhrases('反覆无常，回覆')).toBe('反复无常，回复');
    expect(found('打坯', '打坏了', { traditional: true })).toEqual([]);
  });

  it('needs the option: without it 反覆 is not 反复', () => {
    expect(found('反复', '反覆')).toEqual([]);
  });
});

describe('categories', () => {
  const sys = (categories: CensorLibraryOptions['categories'], text: string) =>
    compileCensor([library(null, { tempType: 'SYS_WORDS' })], { defaults: { categories } })
      .scan(text, customer)
      .matches.map((m) => m.word);

  it('a SYS_WORDS library scans the categories it picks (default: every word category, no contact detector)', () => {
    const text = '傻逼，加我微信，电话13812345678';
    expect(sys(undefined, text)).toEqual(['傻逼', '加我微信']);
    expect(sys(['abuse'], text)).toEqual(['傻逼']);
    expect(sys(['off-platform', 'contact-phone'], text)).toEqual(['加我微信', 'contact-phone']);
    expect(sys(['contact-phone'], text)).toEqual(['contact-phone']);
  });

  it('a CUSTOM library adds the picked categories to its own words', () => {
    expect(found('退款', '退款找13812345678', { categories: ['contact-phone'] })).toEqual([
      ['退款', 0, 2, '退款'],
      ['contact-phone', 3, 14, '13812345678'],
    ]);
  });

  it('an unknown category is refused with its path', () => {
    expect(() => compileCensor([library('a')], { defaults: { categories: ['contact-fax' as 'contact-url'] } })).toThrow(
      '$[0].categories[0]',
    );
  });
});

describe('mask and replacements', () => {
  it('FUZZY masks with the library’s character', () => {
    const scanner = compileCensor([library('傻逼')], { defaults: { mask: '■' } });
    expect(scanner.scan('你傻逼吧', customer).masked).toBe('你■■吧');
  });

  it('a word with a replacement is written as it (the text may change length); others are masked', () => {
    const scanner = compileCensor([library('傻逼,滚,contact-phone')], {
      defaults: { replacements: { 傻逼: '[哔]', 'CONTACT-PHONE': '[电话]' }, categories: ['contact-phone'] },
    });
    expect(scanner.scan('傻逼，滚，打13812345678', customer).masked).toBe('[哔]，*，打[电话]');
  });

  it('overlapping matches are masked whole, each unit with the mask of the first match covering it', () => {
    const scanner = compileCensor([library('傻逼', { id: 'a' }), library('逼你', { id: 'b' })], {
      libraries: { a: { mask: '#', replacements: { 傻逼: 'X' } }, b: { mask: '%' } },
    });
    expect(scanner.scan('傻逼你', customer).masked).toBe('##%');
  });

  it('REPORT and ABORT keep the text; an agent’s FUZZY match is reported, not masked', () => {
    const report = compileCensor([library('傻逼', { operation: 'REPORT' })], { defaults: { mask: '#' } });
    expect(report.scan('傻逼', customer).masked).toBe('傻逼');
    const agent = compileCensor([library('傻逼', { flag: 'cs-agent' })], { defaults: { replacements: { 傻逼: 'X' } } });
    expect(agent.scan('傻逼', { role: 'AGENT' }).masked).toBe('傻逼');
  });

  it('a mask must be one code unit; replacements strings', () => {
    const bad = (options: CensorLibraryOptions) => () => compileCensor([library('a')], { defaults: options });
    expect(bad({ mask: '**' })).toThrow(CensorLibraryError);
    expect(bad({ mask: '**' })).toThrow('$[0].mask');
    expect(bad({ mask: '😀' })).toThrow('$[0].mask');
    expect(bad({ replacements: { a: 1 as unknown as string } })).toThrow('$[0].replacements.a');
  });
});

describe('pinyin', () => {
  it('without a provider a pinyin library is refused with its path and what to do', () => {
    expect(() => compileCensor([library('草泥马')], { defaults: { pinyin: true } })).toThrow(
      /\$\[0\]\.pinyin: .*loadPinyin\(\)/,
    );
  });

  it('uses the provider it is given (CensorOptions.pinyin), without loading a dictionary', () => {
    const provider: PinyinProvider = (word) => [...word].map((c) => ({ 野: 'ye', 火: 'huo' })[c] ?? null);
    const scanner = compileCensor([library('野火')], { defaults: { pinyin: true }, pinyin: provider });
    expect(scanner.scan('野huo yehuo ye火 yehuoguo', customer).matches.map((m) => [m.word, m.start, m.end])).toEqual([
      ['野火', 0, 4],
      ['野火', 5, 10],
      ['野火', 11, 14],
    ]);
  });

  it('with pinyin-pro (loadPinyin): full and mixed spellings of a Chinese word, whole at their letter ends', async () => {
    await loadPinyin();
    expect(found('草泥马,野火', 'caonima 野huo 草泥ma cao泥马 caonimabi CaoNiMa', { pinyin: true })).toEqual([
      ['草泥马', 0, 7, 'caonima'],
      ['野火', 8, 12, '野huo'],
      ['草泥马', 13, 17, '草泥ma'],
      ['草泥马', 18, 23, 'cao泥马'],
      ['草泥马', 34, 41, 'CaoNiMa'],
    ]);
    // spaced pinyin is noise between letters: skipNoise joins it
    expect(found('草泥马', 'cao ni ma', { pinyin: true, skipNoise: 2 })).toEqual([['草泥马', 0, 9, 'cao ni ma']]);
    // a homophone written in characters is not a match: only pinyin letters stand for a character
    expect(found('草泥马', '操你妈', { pinyin: true })).toEqual([]);
  });

  it('reads the text’s characters by their own pinyin: a homophone with some pinyin typed is the word too', async () => {
    await loadPinyin();
    expect(found('草泥马', '操你ma 操你妈', { pinyin: true })).toEqual([['草泥马', 0, 4, '操你ma']]);
    // polyphones: the word in context (银行: yin hang) and each character on its own (行: xing)
    expect(found('银行', 'yinhang yin行 银hang', { pinyin: true }).map((m) => m[3])).toEqual([
      'yinhang',
      'yin行',
      '银hang',
    ]);
  });

  it('a match in the pinyin view covers whole syllables (安安 is not inside 难an: n|an|an)', () => {
    const provider: PinyinProvider = (word) => [...word].map((c) => ({ 安: 'an', 难: 'nan' })[c] ?? null);
    const scanner = compileCensor([library('安安')], { defaults: { pinyin: true }, pinyin: provider });
    expect(scanner.scan('难an', customer).matches).toEqual([]);
    expect(scanner.scan('安an', customer).matches.map((m) => [m.start, m.end])).toEqual([[0, 3]]);
  });

  it('is off by default', async () => {
    await loadPinyin();
    expect(found('草泥马', 'caonima')).toEqual([]);
  });
});

describe('extra passes run only when a library asks and the text needs them', () => {
  const everything: CensorLibraryOptions = {
    skipNoise: 2,
    traditional: true,
    numberStyles: true,
    letterStyles: true,
    repeats: true,
    categories: ['contact-phone'],
  };

  it('plain text (nothing to fold, no noise between word characters, no runs) costs one automaton pass', () => {
    const scanner = compileCensor([library('傻逼,fuck')], { defaults: everything });
    scanner.scan('您好，请问有什么可以帮您', customer);
    expect(passes(scanner)).toBe(1);
    scanner.scan('您好傻逼', customer);
    expect(passes(scanner)).toBe(2);
  });

  it('a text that folds gets one view pass; noise between a word’s characters one more', () => {
    const scanner = compileCensor([library('傻逼')], { defaults: everything });
    expect(scanner.scan('下三滥', customer).matches).toEqual([]);
    expect(passes(scanner)).toBe(1);
    // the plain pass (nothing folds), then the noise-free one
    expect(scanner.scan('傻 逼', customer).matches.map((m) => [m.start, m.end])).toEqual([[0, 3]]);
    expect(passes(scanner)).toBe(3);
  });

  it('libraries without options never pay for another library’s options on messages it does not check', () => {
    const scanner = compileCensor([library('傻逼'), library('傻逼', { id: 2, flag: 'cs-agent' })], {
      libraries: { '2': everything },
    });
    scanner.scan('傻 傻 逼 三 Ⓐ', customer);
    expect(passes(scanner)).toBe(1);
  });
});
