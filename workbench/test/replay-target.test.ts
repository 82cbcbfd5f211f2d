import { ruleRunsInScheme } from '@qcdesk/contracts';
import { compileScheme, inspect } from '@qcdesk/engine';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { loadSchemeTarget } from '../src/replay/target/replay-target';
import { fakeClient } from './helpers';

const keywordRule = (id: string, keyword: string, extra: Record<string, unknown>) => ({
  id,
  name: `规则${id}`,
  version: 1,
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [keyword] } }] }],
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
  },
  ...extra,
});

/** A scheme linking a live AI rule, a rule in the recycle bin (also a veto) and a manual rule. */
const RULES: Record<string, unknown> = {
  '1': keywordRule('1', '投诉', { type: 'AI', deleted: 'NONE' }),
  '2': keywordRule('2', '退款', { type: 'AI', deleted: 'TRASH' }),
  '3': keywordRule('3', '你好', { type: 'PERSON', deleted: 'NONE' }),
};

function schemeClient(targetType: 'AI' | 'PERSON') {
  return fakeClient({
    '/v3/chats/qc-scheme/detail': () => ({
      id: '9',
      name: '方案',
      status: 'ACTIVE',
      type: 'TEXT',
      targetType,
      version: 1,
      schemeConfig: { veto: ['2'] },
      schemeAngles: [
        {
          id: '21',
          angleId: '21',
          angleName: '服务',
          name: '服务',
          schemeId: '9',
          score: 100,
          angleRules: ['1', '2', '3'].map((ruleId) => ({ ruleId, ruleName: `规则${ruleId}` })),
        },
      ],
    }),
    '/v3/chats/qc-rule/detail': (r: ApiRequest) => RULES[(r.query as { ruleId: string }).ruleId],
  });
}

describe('the rules a scheme replay runs', () => {
  it('are those a QC task runs: live AI rules only, dropped from the angles and vetoes too', async () => {
    const { client } = schemeClient('AI');
    const target = await loadSchemeTarget(client, '9');
    expect(target.rules.map((r) => r.id)).toEqual(['1']);
    expect(target.scheme.schemeAngles[0]!.angleRules.map((r) => r.ruleId)).toEqual(['1']);
    expect(target.scheme.schemeConfig?.veto).toEqual([]);
    expect(target.saved?.rules.map((r) => r.id)).toEqual(['1']);
    // the trashed rule's keyword no longer vetoes the session: only rule 1's deduction counts
    const compiled = compileScheme(target.scheme, target.rules);
    const result = inspect(compiled, {
      sessionId: 's',
      messages: [{ role: 'CUSTOMER', text: '我要投诉，还要退款' }],
    });
    expect(result.rules.map((r) => [r.ruleId, r.hit])).toEqual([['1', true]]);
    expect(result.aiScore).toBe(90);
    expect(result.isVeto).toBe(false);
  });

  it('keep manual rules in a manual scheme, but never a trashed one', async () => {
    const { client } = schemeClient('PERSON');
    const target = await loadSchemeTarget(client, '9');
    expect(target.rules.map((r) => r.id)).toEqual(['1', '3']);
  });

  it('share one test with the server', () => {
    expect(ruleRunsInScheme({ type: 'AI', deleted: 'NONE' }, 'AI')).toBe(true);
    expect(ruleRunsInScheme({ type: 'AI' }, 'AI')).toBe(true);
    expect(ruleRunsInScheme({ type: 'AI', deleted: 'TRASH' }, 'AI')).toBe(false);
    expect(ruleRunsInScheme({ type: 'AI', deleted: 'BUFFER' }, 'AI')).toBe(false);
    expect(ruleRunsInScheme({ type: 'PERSON', deleted: 'NONE' }, 'AI')).toBe(false);
    expect(ruleRunsInScheme({ type: 'PERSON', deleted: 'NONE' }, 'PERSON')).toBe(true);
  });
});
