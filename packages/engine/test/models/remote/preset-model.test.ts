import { describe, expect, it } from 'vitest';
import { modelTasksOf } from '../../../src/models/remote/preset-model.js';
import { replayCall } from '../../../src/worker/replay-call.js';

const rule = {
  id: 'praise',
  name: '表扬',
  conditionConfig: JSON.stringify({
    conditions: [{ cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] }],
  }),
};
const session = {
  sessionId: 's1',
  messages: [
    { role: 'AGENT', text: '您好' },
    { role: 'CUSTOMER', text: '到了吗' },
  ],
};

describe('preset model labels (the replay tester)', () => {
  it('finds the model tasks of rules, conditionConfig as JSON text included', () => {
    expect(modelTasksOf([rule])).toEqual(['CUSTOMER_CHECK_MODEL']);
    expect(
      modelTasksOf([
        { conditionConfig: { conditions: [{ operators: [{ type: 'ABUSE_MODEL' }, { type: 'REGULAR_EXPRESSION' }] }] } },
      ]),
    ).toEqual(['ABUSE_MODEL']);
    expect(modelTasksOf([{ conditionConfig: '{' }])).toEqual([]);
  });

  it('replays with labels fetched beforehand and names their model', () => {
    const replay = replayCall({
      rules: [rule],
      session,
      model: {
        modelId: '情绪模型',
        fallback: false,
        labels: { CUSTOMER_CHECK_MODEL: { 到了吗: [{ label: 'PRAISE', confidence: 0.9 }] } },
      },
    });
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    expect(replay.value.steps.map((s) => s.rules[0]!.hit)).toEqual([false, true]);
    expect(replay.value.model).toEqual({ modelId: '情绪模型', fallback: false });
  });

  it('without preset labels the lexicon model answers and the result names no model', () => {
    const replay = replayCall({ rules: [rule], session });
    expect(replay.ok && replay.value.steps[1]!.rules[0]!.hit).toBe(false);
    expect(replay.ok && replay.value.model).toBeUndefined();
  });
});
