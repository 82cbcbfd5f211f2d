import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules, inspect, toOutputRecord } from '../../src/index.js';
import { createPool } from '../../src/worker/node-pool.js';
import type { Pool } from '../../src/worker/pool.js';

const rules = [
  {
    id: 'apology',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉', '对不起'] } }],
          checkRange: { role: 'AGENT' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'ADD', scoreNum: 5 },
    },
  },
  {
    id: 'rude',
    conditionConfig: {
      conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['滚'] } }] }],
    },
  },
];

/** Session i: uneven work (1 to 400 messages), some hits. */
function session(i: number, extra: Record<string, unknown> = {}) {
  const length = i % 7 === 0 ? 400 : 1 + (i % 5);
  return {
    sessionId: `s${i}`,
    ...extra,
    messages: Array.from({ length }, (_, k) => ({
      role: k % 2 === 0 ? 'CUSTOMER' : 'AGENT',
      text: k % 3 === 0 ? `非常抱歉 ${i}-${k}` : `你好 ${i}-${k}${k % 11 === 0 ? ' 滚' : ''}`,
    })),
  };
}

const compiled = compileRules(rules);
const expected = (s: unknown) => toOutputRecord(inspect(compiled, s));

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

/** An endless source that counts how far it was read. */
function endless(make: (i: number) => unknown = (i) => session(i)) {
  const source = {
    pulled: 0,
    *[Symbol.iterator]() {
      for (let i = 0; ; i++) {
        source.pulled++;
        yield make(i);
      }
    },
  };
  return source;
}

describe('worker pool', () => {
  let pool: Pool;
  beforeAll(async () => {
    pool = createPool({ size: 3, batchSize: 4, timeoutMs: 2_000, testHooks: true });
    expect(await pool.load(rules)).toEqual({ ok: true, value: { kind: 'rules', rules: 2 } });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('yields every session once, in input order, with the in-process result, despite uneven work', async () => {
    const sessions = Array.from({ length: 300 }, (_, i) => session(i));
    const progress: number[] = [];
    const out = await collect(pool.inspect(sessions, { onProgress: (p) => progress.push(p.done) }));
    expect(out).toHaveLength(300);
    expect(out.map((o) => (o.ok ? o.value.sessionId : null))).toEqual(sessions.map((s) => s.sessionId));
    expect(out).toEqual(sessions.map((s) => ({ ok: true, value: expected(s) })));
    expect(progress.at(-1)).toBe(300);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('takes async iterables, JSON text input and JSON or full-result output', async () => {
    const sessions = Array.from({ length: 20 }, (_, i) => session(i));
    async function* texts() {
      for (const s of sessions) yield JSON.stringify(s);
    }
    const json = await collect(pool.inspect(texts(), { input: 'json', output: 'json' }));
    expect(json).toEqual(sessions.map((s) => ({ ok: true, value: JSON.stringify(expected(s)) })));
    // utf8: the same text as bytes. Each session's bytes are a view of its batch's buffer (moved from the worker,
    // not copied), valid until the next outcome is read: the buffer then goes back to a worker.
    const decoder = new TextDecoder();
    const decoded: string[] = [];
    const views: Uint8Array[] = [];
    for (let round = 0; round < 3; round++) {
      for await (const o of pool.inspect(texts(), { input: 'json', output: 'utf8' })) {
        if (!o.ok) throw new Error(o.error.message);
        if (round === 0) decoded.push(decoder.decode(o.value));
        views.push(o.value);
      }
    }
    expect(decoded).toEqual(sessions.map((s) => JSON.stringify(expected(s))));
    // batches of 4: a batch's sessions share one buffer
    expect(views[0]!.buffer).toBe(views[3]!.buffer);
    expect(views[0]!.buffer).not.toBe(views[4]!.buffer);
    // read buffers were handed back to the workers (moved away: their views are empty now) and written again
    expect(views[0]!.byteLength).toBe(0);
    expect(views.some((v) => v.byteLength === 0)).toBe(true);
    const full = await collect(pool.inspect(sessions.slice(0, 3), { output: 'result' }));
    expect(full).toEqual(
      sessions.slice(0, 3).map((s) => ({ ok: true, value: JSON.parse(JSON.stringify(inspect(compiled, s))) })),
    );
  });

  it('reports a malformed session or JSON line as data, with its index, and goes on', async () => {
    const out = await collect(
      pool.inspect([JSON.stringify(session(1)), '{nope', JSON.stringify({ sessionId: 'x', messages: [{}] })], {
        input: 'json',
      }),
    );
    expect(out[0]?.ok).toBe(true);
    expect(out[1]).toMatchObject({ ok: false, error: { index: 1, code: 'INVALID_JSON', sessionId: null } });
    expect(out[2]).toMatchObject({ ok: false, error: { index: 2, code: 'SESSION_INPUT', sessionId: 'x' } });
    expect(out[2]?.ok === false && out[2].error.path).toMatch(/^\$\.messages\[0\]/);
  });

  it('replaces a worker that crashes, retries its batch once, then reports the session as failed by id', async () => {
    const before = pool.stats();
    const sessions = Array.from({ length: 40 }, (_, i) =>
      session(i, i === 9 ? { __workerTestHook: 'exit' } : i === 22 ? { __workerTestHook: 'exit-once' } : {}),
    );
    const out = await collect(pool.inspect(sessions));
    expect(out).toHaveLength(40);
    expect(out[9]).toEqual({
      ok: false,
      error: { sessionId: 's9', index: 9, code: 'WORKER_CRASHED', message: expect.stringContaining('twice') },
    });
    // Session 22 crashed its worker once and succeeded on its retry; nothing else was affected.
    const others = sessions.filter((_, i) => i !== 9);
    expect(out.filter((_, i) => i !== 9)).toEqual(others.map((s) => ({ ok: true, value: expected(s) })));
    const after = pool.stats();
    // s9 in its batch, s9 alone, s22 in its batch. With two batches handed to each worker, s22's batch waited in
    // the queue of the worker s9 killed: it went back untouched (not retried) and crashed its own worker later.
    expect(after.crashed - before.crashed).toBe(3);
    expect(after.retried - before.retried).toBe(8); // the two batches of 4, each session alone
    expect(after.spawned - before.spawned).toBe(3);
    await expect.poll(() => pool.stats().live).toBe(3);
  });

  it('replaces a worker that exceeds the time budget, retries once, then reports a timeout', async () => {
    const before = pool.stats();
    const sessions = [
      session(1),
      session(2, { __workerTestHook: 'hang' }),
      session(3, { __workerTestHook: 'hang-once' }),
      session(4),
    ];
    const started = Date.now();
    const running = collect(pool.inspect(sessions));
    // The budget is per session (2 s), not per batch (4 × 2 s): the batch's worker is replaced after about 2 s.
    await expect.poll(() => pool.stats().timedOut - before.timedOut, { timeout: 6_000, interval: 50 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(6_000);
    const out = await running;
    expect(out.map((o) => o.ok)).toEqual([true, false, true, true]);
    expect(out[1]).toMatchObject({ ok: false, error: { sessionId: 's2', index: 1, code: 'WORKER_TIMEOUT' } });
    expect(pool.stats().timedOut - before.timedOut).toBe(2);
  });

  it('reads ahead only a bounded number of sessions (backpressure)', async () => {
    const source = endless();
    let seen = 0;
    for await (const outcome of pool.inspect(source)) {
      expect(outcome.ok).toBe(true);
      if (++seen === 10) break;
    }
    // ahead of the consumer: size 3 × batch 4 × 2 = 24 sessions in flight at most, plus the batch being filled
    expect(source.pulled - seen).toBeLessThanOrEqual(24 + 4);
  });

  it('cancels promptly through an AbortSignal and terminates the work in flight', async () => {
    const before = pool.stats();
    const controller = new AbortController();
    const source = endless((i) => session(i, { __workerTestHook: 'hang' }));
    const stream = pool.inspect(source, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 200);
    const started = Date.now();
    await expect(collect(stream)).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(1_500); // well within the 2 s budget: no timeout involved
    expect(pool.stats().timedOut).toBe(before.timedOut);
    // the hanging workers were terminated and replaced; the pool still works
    const out = await collect(pool.inspect([session(5)]));
    expect(out).toEqual([{ ok: true, value: expected(session(5)) }]);
    expect(pool.stats().spawned - before.spawned).toBe(3);
  });

  it('refuses an already aborted signal at once', async () => {
    const out = pool.inspect([session(1)], { signal: AbortSignal.abort(new Error('no')) });
    await expect(out.next()).rejects.toThrow('no');
  });
});

describe('worker pool pipelining', () => {
  it('re-runs, whole, the batch of another stream that waited on a worker cancelled for one stream', async () => {
    const pool = createPool({ size: 1, batchSize: 2, timeoutMs: 5_000, testHooks: true });
    try {
      expect((await pool.load(rules)).ok).toBe(true);
      const controller = new AbortController();
      const hanging = collect(pool.inspect([session(0, { __workerTestHook: 'hang' })], { signal: controller.signal }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The second stream's first batch is handed to the only worker behind the hanging batch, and waits there.
      const sessions = Array.from({ length: 6 }, (_, i) => session(100 + i));
      const other = collect(pool.inspect(sessions));
      setTimeout(() => controller.abort(new Error('stop')), 300);
      await expect(hanging).rejects.toThrow('stop');
      expect(await other).toEqual(sessions.map((s) => ({ ok: true, value: expected(s) })));
      expect(pool.stats()).toMatchObject({ crashed: 0, timedOut: 0, retried: 0, spawned: 2 });
    } finally {
      await pool.close();
    }
  });

  it('hands one batch at a time with pipeline: 1, same results', async () => {
    const pool = createPool({ size: 2, batchSize: 3, pipeline: 1 });
    try {
      expect((await pool.load(rules)).ok).toBe(true);
      const sessions = Array.from({ length: 50 }, (_, i) => session(i));
      expect(await collect(pool.inspect(sessions))).toEqual(sessions.map((s) => ({ ok: true, value: expected(s) })));
    } finally {
      await pool.close();
    }
  });
});

describe('worker pool lifecycle', () => {
  it('returns a compile error from load as data, with rule id and path', async () => {
    const pool = createPool({ size: 2 });
    try {
      const result = await pool.load([
        rules[0],
        { id: 'r9', conditionConfig: { conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS' }] }] } },
      ]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatchObject({ ruleId: 'r9', path: expect.stringContaining('operators[0]') });
      expect(typeof result.error.code).toBe('string');
      await expect(pool.inspect([session(1)]).next()).rejects.toThrow(/load rules/);
    } finally {
      await pool.close();
    }
  });

  it('inspects with a scheme and censors with the loaded libraries: records carry the censored messages', async () => {
    const scheme = { id: 'x', schemeAngles: [{ angleId: 'g', score: 100, angleRules: [{ ruleId: 'apology' }] }] };
    const libraries = [
      { id: 7, name: '客户辱骂', words: '傻逼,滚蛋', operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer' },
    ];
    const pool = createPool({ size: 1 });
    try {
      expect(await pool.load(rules, scheme, libraries)).toMatchObject({ ok: true, value: { kind: 'scheme' } });
      const censored = {
        sessionId: 'c1',
        messages: [
          { role: 'CUSTOMER', text: '你个傻逼，滚蛋' },
          { role: 'AGENT', text: '非常抱歉' },
        ],
      };
      const [one, two] = await collect(pool.inspect([session(3), censored]));
      expect(one).toMatchObject({ ok: true, value: { sessionId: 's3', aiScore: 100, isVeto: false, censor: [] } });
      expect(two).toMatchObject({
        ok: true,
        value: {
          sessionId: 'c1',
          censor: [
            {
              message: 0,
              operation: 'FUZZY',
              words: [
                { banId: 7, word: '傻逼', start: 2, end: 4 },
                { banId: 7, word: '滚蛋', start: 5, end: 7 },
              ],
              masked: '你个**，**',
            },
          ],
        },
      });
    } finally {
      await pool.close();
    }
  });

  it('loads pinyin in the worker when a library asks for it: caonima is found as 草泥马', async () => {
    const libraries = {
      libraries: [
        { id: 8, name: '谐音', words: ['草泥马'], operation: 'REPORT', status: 'ACTIVE', flag: 'cs-customer' },
      ],
      options: { libraries: { '8': { pinyin: true } } },
    };
    const pool = createPool({ size: 1 });
    try {
      expect(await pool.load(rules, undefined, libraries)).toMatchObject({ ok: true });
      const [record] = await collect(
        pool.inspect([{ sessionId: 'p1', messages: [{ role: 'CUSTOMER', text: '你们真是caonima' }] }]),
      );
      expect(record).toMatchObject({
        ok: true,
        value: { censor: [{ message: 0, words: [{ banId: 8, word: '草泥马', start: 4, end: 11 }] }] },
      });
    } finally {
      await pool.close();
    }
  });

  it('refuses libraries that do not compile, and rules that are not an array, with the path', async () => {
    const pool = createPool({ size: 1 });
    try {
      const bad = await pool.load(rules, undefined, [
        { id: 1, name: 'x', words: 'a', operation: 'BLOCK', status: 'ACTIVE', flag: 'cs-agent' },
      ]);
      expect(bad).toMatchObject({ ok: false, error: { code: 'CENSOR_LIBRARY', path: '$[0].operation' } });
      const notArray = await pool.load({ records: rules } as unknown as unknown[]);
      expect(notArray).toMatchObject({ ok: false, error: { code: 'RULES_NOT_ARRAY', path: '$' } });
    } finally {
      await pool.close();
    }
  });

  it('gives up with an error, not a respawn loop, when the worker script does not start', async () => {
    const pool = createPool({ size: 2, workerUrl: new URL('./no-such-worker.js', import.meta.url) });
    try {
      const result = await pool.load(rules);
      expect(result).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED', ruleId: null } });
      await expect.poll(() => pool.stats().spawned).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.stats().spawned).toBeLessThanOrEqual(2 + 2 + 3);
    } finally {
      await pool.close();
    }
    expect(pool.stats().live).toBe(0);
  });

  it('close() terminates every thread, and the pool refuses work afterwards', async () => {
    const pool = createPool({ size: 2 });
    await pool.load(rules);
    await collect(pool.inspect([session(1), session(2)]));
    expect(pool.stats().live).toBe(2);
    await pool.close();
    expect(pool.stats().live).toBe(0);
    await expect(pool.inspect([session(1)]).next()).rejects.toThrow(/closed/);
  });
});
