import { afterAll, describe, expect, it } from 'vitest';
import { compileRules, inspect, toOutputRecord } from '../../src/index.js';
import { createPool } from '../../src/worker/node-pool.js';

const complaint = {
  id: 'complaint',
  name: '投诉',
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] }],
  },
};
const apology = {
  id: 'apology',
  name: '致歉',
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉'] } }] }],
  },
};
const session = {
  sessionId: 's1',
  messages: [
    { role: 'CUSTOMER', text: '我要投诉' },
    { role: 'AGENT', text: '非常抱歉' },
  ],
};

describe('pool.replay', () => {
  const pool = createPool({ size: 2 });
  afterAll(() => pool.close());

  it('replays on a worker with its own rules, without a load, and leaves the loaded rules alone', async () => {
    expect((await pool.load([apology])).ok).toBe(true);
    const replay = await pool.replay({ rules: [complaint], session });
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    expect(replay.value.steps.map((s) => s.rules[0]!.hit)).toEqual([true, true]);
    expect(replay.value.steps[0]!.rules[0]!.conditions[0]!.evidence[0]).toMatchObject({ message: 0, text: '投诉' });
    // the pool still inspects with what was loaded
    const outcomes = [];
    for await (const o of pool.inspect([session])) outcomes.push(o);
    expect(outcomes).toEqual([{ ok: true, value: toOutputRecord(inspect(compileRules([apology]), session)) }]);
  });

  it('answers a rule that does not compile as data', async () => {
    const bad = {
      id: 'bad',
      conditionConfig: { conditions: [{ cid: 'a', operators: [{ type: 'NOPE', param: {} }] }] },
    };
    const replay = await pool.replay({ rules: [bad], session });
    expect(replay).toMatchObject({ ok: false, error: { ruleId: 'bad' } });
  });

  it('rejects with the reason when aborted', async () => {
    const controller = new AbortController();
    const pending = pool.replay({ rules: [complaint], session }, { signal: controller.signal });
    controller.abort(new Error('changed my mind'));
    await expect(pending).rejects.toThrow('changed my mind');
  });
});
