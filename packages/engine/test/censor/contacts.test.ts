/**
 * The contact detectors (issue 16 §2.5): each a category a library picks, with its own evidence span; on the peers'
 * kinds of input, spaced and in Chinese numerals; quiet on ordinary service talk; linear on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { CONTACT_CATEGORIES, type ContactCategory, compileCensor } from '../../src/censor/index.js';

function scanner(categories: readonly ContactCategory[] = CONTACT_CATEGORIES) {
  return compileCensor(
    [{ id: 'c', name: 'contacts', operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer', tempType: 'SYS_WORDS' }],
    { defaults: { categories: [...categories] } },
  );
}

/** [category, the text of the span, value] of every contact found. */
function contacts(text: string, categories?: readonly ContactCategory[]) {
  return scanner(categories)
    .scan(text, { role: 'CUSTOMER' })
    .matches.map((m) => [m.word, text.slice(m.start, m.end), m.value]);
}

describe('phone numbers', () => {
  it('mainland mobiles, written plain, spaced, dashed, in Chinese numerals, circled or full width', () => {
    expect(contacts('电话13812345678，或者 138 1234 5678、139-1234-5678', ['contact-phone'])).toEqual([
      ['contact-phone', '13812345678', '13812345678'],
      ['contact-phone', '138 1234 5678', '13812345678'],
      ['contact-phone', '139-1234-5678', '13912345678'],
    ]);
    expect(contacts('打一三八一二三四五六七八，或①③⑧①②③④⑤⑥⑦⑧，或１５９１２３４５６７８', ['contact-phone'])).toEqual([
      ['contact-phone', '一三八一二三四五六七八', '13812345678'],
      ['contact-phone', '①③⑧①②③④⑤⑥⑦⑧', '13812345678'],
      ['contact-phone', '１５９１２３４５６７８', '15912345678'],
    ]);
    expect(contacts('幺三八 幺二三四 五六七八', ['contact-phone'])).toEqual([
      ['contact-phone', '幺三八 幺二三四 五六七八', '13812345678'],
    ]);
  });

  it('with the country code, landlines with their area code, 400 numbers', () => {
    expect(contacts('+86 138 1234 5678；8613812345678', ['contact-phone'])).toEqual([
      ['contact-phone', '+86 138 1234 5678', '8613812345678'],
      ['contact-phone', '8613812345678', '8613812345678'],
    ]);
    expect(contacts('座机010-12345678，(0755)2345678，0571 87654321，400-123-4567', ['contact-phone'])).toEqual([
      ['contact-phone', '010-12345678', '01012345678'],
      ['contact-phone', '0755)2345678', '07552345678'],
      ['contact-phone', '0571 87654321', '057187654321'],
      ['contact-phone', '400-123-4567', '4001234567'],
    ]);
  });

  it('not inside a longer number, nor order numbers, amounts, dates and times', () => {
    expect(
      contacts('订单号 202311231381234567890，金额 12800.00 元，2023-11-23 13:45，编号 13812345678901', [
        'contact-phone',
      ]),
    ).toEqual([]);
  });
});

describe('QQ and WeChat ids after their cue words', () => {
  it('the peers’ case: 加我qq12345678，或者vx123456', () => {
    expect(contacts('加我qq12345678，或者vx123456')).toEqual([
      ['contact-qq', 'qq12345678', '12345678'],
      ['contact-wechat', 'vx123456', '123456'],
    ]);
  });

  it('other cue words, filler between cue and id, spaced or Chinese-numeral ids', () => {
    expect(contacts('扣扣号：123 456 789；企鹅 五六七八九零一；QQ:10001', ['contact-qq'])).toEqual([
      ['contact-qq', '扣扣号：123 456 789', '123456789'],
      ['contact-qq', '企鹅 五六七八九零一', '5678901'],
      ['contact-qq', 'QQ:10001', '10001'],
    ]);
    expect(contacts('加微信：abc_123；v信号是 Zhang-San88；wx: 13812345678', ['contact-wechat'])).toEqual([
      ['contact-wechat', '微信：abc_123', 'abc_123'],
      ['contact-wechat', 'v信号是 Zhang-San88', 'zhang-san88'],
      ['contact-wechat', 'wx: 13812345678', '13812345678'],
    ]);
  });

  it('a cue in a list of channels gives no id (found in STC-3: 微博、微信、10010网上营业厅; QQ,微信...iphone5)', () => {
    expect(
      contacts('可以通过微博、微信、10010网上营业厅查询；短信,QQ,微信...iphone5,国行', [
        'contact-qq',
        'contact-wechat',
      ]),
    ).toEqual([]);
  });

  it('no id after the cue, an id too short or too long, a cue inside a word: nothing', () => {
    expect(
      contacts('加微信吧，qq群，qq 1234，QQ 123456789012，vxabcdef，wxyz123456，我用微信支付', [
        'contact-qq',
        'contact-wechat',
      ]),
    ).toEqual([]);
  });
});

describe('e-mail, URL, IPv4', () => {
  it('the peers’ e-mail cases', () => {
    expect(contacts('楼主好人，邮箱 sensitiveword@xx.com', ['contact-email'])).toEqual([
      ['contact-email', 'sensitiveword@xx.com', 'sensitiveword@xx.com'],
    ]);
    expect(contacts('楼主好人，邮箱123456789@QQ.com。', ['contact-email'])).toEqual([
      ['contact-email', '123456789@QQ.com', '123456789@qq.com'],
    ]);
    expect(contacts('发到 a.b-c_d@mail.example.com.cn 吧；不是邮箱：a@b、@qq.com、x@y.1', ['contact-email'])).toEqual([
      ['contact-email', 'a.b-c_d@mail.example.com.cn', 'a.b-c_d@mail.example.com.cn'],
    ]);
  });

  it('the peers’ URL cases: with and without a scheme, glued to Chinese, masked', () => {
    expect(contacts('点击链接 www.baidu.com查看答案', ['contact-url'])).toEqual([
      ['contact-url', 'www.baidu.com', 'www.baidu.com'],
    ]);
    expect(scanner(['contact-url']).scan('点击链接 www.baidu.com查看答案', { role: 'CUSTOMER' }).masked).toBe(
      '点击链接 *************查看答案',
    );
    expect(contacts('双击查看大图 www.big-image.png查看', ['contact-url'])).toEqual([
      ['contact-url', 'www.big-image.png', 'www.big-image.png'],
    ]);
    expect(
      contacts('点击链接 https://www.baidu.com 查看答案，当然也可以是 baidu.com、www.baidu.com', ['contact-url']),
    ).toEqual([
      ['contact-url', 'https://www.baidu.com', 'https://www.baidu.com'],
      ['contact-url', 'baidu.com', 'baidu.com'],
      ['contact-url', 'www.baidu.com', 'www.baidu.com'],
    ]);
    expect(contacts('短链 t.cn/A6abc?x=1). 文件 report.pdf，版本 node.js，邮箱 a@qq.com', ['contact-url'])).toEqual([
      ['contact-url', 't.cn/A6abc?x=1', 't.cn/a6abc?x=1'],
    ]);
  });

  it('the peers’ IPv4 case, only when picked; not versions or longer dotted numbers', () => {
    const text = '个人网站，如果网址打不开可以访问 127.0.0.1。';
    expect(contacts(text, ['contact-ip'])).toEqual([['contact-ip', '127.0.0.1', '127.0.0.1']]);
    expect(contacts(text, ['contact-url'])).toEqual([]);
    expect(contacts('版本号:2.4.2.132，iTunes 10.6.3.25版', ['contact-ip'])).toEqual([]);
    expect(contacts('v1.2.3.4 1.2.3.4.5 256.1.1.1 10.0.0.255', ['contact-ip'])).toEqual([
      ['contact-ip', '10.0.0.255', '10.0.0.255'],
    ]);
  });
});

describe('detectors in a library', () => {
  it('stay quiet on ordinary service talk', () => {
    for (const text of [
      '您好，请问有什么可以帮您？',
      '您的订单已发货，预计明天送达，运单号 SF1234567890123',
      '退款 128.50 元会在三个工作日内原路退回',
      '请提供一下订单号，我帮您查询一下',
      '第一二三四五六七八九十个问题',
      '活动时间 2023.11.11 到 2023.11.12',
    ])
      expect(contacts(text)).toEqual([]);
  });

  it('a match names the category as its word, with its span and value; allow words drop the shop’s own hotline', () => {
    const scan = compileCensor(
      [
        {
          id: 1,
          name: 'c',
          words: null,
          operation: 'REPORT',
          status: 'ACTIVE',
          flag: 'cs-agent',
          tempType: 'SYS_WORDS',
        },
      ],
      { defaults: { categories: ['contact-phone'], allowWords: ['400-800-1234'] } },
    );
    expect(scan.scan('请拨 400-800-1234 或 13812345678', { role: 'AGENT' }).matches).toEqual([
      {
        banId: 1,
        libraryName: 'c',
        word: 'contact-phone',
        category: 'contact-phone',
        value: '13812345678',
        start: 18,
        end: 29,
        operation: 'REPORT',
      },
    ]);
  });
});

describe('adversarial input (100 000 characters): linear, no backtracking', () => {
  const cases: [string, string, number][] = [
    ['digits and spaces', '1 '.repeat(50_000), 0],
    ['cue words', 'qq'.repeat(50_000), 0],
    ['cues with digits', '扣扣：1 '.repeat(25_000), 0],
    ['at signs', 'a@'.repeat(50_000), 0],
    ['dots', 'a.'.repeat(50_000), 0],
    ['dotted digits', '1.'.repeat(50_000), 0],
    ['a scheme then a dotted host (one long address)', `http://${'ab.'.repeat(33_330)}`, 1],
    ['www repeated (one long address)', 'www.'.repeat(25_000), 1],
    ['Chinese numerals', '一'.repeat(100_000), 0],
    ['phones back to back', '13812345678 '.repeat(8_333), 8_333],
    ['local parts', `${'a'.repeat(99_990)}@qq.com`, 1],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => {
      expect(text.length).toBeGreaterThanOrEqual(99_990);
      const scan = compileCensor(
        [
          {
            id: 1,
            name: 'all',
            words: 'qq,1 1,a@a',
            operation: 'FUZZY',
            status: 'ACTIVE',
            flag: 'cs-customer',
          },
        ],
        {
          defaults: {
            categories: [...CONTACT_CATEGORIES],
            skipNoise: 3,
            numberStyles: true,
            letterStyles: true,
            repeats: true,
            traditional: true,
          },
        },
      );
      const result = scan.scan(text, { role: 'CUSTOMER' });
      expect(result.matches.filter((m) => m.category !== undefined).length).toBe(expected);
    });
  }
});
