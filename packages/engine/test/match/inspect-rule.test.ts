import { describe, expect, it } from 'vitest';
import { compileRule, compileRules } from '../../src/compile/compile-rule.js';
import { inspect } from '../../src/match/inspect.js';
import {
  anyKeywords,
  condition,
  conditionHit,
  excludeKeywords,
  hitMessages,
  includeKeywords,
  type Json,
  ncludeKeywords,
  op,
  rule,
  run,
  session,
  spans,
} from './helpers.js';

const single = (operator: Json, checkRange?: Json, config: Json = {}) =>
  rule([condition('a', operator, checkRange)], config);

describe('check-range selection', () => {
  const s = session(['C', '我要投诉'], ['A', '您好'], ['C', '投诉'], ['A', '抱歉'], ['C', '投诉！']);

  it('role selects the messages of that role only', () => {
    expect(hitMessages(run(single(anyKeywords(['投诉']), { role: 'CUSTOMER' }), s), 'a')).toEqual([0, 2, 4]);
    expect(run(single(anyKeywords(['投诉']), { role: 'AGENT' }), s).hit).toBe(false);
  });

  it('from/to pick positions within the role', () => {
    expect(
      hitMessages(run(single(anyKeywords(['投诉']), { role: 'CUSTOMER', range: { from: 2, to: 3 } }), s), 'a'),
    ).toEqual([2, 4]);
  });

  it('negative positions count from the end', () => {
    expect(hitMessages(run(single(anyKeywords(['投诉']), { range: { from: -1, to: -1 } }), s), 'a')).toEqual([4]);
    expect(run(single(anyKeywords(['投诉']), { range: { from: -2, to: -2 } }), s).hit).toBe(false);
  });

  it('from after to selects nothing', () => {
    const r = run(single(anyKeywords(['投诉']), { range: { from: 3, to: 1 } }), s);
    expect(r.hit).toBe(false);
    expect(r.conditions[0]!.attempts[0]!.selected).toEqual([]);
  });

  it('rangeSelect ALL ignores the range', () => {
    const r = run(single(anyKeywords(['投诉']), { range: { from: 2, to: 2 }, rangeSelect: 'ALL' }), s);
    expect(hitMessages(r, 'a')).toEqual([0, 2, 4]);
  });

  it('string positions from forms are read as numbers', () => {
    expect(hitMessages(run(single(anyKeywords(['投诉']), { range: { from: '1', to: '1' } }), s), 'a')).toEqual([0]);
  });

  it('a non-text message counts as a position but matches nothing', () => {
    const withImage = session(['A', null], ['A', '抱歉']);
    expect(run(single(anyKeywords(['抱歉']), { role: 'AGENT', range: { from: 1, to: 1 } }), withImage).hit).toBe(false);
    expect(run(single(anyKeywords(['抱歉']), { role: 'AGENT', range: { from: 2, to: 2 } }), withImage).hit).toBe(true);
  });

  it('other roles are only selected by all roles', () => {
    const sys = session(['SYSTEM', '系统提示：投诉已受理']);
    expect(run(single(anyKeywords(['投诉'])), sys).hit).toBe(true);
    expect(run(single(anyKeywords(['投诉']), { role: 'CUSTOMER' }), sys).hit).toBe(false);
    expect(run(single(anyKeywords(['投诉']), { role: 'AGENT' }), sys).hit).toBe(false);
  });
});

describe('anchors', () => {
  // a: the customer complains; b: the agent apologises
  const s = session(['C', '我要投诉'], ['A', '抱歉'], ['C', '还是要投诉'], ['A', '好的'], ['A', '抱歉抱歉']);
  const anchoredRule = (anchor: Json, range: Json = { from: 1, to: 1 }) =>
    rule([
      condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }),
      condition('b', anyKeywords(['抱歉']), {
        role: 'AGENT',
        range,
        anchor: { cid: 'a', location: 'AFTER', ...anchor },
      }),
    ]);

  it('the anchor hits are the anchor condition’s hit sentences in order', () => {
    const r = run(anchoredRule({ hitTime: -1 }), s);
    expect(r.conditions[1]!.anchorHits).toEqual([0, 2]);
    expect(r.conditions[1]!.attempts.map((a) => [a.anchor, a.selected])).toEqual([
      [0, [1]],
      [2, [3]],
    ]);
  });

  it('hitTime -1: satisfied relative to at least one anchor hit; evidence from those', () => {
    const r = run(anchoredRule({ hitTime: -1 }), s);
    expect(conditionHit(r, 'b')).toBe(true);
    expect(spans(r, 'b')).toEqual([[1, 0, 2, '抱歉']]);
  });

  it('hitTime 0: satisfied relative to every anchor hit', () => {
    expect(conditionHit(run(anchoredRule({ hitTime: 0 }), s), 'b')).toBe(false);
    const r = run(anchoredRule({ hitTime: 0 }, { from: 1, to: 2 }), s);
    // after #0 agents are 1, 3 (抱歉 at 1); after #2 agents are 3, 4 (抱歉抱歉 at 4)
    expect(conditionHit(r, 'b')).toBe(true);
    expect(spans(r, 'b')).toEqual([
      [1, 0, 2, '抱歉'],
      [4, 0, 2, '抱歉'],
      [4, 2, 4, '抱歉'],
    ]);
  });

  it('hitTime 1: the N-th anchor hit; fewer hits, no hit', () => {
    expect(conditionHit(run(anchoredRule({ hitTime: 1, inputHitTime: 1 }), s), 'b')).toBe(true);
    expect(conditionHit(run(anchoredRule({ hitTime: 1, inputHitTime: 2 }), s), 'b')).toBe(false);
    const second = run(anchoredRule({ hitTime: 1, inputHitTime: 2 }, { from: 1, to: 2 }), s);
    expect(spans(second, 'b').map(([m]) => m)).toEqual([4, 4]);
    const third = run(anchoredRule({ hitTime: 1, inputHitTime: 3 }, { from: 1, to: 2 }), s);
    expect(conditionHit(third, 'b')).toBe(false);
    expect(third.conditions[1]!.attempts).toEqual([]);
  });

  it('no anchor hit, no condition hit (even for EXCLUDE_KEYWORDS)', () => {
    const quiet = session(['C', '你好'], ['A', '您好']);
    const r = run(
      rule(
        [
          condition('a', anyKeywords(['投诉'])),
          condition('b', excludeKeywords(['抱歉']), { anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } }),
        ],
        { lambda: 'ANY_ONE' },
      ),
      quiet,
    );
    expect(r.conditions.map((c) => c.hit)).toEqual([false, false]);
    expect(r.hit).toBe(false);
  });

  it('BEFORE counts outward: 1 is the nearest message before the anchor', () => {
    const t = session(['A', '您好'], ['A', '抱歉'], ['C', '我要投诉']);
    const before = (range: Json) =>
      run(
        rule([
          condition('a', anyKeywords(['投诉'])),
          condition('b', anyKeywords(['您好', '抱歉']), {
            range,
            anchor: { cid: 'a', location: 'BEFORE', hitTime: -1 },
          }),
        ]),
        t,
      );
    expect(hitMessages(before({ from: 1, to: 1 }), 'b')).toEqual([1]);
    expect(hitMessages(before({ from: -1, to: -1 }), 'b')).toEqual([0]);
  });

  it('AROUND 1..1 selects up to two messages: one each side', () => {
    const t = session(['A', '抱歉'], ['A', '抱歉'], ['C', '我要投诉'], ['A', '抱歉'], ['A', '抱歉']);
    const r = run(
      rule([
        condition('a', anyKeywords(['投诉'])),
        condition('b', anyKeywords(['抱歉']), {
          range: { from: 1, to: 1 },
          anchor: { cid: 'a', location: 'AROUND', hitTime: -1 },
        }),
      ]),
      t,
    );
    expect(hitMessages(r, 'b')).toEqual([1, 3]);
  });

  it('the anchor message itself is never in the region', () => {
    const t = session(['C', '投诉，抱歉'], ['C', '好']);
    const r = run(
      rule([
        condition('a', anyKeywords(['投诉'])),
        condition('b', anyKeywords(['抱歉']), { anchor: { cid: 'a', location: 'AROUND', hitTime: -1 } }),
      ]),
      t,
    );
    expect(conditionHit(r, 'b')).toBe(false);
  });
});

describe('nothing selected, no hit', () => {
  it('EXCLUDE_KEYWORDS over an empty selection does not hit', () => {
    const s = session(['C', '你好']);
    expect(run(single(excludeKeywords(['投诉']), { role: 'AGENT' }), s).hit).toBe(false);
    expect(run(single(excludeKeywords(['投诉']), { range: { from: 2, to: 1 } }), s).hit).toBe(false);
    expect(run(single(excludeKeywords(['投诉'])), s).hit).toBe(true);
  });

  it('a selection of non-text messages only does not hit', () => {
    expect(run(single(excludeKeywords(['投诉'])), session(['C', null], ['A', null])).hit).toBe(false);
  });

  it('an empty session hits nothing', () => {
    expect(run(single(excludeKeywords(['投诉'])), session()).hit).toBe(false);
  });

  it('EXCLUDE_KEYWORDS fails when a keyword occurs in a selected message only', () => {
    const s = session(['C', '我要投诉'], ['A', '您好']);
    expect(run(single(excludeKeywords(['投诉'])), s).hit).toBe(false);
    expect(run(single(excludeKeywords(['投诉']), { role: 'AGENT' }), s).hit).toBe(true);
  });
});

describe('keyword operators', () => {
  it('evidence is every occurrence, with spans in the original text', () => {
    const r = run(single(anyKeywords(['抱歉', '理解您'])), session(['A', '您好，抱歉，非常理解您，再次抱歉']));
    expect(spans(r, 'a')).toEqual([
      [0, 3, 5, '抱歉'],
      [0, 8, 11, '理解您'],
      [0, 14, 16, '抱歉'],
    ]);
  });

  it('spans map back to full-width and upper-case originals', () => {
    const r = run(single(anyKeywords(['vip'])), session(['C', '我是ＶＩＰ用户'], ['C', '老VIP了']));
    expect(spans(r, 'a')).toEqual([
      [0, 2, 5, 'ＶＩＰ'],
      [1, 1, 4, 'VIP'],
    ]);
    expect(r.conditions[0]!.hits[0]!.keyword).toBe('vip');
  });

  it('ASCII keywords match whole words only', () => {
    expect(run(single(anyKeywords(['ok'])), session(['C', 'book'])).hit).toBe(false);
    expect(run(single(anyKeywords(['69'])), session(['C', '695'])).hit).toBe(false);
    expect(run(single(anyKeywords(['wi-fi'])), session(['C', '用wi-fi上网'])).hit).toBe(true);
  });

  it('caseSensitive keeps case but still folds width', () => {
    const rule1 = single(anyKeywords(['VIP'], { caseSensitive: true }));
    expect(run(rule1, session(['C', 'vip'])).hit).toBe(false);
    expect(spans(run(rule1, session(['C', 'ＶＩＰ'])), 'a')).toEqual([[0, 0, 3, 'ＶＩＰ']]);
  });

  it('spellings that normalise alike are one keyword: one word in the text is one occurrence', () => {
    expect(run(single(anyKeywords(['VIP', 'vip'], { threshold: 2 })), session(['C', '我是vip'])).hit).toBe(false);
    expect(run(single(anyKeywords(['VIP', 'ｖｉｐ'], { threshold: 2 })), session(['C', 'vip vip'])).hit).toBe(true);
    expect(run(single(ncludeKeywords(['VIP', 'vip', '投诉'], 2)), session(['C', '我是vip'])).hit).toBe(false);
    expect(spans(run(single(anyKeywords(['VIP', 'vip'])), session(['C', '我是vip'])), 'a')).toEqual([[0, 2, 5, 'vip']]);
  });

  it('case-sensitive spellings stay distinct keywords', () => {
    const r = run(
      single(anyKeywords(['VIP', 'vip'], { caseSensitive: true, threshold: 2 })),
      session(['C', 'VIP vip']),
    );
    expect(r.hit).toBe(true);
    expect(r.conditions[0]!.hits.map((e) => e.keyword)).toEqual(['VIP', 'vip']);
  });

  it('a case-sensitive keyword finds its occurrence even where it overlaps a differently-cased one', () => {
    expect(spans(run(single(anyKeywords(['A-A'], { caseSensitive: true })), session(['C', 'a-A-A'])), 'a')).toEqual([
      [0, 2, 5, 'A-A'],
    ]);
    expect(spans(run(single(anyKeywords(['ΣΣ'], { caseSensitive: true })), session(['C', 'σΣΣ'])), 'a')).toEqual([
      [0, 1, 3, 'ΣΣ'],
    ]);
  });

  it('threshold counts occurrences of one keyword without overlap (哈哈 twice in 哈哈哈哈, once in 哈哈哈)', () => {
    const r = (text: string, threshold: number) =>
      run(single(anyKeywords(['哈哈'], { threshold })), session(['C', text]));
    expect(r('哈哈哈哈', 2).hit).toBe(true);
    expect(spans(r('哈哈哈哈', 2), 'a')).toEqual([
      [0, 0, 2, '哈哈'],
      [0, 2, 4, '哈哈'],
    ]);
    expect(r('哈哈哈哈', 3).hit).toBe(false);
    expect(r('哈哈哈', 2).hit).toBe(false);
  });

  it('threshold counts different keywords separately, even when they overlap', () => {
    const r = (threshold: number) =>
      run(single(anyKeywords(['投诉', '诉'], { threshold })), session(['C', '我要投诉']));
    expect(r(2).hit).toBe(true);
    expect(r(3).hit).toBe(false);
  });

  it('threshold counts over the whole selection without inSentence', () => {
    const s = session(['C', '投诉'], ['C', '投诉']);
    expect(run(single(anyKeywords(['投诉'], { threshold: 2 })), s).hit).toBe(true);
    expect(run(single(anyKeywords(['投诉'], { threshold: 2, inSentence: true })), s).hit).toBe(false);
    expect(run(single(anyKeywords(['投诉'], { threshold: 2, inSentence: true })), session(['C', '投诉投诉'])).hit).toBe(
      true,
    );
  });

  it('INCLUDE needs every keyword; with inSentence all in one message, and only that message is evidence', () => {
    const s = session(['C', '退款了吗'], ['A', '已到账'], ['C', '退款已到账']);
    const plain = run(single(includeKeywords(['退款', '到账'])), s);
    expect(plain.hit).toBe(true);
    expect(hitMessages(plain, 'a')).toEqual([0, 1, 2]);
    const inSentence = run(single(includeKeywords(['退款', '到账'], { inSentence: true })), s);
    expect(inSentence.hit).toBe(true);
    expect(spans(inSentence, 'a')).toEqual([
      [2, 0, 2, '退款'],
      [2, 3, 5, '到账'],
    ]);
    expect(
      run(single(includeKeywords(['退款', '到账'], { inSentence: true })), session(['C', '退款'], ['C', '到账'])).hit,
    ).toBe(false);
  });

  it('INCLUDE misses when one keyword is missing', () => {
    const r = run(single(includeKeywords(['退款', '发票'])), session(['C', '退款了吗']));
    expect(r.hit).toBe(false);
    expect(r.conditions[0]!.attempts[0]!.operators[0]!.missing).toEqual(['发票']);
  });

  it('NCLUDE needs N distinct keywords; with inSentence in one message', () => {
    const kws = ['退款', '到账', '发票'];
    expect(run(single(ncludeKeywords(kws, 2)), session(['C', '退款退款'])).hit).toBe(false);
    expect(run(single(ncludeKeywords(kws, 2)), session(['C', '退款'], ['C', '发票'])).hit).toBe(true);
    expect(run(single(ncludeKeywords(kws, 2, { inSentence: true })), session(['C', '退款'], ['C', '发票'])).hit).toBe(
      false,
    );
    const r = run(single(ncludeKeywords(kws, 2, { inSentence: true })), session(['C', '退款'], ['C', '发票退款']));
    expect(r.hit).toBe(true);
    expect(hitMessages(r, 'a')).toEqual([1]);
  });

  it('NCLUDE with a threshold needs both the distinct keywords and the occurrences', () => {
    const kws = ['退款', '到账'];
    expect(run(single(ncludeKeywords(kws, 1, { threshold: 3 })), session(['C', '退款退款到账'])).hit).toBe(true);
    expect(run(single(ncludeKeywords(kws, 2, { threshold: 4 })), session(['C', '退款退款到账'])).hit).toBe(false);
  });
});

describe('conditions', () => {
  it('every operator must hit, independently (not necessarily in one message); evidence is the union', () => {
    const r = run(
      single([anyKeywords(['投诉']), anyKeywords(['抱歉'])] as unknown as Json),
      session(['C', '我要投诉'], ['A', '抱歉']),
    );
    expect(r.hit).toBe(true);
    expect(spans(r, 'a')).toEqual([
      [0, 2, 4, '投诉'],
      [1, 0, 2, '抱歉'],
    ]);
    const miss = run(
      single([anyKeywords(['投诉']), anyKeywords(['退款'])] as unknown as Json),
      session(['C', '我要投诉']),
    );
    expect(miss.hit).toBe(false);
    expect(spans(miss, 'a')).toEqual([]);
  });
});

describe('hit count', () => {
  const s = session(['C', '我要投诉'], ['A', '抱歉'], ['C', '投诉'], ['A', '抱歉，投诉已记录']);

  it('counts distinct messages carrying evidence of the true conditions', () => {
    const r = run(rule([condition('a', anyKeywords(['投诉'])), condition('b', anyKeywords(['抱歉']))]), s);
    // a: 0, 2, 3; b: 1, 3
    expect(r.hitCount).toBe(4);
  });

  it('counts true conditions whether or not the lambda needed them', () => {
    const r = run(
      rule([condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }), condition('b', anyKeywords(['抱歉']))], {
        lambda: 'a || b',
      }),
      s,
    );
    expect(r.hitCount).toBe(4);
  });

  it('does not count false conditions', () => {
    const r = run(
      rule([condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }), condition('b', anyKeywords(['退款']))], {
        lambda: 'a && !b',
      }),
      s,
    );
    expect(r.hit).toBe(true);
    expect(r.hitCount).toBe(2);
  });

  it('EXCLUDE only counts 1', () => {
    const r = run(single(excludeKeywords(['退款'])), s);
    expect(r.hit).toBe(true);
    expect(r.hitCount).toBe(1);
  });

  it('a rule that hits through ANY_ONE_NOT_MET with no true condition counts 1', () => {
    const r = run(rule([condition('a', anyKeywords(['退款']))], { lambda: 'ANY_ONE_NOT_MET' }), s);
    expect([r.hit, r.hitCount]).toEqual([true, 1]);
  });

  it('a rule that does not hit counts 0', () => {
    expect(run(single(anyKeywords(['退款'])), s).hitCount).toBe(0);
  });
});

describe('models force roles', () => {
  it('ABUSE_MODEL reads agent messages only, whatever the check range says', () => {
    const abuse = single(op('ABUSE_MODEL', { types: ['ABUSE'] }), { role: 'CUSTOMER' });
    expect(run(abuse, session(['C', '你是傻逼吗'])).hit).toBe(false);
    const r = run(abuse, session(['C', '你好'], ['A', '你是傻逼吗']));
    expect(r.hit).toBe(true);
    expect(hitMessages(r, 'a')).toEqual([1]);
    expect(r.conditions[0]!.hits[0]!.label).toBe('ABUSE');
  });

  it('CUSTOMER_CHECK_MODEL reads customer messages only', () => {
    const complaint = single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] }));
    expect(run(complaint, session(['A', '我要投诉'])).hit).toBe(false);
    expect(hitMessages(run(complaint, session(['A', '您好'], ['C', '我要投诉'])), 'a')).toEqual([1]);
  });

  it('the forced role applies to every operator of the condition', () => {
    const mixed = single([
      op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] }),
      anyKeywords(['抱歉']),
    ] as unknown as Json);
    expect(run(mixed, session(['C', '我要投诉'], ['A', '抱歉'])).hit).toBe(false);
    expect(run(mixed, session(['C', '我要投诉，抱歉'])).hit).toBe(true);
  });
});

describe('rule sets', () => {
  it('rules compiled together share one automaton and are inspected independently', () => {
    const set = compileRules([single(anyKeywords(['投诉'])), { ...single(anyKeywords(['抱歉'])), id: 'r2' }]);
    const result = inspect(set, session(['C', '我要投诉']));
    expect(result.rules.map((r) => [r.ruleId, r.hit])).toEqual([
      ['r1', true],
      ['r2', false],
    ]);
  });

  it('inspect accepts the stored console form', () => {
    const compiled = compileRule(single(anyKeywords(['投诉'])));
    const result = inspect(compiled, {
      sessionId: 'x',
      messages: [
        {
          senderRole: 'CUSTOMER',
          content: JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: '我要投诉' } }]),
        },
      ],
    });
    expect(result.sessionId).toBe('x');
    expect(result.rules[0]!.hit).toBe(true);
  });
});
