import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DICTIONARIES,
  defaultScoreOnlineConfig,
  isValidSatisfaction,
  LIMITS,
  ROUTE_PERMISSIONS,
  SATISFACTION_LEVEL_SCORES,
  SATISFACTION_SCORES,
  SatisfactionLevel,
  satisfactionLevelOf,
  scoreConfigContract,
  scoreConfigSaveSchema,
  scoreOnlineConfigInputSchema,
} from '../src/index.js';
import { shown } from './helpers.js';

const replies = () => SATISFACTION_SCORES.map((score) => ({ score, reply: `回复${score}` }));
const config = (more: Record<string, unknown> = {}) => ({ replies: replies(), ...more });
const parse = (more: Record<string, unknown>) => scoreOnlineConfigInputSchema.parse(config(more));

describe('the satisfaction levels (O-E26)', () => {
  it('are VERY_SATISFIED 5 … VERY_DISSATISFIED 1 with Chinese and English names, on the QC scale 1..5', () => {
    expect(SatisfactionLevel.values.map((l) => [l, SATISFACTION_LEVEL_SCORES[l]])).toEqual([
      ['VERY_SATISFIED', 5],
      ['SATISFIED', 4],
      ['AVERAGE', 3],
      ['DISSATISFIED', 2],
      ['VERY_DISSATISFIED', 1],
    ]);
    expect(SatisfactionLevel.label('VERY_SATISFIED', 'zh')).toBe('非常满意');
    expect(SatisfactionLevel.label('VERY_DISSATISFIED', 'en')).toBe('Very dissatisfied');
    expect(DICTIONARIES['dict-satisfaction-level']).toBe(SatisfactionLevel);
    // the QC area's scale is unchanged, and every level is a valid satisfaction of it
    expect([LIMITS.satisfactionMin, LIMITS.satisfactionMax]).toEqual([1, 5]);
    for (const score of SATISFACTION_SCORES) expect(isValidSatisfaction(score)).toBe(true);
    expect([0, 6, 2.5, '3'].map(satisfactionLevelOf)).toEqual([null, null, null, null]);
    expect(satisfactionLevelOf(3)).toBe('AVERAGE');
  });
});

describe('the save body of a satisfaction config (O-V31..O-V36)', () => {
  it('defaults type ONLINE, validity 3 days, agentVisible false, and leaves onlineConfig out', () => {
    expect(scoreConfigSaveSchema.parse({ name: ' 默认满意度 ' })).toEqual({
      name: '默认满意度',
      type: 'ONLINE',
      validDays: 3,
      agentVisible: false,
    });
  });

  it('needs a name ≤ 100, a validity of 1, 3 or 7 days and the ONLINE type', () => {
    expect(shown(scoreConfigSaveSchema, { name: ' ' })).toEqual([['name', '此项为必填项']]);
    expect(shown(scoreConfigSaveSchema, { name: '名'.repeat(101) }, 'en')).toEqual([
      ['name', 'At most 100 characters'],
    ]);
    for (const validDays of [1, 3, 7])
      expect(scoreConfigSaveSchema.parse({ name: 'a', validDays }).validDays).toBe(validDays);
    for (const validDays of [0, 2, 5, 30, '3'])
      expect(shown(scoreConfigSaveSchema, { name: 'a', validDays })).toEqual([
        ['validDays', '有效期只能是 1、3 或 7 天'],
      ]);
    expect(shown(scoreConfigSaveSchema, { name: 'a', type: 'HOTLINE' })[0]?.[0]).toBe('type');
  });

  it('a change names its version', () => {
    expect(shown(scoreConfigSaveSchema, { id: '3', name: 'a' })).toEqual([['version', '修改时须提供版本号']]);
  });
});

describe('the onlineConfig rules (O-V32, O-V34, O-V35, O-V37, O-B16, O-B17)', () => {
  it('a new config is usable as it is: style STAR, thresholds 4 / 2, all five replies, and it passes its own rules', () => {
    const fresh = defaultScoreOnlineConfig();
    expect(fresh).toMatchObject({ style: 'STAR', positiveScore: 4, negativeScore: 2 });
    expect(fresh.replies.map((r) => r.score)).toEqual([5, 4, 3, 2, 1]);
    expect(fresh.replies.every((r) => r.reply.trim() !== '')).toBe(true);
    expect(scoreOnlineConfigInputSchema.parse(fresh)).toEqual(fresh);
  });

  it('all five scene replies are required (请填写场景回复语), each ≤ 200, kept 5 → 1', () => {
    expect(shown(scoreOnlineConfigInputSchema, {})).toEqual([['replies', '请填写场景回复语']]);
    const blank = replies().map((r) => (r.score === 3 ? { ...r, reply: '  ' } : r));
    expect(shown(scoreOnlineConfigInputSchema, { replies: blank })).toEqual([['replies[2].reply', '请填写场景回复语']]);
    const four = replies().filter((r) => r.score !== 1);
    expect(shown(scoreOnlineConfigInputSchema, { replies: four }, 'en')).toEqual([
      ['replies', 'Please fill in the scene replies'],
    ]);
    const long = replies().map((r) => (r.score === 5 ? { ...r, reply: '好'.repeat(201) } : r));
    expect(shown(scoreOnlineConfigInputSchema, { replies: long })).toEqual([
      ['replies[0].reply', '不能超过 200 个字符'],
    ]);
    const shuffled = [...replies()].reverse().map((r) => (r.score === 4 ? { ...r, reply: '好'.repeat(200) } : r));
    expect(scoreOnlineConfigInputSchema.parse({ replies: shuffled }).replies.map((r) => r.score)).toEqual([
      5, 4, 3, 2, 1,
    ]);
    // a level twice leaves another one without its reply
    const twice = replies().map((r) => (r.score === 1 ? { score: 5, reply: '又一个' } : r));
    expect(shown(scoreOnlineConfigInputSchema, { replies: twice })).toEqual([
      ['replies[4].score', '每个评价等级只能设置一次'],
      ['replies', '请填写场景回复语'],
    ]);
  });

  it('a tag is not empty (请填写标签) and ≤ 50; every level is answered, repeats dropped', () => {
    expect(shown(scoreOnlineConfigInputSchema, config({ tags: [{ score: 2, tags: ['慢', ' '] }] }))).toEqual([
      ['tags[0].tags[1]', '请填写标签'],
    ]);
    expect(shown(scoreOnlineConfigInputSchema, config({ tags: [{ score: 2, tags: ['慢'.repeat(51)] }] }))).toEqual([
      ['tags[0].tags[0]', '不能超过 50 个字符'],
    ]);
    const parsed = parse({ tags: [{ score: 1, tags: ['态度差', '态度差', '慢'.repeat(50)] }] });
    expect(parsed.tags).toEqual([
      { score: 5, tags: [] },
      { score: 4, tags: [] },
      { score: 3, tags: [] },
      { score: 2, tags: [] },
      { score: 1, tags: ['态度差', '慢'.repeat(50)] },
    ]);
  });

  it('style is STAR or EMOJI, STAR when left out', () => {
    expect(parse({}).style).toBe('STAR');
    expect(parse({ style: 'EMOJI' }).style).toBe('EMOJI');
    expect(shown(scoreOnlineConfigInputSchema, config({ style: 'HEART' }))[0]?.[0]).toBe('style');
  });

  it('feedbackRequired holds only while both feedback and resolved are on', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (feedback, resolved, feedbackRequired) => {
        const parsed = parse({ feedback, resolved, feedbackRequired });
        expect(parsed.feedbackRequired).toBe(feedbackRequired && feedback && resolved);
        expect([parsed.feedback, parsed.resolved]).toEqual([feedback, resolved]);
      }),
    );
  });

  it('auto-send and manual-send: either or both, never neither (each can be switched off only while the other is on)', () => {
    expect([parse({ autoSend: true, handSend: false }), parse({ autoSend: false, handSend: true })]).toMatchObject([
      { autoSend: true, handSend: false },
      { autoSend: false, handSend: true },
    ]);
    expect(shown(scoreOnlineConfigInputSchema, config({ autoSend: false, handSend: false }))).toEqual([
      ['handSend', '自动发送与手动发送至少开启一项'],
    ]);
  });

  it('the positive threshold is above the negative one, both 1..5 (defaults 4 and 2)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (positiveScore, negativeScore) => {
        const problems = shown(scoreOnlineConfigInputSchema, config({ positiveScore, negativeScore }));
        expect(problems).toEqual(positiveScore > negativeScore ? [] : [['positiveScore', '好评分值须高于差评分值']]);
      }),
    );
    expect(parse({})).toMatchObject({ positiveScore: 4, negativeScore: 2 });
    expect(shown(scoreOnlineConfigInputSchema, config({ positiveScore: 6 }))[0]?.[0]).toBe('positiveScore');
  });

  it('keeps the customer’s own rating time only while he may rate on his own, 30 minutes unless said', () => {
    expect(parse({ userInitiated: true, userInitiatedSend: null }).userInitiatedSend).toBe(30);
    expect(parse({ userInitiated: true, userInitiatedSend: 90 }).userInitiatedSend).toBe(90);
    expect(parse({ userInitiated: false, userInitiatedSend: 90 }).userInitiatedSend).toBeNull();
  });
});

describe('the satisfaction config calls (O-P14, O-P15)', () => {
  it('are gated by online.score.edit / online.score.delete, read with online.score.view', () => {
    const base = scoreConfigContract.base;
    expect(base).toBe('/v3/chats/score-config');
    expect(ROUTE_PERMISSIONS[`${base}/create`]).toBe('online.score.edit');
    expect(ROUTE_PERMISSIONS[`${base}/change`]).toBe('online.score.edit');
    expect(ROUTE_PERMISSIONS[`${base}/status`]).toBe('online.score.edit');
    expect(ROUTE_PERMISSIONS[`${base}/delete`]).toBe('online.score.delete');
    expect(ROUTE_PERMISSIONS[`${base}/page`]).toBe('online.score.view');
    expect(ROUTE_PERMISSIONS[`${base}/detail`]).toBe('online.score.view');
    // a line's check stays with the lines
    expect(ROUTE_PERMISSIONS['/v3/chats/score-config/check-issue']).toBe('csLine.view');
  });
});
