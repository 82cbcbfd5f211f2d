/**
 * ENGINE-SEMANTICS.md, top to bottom: every example and every stated rule of the page as a test,
 * each named after its paragraph.
 */
import { describe, expect, it } from 'vitest';
import {
  type CensorLibrary,
  type CensorMessage,
  type CensorScanner,
  compileCensor,
  systemWordList,
} from '../../src/censor/index.js';
import { compileRule } from '../../src/compile/compile-rule.js';
import { compileScheme } from '../../src/compile/compile-scheme.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';
import { toResultRules } from '../../src/explain/condition-hit-info.js';
import { inspect, inspectAsync } from '../../src/match/inspect.js';
import type { ModelProvider } from '../../src/models/model-provider.js';
import { manualPass, manualScore } from '../../src/score/manual-score.js';
import { reviewScore } from '../../src/score/review-score.js';
import { ScoreInputError } from '../../src/score/score-input-error.js';
import {
  anyKeywords,
  compileError,
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
} from '../match/helpers.js';

const single = (operator: Json | Json[], checkRange?: Json, config: Json = {}) =>
  rule([condition('a', operator, checkRange)], config);
const tim = (...texts: string[]) =>
  JSON.stringify(texts.map((Text) => ({ MsgType: 'TIMTextElem', MsgContent: { Text } })));
const similar = (phrases: string[], similarity?: number) =>
  op('SIMILAR_MATCH', similarity === undefined ? { phrases } : { phrases, similarity });
const repeat = (param: Json = {}) => op('ADVANCED_REPEAT_DETECT', param);
const regex = (pattern: string, param: Json = {}) => op('REGULAR_EXPRESSION', { regex: pattern, ...param });

describe('Transcript', () => {
  describe('A session is an ordered list of messages with a sender role', () => {
    it('AGENT and CUSTOMER are selected by their role; other roles are kept and only selected by "all roles"', () => {
      const s = session(['BOT', '投诉请按 1'], ['C', '我要投诉'], ['A', '好的，投诉已记录']);
      expect(hitMessages(run(single(anyKeywords(['投诉'])), s), 'a')).toEqual([0, 1, 2]);
      expect(hitMessages(run(single(anyKeywords(['投诉']), { role: 'CUSTOMER' }), s), 'a')).toEqual([1]);
      expect(hitMessages(run(single(anyKeywords(['投诉']), { role: 'AGENT' }), s), 'a')).toEqual([2]);
    });
  });

  describe('Content arrives as the console stores it or as plain {role, text}', () => {
    const compiled = compileRule(single(anyKeywords(['您好'])));

    it('TIM style: [{"MsgType":"TIMTextElem","MsgContent":{"Text":"您好"}}]', () => {
      const s = {
        sessionId: 's',
        messages: [{ senderRole: 'AGENT', content: '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"您好"}}]' }],
      };
      expect(inspect(compiled, s).rules[0]!.hit).toBe(true);
    });

    it('typed items: [{"type":"text","text":"您好"}]', () => {
      const s = { sessionId: 's', messages: [{ senderRole: 'AGENT', content: '[{"type":"text","text":"您好"}]' }] };
      expect(inspect(compiled, s).rules[0]!.hit).toBe(true);
    });

    it('plain: { "role": "AGENT", "text": "您好" }', () => {
      expect(inspect(compiled, { sessionId: 's', messages: [{ role: 'AGENT', text: '您好' }] }).rules[0]!.hit).toBe(
        true,
      );
    });

    it('several text items in one message are joined with \\n (spans count in the joined text)', () => {
      const r = run(single(anyKeywords(['投诉'])), {
        sessionId: 's',
        messages: [{ senderRole: 'CUSTOMER', content: tim('您好', '我要投诉') }],
      });
      expect(spans(r, 'a')).toEqual([[0, 5, 7, '投诉']]);
      expect(r.conditions[0]!.attempts.length).toBe(1);
    });

    it('content that is not JSON is plain text', () => {
      const r = run(single(anyKeywords(['投诉'])), {
        sessionId: 's',
        messages: [{ senderRole: 'CUSTOMER', content: '[生气]我要投诉' }],
      });
      expect(spans(r, 'a')).toEqual([[0, 6, 8, '投诉']]);
    });

    it('an image, file, video or custom message keeps its place but matches nothing', () => {
      const kinds = ['TIMImageElem', 'TIMFileElem', 'TIMVideoFileElem', 'TIMCustomElem'];
      const messages = [
        ...kinds.map((MsgType) => ({
          senderRole: 'CUSTOMER',
          content: JSON.stringify([{ MsgType, MsgContent: { Text: '投诉' } }]),
        })),
        { senderRole: 'CUSTOMER', content: tim('我要投诉') },
      ];
      const r = run(single(anyKeywords(['投诉'])), { sessionId: 's', messages });
      expect(spans(r, 'a')).toEqual([[4, 2, 4, '投诉']]);
      expect(run(single(excludeKeywords(['投诉'])), { sessionId: 's', messages: messages.slice(0, 4) }).hit).toBe(
        false,
      );
    });
  });

  describe('Only text messages have text: a non-text message matches nothing, for any operator', () => {
    const mixed = session(['C', null], ['C', '我要投诉'], ['C', null]);
    for (const [name, operator] of [
      ['SIMILAR_MATCH at 0', similar(['任何话'], 0)],
      ['REGULAR_EXPRESSION .', regex('.')],
      ['CUSTOMER_CHECK_MODEL', op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] })],
    ] as const) {
      it(name, () => {
        expect(hitMessages(run(single(operator), mixed), 'a')).toEqual([1]);
      });
    }
    it('ADVANCED_REPEAT_DETECT skips them', () => {
      const r = run(single(repeat({ similarity: 0.1 })), session(['C', '你好'], ['C', null], ['C', '你好']));
      expect(r.conditions[0]!.hits.map((e) => [e.message, e.repeatOf])).toEqual([[2, 0]]);
    });
  });

  describe('One message is one sentence', () => {
    it('two text items of one message are one sentence for inSentence', () => {
      const r = run(single(includeKeywords(['退款', '到账'], { inSentence: true })), {
        sessionId: 's',
        messages: [{ senderRole: 'CUSTOMER', content: tim('退款', '到账了吗') }],
      });
      expect(r.hit).toBe(true);
    });

    it('evidence names the message by its 0-based index and a span [start, end) of its original text', () => {
      const r = run(single(anyKeywords(['抱歉'])), session(['C', '在吗'], ['A', '您好，抱歉久等']));
      expect(spans(r, 'a')).toEqual([[1, 3, 5, '抱歉']]);
    });
  });

  describe('Characters are UTF-16 code units', () => {
    it('spans count code units (an emoji is two)', () => {
      expect(spans(run(single(anyKeywords(['投诉'])), session(['C', '😡投诉'])), 'a')).toEqual([[0, 2, 4, '投诉']]);
    });

    it('minWordSize counts code units (𠮷 is two)', () => {
      const s = session(['A', '𠮷'], ['A', '𠮷']);
      expect(run(single(repeat({ minWordSize: 1, similarity: 1 })), s).hit).toBe(true);
      expect(run(single(repeat({ minWordSize: 2, similarity: 1 })), s).hit).toBe(false);
    });

    it('Levenshtein distances count code units (𠮷好 vs 𠮷坏 is 2 of 3 alike)', () => {
      expect(run(single(similar(['𠮷好'], 66)), session(['C', '𠮷坏'])).hit).toBe(true);
      expect(run(single(similar(['𠮷好'], 67)), session(['C', '𠮷坏'])).hit).toBe(false);
    });
  });
});

describe('Text normalisation (all matchers)', () => {
  describe('Matching is done on a normalised copy; spans map back to the original text', () => {
    it('a folded match is reported on the original characters', () => {
      expect(spans(run(single(anyKeywords(['abc123'])), session(['C', '编号ＡＢＣ１２３'])), 'a')).toEqual([
        [0, 2, 8, 'ＡＢＣ１２３'],
      ]);
    });
  });

  describe('Full-width ASCII folds to half-width, letters to lower case', () => {
    it('ＡＢＣ１２３ = ABC123', () => {
      expect(run(single(anyKeywords(['ABC123'])), session(['C', 'ＡＢＣ１２３'])).hit).toBe(true);
      expect(run(single(anyKeywords(['ＡＢＣ１２３'])), session(['C', 'abc123'])).hit).toBe(true);
    });

    it('U+3000 folds to a space', () => {
      expect(spans(run(single(anyKeywords(['请 稍等'])), session(['A', '请\u3000稍等'])), 'a')).toEqual([
        [0, 0, 4, '请\u3000稍等'],
      ]);
    });

    it('caseSensitive: true keeps case, width still folds', () => {
      const r = (text: string) => run(single(anyKeywords(['ABC'], { caseSensitive: true })), session(['C', text])).hit;
      expect(r('ABC')).toBe(true);
      expect(r('ＡＢＣ')).toBe(true);
      expect(r('abc')).toBe(false);
      expect(r('ａｂｃ')).toBe(false);
    });
  });

  describe('An ASCII-only keyword must stand alone at its letter or digit ends', () => {
    const hit = (keyword: string, text: string) => run(single(anyKeywords([keyword])), session(['C', text])).hit;
    it('ok does not match inside book', () => expect(hit('ok', 'book')).toBe(false));
    it('VIP matches in 我是vip用户', () => expect(hit('VIP', '我是vip用户')).toBe(true));
    it('69 does not match inside 695', () => expect(hit('69', '695')).toBe(false));
    it('wi-fi matches in 用wi-fi上网', () => expect(hit('wi-fi', '用wi-fi上网')).toBe(true));
    it('any other keyword matches anywhere', () => {
      expect(hit('投诉', '投诉投诉')).toBe(true);
      expect(hit('vip用户', 'svip用户')).toBe(true);
    });
  });

  describe('Similarity and repeat detection drop white space, punctuation and symbols (emoji included)', () => {
    it('SIMILAR_MATCH at 100 ignores them', () => {
      expect(
        run(single(similar(['您好请问有什么可以帮您'], 100)), session(['A', '您好， 请问有什么可以帮您？😊'])).hit,
      ).toBe(true);
    });

    it('an emoji-only message is empty after normalisation, so it never repeats (flag and keycap sequences too)', () => {
      expect(run(single(repeat({ similarity: 1 })), session(['C', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'], ['C', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'])).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1 })), session(['C', '#️⃣'], ['C', '#️⃣'])).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1 })), session(['C', '👍👍'], ['C', '👍'])).hit).toBe(false);
    });

    it('repeats at 1.0 ignore them', () => {
      const r = run(single(repeat({ similarity: 1 })), session(['A', '好的！'], ['A', '好的 😀']));
      expect(r.hit).toBe(true);
      expect(r.conditions[0]!.hits[0]!.repeatOf).toBe(0);
    });
  });

  describe('Regular expressions run on the original text, case-insensitive unless caseSensitive', () => {
    it('case-insensitive by default', () => {
      expect(run(single(regex('vip')), session(['C', '我是VIP'])).hit).toBe(true);
    });

    it('caseSensitive: true', () => {
      expect(run(single(regex('vip', { caseSensitive: true })), session(['C', '我是VIP'])).hit).toBe(false);
      expect(run(single(regex('VIP', { caseSensitive: true })), session(['C', '我是VIP'])).hit).toBe(true);
    });

    it('on the original text: no width folding', () => {
      expect(run(single(regex('vip')), session(['C', '我是ＶＩＰ'])).hit).toBe(false);
      expect(spans(run(single(regex('ＶＩＰ')), session(['C', '我是ＶＩＰ'])), 'a')).toEqual([[0, 2, 5, 'ＶＩＰ']]);
    });
  });
});

describe('Condition', () => {
  describe('The example: within the agent’s first three messages after condition a hits, the agent apologises', () => {
    const example = {
      cid: 'b',
      operators: [{ type: 'HIT_ANY_KEYWORDS', name: '安抚', param: { keywords: ['抱歉', '理解您'] } }],
      checkRange: {
        role: 'AGENT',
        range: { from: 1, to: 3 },
        rangeSelect: 'RANGE',
        anchor: { cid: 'a', location: 'AFTER', hitTime: -1, inputHitTime: null },
      },
    };
    const exampleRule = rule([condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }), example]);

    it('hits when the apology is the agent’s third message after the complaint', () => {
      const s = session(['C', '我要投诉'], ['A', '您好'], ['C', '快点'], ['A', '请稍等'], ['A', '非常理解您的心情']);
      const r = run(exampleRule, s);
      expect(r.hit).toBe(true);
      expect(spans(r, 'b')).toEqual([[4, 2, 5, '理解您']]);
    });

    it('does not hit when the apology is the agent’s fourth message after it', () => {
      const s = session(['C', '我要投诉'], ['A', '您好'], ['A', '请稍等'], ['C', '快点'], ['A', '在查'], ['A', '抱歉']);
      expect(conditionHit(run(exampleRule, s), 'b')).toBe(false);
    });

    it('does not hit when the apology comes before the complaint', () => {
      expect(conditionHit(run(exampleRule, session(['A', '抱歉'], ['C', '我要投诉'])), 'b')).toBe(false);
    });
  });

  describe('Conditions are named a, b, c, … in list order; cids are unique lower-case words; list order decides "earlier"', () => {
    it('any lower-case word is a cid, and the list order (not the name) decides what is earlier', () => {
      const r = rule(
        [
          condition('zed', anyKeywords(['投诉'])),
          condition('alpha', anyKeywords(['抱歉']), { anchor: { cid: 'zed', location: 'AFTER', hitTime: -1 } }),
        ],
        { lambda: 'zed && alpha' },
      );
      expect(run(r, session(['C', '投诉'], ['A', '抱歉'])).hit).toBe(true);
      const reversed = rule([
        condition('alpha', anyKeywords(['抱歉']), { anchor: { cid: 'zed', location: 'AFTER', hitTime: -1 } }),
        condition('zed', anyKeywords(['投诉'])),
      ]);
      expect(compileError(() => compileRule(reversed)).code).toBe('ANCHOR_CID');
    });

    it('cids are unique', () => {
      expect(
        compileError(() => compileRule(rule([condition('a', anyKeywords(['x'])), condition('a', anyKeywords(['y']))])))
          .code,
      ).toBe('CID_DUPLICATE');
    });
  });

  describe('A condition hits when every operator hits; operators are checked independently; evidence is the union', () => {
    const both = single([anyKeywords(['投诉']), anyKeywords(['抱歉'])]);

    it('the operators may hit in different messages', () => {
      const r = run(both, session(['C', '投诉'], ['A', '抱歉']));
      expect(r.hit).toBe(true);
      expect(spans(r, 'a')).toEqual([
        [0, 0, 2, '投诉'],
        [1, 0, 2, '抱歉'],
      ]);
    });

    it('one operator missing: no hit', () => {
      expect(run(both, session(['C', '投诉'])).hit).toBe(false);
    });
  });

  describe('Hit sentences and evidence: every qualifying occurrence, not just the first', () => {
    it('every keyword occurrence', () => {
      expect(spans(run(single(anyKeywords(['抱歉'])), session(['A', '抱歉，抱歉'])), 'a')).toEqual([
        [0, 0, 2, '抱歉'],
        [0, 3, 5, '抱歉'],
      ]);
    });

    it('INCLUDE/NCLUDE with inSentence: only in the messages that qualify on their own', () => {
      const s = session(['C', '退款'], ['C', '退款到账了吗'], ['C', '到账']);
      expect(hitMessages(run(single(includeKeywords(['退款', '到账'], { inSentence: true })), s), 'a')).toEqual([1]);
      expect(
        hitMessages(run(single(ncludeKeywords(['退款', '到账', '发票'], 2, { inSentence: true })), s), 'a'),
      ).toEqual([1]);
    });

    it('every similar message', () => {
      const r = run(
        single(similar(['请问还有什么可以帮您'], 80)),
        session(['A', '请问还有什么可以帮您'], ['C', '没有'], ['A', '请问还有什么能帮您']),
      );
      expect(hitMessages(r, 'a')).toEqual([0, 2]);
      expect(r.conditions[0]!.hits.map((e) => e.phrase)).toEqual(['请问还有什么可以帮您', '请问还有什么可以帮您']);
    });

    it('every regex-matching message', () => {
      const r = run(
        single(regex('\\d{11}')),
        session(['C', '电话13800138000'], ['A', '好的'], ['C', '或者13900139000']),
      );
      expect(spans(r, 'a')).toEqual([
        [0, 2, 13, '13800138000'],
        [2, 2, 13, '13900139000'],
      ]);
    });

    it('every repeat from the hitTime-th on, with the nearest earlier message it repeats', () => {
      const s = session(['A', '请稍等'], ['A', '请稍等'], ['C', '好'], ['A', '请稍等'], ['A', '请稍等']);
      const r = run(single(repeat({ similarity: 1, hitTime: 2 })), s);
      expect(r.hit).toBe(true);
      expect(r.conditions[0]!.hits.map((e) => [e.message, e.repeatOf])).toEqual([
        [3, 1],
        [4, 3],
      ]);
    });
  });

  describe('A condition with a model operator takes the model’s forced role', () => {
    it('the forced role overrides the check range’s role', () => {
      const r = single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] }), { role: 'AGENT' });
      expect(run(r, session(['C', '我要投诉你们'])).hit).toBe(true);
    });

    it('two operators forcing different roles in one condition are a compile error', () => {
      const r = single([op('ABUSE_MODEL', { types: ['ABUSE'] }), op('CUSTOMER_CHECK_MODEL', { types: ['ABUSE'] })]);
      expect(compileError(() => compileRule(r))).toMatchObject({
        code: 'ROLE_CONFLICT',
        path: '$.conditionConfig.conditions[0].operators',
      });
    });
  });
});

describe('Check range', () => {
  it('Selection happens in this order: anchor region → role → range', () => {
    // after the anchor (#0): #1 customer, #2 agent, #3 agent; the agent's first message after it is #2
    const r = rule([
      condition('a', anyKeywords(['投诉'])),
      condition('b', anyKeywords(['好的']), {
        role: 'AGENT',
        range: { from: 1, to: 1 },
        anchor: { cid: 'a', location: 'AFTER', hitTime: -1 },
      }),
    ]);
    expect(hitMessages(run(r, session(['C', '投诉'], ['C', '好的'], ['A', '好的'], ['A', '好的'])), 'b')).toEqual([2]);
  });

  describe('1. Anchor', () => {
    const ANCHOR = '$.conditionConfig.conditions[1].checkRange.anchor.cid';
    const anchorTo = (cid: string, first: Json = anyKeywords(['投诉'])) =>
      rule([
        condition('a', first),
        condition('b', anyKeywords(['抱歉']), { anchor: { cid, location: 'AFTER', hitTime: -1 } }),
        condition('c', anyKeywords(['x'])),
      ]);

    it('anchor.cid names an earlier condition: a later one is a compile error', () => {
      expect(compileError(() => compileRule(anchorTo('c')))).toMatchObject({ code: 'ANCHOR_CID', path: ANCHOR });
    });
    it('an unknown cid is a compile error', () => {
      expect(compileError(() => compileRule(anchorTo('q')))).toMatchObject({ code: 'ANCHOR_CID', path: ANCHOR });
    });
    it('a condition containing EXCLUDE_KEYWORDS is a compile error', () => {
      expect(compileError(() => compileRule(anchorTo('a', excludeKeywords(['投诉']))))).toMatchObject({
        code: 'ANCHOR_EXCLUDE',
        path: ANCHOR,
      });
    });

    // a hits at #0 and #2; the agent apologises after #0 only
    const s = session(['C', '投诉'], ['A', '抱歉'], ['C', '投诉'], ['A', '好的']);
    const timed = (hitTime: number, inputHitTime?: number) =>
      run(
        rule([
          condition('a', anyKeywords(['投诉'])),
          condition('b', anyKeywords(['抱歉']), {
            range: { from: 1, to: 1 },
            anchor: { cid: 'a', location: 'AFTER', hitTime, inputHitTime },
          }),
        ]),
        s,
      );

    it('the anchor condition’s hit sentences are taken in transcript order', () => {
      expect(timed(-1).conditions[1]!.anchorHits).toEqual([0, 2]);
    });
    it('-1 any one time: satisfied relative to at least one anchor hit; evidence is the union where it is', () => {
      const r = timed(-1);
      expect(conditionHit(r, 'b')).toBe(true);
      expect(spans(r, 'b')).toEqual([[1, 0, 2, '抱歉']]);
    });
    it('0 every time: satisfied relative to every anchor hit', () => {
      expect(conditionHit(timed(0), 'b')).toBe(false);
      const r = run(
        rule([
          condition('a', anyKeywords(['投诉'])),
          condition('b', anyKeywords(['抱歉']), {
            range: { from: 1, to: 1 },
            anchor: { cid: 'a', location: 'AFTER', hitTime: 0 },
          }),
        ]),
        session(['C', '投诉'], ['A', '抱歉'], ['C', '投诉'], ['A', '非常抱歉']),
      );
      expect(spans(r, 'b')).toEqual([
        [1, 0, 2, '抱歉'],
        [3, 2, 4, '抱歉'],
      ]);
    });
    it('0 every time: and there is at least one anchor hit', () => {
      const r = run(
        rule(
          [
            condition('a', anyKeywords(['退款'])),
            condition('b', anyKeywords(['抱歉']), { anchor: { cid: 'a', location: 'AFTER', hitTime: 0 } }),
          ],
          { lambda: 'b' },
        ),
        s,
      );
      expect(conditionHit(r, 'b')).toBe(false);
    });
    it('1 a given time: relative to the N-th anchor hit', () => {
      expect(conditionHit(timed(1, 1), 'b')).toBe(true);
      expect(conditionHit(timed(1, 2), 'b')).toBe(false);
    });
    it('1 a given time: fewer hits, no hit', () => {
      expect(conditionHit(timed(1, 3), 'b')).toBe(false);
    });
    it('1 a given time: inputHitTime is required (≥ 1), else a compile error', () => {
      expect(compileError(() => timed(1))).toMatchObject({ code: 'ANCHOR_NTH' });
      expect(compileError(() => timed(1, 0)).path).toBe(
        '$.conditionConfig.conditions[1].checkRange.anchor.inputHitTime',
      );
    });

    const region = (location: string, text: string[]) =>
      run(
        rule([
          condition('a', anyKeywords(['投诉'])),
          condition('b', anyKeywords(['抱歉']), { anchor: { cid: 'a', location, hitTime: -1 } }),
        ]),
        session(...text.map((t) => ['A', t] as const)),
      );
    it('BEFORE: the messages before the anchor hit', () => {
      expect(hitMessages(region('BEFORE', ['抱歉', '投诉', '抱歉']), 'b')).toEqual([0]);
    });
    it('AFTER: the messages after it', () => {
      expect(hitMessages(region('AFTER', ['抱歉', '投诉', '抱歉']), 'b')).toEqual([2]);
    });
    it('AROUND: both', () => {
      expect(hitMessages(region('AROUND', ['抱歉', '投诉', '抱歉']), 'b')).toEqual([0, 2]);
    });
    it('the anchor message itself is never in the region', () => {
      expect(conditionHit(region('AROUND', ['好', '投诉抱歉', '好']), 'b')).toBe(false);
    });
    it('no anchor hit, no condition hit', () => {
      const r = region('AROUND', ['抱歉', '抱歉']);
      expect(conditionHit(r, 'b')).toBe(false);
      expect(r.conditions[1]!.anchorHits).toEqual([]);
    });
  });

  describe('2. Role', () => {
    const s = session(['A', '投诉'], ['C', '投诉']);
    it('AGENT, CUSTOMER, or absent for all roles', () => {
      expect(hitMessages(run(single(anyKeywords(['投诉']), { role: 'AGENT' }), s), 'a')).toEqual([0]);
      expect(hitMessages(run(single(anyKeywords(['投诉']), { role: 'CUSTOMER' }), s), 'a')).toEqual([1]);
      expect(hitMessages(run(single(anyKeywords(['投诉']), {}), s), 'a')).toEqual([0, 1]);
    });
    it('ABUSE_MODEL forces AGENT', () => {
      const r = single(op('ABUSE_MODEL', { types: ['ABUSE'] }));
      expect(hitMessages(run(r, session(['C', '你是白痴'], ['A', '你是白痴'])), 'a')).toEqual([1]);
    });
    it('CUSTOMER_CHECK_MODEL forces CUSTOMER', () => {
      const r = single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] }));
      expect(hitMessages(run(r, session(['A', '我要投诉'], ['C', '我要投诉'])), 'a')).toEqual([1]);
    });
  });

  describe('3. Range', () => {
    const s = session(['C', '一 投诉'], ['A', '二 投诉'], ['C', '三 投诉'], ['A', '四 投诉'], ['C', '五 投诉']);
    const pick = (checkRange: Json, t = s) => hitMessages(run(single(anyKeywords(['投诉']), checkRange), t), 'a');

    it('positions are 1-based in what steps 1–2 left', () => {
      expect(pick({ role: 'CUSTOMER', range: { from: 2, to: 2 } })).toEqual([2]);
    });
    it('non-text messages count as positions, though they match nothing', () => {
      const t = session(['C', null], ['C', '投诉'], ['C', '投诉']);
      expect(pick({ range: { from: 1, to: 2 } }, t)).toEqual([1]);
      expect(run(single(anyKeywords(['投诉']), { range: { from: 1, to: 1 } }), t).hit).toBe(false);
    });
    it('without an anchor: 1 is the first message of the session, -1 the last', () => {
      expect(pick({ range: { from: 1, to: 1 } })).toEqual([0]);
      expect(pick({ range: { from: -1, to: -1 } })).toEqual([4]);
      expect(pick({ range: { from: -3, to: -2 } })).toEqual([2, 3]);
    });

    const around = (location: string, range: Json) =>
      hitMessages(
        run(
          rule([
            condition('a', anyKeywords(['锚'])),
            condition('b', anyKeywords(['投诉']), { range, anchor: { cid: 'a', location, hitTime: -1 } }),
          ]),
          session(['C', '一 投诉'], ['A', '二 投诉'], ['C', '锚'], ['A', '四 投诉'], ['C', '五 投诉']),
        ),
        'b',
      );
    it('AFTER: 1 is the first message after the anchor and -1 the last of the session', () => {
      expect(around('AFTER', { from: 1, to: 1 })).toEqual([3]);
      expect(around('AFTER', { from: -1, to: -1 })).toEqual([4]);
    });
    it('BEFORE: 1 is the nearest message before the anchor and -1 the first of the session', () => {
      expect(around('BEFORE', { from: 1, to: 1 })).toEqual([1]);
      expect(around('BEFORE', { from: -1, to: -1 })).toEqual([0]);
    });
    it('AROUND: position k is both the k-th message before and the k-th after (1..1 selects up to two)', () => {
      expect(around('AROUND', { from: 1, to: 1 })).toEqual([1, 3]);
      expect(around('AROUND', { from: 2, to: 2 })).toEqual([0, 4]);
    });
    it('from null means 1, to null means the end', () => {
      expect(pick({ range: { from: null, to: 2 } })).toEqual([0, 1]);
      expect(pick({ range: { from: 4, to: null } })).toEqual([3, 4]);
    });
    it('positions beyond the region are clipped', () => {
      expect(pick({ range: { from: 4, to: 99 } })).toEqual([3, 4]);
      expect(pick({ range: { from: -99, to: 1 } })).toEqual([0]);
    });
    it('from after to selects nothing', () => {
      expect(run(single(anyKeywords(['投诉']), { range: { from: 3, to: 2 } }), s).hit).toBe(false);
    });
    it('0 is a compile error', () => {
      expect(
        compileError(() => compileRule(single(anyKeywords(['投诉']), { range: { from: 0, to: 2 } }))),
      ).toMatchObject({
        code: 'RANGE_ZERO',
        path: '$.conditionConfig.conditions[0].checkRange.range.from',
      });
    });
    it('a range applies whenever it is given, unless rangeSelect is ALL (the whole region)', () => {
      expect(pick({ range: { from: 1, to: 1 } })).toEqual([0]);
      expect(pick({ range: { from: 1, to: 1 }, rangeSelect: 'RANGE' })).toEqual([0]);
      expect(pick({ range: { from: 1, to: 1 }, rangeSelect: 'ALL' })).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe('4. Nothing selected, no hit', () => {
    it('EXCLUDE_KEYWORDS included: a selection without any text message cannot satisfy a condition', () => {
      expect(run(single(excludeKeywords(['投诉']), { role: 'AGENT' }), session(['C', '你好'])).hit).toBe(false);
      expect(run(single(excludeKeywords(['投诉'])), session(['C', null])).hit).toBe(false);
      expect(run(single(excludeKeywords(['投诉'])), session(['C', '你好'])).hit).toBe(true);
    });
    it('every operator: a selection of non-text messages hits nothing', () => {
      const images = session(['A', null], ['A', null]);
      for (const operator of [repeat({ similarity: 0.1 }), similar(['x'], 0)]) {
        expect(run(single(operator), images).hit).toBe(false);
      }
    });
  });
});

describe('Operators', () => {
  describe('Keyword lists', () => {
    const P = '$.conditionConfig.conditions[0].operators[0].param';
    it('the editor splits its input on commas, trims, drops blanks', () => {
      const compiled = compileRule(single(op('HIT_ANY_KEYWORDS', { keywords: '抱歉, 理解您 ,，' })));
      expect(compiled.rule.conditions[0]!.operators[0]!.param.keywords).toEqual(['抱歉', '理解您']);
    });
    it('an empty list is a compile error', () => {
      expect(compileError(() => compileRule(single(anyKeywords([]))))).toMatchObject({
        code: 'KEYWORDS_EMPTY',
        path: `${P}.keywords`,
      });
    });
    it('an empty phrase list is a compile error', () => {
      expect(compileError(() => compileRule(single(similar([]))))).toMatchObject({
        code: 'PHRASES_EMPTY',
        path: `${P}.phrases`,
      });
    });
    it('keywordMatchSize above the number of keywords is a compile error', () => {
      expect(compileError(() => compileRule(single(ncludeKeywords(['a', 'b'], 3))))).toMatchObject({
        code: 'MATCH_SIZE_TOO_LARGE',
        path: `${P}.keywordMatchSize`,
      });
    });
    it('inSentence defaults to false', () => {
      expect(run(single(includeKeywords(['退款', '到账'])), session(['C', '退款'], ['C', '到账'])).hit).toBe(true);
    });
  });

  describe('The operator table', () => {
    it('HIT_ANY_KEYWORDS: any keyword occurs in the selected messages', () => {
      expect(run(single(anyKeywords(['退款', '投诉'])), session(['C', '我要投诉'])).hit).toBe(true);
      expect(run(single(anyKeywords(['退款', '发票'])), session(['C', '我要投诉'])).hit).toBe(false);
    });
    it('INCLUDE_KEYWORDS: every keyword occurs; with inSentence all of them in one message', () => {
      const s = session(['C', '退款'], ['C', '到账']);
      expect(run(single(includeKeywords(['退款', '到账'])), s).hit).toBe(true);
      expect(run(single(includeKeywords(['退款', '到账', '发票'])), s).hit).toBe(false);
      expect(run(single(includeKeywords(['退款', '到账'], { inSentence: true })), s).hit).toBe(false);
    });
    it('NCLUDE_KEYWORDS: at least N distinct keywords occur; with inSentence in one message', () => {
      const kws = ['退款', '到账', '发票'];
      expect(run(single(ncludeKeywords(kws, 2)), session(['C', '退款'], ['C', '发票'])).hit).toBe(true);
      expect(run(single(ncludeKeywords(kws, 2)), session(['C', '退款退款'])).hit).toBe(false);
      expect(run(single(ncludeKeywords(kws, 2, { inSentence: true })), session(['C', '退款'], ['C', '发票'])).hit).toBe(
        false,
      );
      expect(run(single(ncludeKeywords(kws, 2, { inSentence: true })), session(['C', '退款和发票'])).hit).toBe(true);
    });
    it('EXCLUDE_KEYWORDS: no keyword occurs in any selected message (evidence: none)', () => {
      const r = run(single(excludeKeywords(['投诉'])), session(['C', '你好']));
      expect(r.hit).toBe(true);
      expect(spans(r, 'a')).toEqual([]);
      expect(run(single(excludeKeywords(['投诉'])), session(['C', '你好'], ['C', '投诉'])).hit).toBe(false);
    });
    it('SIMILAR_MATCH: some selected message has similarity ≥ similarity% to some phrase (default 80)', () => {
      // 10 characters, distance 2: exactly 80%
      const s = session(['A', '一二三四五六七八甲乙']);
      expect(run(single(similar(['一二三四五六七八九十'])), s).hit).toBe(true);
      expect(run(single(similar(['一二三四五六七八九十'], 81)), s).hit).toBe(false);
      const r = run(single(similar(['不相关', '一二三四五六七八九十'])), s);
      expect(r.conditions[0]!.hits[0]).toMatchObject({ phrase: '一二三四五六七八九十', similarity: 80 });
    });
    it('REGULAR_EXPRESSION: some selected message matches regex and does not match notRegex', () => {
      const r = run(single(regex('退款', { notRegex: '已退款' })), session(['C', '已退款了'], ['C', '退款呢']));
      expect(hitMessages(r, 'a')).toEqual([1]);
      expect(run(single(regex('退款', { notRegex: '已退款' })), session(['C', '已退款了'])).hit).toBe(false);
    });
    it('ADVANCED_REPEAT_DETECT: defaults window 0 (all earlier), similarity 0.1, hitTime 1, minWordSize 0', () => {
      // 0.1 is loose: 您好 and 您坏 (50%) repeat; messages far apart still count with window 0
      const r = run(single(repeat()), session(['A', '您好'], ['A', '稍等'], ['A', '查询中'], ['A', '您坏']));
      expect(r.hit).toBe(true);
      expect(r.conditions[0]!.hits.map((e) => [e.message, e.repeatOf])).toEqual([[3, 0]]);
    });
    it('CUSTOMER_CHECK_MODEL: the model labels some selected customer message with one of types', () => {
      expect(
        run(single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] })), session(['C', '我要投诉你们'])).hit,
      ).toBe(true);
      expect(run(single(op('CUSTOMER_CHECK_MODEL', { types: ['PRAISE'] })), session(['C', '我要投诉你们'])).hit).toBe(
        false,
      );
    });
    it('ABUSE_MODEL: the model labels some selected agent message with one of types', () => {
      expect(run(single(op('ABUSE_MODEL', { types: ['PASSING_THE_BUCK'] })), session(['A', '这不归我们管'])).hit).toBe(
        true,
      );
      expect(run(single(op('ABUSE_MODEL', { types: ['SARCASM'] })), session(['A', '这不归我们管'])).hit).toBe(false);
    });
  });

  describe('threshold', () => {
    it('above 0, the operator also needs at least that many keyword occurrences over the whole selection', () => {
      expect(run(single(anyKeywords(['投诉'], { threshold: 2 })), session(['C', '投诉'], ['C', '投诉'])).hit).toBe(
        true,
      );
      expect(run(single(anyKeywords(['投诉'], { threshold: 3 })), session(['C', '投诉'], ['C', '投诉'])).hit).toBe(
        false,
      );
    });
    it('with inSentence, within one qualifying message', () => {
      expect(
        run(single(anyKeywords(['投诉'], { threshold: 2, inSentence: true })), session(['C', '投诉'], ['C', '投诉']))
          .hit,
      ).toBe(false);
      expect(
        run(single(anyKeywords(['投诉'], { threshold: 2, inSentence: true })), session(['C', '投诉投诉'])).hit,
      ).toBe(true);
    });
    it('applies to INCLUDE and NCLUDE too', () => {
      expect(run(single(includeKeywords(['退款', '到账'], { threshold: 3 })), session(['C', '退款到账'])).hit).toBe(
        false,
      );
      expect(run(single(includeKeywords(['退款', '到账'], { threshold: 3 })), session(['C', '退款到账退款'])).hit).toBe(
        true,
      );
      expect(run(single(ncludeKeywords(['退款', '到账'], 1, { threshold: 2 })), session(['C', '退款退款'])).hit).toBe(
        true,
      );
    });
    it('occurrences of one keyword are counted without overlap, left to right (aa occurs twice in aaaa)', () => {
      // The page's own example uses ASCII; an ASCII keyword also has to stand alone, so the rule is shown with 哈哈.
      const r = run(single(anyKeywords(['哈哈'], { threshold: 2 })), session(['C', '哈哈哈哈']));
      expect(spans(r, 'a')).toEqual([
        [0, 0, 2, '哈哈'],
        [0, 2, 4, '哈哈'],
      ]);
      expect(run(single(anyKeywords(['哈哈'], { threshold: 3 })), session(['C', '哈哈哈哈'])).hit).toBe(false);
      expect(run(single(anyKeywords(['哈哈'], { threshold: 2 })), session(['C', '哈哈哈'])).hit).toBe(false);
    });
    it('aa in aaaa, literally: the whole-word rule for ASCII keywords applies first (no occurrence at all)', () => {
      // Ambiguity reported: the page says `aa` occurs twice in `aaaa`, but also that an ASCII keyword
      // may not have an ASCII letter beside it. The engine applies the whole-word rule.
      expect(run(single(anyKeywords(['aa'])), session(['C', 'aaaa'])).hit).toBe(false);
      expect(run(single(anyKeywords(['aa'], { threshold: 2 })), session(['C', 'aa aa'])).hit).toBe(true);
    });
    it('occurrences of different keywords are counted separately', () => {
      expect(run(single(anyKeywords(['投诉', '诉'], { threshold: 2 })), session(['C', '投诉'])).hit).toBe(true);
      expect(run(single(anyKeywords(['投诉', '诉'], { threshold: 3 })), session(['C', '投诉'])).hit).toBe(false);
    });
  });

  describe('Similarity: 1 − levenshtein(a, b) / max(|a|, |b|), compared exactly in integers', () => {
    const a = '一二三四五六七八九十';
    const b = '一二三四五六七八甲乙'; // d = 2, L = 10
    it('SIMILAR_MATCH holds when (L − d) × 100 ≥ similarity × L', () => {
      expect(run(single(similar([a], 80)), session(['A', b])).hit).toBe(true);
      expect(run(single(similar([a], 81)), session(['A', b])).hit).toBe(false);
      expect(run(single(similar([a], 80.5)), session(['A', b])).hit).toBe(false);
    });
    it('a repeat when (L − d) × 10 ≥ round(similarity × 10) × L', () => {
      const s = session(['A', a], ['A', b]);
      expect(run(single(repeat({ similarity: 0.8 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 0.75 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 0.84 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 0.85 })), s).hit).toBe(false);
    });
    it('a fraction for repeats, a percentage for SIMILAR_MATCH (in evidence)', () => {
      expect(
        run(single(repeat({ similarity: 0.8 })), session(['A', a], ['A', b])).conditions[0]!.hits[0]!.similarity,
      ).toBe(0.8);
      expect(run(single(similar([a], 80)), session(['A', b])).conditions[0]!.hits[0]!.similarity).toBe(80);
    });
    it('an empty text (after normalisation) is never similar', () => {
      expect(run(single(similar(['好'], 0)), session(['A', '😀！！'])).hit).toBe(false);
      expect(run(single(similar(['！！'], 0)), session(['A', '？？'])).hit).toBe(false);
      expect(run(single(repeat({ similarity: 0.1 })), session(['A', '……'], ['A', '……'])).hit).toBe(false);
    });
  });

  describe('Repeat', () => {
    it('repeats are looked for within one sender role at a time (one stream per role when no role is set)', () => {
      expect(run(single(repeat({ similarity: 1 })), session(['A', '您好'], ['C', '您好'])).hit).toBe(false);
      const r = run(single(repeat({ similarity: 1 })), session(['A', '您好'], ['C', '您好'], ['C', '您好']));
      expect(r.conditions[0]!.hits.map((e) => [e.message, e.repeatOf])).toEqual([[2, 1]]);
    });
    it('only the role’s selected text messages are walked', () => {
      const s = session(['A', '您好'], ['A', '您好']);
      expect(run(single(repeat({ similarity: 1 }), { role: 'CUSTOMER' }), s).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1 }), { range: { from: 2, to: 2 } }), s).hit).toBe(false);
    });
    it('messages whose normalised length is at most minWordSize are skipped', () => {
      const s = session(['A', '好的！'], ['A', '好的。']);
      expect(run(single(repeat({ similarity: 1, minWordSize: 1 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 1, minWordSize: 2 })), s).hit).toBe(false);
    });
    it('messages similar to one of exceptions are skipped', () => {
      const s = session(['A', '好的'], ['A', '好的']);
      expect(run(single(repeat({ similarity: 1, exceptions: ['好的！'] })), s).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1, exceptions: ['不是'] })), s).hit).toBe(true);
    });
    it('the skipped ones neither count as repeats nor fill the window', () => {
      const s = session(['A', '请您稍等'], ['A', '好的'], ['A', '请您稍等']);
      expect(run(single(repeat({ similarity: 1, window: 1 })), s).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1, window: 1, exceptions: ['好的'] })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 1, window: 1, minWordSize: 2 })), s).hit).toBe(true);
    });
    it('a message is a repeat of one of the previous window unskipped messages (all of them when 0)', () => {
      const s = session(['A', '请您稍等'], ['A', '正在查询'], ['A', '马上就好'], ['A', '请您稍等']);
      expect(run(single(repeat({ similarity: 1, window: 2 })), s).hit).toBe(false);
      expect(run(single(repeat({ similarity: 1, window: 3 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 1, window: 0 })), s).hit).toBe(true);
    });
    it('the message it repeats is the nearest such', () => {
      const r = run(
        single(repeat({ similarity: 0.5 })),
        session(['A', '请您稍等'], ['A', '请您稍候'], ['A', '请您稍等']),
      );
      expect(r.conditions[0]!.hits.map((e) => [e.message, e.repeatOf])).toEqual([
        [1, 0],
        [2, 1],
      ]);
    });
    it('the operator hits on the hitTime-th repeat', () => {
      const s = session(['A', '稍等'], ['A', '稍等'], ['A', '稍等']);
      expect(run(single(repeat({ similarity: 1, hitTime: 2 })), s).hit).toBe(true);
      expect(run(single(repeat({ similarity: 1, hitTime: 3 })), s).hit).toBe(false);
    });
    it('the hitTime-th repeat is counted per role', () => {
      const s = session(['A', '稍等'], ['A', '稍等'], ['C', '快点'], ['C', '快点']);
      expect(run(single(repeat({ similarity: 1, hitTime: 2 })), s).hit).toBe(false);
    });
  });

  describe('Regex', () => {
    const P = '$.conditionConfig.conditions[0].operators[0].param';
    it('XRegExp syntax: Unicode classes such as \\p{Han} work', () => {
      expect(spans(run(single(regex('\\p{Han}+')), session(['C', 'abc中文def'])), 'a')).toEqual([[0, 3, 5, '中文']]);
    });
    it('an invalid pattern is a compile error', () => {
      const e = compileError(() => compileRule(single(regex('(投诉'))));
      expect(e.path).toBe(`${P}.regex`);
      expect(e.code).toBe('REGEX_INVALID');
    });
    it('nested quantifiers such as (a+)+ are refused with an error naming the offending part', () => {
      const e = compileError(() => compileRule(single(regex('(a+)+$'))));
      expect(e.path).toBe(`${P}.regex`);
      expect(e.code).toBe('REGEX_CATASTROPHIC');
      expect(e.en).toContain('(a+)+');
      expect(e.zh).toContain('(a+)+');
    });
    it('overlapping alternatives under a repetition such as (a|ab)* are refused with an error naming the offending part', () => {
      const e = compileError(() => compileRule(single(regex('(a|ab)*c'))));
      expect(e.path).toBe(`${P}.regex`);
      expect(e.code).toBe('REGEX_CATASTROPHIC');
      expect(e.en).toContain('(a|ab)*');
      expect(e.zh).toContain('(a|ab)*');
    });
    it('no pattern may stall a worker: an evil pattern is refused at compile time or evaluated quickly', () => {
      const evil: [string, string][] = [
        ['(x+x+)+y', 'x'.repeat(5_000)],
        ['(a|aa)+$', `${'a'.repeat(5_000)}!`],
        ['^(\\w+\\s?)*$', `${'word '.repeat(1_000)}!`],
        ['(.*a){12}', 'a'.repeat(5_000)],
      ];
      for (const [pattern, text] of evil) {
        let compiled: ReturnType<typeof compileRule>;
        try {
          compiled = compileRule(single(regex(pattern)));
        } catch (error) {
          expect(error).toBeInstanceOf(RuleCompileError);
          expect((error as RuleCompileError).code).toMatch(/^REGEX_/);
          continue;
        }
        const started = Date.now();
        inspect(compiled, session(['C', text]));
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    }, 60_000);
  });

  describe('Models run behind one interface; the built-in model needs no network; a served model can replace it', () => {
    const everything: ModelProvider = {
      id: 'test-platform',
      async classify(texts) {
        return texts.map((t) =>
          t.includes('差') ? [{ label: 'COMPLAINT', confidence: 0.99 }] : [{ label: 'COMPLAINT', confidence: 0.2 }],
        );
      },
    };
    it('the built-in lexicon model labels Chinese customer-service speech', () => {
      expect(run(single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] })), session(['C', '我要给差评'])).hit).toBe(
        true,
      );
    });
    it('a provider with only a batch classify replaces it (inspectAsync); low confidence does not count', async () => {
      const compiled = compileRule(single(op('CUSTOMER_CHECK_MODEL', { types: ['COMPLAINT'] })), {
        models: everything,
      });
      const result = await inspectAsync(compiled, session(['C', '服务真差'], ['C', '我要投诉']));
      expect(result.rules[0]!.conditions[0]!.hits.map((e) => [e.message, e.label, e.confidence])).toEqual([
        [0, 'COMPLAINT', 0.99],
      ]);
    });
  });
});

describe('Lambda', () => {
  const s = session(['C', '投诉'], ['A', '抱歉']);
  const three = (lambda?: string) =>
    rule(
      [
        condition('a', anyKeywords(['投诉'])),
        condition('b', anyKeywords(['抱歉'])),
        condition('c', anyKeywords(['退款'])),
      ],
      lambda === undefined ? {} : { lambda },
    );
  const hits = (lambda?: string) => run(three(lambda), s).hit;

  it('ALL (every condition hits)', () => expect(hits('ALL')).toBe(false));
  it('ANY_ONE (some condition hits)', () => expect(hits('ANY_ONE')).toBe(true));
  it('ANY_ONE_NOT_MET (some condition does not hit)', () => expect(hits('ANY_ONE_NOT_MET')).toBe(true));
  it('CUSTOM, e.g. a && (b || !c)', () => {
    expect(hits('a && (b || !c)')).toBe(true);
    expect(hits('a && c')).toBe(false);
  });
  it('JavaScript precedence: ! binds tightest, then &&, then ||', () => {
    // a=1 b=1 c=0
    expect(hits('c && a || b')).toBe(true); // (c && a) || b
    expect(hits('c && (a || b)')).toBe(false);
    expect(hits('!c && b')).toBe(true); // (!c) && b
    expect(hits('!(c || b)')).toBe(false);
  });
  it('an absent lambda means ALL', () => {
    expect(hits(undefined)).toBe(false);
    expect(run(three(), session(['C', '投诉 抱歉 退款'])).hit).toBe(true);
  });
  it('an unknown cid, a blank expression or bad syntax is a compile error that points at the position', () => {
    expect(compileError(() => compileRule(three('a && z')))).toMatchObject({ code: 'LAMBDA_UNKNOWN_CID', position: 5 });
    expect(compileError(() => compileRule(three(' ')))).toMatchObject({ code: 'LAMBDA_BLANK', position: 0 });
    expect(compileError(() => compileRule(three('a && (b')))).toMatchObject({ code: 'LAMBDA_SYNTAX', position: 7 });
    expect(compileError(() => compileRule(three('a ; b')))).toMatchObject({ code: 'LAMBDA_TOKEN', position: 2 });
  });
  it('the rule hits when the lambda is true', () => {
    expect(hits('!c')).toBe(true);
    expect(hits('c')).toBe(false);
  });
});

describe('Rule outcome and score', () => {
  const s = session(['C', '我要投诉'], ['A', '抱歉'], ['C', '投诉投诉'], ['A', '抱歉，投诉已记录']);

  describe('hit count', () => {
    it('the number of distinct messages that carry evidence of the rule’s true conditions', () => {
      expect(
        run(rule([condition('a', anyKeywords(['投诉'])), condition('b', anyKeywords(['抱歉']))]), s).hitCount,
      ).toBe(4);
      expect(run(single(anyKeywords(['投诉'])), s).hitCount).toBe(3);
    });
    it('whether or not the lambda needed them', () => {
      const r = rule(
        [condition('a', anyKeywords(['投诉']), { role: 'CUSTOMER' }), condition('b', anyKeywords(['抱歉']))],
        { lambda: 'a || b' },
      );
      expect(run(r, s).hitCount).toBe(4);
    });
    it('at least 1: a rule whose true conditions carry no evidence, such as EXCLUDE only, counts 1', () => {
      expect(run(single(excludeKeywords(['退款'])), s).hitCount).toBe(1);
    });
  });

  const angle = (angleId: string, score: number, ruleIds: string[]) => ({
    angleId,
    score,
    angleRules: ruleIds.map((ruleId) => ({ ruleId })),
  });
  const scoredRule = (type: string, scoreNum: number, enable = true) =>
    single(anyKeywords(['投诉']), undefined, { ruleScore: { enable, ruleScoreType: type, scoreNum } });
  const aiScore = (r: Json, angles = [angle('x', 100, ['r1'])]) =>
    inspect(compileScheme({ id: 'p', schemeAngles: angles }, [r]), s);

  it('a rule linked into two angles scores in each of them', () => {
    const result = aiScore(scoredRule('ONCE', 10), [angle('x', 50, ['r1']), angle('y', 50, ['r1'])]);
    expect(result.angles!.map((a) => a.result)).toEqual([40, 40]);
  });
  it('scoreNum is 0–100', () => {
    expect(compileError(() => compileRule(scoredRule('SUB', 101))).path).toBe('$.conditionConfig.ruleScore.scoreNum');
  });
  it('with enable false the rule is reported but changes no score', () => {
    const result = aiScore(scoredRule('SUB', 10, false));
    expect(result.rules[0]!.hit).toBe(true);
    expect(result.aiScore).toBe(100);
  });
  it('SUB deducts scoreNum × hit count', () => expect(aiScore(scoredRule('SUB', 10)).aiScore).toBe(70));
  it('ONCE deducts scoreNum once, however many hits', () => expect(aiScore(scoredRule('ONCE', 10)).aiScore).toBe(90));
  it('ADD adds scoreNum once (a bonus)', () => {
    const result = aiScore(
      scoredRule('ADD', 10),
      [angle('x', 50, ['r1', 'r2'])].map((a) => ({ ...a, angleRules: [{ ruleId: 'r1' }] })),
    );
    expect(result.rules[0]!.score).toBe(10);
    expect(result.aiScore).toBe(50);
  });
  it('level and autoReview are carried through to the result unchanged', () => {
    const level = { name: '严重', value: 3 };
    const r = run(single(anyKeywords(['投诉']), undefined, { level, autoReview: { enabled: true } }), s);
    expect(r.level).toEqual(level);
    expect(r.autoReview).toEqual({ enabled: true });
  });
});

describe('Scheme (AI)', () => {
  const s = session(['C', '我要投诉'], ['C', '谢谢']);
  const scored = (id: string, keyword: string, type: string, scoreNum: number) =>
    rule([condition('a', anyKeywords([keyword]))], { ruleScore: { enable: true, ruleScoreType: type, scoreNum } }, id);
  const rules = [scored('sub', '投诉', 'SUB', 30), scored('add', '谢谢', 'ADD', 20), scored('miss', '退款', 'SUB', 5)];
  const run2 = (angles: Json[], veto?: string[]) =>
    inspect(
      compileScheme({ id: 'p', schemeAngles: angles, schemeConfig: veto === undefined ? null : { veto } }, rules),
      s,
    );
  const angle = (angleId: string, score: number, ruleIds: string[]): Json => ({
    angleId,
    score,
    angleRules: ruleIds.map((ruleId) => ({ ruleId })),
  });

  it('each angle starts at its score; its rules’ deductions and bonuses apply', () => {
    expect(run2([angle('x', 100, ['sub', 'add'])]).angles![0]!.result).toBe(90);
  });
  it('the angle result is clamped to [0, angle.score]: a bonus can offset a deduction, never exceed the full score', () => {
    expect(run2([angle('x', 20, ['sub'])]).angles![0]!.result).toBe(0);
    expect(run2([angle('x', 20, ['add'])]).angles![0]!.result).toBe(20);
  });
  it('aiScore is the sum of the angle results (an active scheme’s angles total 100)', () => {
    const result = run2([angle('x', 40, ['sub']), angle('y', 60, ['add', 'miss'])]);
    expect(result.angles!.map((a) => a.result)).toEqual([10, 60]);
    expect(result.aiScore).toBe(70);
  });
  it('veto: when any listed rule hits, isVeto is true and aiScore is 0', () => {
    const result = run2([angle('x', 40, ['sub']), angle('y', 60, ['add', 'miss'])], ['miss', 'add']);
    expect(result.isVeto).toBe(true);
    expect(result.aiScore).toBe(0);
    const notHit = run2([angle('x', 40, ['sub']), angle('y', 60, ['add', 'miss'])], ['miss']);
    expect(notHit.isVeto).toBe(false);
    expect(notHit.aiScore).toBe(70);
  });
  it('resultRules lists every hit rule: ruleId, ruleName, scoreNum applied, conditionHitInfo with phrase and keyWords', () => {
    const resultRules = toResultRules(run2([angle('x', 100, ['sub', 'add', 'miss'])]));
    expect(resultRules.map((r) => [r.ruleId, r.ruleName, r.scoreNum])).toEqual([
      ['sub', 'rule sub', 30],
      ['add', 'rule add', 20],
    ]);
    expect(resultRules[0]!.conditions.conditionHitInfo).toEqual([
      {
        cid: 'a',
        phrase: { pid: '0', index: 0, words: '我要投诉' },
        keyWords: { keyWord: [{ val: '投诉', from: 2, to: 4 }] },
      },
    ]);
  });
});

describe('Review and manual scoring', () => {
  const angles = [
    { angleId: 'x', score: 60, rules: [{ ruleId: 'r1', type: 'SUB' as const }] },
    { angleId: 'y', score: 40, rules: [{ ruleId: 'r2', type: 'SUB' as const }] },
  ];
  it('Re-inspection: reviewScore recomputes the scheme score with the reviewer’s per-rule points', () => {
    expect(
      reviewScore(angles, [
        { ruleId: 'r1', reviewScore: 10 },
        { ruleId: 'r2', reviewScore: 50 },
      ]).reviewScore,
    ).toBe(50);
  });
  it('Re-inspection: ticking a veto sets that rule’s own number to 0 and the reviewScore to 0 (isVeto)', () => {
    const outcome = reviewScore(angles, [
      { ruleId: 'r1', reviewScore: 10, isVeto: true },
      { ruleId: 'r2', reviewScore: 5 },
    ]);
    expect(outcome).toMatchObject({ reviewScore: 0, isVeto: true });
    expect(outcome.rules[0]).toEqual({ ruleId: 'r1', reviewScore: 0, isVeto: true });
  });
  it('Re-inspection: points are 0–100', () => {
    expect(() => reviewScore(angles, [{ ruleId: 'r1', reviewScore: 120 }])).toThrow(ScoreInputError);
  });
  it('Manual, SCORE style: per-rule points deducted, angles clamp, any fatalError makes manualScore 0', () => {
    const plain = manualScore(
      [
        { angleId: 'x', score: 60 },
        { angleId: 'y', score: 40 },
      ],
      [
        { angleId: 'x', ruleId: 'r1', scoreNum: 80 },
        { angleId: 'y', ruleId: 'r2', scoreNum: 10 },
      ],
    );
    expect(plain.manualScore).toBe(30);
    const fatal = manualScore(
      [{ angleId: 'x', score: 100 }],
      [{ angleId: 'x', ruleId: 'r1', scoreNum: 0, fatalError: true }],
    );
    expect(fatal.manualScore).toBe(0);
    expect(() => manualScore([{ angleId: 'x', score: 100 }], [{ angleId: 'x', ruleId: 'r1', scoreNum: 101 }])).toThrow(
      ScoreInputError,
    );
  });
  it('Manual, PASS style: not up to standard when failCount <op> N (fails ≥ N means not up to standard)', () => {
    const items = [
      { angleId: 'x', ruleId: 'r1', pass: false },
      { angleId: 'x', ruleId: 'r2', pass: false },
      { angleId: 'x', ruleId: 'r3', pass: true },
    ];
    expect(['>=', '>', '=', '<=', '<'].map((o) => manualPass(o, 2, items).pass)).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
  });
  it('Manual, PASS style: any fatalError also fails it', () => {
    expect(manualPass('>', 5, [{ angleId: 'x', ruleId: 'r1', pass: true, fatalError: true }]).pass).toBe(false);
  });
});

describe('Sensitive-word libraries (censor)', () => {
  const lib = (words: string, more: Partial<CensorLibrary> = {}): CensorLibrary => ({
    id: 1,
    name: 'lib',
    words,
    operation: 'REPORT',
    status: 'ACTIVE',
    flag: 'cs-customer',
    tempType: 'CUSTOM',
    scopes: [],
    ...more,
  });
  const customer = { role: 'CUSTOMER' };
  const agent = { role: 'AGENT' };
  const found = (scanner: CensorScanner, text: string, message: CensorMessage = customer) =>
    scanner.scan(text, message).matches.map((m) => [m.banId, m.word, m.start, m.end]);

  it('a library has words, operation (REPORT, FUZZY masked with *, ABORT blocked), status, flag, tempType and scopes', () => {
    const scan = (operation: CensorLibrary['operation']) =>
      compileCensor([lib('傻逼', { operation })]).scan('你傻逼', customer);
    expect(scan('REPORT')).toMatchObject({ operation: 'REPORT', masked: '你傻逼' });
    expect(scan('FUZZY')).toMatchObject({ operation: 'FUZZY', masked: '你**' });
    expect(scan('ABORT')).toMatchObject({ operation: 'ABORT', masked: '你傻逼' });
  });

  it('flag cs-agent checks agent messages, cs-customer customer messages', () => {
    const scanner = compileCensor([lib('甲', { id: 'c' }), lib('甲', { id: 'a', flag: 'cs-agent' })]);
    expect(found(scanner, '甲', customer)).toEqual([['c', '甲', 0, 1]]);
    expect(found(scanner, '甲', agent)).toEqual([['a', '甲', 0, 1]]);
  });

  it('tempType CUSTOM uses its own words; SYS_WORDS the system word list shipped with the engine', () => {
    const scanner = compileCensor([
      lib('自定义', { id: 'custom' }),
      lib('自定义', { id: 'sys', tempType: 'SYS_WORDS' }),
    ]);
    expect(found(scanner, '自定义，加我微信')).toEqual([
      ['custom', '自定义', 0, 3],
      ['sys', '加我微信', 4, 8],
    ]);
    expect(systemWordList()).toContain('加我微信');
  });

  it('scopes limit a cs-agent library to staff or branch ids; empty means all', () => {
    const scanner = compileCensor([
      lib('甲', { id: 'all', flag: 'cs-agent' }),
      lib('甲', { id: 'staff', flag: 'cs-agent', scopes: { staffIds: ['s-1'] } }),
      lib('甲', { id: 'branch', flag: 'cs-agent', scopes: { branchIds: ['b-1'] } }),
    ]);
    expect(found(scanner, '甲', { role: 'AGENT', staffId: 's-2' }).map((m) => m[0])).toEqual(['all']);
    expect(found(scanner, '甲', { role: 'AGENT', staffId: 's-1' }).map((m) => m[0])).toEqual(['all', 'staff']);
    expect(found(scanner, '甲', { role: 'AGENT', branchId: 'b-1' }).map((m) => m[0])).toEqual(['all', 'branch']);
  });

  it('only ACTIVE libraries scan', () => {
    const scanner = compileCensor([lib('甲', { id: 'on' }), lib('甲', { id: 'off', status: 'INACTIVE' })]);
    expect(found(scanner, '甲').map((m) => m[0])).toEqual(['on']);
  });

  it('a message lists every match (library, word, span); its operation is the strongest: ABORT over FUZZY over REPORT', () => {
    const scanner = compileCensor([
      lib('报告', { id: 'r', name: '报告库' }),
      lib('模糊', { id: 'f', operation: 'FUZZY' }),
      lib('阻断', { id: 'a', operation: 'ABORT' }),
    ]);
    const result = scanner.scan('报告模糊阻断', customer);
    expect(result.matches[0]).toEqual({
      banId: 'r',
      libraryName: '报告库',
      word: '报告',
      start: 0,
      end: 2,
      operation: 'REPORT',
    });
    expect(result.matches.map((m) => m.banId)).toEqual(['r', 'f', 'a']);
    expect(result.operation).toBe('ABORT');
    expect(scanner.scan('报告模糊', customer).operation).toBe('FUZZY');
    expect(scanner.scan('报告', customer).operation).toBe('REPORT');
    expect(scanner.scan('无', customer).operation).toBeNull();
  });

  it('FUZZY is never applied to agent messages', () => {
    const scanner = compileCensor([lib('模糊', { operation: 'FUZZY', flag: 'cs-agent' })]);
    const result = scanner.scan('模糊', agent);
    expect(result.operation).toBe('REPORT');
    expect(result.matches[0]?.operation).toBe('REPORT');
    expect(result.masked).toBe('模糊');
  });

  it('the masked text replaces each matched character with *', () => {
    const scanner = compileCensor([lib('傻逼,滚蛋', { operation: 'FUZZY' })]);
    expect(scanner.scan('傻逼，快滚蛋！', customer).masked).toBe('**，快**！');
  });

  it('matching uses the normalisation above', () => {
    const scanner = compileCensor([lib('vip,ok,69,wi-fi,傻逼')]);
    expect(found(scanner, '我是ＶＩＰ用户')).toEqual([[1, 'vip', 2, 5]]);
    expect(found(scanner, 'book 695 傻逼')).toEqual([[1, '傻逼', 9, 11]]);
    expect(found(scanner, '用wi-fi上网，OK')).toEqual([
      [1, 'wi-fi', 1, 6],
      [1, 'ok', 9, 11],
    ]);
  });

  it('skipping up to k noise characters inside a word (傻*逼, 傻 逼) keeps exact spans', () => {
    const scanner = compileCensor([lib('傻逼')], { defaults: { skipNoise: 1 } });
    expect(found(scanner, '你傻*逼，傻 逼，傻**逼')).toEqual([
      [1, '傻逼', 1, 4],
      [1, '傻逼', 5, 8],
    ]);
  });

  it('traditional-to-simplified folding keeps exact spans', () => {
    const scanner = compileCensor([lib('说话,麻烦')], { defaults: { traditional: true } });
    expect(found(scanner, '別說話，真麻煩')).toEqual([
      [1, '说话', 1, 3],
      [1, '麻烦', 5, 7],
    ]);
  });
});
