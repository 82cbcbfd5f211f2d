import { describe, expect, it } from 'vitest';
import { compileCensor, SYSTEM_WORDS, systemWordList } from '../../src/censor/index.js';
import { foldText } from '../../src/text/fold.js';

describe('system word list', () => {
  it('has the five categories, a few hundred words in all, each folded, trimmed and non-empty', () => {
    expect(Object.keys(SYSTEM_WORDS).sort()).toEqual([
      'abuse',
      'discrimination',
      'off-platform',
      'privacy-phishing',
      'threat',
    ]);
    const all = systemWordList();
    expect(all.length).toBeGreaterThanOrEqual(250);
    expect(new Set(all).size).toBe(all.length);
    for (const word of all) {
      expect(word.trim()).toBe(word);
      expect(word.length).toBeGreaterThan(0);
      expect(foldText(word)).toBe(word);
    }
  });

  it('catches typical phrasing of each category', () => {
    const scanner = compileCensor([
      { id: 's', name: 'sys', operation: 'REPORT', status: 'ACTIVE', flag: 'cs-agent', tempType: 'SYS_WORDS' },
    ]);
    const words = (text: string) => scanner.scan(text, { role: 'AGENT' }).matches.map((m) => m.word);
    expect(words('你个傻逼')).toContain('傻逼');
    expect(words('信不信我弄死你')).toContain('弄死你');
    expect(words('乡巴佬懂什么')).toContain('乡巴佬');
    expect(words('请把验证码发给我')).toContain('把验证码');
    expect(words('加我微信，我们私下转账，别走淘宝外交易')).toEqual(
      expect.arrayContaining(['加我微信', '私下转账', '淘宝外交易']),
    );
  });

  it('stays quiet on ordinary service phrasing', () => {
    const scanner = compileCensor([
      { id: 's', name: 'sys', operation: 'REPORT', status: 'ACTIVE', flag: 'cs-customer', tempType: 'SYS_WORDS' },
    ]);
    for (const text of [
      '您好，请问有什么可以帮您？',
      '您的订单已发货，预计明天送达',
      '跳楼价大促，去死皮霜买一送一',
      '麻烦提供一下订单号，我帮您查询',
      '退款会在三个工作日内原路退回',
    ])
      expect(scanner.scan(text, { role: 'CUSTOMER' }).matches).toEqual([]);
  });
});
