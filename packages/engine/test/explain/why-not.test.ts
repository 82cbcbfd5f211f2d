import { describe, expect, it } from 'vitest';
import { whyNot } from '../../src/explain/why-not.js';
import { compileRule, inspect } from '../../src/index.js';

type Condition = Record<string, unknown>;
const ruleOf = (conditions: Condition[], lambda = 'ALL') =>
  compileRule({ id: 'r', name: 'r', conditionConfig: { conditions, lambda } });
const session = (...lines: [string, string | null][]) => ({
  sessionId: 's',
  messages: lines.map(([role, text]) =>
    text === null ? { senderRole: role, content: '[{"MsgType":"TIMImageElem","MsgContent":{}}]' } : { role, text },
  ),
});
const kw = (keywords: string[], type = 'HIT_ANY_KEYWORDS') => ({ type, param: { keywords } });

function explain(conditions: Condition[], s: ReturnType<typeof session>, cid: string, lambda = 'ALL') {
  const compiled = ruleOf(conditions, lambda);
  return whyNot(compiled, inspect(compiled, s), 'r', cid);
}

describe('whyNot: the stage that ruled a condition out', () => {
  it('answers null for a condition that hit', () => {
    expect(explain([{ cid: 'a', operators: [kw(['投诉'])] }], session(['CUSTOMER', '我要投诉']), 'a')).toBeNull();
  });

  it('names the operator with the keywords found and missing (INCLUDE_KEYWORDS needs all)', () => {
    const reason = explain(
      [{ cid: 'a', operators: [kw(['退款', '发票', '地址'], 'INCLUDE_KEYWORDS')] }],
      session(['CUSTOMER', '我要退款'], ['AGENT', '好的，请提供地址']),
      'a',
    );
    expect(reason).toMatchObject({
      stage: 'OPERATOR',
      nearestMiss: { operator: 'INCLUDE_KEYWORDS', found: ['退款', '地址'], missing: ['发票'], messagesTried: 2 },
    });
    expect(reason?.zh).toContain('缺少：发票');
    expect(reason?.en).toContain('missing: 发票');
  });

  it('reports the best similarity reached by SIMILAR_MATCH, with the phrase and message', () => {
    const reason = explain(
      [
        {
          cid: 'a',
          operators: [{ type: 'SIMILAR_MATCH', param: { phrases: ['请问还有什么可以帮您'], similarity: 90 } }],
        },
      ],
      session(['AGENT', '请问还有什么需要帮您'], ['AGENT', '再见']),
      'a',
    );
    expect(reason?.stage).toBe('OPERATOR');
    expect(reason?.nearestMiss?.bestSimilarity).toEqual({ percent: 80, phrase: '请问还有什么可以帮您', message: 0 });
    expect(reason?.nearestMiss?.threshold).toBe(90);
  });

  it('shows the regex that was tried', () => {
    const reason = explain(
      [{ cid: 'a', operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: '\\d{11}' } }] }],
      session(['CUSTOMER', '电话 1380013']),
      'a',
    );
    expect(reason?.nearestMiss).toMatchObject({ operator: 'REGULAR_EXPRESSION', pattern: '\\d{11}', messagesTried: 1 });
  });

  it('blames the role filter when the session has no message of the role', () => {
    const reason = explain(
      [{ cid: 'a', operators: [kw(['抱歉'])], checkRange: { role: 'AGENT' } }],
      session(['CUSTOMER', '抱歉打扰']),
      'a',
    );
    expect(reason).toMatchObject({ stage: 'ROLE', role: 'AGENT', zh: '检查范围内没有客服的消息' });
  });

  it('blames the sentence range when the role has messages but the range picks none', () => {
    const reason = explain(
      [
        {
          cid: 'a',
          operators: [kw(['您好'])],
          checkRange: { role: 'AGENT', range: { from: 3, to: 4 }, rangeSelect: 'RANGE' },
        },
      ],
      session(['AGENT', '您好'], ['CUSTOMER', '在吗'], ['AGENT', '在的']),
      'a',
    );
    expect(reason).toMatchObject({ stage: 'RANGE', role: 'AGENT' });
    expect(reason?.en).toContain('the 2 agent message(s) fall outside the sentence range 3 to 4');
  });

  it('says the anchor condition never hit', () => {
    const reason = explain(
      [
        { cid: 'a', operators: [kw(['投诉'])], checkRange: { role: 'CUSTOMER' } },
        {
          cid: 'b',
          operators: [kw(['抱歉'])],
          checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } },
        },
      ],
      session(['CUSTOMER', '你好'], ['AGENT', '抱歉久等']),
      'b',
    );
    expect(reason).toMatchObject({ stage: 'ANCHOR_NOT_HIT', anchorCid: 'a' });
  });

  it('says the anchor region is empty when the anchor is the last message', () => {
    const reason = explain(
      [
        { cid: 'a', operators: [kw(['投诉'])], checkRange: { role: 'CUSTOMER' } },
        {
          cid: 'b',
          operators: [kw(['抱歉'])],
          checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } },
        },
      ],
      session(['AGENT', '抱歉久等'], ['CUSTOMER', '我要投诉']),
      'b',
    );
    expect(reason).toMatchObject({ stage: 'ANCHOR_REGION_EMPTY', anchorCid: 'a', anchorAt: 1 });
  });

  it('says the nth anchor hit is missing', () => {
    const reason = explain(
      [
        { cid: 'a', operators: [kw(['投诉'])], checkRange: { role: 'CUSTOMER' } },
        {
          cid: 'b',
          operators: [kw(['抱歉'])],
          checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: 1, inputHitTime: 2 } },
        },
      ],
      session(['CUSTOMER', '我要投诉'], ['AGENT', '抱歉']),
      'b',
    );
    expect(reason).toMatchObject({ stage: 'ANCHOR_NTH_MISSING', anchorCid: 'a' });
  });

  it('says only non-text messages were selected', () => {
    const reason = explain(
      [{ cid: 'a', operators: [kw(['图片'])], checkRange: { role: 'CUSTOMER' } }],
      session(['CUSTOMER', null], ['AGENT', '收到']),
      'a',
    );
    expect(reason?.stage).toBe('NO_TEXT');
  });
});
