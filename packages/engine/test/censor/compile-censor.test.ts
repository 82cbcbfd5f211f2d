import { describe, expect, it } from 'vitest';
import {
  type CensorLibrary,
  CensorLibraryError,
  type CensorLibraryOptions,
  compileCensor,
  parseWords,
} from '../../src/censor/index.js';

function library(words: CensorLibrary['words'], more: Partial<CensorLibrary> = {}): CensorLibrary {
  return { id: 1, name: 'lib', words, operation: 'REPORT', status: 'ACTIVE', flag: 'cs-customer', ...more };
}

/** [word, start, end] of each match of one customer library with `options`. */
function spans(words: CensorLibrary['words'], text: string, options: CensorLibraryOptions = {}) {
  const scanner = compileCensor([library(words)], { defaults: options });
  return scanner.scan(text, { role: 'CUSTOMER' }).matches.map((m) => [m.word, m.start, m.end]);
}

describe('words', () => {
  it('are an array or a string separated by commas (half or full width) or new lines, trimmed', () => {
    expect(parseWords(' 傻逼 ,大麻，滚蛋\n\r\nass ')).toEqual(['傻逼', '大麻', '滚蛋', 'ass']);
    expect(parseWords(['a', ' ', 'b '])).toEqual(['a', 'b']);
    expect(parseWords(null)).toEqual([]);
  });

  it('match every occurrence, overlapping ones too, with spans into the original text', () => {
    expect(spans('傻逼,逼你', '你傻逼你傻逼')).toEqual([
      ['傻逼', 1, 3],
      ['逼你', 2, 4],
      ['傻逼', 4, 6],
    ]);
  });

  it('fold width and case', () => {
    expect(spans('vip,ＡＢＣ', '我是ＶＩＰ用户abc')).toEqual([
      ['vip', 2, 5],
      ['ＡＢＣ', 7, 10],
    ]);
  });

  it('made of ASCII: letters may not touch letters, digits may not touch digits (class boundaries, the default)', () => {
    expect(spans('ass,69', 'grass 695 ass 69 用ass上网 a69b')).toEqual([
      ['ass', 10, 13],
      ['69', 14, 16],
      ['ass', 18, 21],
      ['69', 25, 27],
    ]);
    // the peers' case: contact cue words glued to the number
    expect(spans('qq,vx', '加我qq12345678，或者vx123456')).toEqual([
      ['qq', 2, 4],
      ['vx', 15, 17],
    ]);
    expect(spans('qq,vx', 'qqq 12vx vxa')).toEqual([['vx', 6, 8]]);
    expect(spans('qq', 'ｑｑ１２３')).toEqual([['qq', 0, 2]]);
  });

  it('with classBoundaries off, an ASCII word touches no ASCII letter or digit at all (the rule before)', () => {
    expect(spans('ass,69,qq', 'grass 695 a69b qq123 ass', { classBoundaries: false })).toEqual([['ass', 21, 24]]);
  });

  it('two spellings of one word in one library give one match (the first spelling)', () => {
    expect(spans('VIP,vip', 'vip')).toEqual([['VIP', 0, 3]]);
  });
});

describe('skipNoise', () => {
  it('skips up to k noise characters (white space, punctuation, symbols, emoji) inside a word', () => {
    expect(spans('傻逼', '傻*逼 傻 逼 傻**逼 傻***逼', { skipNoise: 2 })).toEqual([
      ['傻逼', 0, 3],
      ['傻逼', 4, 7],
      ['傻逼', 8, 12],
    ]);
    expect(spans('傻逼', '傻😀逼', { skipNoise: 1 })).toEqual([['傻逼', 0, 4]]);
    expect(spans('傻逼', '傻，。逼', { skipNoise: 1 })).toEqual([]);
  });

  it('counts the skipped noise of the whole word, not of one gap', () => {
    expect(spans('弄死你', '弄*死*你 弄**死你', { skipNoise: 2 })).toEqual([
      ['弄死你', 0, 5],
      ['弄死你', 6, 11],
    ]);
    expect(spans('弄死你', '弄*死*你', { skipNoise: 1 })).toEqual([]);
  });

  it('spans start at the word’s first character and end after its last (no leading or trailing noise)', () => {
    expect(spans('傻逼', '**傻 逼**', { skipNoise: 3 })).toEqual([['傻逼', 2, 5]]);
  });

  it('is off by default: only the exact word matches', () => {
    expect(spans('傻逼', '傻*逼 傻逼')).toEqual([['傻逼', 4, 6]]);
  });

  it('keeps ASCII words whole against the original text', () => {
    expect(spans('ass', 'a-ss gra ss', { skipNoise: 1 })).toEqual([['ass', 0, 4]]);
  });

  it('does not skip letters or digits, only noise', () => {
    expect(spans('傻逼', '傻a逼 傻1逼', { skipNoise: 3 })).toEqual([]);
  });
});

describe('traditional', () => {
  it('folds traditional characters in the text and in the words, spans unchanged', () => {
    expect(spans('说话,麻烦', '別說話，真麻煩', { traditional: true })).toEqual([
      ['说话', 1, 3],
      ['麻烦', 5, 7],
    ]);
    expect(spans('說話', '别说话', { traditional: true })).toEqual([['說話', 1, 3]]);
  });

  it('is off by default', () => {
    expect(spans('说话', '別說話')).toEqual([]);
  });

  it('combines with noise skipping', () => {
    expect(spans('麻烦', '真麻 煩', { traditional: true, skipNoise: 1 })).toEqual([['麻烦', 1, 4]]);
  });
});

describe('allowWords', () => {
  it('drops a match lying inside an occurrence of an allowed word', () => {
    expect(spans('大麻', '大麻烦 大麻 大大麻烦', { allowWords: ['大麻烦'] })).toEqual([['大麻', 4, 6]]);
  });

  it('may be a string, and folds like the words', () => {
    expect(spans('大麻', '大麻 煩了', { allowWords: '大麻烦,xx', traditional: true, skipNoise: 1 })).toEqual([]);
  });

  it('only covers its own library', () => {
    const scanner = compileCensor([library('大麻'), library('大麻', { id: 2, name: 'other' })], {
      libraries: { '1': { allowWords: ['大麻烦'] } },
    });
    expect(scanner.scan('大麻烦', { role: 'CUSTOMER' }).matches.map((m) => m.banId)).toEqual([2]);
  });
});

describe('library selection', () => {
  const libraries: CensorLibrary[] = [
    library('甲', { id: 'c', flag: 'cs-customer' }),
    library('甲', { id: 'a', flag: 'cs-agent' }),
    library('甲', { id: 'off', flag: 'cs-customer', status: 'INACTIVE' }),
    library('甲', { id: 'staff', flag: 'cs-agent', scopes: ['s-1'] }),
    library('甲', { id: 'branch', flag: 'cs-agent', scopes: { branchIds: ['b-1'], staffIds: [] } }),
    library('甲', { id: 'empty', flag: 'cs-agent', scopes: { branchIds: [], staffIds: [] } }),
    library('甲', { id: 'cscope', flag: 'cs-customer', scopes: ['s-1'] }),
  ];
  const scanner = compileCensor(libraries);
  const ids = (role: string, staffId?: string, branchId?: string) =>
    scanner.scan('甲', { role, staffId, branchId }).matches.map((m) => m.banId);

  it('cs-customer libraries check customer messages (scopes do not apply to them); inactive ones never', () => {
    expect(ids('CUSTOMER', 's-9')).toEqual(['c', 'cscope']);
  });

  it('cs-agent libraries check agent messages, limited by scopes to staff or branch ids; empty means all', () => {
    expect(ids('AGENT')).toEqual(['a', 'empty']);
    expect(ids('AGENT', 's-1')).toEqual(['a', 'staff', 'empty']);
    expect(ids('AGENT', 's-2', 'b-1')).toEqual(['a', 'branch', 'empty']);
    expect(ids('agent', 's-1', 'b-1')).toEqual(['a', 'staff', 'branch', 'empty']);
  });

  it('other roles match nothing', () => {
    expect(ids('SYSTEM')).toEqual([]);
  });

  it('tempType SYS_WORDS scans the system list, not its own words', () => {
    const sys = compileCensor([library('自己的词', { tempType: 'SYS_WORDS' })]);
    expect(sys.scan('自己的词，加我微信', { role: 'CUSTOMER' }).matches.map((m) => [m.word, m.start, m.end])).toEqual([
      ['加我微信', 5, 9],
    ]);
  });
});

describe('operation and masking', () => {
  const scanner = compileCensor([
    library('报告', { id: 'r', operation: 'REPORT' }),
    library('模糊', { id: 'f', operation: 'FUZZY' }),
    library('阻断', { id: 'a', operation: 'ABORT' }),
    library('模糊', { id: 'fa', operation: 'FUZZY', flag: 'cs-agent' }),
    library('报告', { id: 'ra', operation: 'REPORT', flag: 'cs-agent' }),
  ]);
  const customer = (text: string) => scanner.scan(text, { role: 'CUSTOMER' });

  it('no match: no operation, the text as is', () => {
    expect(customer('你好')).toEqual({ matches: [], count: 0, operation: null, masked: '你好' });
  });

  it('the strongest operation present wins: ABORT over FUZZY over REPORT', () => {
    expect(customer('报告').operation).toBe('REPORT');
    expect(customer('报告模糊').operation).toBe('FUZZY');
    expect(customer('报告模糊阻断').operation).toBe('ABORT');
    expect(customer('阻断报告').operation).toBe('ABORT');
  });

  it('FUZZY masks each matched character with *; REPORT and ABORT leave the text as it is', () => {
    expect(customer('报告，模糊！').masked).toBe('**，**！');
    expect(customer('报告').masked).toBe('报告');
    expect(customer('模糊阻断').masked).toBe('模糊阻断');
  });

  it('FUZZY is never applied to agent messages: the match is reported', () => {
    const result = scanner.scan('模糊报告', { role: 'AGENT' });
    expect(result.matches.map((m) => [m.banId, m.operation])).toEqual([
      ['fa', 'REPORT'],
      ['ra', 'REPORT'],
    ]);
    expect(result.operation).toBe('REPORT');
    expect(result.masked).toBe('模糊报告');
  });

  it('a match names its library, word and span', () => {
    expect(customer('请模糊').matches).toEqual([
      { banId: 'f', libraryName: 'lib', word: '模糊', start: 1, end: 3, operation: 'FUZZY' },
    ]);
  });

  it('masks a noise-skipped match over its whole span', () => {
    const fuzzy = compileCensor([library('傻逼', { operation: 'FUZZY' })], { defaults: { skipNoise: 1 } });
    expect(fuzzy.scan('你傻 逼吧', { role: 'CUSTOMER' }).masked).toBe('你***吧');
  });
});

describe('invalid libraries', () => {
  it('are refused with the path of the field', () => {
    const bad = (lib: unknown) => () => compileCensor([lib as CensorLibrary]);
    expect(bad({ ...library('a'), operation: 'BLOCK' })).toThrow(CensorLibraryError);
    expect(bad({ ...library('a'), operation: 'BLOCK' })).toThrow('$[0].operation');
    expect(bad({ ...library('a'), flag: 'agent' })).toThrow('$[0].flag');
    expect(bad({ ...library('a'), id: null })).toThrow('$[0].id');
    expect(bad({ ...library('a'), tempType: 'X' })).toThrow('$[0].tempType');
    expect(() => compileCensor([library('a')], { defaults: { skipNoise: -1 } })).toThrow('skipNoise');
  });

  it('an empty list or a library without words scans nothing', () => {
    expect(compileCensor([]).scan('傻逼', { role: 'CUSTOMER' }).matches).toEqual([]);
    expect(compileCensor([library(null)]).scan('傻逼', { role: 'CUSTOMER' }).matches).toEqual([]);
  });
});
