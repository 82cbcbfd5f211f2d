import { describe, expect, it } from 'vitest';
import { compileRule } from '../../src/compile/compile-rule.js';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { toConditionHitInfo, toResultRules } from '../../src/explain/condition-hit-info.js';
import { describeEvidence, describeInspection } from '../../src/explain/describe.js';
import { toOutputRecord } from '../../src/explain/output-record.js';
import { inspect } from '../../src/match/inspect.js';
import { anyKeywords, condition, excludeKeywords, includeKeywords, rule, session } from '../match/helpers.js';

const complaint = rule(
  [
    condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }),
    condition('b', anyKeywords(['抱歉']), { role: 'AGENT' }),
  ],
  { lambda: 'a && b', ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 } },
);
const s = session(['C', '我要投诉'], ['A', '您好，抱歉让您久等了'], ['C', '图片'], ['C', '再投诉一次']);

describe('toOutputRecord', () => {
  it('has the inspect line shape: every rule, conditions by cid, hits without operatorIndex', () => {
    const record = toOutputRecord(inspect(compileRule(complaint), s));
    expect(record).toEqual({
      sessionId: 's1',
      rules: [
        {
          ruleId: 'r1',
          hit: true,
          hitCount: 3,
          score: -15,
          conditions: {
            a: {
              hit: true,
              hits: [
                { message: 0, start: 2, end: 4, text: '投诉', operator: 'HIT_ANY_KEYWORDS', keyword: '投诉' },
                { message: 3, start: 1, end: 3, text: '投诉', operator: 'HIT_ANY_KEYWORDS', keyword: '投诉' },
              ],
            },
            b: {
              hit: true,
              hits: [{ message: 1, start: 3, end: 5, text: '抱歉', operator: 'HIT_ANY_KEYWORDS', keyword: '抱歉' }],
            },
          },
        },
      ],
    });
  });

  it('lists a rule that did not hit, with empty hits', () => {
    const record = toOutputRecord(inspect(compileRule(rule([condition('a', anyKeywords(['退款']))])), s));
    expect(record.rules).toEqual([
      { ruleId: 'r1', hit: false, hitCount: 0, score: 0, conditions: { a: { hit: false, hits: [] } } },
    ]);
    expect('aiScore' in record).toBe(false);
  });

  it('adds aiScore, isVeto and angles with a scheme', () => {
    const scheme = compileScheme(
      { id: 'p', schemeAngles: [{ angleId: 'x', score: 100, angleRules: [{ ruleId: 'r1' }] }] },
      [complaint],
    );
    const record = toOutputRecord(inspect(scheme, s));
    expect(record.aiScore).toBe(85);
    expect(record.isVeto).toBe(false);
    expect(record.angles?.map((a) => [a.angleId, a.result])).toEqual([['x', 85]]);
  });

  it('survives JSON round trips unchanged', () => {
    const record = toOutputRecord(inspect(compileRule(complaint), s));
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });
});

describe('toConditionHitInfo and toResultRules', () => {
  it('gives one entry per hit message, with the sentence and the spans', () => {
    const result = inspect(compileRule(rule([condition('a', includeKeywords(['投诉', '一次']))])), s);
    const info = toConditionHitInfo(result.rules[0]!.conditions[0]!.hits, 'a', result.transcript);
    expect(info).toEqual([
      {
        cid: 'a',
        phrase: { pid: '0', index: 0, words: '我要投诉' },
        keyWords: { keyWord: [{ val: '投诉', from: 2, to: 4 }] },
      },
      {
        cid: 'a',
        phrase: { pid: '3', index: 3, words: '再投诉一次' },
        keyWords: {
          keyWord: [
            { val: '投诉', from: 1, to: 3 },
            { val: '一次', from: 3, to: 5 },
          ],
        },
      },
    ]);
  });

  it('uses the message id as pid when there is one', () => {
    const result = inspect(compileRule(rule([condition('a', anyKeywords(['投诉']))])), {
      sessionId: 's',
      messages: [{ senderRole: 'CUSTOMER', content: '我要投诉', messageId: 'msg-9' }],
    });
    expect(toConditionHitInfo(result.rules[0]!.conditions[0]!.hits, 'a', result.transcript)[0]!.phrase.pid).toBe(
      'msg-9',
    );
  });

  it('resultRules lists every hit rule with the points it applied', () => {
    const result = inspect(compileRule(complaint), s);
    const [only, ...rest] = toResultRules(result);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ ruleId: 'r1', ruleName: 'rule r1', scoreNum: 15, ruleScoreType: 'SUB', hitCount: 3 });
    expect(only!.conditions.conditionHitInfo.map((c) => [c.cid, c.phrase.index])).toEqual([
      ['a', 0],
      ['a', 3],
      ['b', 1],
    ]);
    expect(toResultRules(inspect(compileRule(rule([condition('a', anyKeywords(['退款']))])), s))).toEqual([]);
  });
});

describe('describeInspection', () => {
  it('marks the matched span with 【…】 and names the message and role', () => {
    const text = describeInspection(inspect(compileRule(complaint), s));
    expect(text).toContain('您好，【抱歉】让您久等了');
    expect(text).toContain('#2 客服 agent');
    expect(text).toContain('我要【投诉】');
    expect(text).toContain('命中 HIT · 3 处 hits');
    expect(text).toContain('score -15');
  });

  it('says why not: missing keywords and the occurrences that spoiled an EXCLUDE', () => {
    const miss = describeInspection(inspect(compileRule(rule([condition('a', includeKeywords(['投诉', '退款']))])), s));
    expect(miss).toContain('未命中 not hit');
    expect(miss).toContain('未出现 missing: 退款');
    const spoiled = describeInspection(inspect(compileRule(rule([condition('a', excludeKeywords(['抱歉']))])), s));
    expect(spoiled).toContain('出现了 found');
    expect(spoiled).toContain('【抱歉】');
  });

  it('shows the AI score and veto with a scheme', () => {
    const scheme = compileScheme(
      {
        id: 'p',
        schemeAngles: [{ angleId: 'x', angleName: '服务', score: 100, angleRules: [{ ruleId: 'r1' }] }],
        schemeConfig: { veto: ['r1'] },
      },
      [complaint],
    );
    const text = describeInspection(inspect(scheme, s));
    expect(text).toContain('AI 得分 score: 0');
    expect(text).toContain('一票否决 vetoed');
    expect(text).toContain('维度 angle 服务: 85/100');
  });

  it('describeEvidence gives the span as [start,end)', () => {
    const result = inspect(compileRule(complaint), s);
    expect(describeEvidence(result.rules[0]!.conditions[1]!.hits[0]!, result.transcript)).toBe(
      '#2 客服 agent: 您好，【抱歉】让您久等了  keyword 抱歉 [3,5)',
    );
  });
});
