import { afterEach, describe, expect, it } from 'vitest';
import { compileRules, inspect, toOutputRecord } from '../../src/index.js';
import { createPool } from '../../src/worker/node-pool.js';
import type { Pool } from '../../src/worker/pool.js';

const rules = Array.from({ length: 5 }, (_, k) => ({
  id: `r${k}`,
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉', `词${k}`] } }] }],
  },
}));
/** a replay of many seconds: every one of its 1,200 steps inspects the messages so far */
const long = {
  sessionId: 'long',
  messages: Array.from({ length: 1200 }, (_, i) => ({
    role: i % 2 === 0 ? 'CUSTOMER' : 'AGENT',
    text: `第${i}句 我要投诉 非常抱歉 你好请问`,
  })),
};
const short = { sessionId: 'short', messages: [{ role: 'CUSTOMER', text: '我要投诉' }] };

let pool: Pool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('pool.replay cancelled or beside other work', () => {
  it('terminates and replaces the worker of a long replay that is aborted', async () => {
    pool = createPool({ size: 1, timeoutMs: 60_000 });
    expect((await pool.load([rules[0]])).ok).toBe(true);
    const controller = new AbortController();
    const pending = pool.replay({ rules, session: long }, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    const abortedAt = performance.now();
    controller.abort(new Error('changed my mind'));
    await expect(pending).rejects.toThrow('changed my mind');
    // within a moment the worker busy with it is terminated and another started (the replay alone takes seconds)
    await expect.poll(() => pool!.stats().spawned, { interval: 20, timeout: 1000 }).toBe(2);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    // and the old one is gone
    await expect.poll(() => pool!.stats().live, { interval: 20, timeout: 5000 }).toBe(1);
    expect(pool.stats()).toMatchObject({ size: 1, crashed: 0, timedOut: 0 });
    const next = await pool.replay({ rules, session: short });
    expect(next.ok && next.value.steps[0]!.rules[0]!.hit).toBe(true);
    // the replacement compiled the loaded rules again
    const outcomes = [];
    for await (const o of pool.inspect([short])) outcomes.push(o);
    expect(outcomes).toEqual([{ ok: true, value: toOutputRecord(inspect(compileRules([rules[0]]), short)) }]);
  }, 60_000);

  it('keeps the worker of a replay aborted as it ends', async () => {
    pool = createPool({ size: 1 });
    // a started worker: the replay below takes a few ms
    expect((await pool.replay({ rules, session: short })).ok).toBe(true);
    const controller = new AbortController();
    const pending = pool.replay({ rules, session: short }, { signal: controller.signal });
    controller.abort(new Error('too late'));
    await expect(pending).rejects.toThrow('too late');
    await new Promise((r) => setTimeout(r, 400));
    expect(pool.stats().spawned).toBe(1);
  });

  it('counts a replay in progress when it chooses the least busy worker', async () => {
    pool = createPool({ size: 2, timeoutMs: 60_000 });
    const controller = new AbortController();
    let longEnded = false;
    const pending = pool.replay({ rules, session: long }, { signal: controller.signal }).finally(() => {
      longEnded = true;
    });
    pending.catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    // the other worker is idle: the short replay goes there and does not wait for the long one
    const next = await pool.replay({ rules, session: short });
    expect(next.ok).toBe(true);
    expect(longEnded).toBe(false);
    controller.abort(new Error('done with it'));
    await expect(pending).rejects.toThrow('done with it');
  }, 60_000);

  it('gives a corpus batch to the worker that is not replaying', async () => {
    pool = createPool({ size: 2, timeoutMs: 60_000, pipeline: 1 });
    expect((await pool.load(rules)).ok).toBe(true);
    const controller = new AbortController();
    let longEnded = false;
    const pending = pool.replay({ rules, session: long }, { signal: controller.signal }).finally(() => {
      longEnded = true;
    });
    pending.catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    const outcomes = [];
    for await (const o of pool.inspect([short, short, short], {})) outcomes.push(o);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(longEnded).toBe(false);
    controller.abort(new Error('enough'));
    await expect(pending).rejects.toThrow('enough');
  }, 60_000);
});
