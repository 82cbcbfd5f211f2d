import { type ReplayResult, replayCall } from '@qcdesk/engine';
import { describe, expect, it } from 'vitest';
import { highlightsAt, ruleChangesAt, scoreLines } from '../src/replay/step-view';
import { soloScheme } from '../src/replay/target/replay-target';

const kw = (cid: string, keywords: string[], role: 'AGENT' | 'CUSTOMER') => ({
  cid,
  operators: [{ type: 'HIT_ANY_KEYWORDS' as const, param: { keywords } }],
  checkRange: { role },
});
const complaint = { id: 'c', name: '投诉', conditionConfig: { conditions: [kw('a', ['投诉'], 'CUSTOMER')] } };
const noGreeting = {
  id: 'g',
  name: '未问候',
  conditionConfig: {
    conditions: [kw('a', ['您好'], 'AGENT')],
    lambda: 'ANY_ONE_NOT_MET',
    ruleScore: { enable: true, ruleScoreType: 'ONCE' as const, scoreNum: 10 },
  },
};
const session = {
  sessionId: 's',
  messages: [
    { role: 'CUSTOMER', text: '我要投诉' },
    { role: 'AGENT', text: '您好' },
  ],
};

function replay(scheme: unknown): ReplayResult {
  const outcome = replayCall({ rules: [complaint, noGreeting], scheme, session });
  if (!outcome.ok) throw new Error(outcome.error.en);
  return outcome.value;
}

const twoAngles = {
  id: 'sch',
  name: '方案',
  targetType: 'AI',
  schemeAngles: [
    { angleId: 'x', angleName: '规范', score: 40, angleRules: [{ ruleId: 'g' }] },
    { angleId: 'y', angleName: '态度', score: 60, angleRules: [{ ruleId: 'c' }] },
  ],
  schemeConfig: { veto: [] },
};

describe('what a step shows', () => {
  it('marks the evidence of the conditions that hold, labelled by rule and cid, optionally of one rule only', () => {
    const result = replay(twoAngles);
    expect(highlightsAt(result.steps[1]!)).toEqual([
      { message: 0, start: 2, end: 4, label: '投诉 · a' },
      { message: 1, start: 0, end: 2, label: '未问候 · a' },
    ]);
    expect(highlightsAt(result.steps[1]!, 'g')).toEqual([{ message: 1, start: 0, end: 2, label: '未问候 · a' }]);
  });

  it('names the rules that start or stop hitting at a step', () => {
    const result = replay(twoAngles);
    expect([...ruleChangesAt(result, 0)]).toEqual([
      ['c', 'hit'],
      ['g', 'hit'],
    ]);
    // the greeting arrives: "not greeted" stops hitting
    expect([...ruleChangesAt(result, 1)]).toEqual([['g', 'unhit']]);
  });

  it('draws the AI score and each angle per message; a rule alone draws its score only', () => {
    expect(scoreLines(replay(twoAngles), '得分')).toEqual({
      points: [
        { message: 1, total: 90, angle0: 30, angle1: 60 },
        { message: 2, total: 100, angle0: 40, angle1: 60 },
      ],
      series: [
        { key: 'total', label: '得分', total: true },
        { key: 'angle0', label: '规范', total: false },
        { key: 'angle1', label: '态度', total: false },
      ],
    });
    const alone = replayCall({ rules: [noGreeting], scheme: soloScheme(noGreeting), session });
    expect(alone.ok && scoreLines(alone.value, '得分')?.series.map((s) => s.key)).toEqual(['total']);
    expect(scoreLines(replay(null), '得分')).toBeNull();
  });
});
