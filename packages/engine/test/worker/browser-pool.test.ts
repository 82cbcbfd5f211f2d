import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserPool } from '../../src/worker/browser-pool.js';
import { createWorkerApi } from '../../src/worker/worker-api.js';

/**
 * A stand-in for the browser's Worker: a MessagePort pair in this thread, the worker API exposed on the far end
 * exactly as browser-worker.ts exposes it on the worker's global scope.
 */
class FakeWorker {
  static started = 0;
  static terminated = 0;
  private readonly channel = new MessageChannel();
  readonly postMessage = this.channel.port1.postMessage.bind(this.channel.port1);
  readonly addEventListener = this.channel.port1.addEventListener.bind(this.channel.port1);
  readonly removeEventListener = this.channel.port1.removeEventListener.bind(this.channel.port1);
  readonly start = this.channel.port1.start.bind(this.channel.port1);

  constructor(
    readonly url: URL | string,
    readonly options: { type: string },
  ) {
    FakeWorker.started++;
    expose(createWorkerApi({ exit: () => this.channel.port2.close() }), this.channel.port2);
  }

  terminate(): void {
    FakeWorker.terminated++;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

const scope = globalThis as unknown as { Worker?: unknown };
afterEach(() => {
  delete scope.Worker;
});

describe('browser pool (Web Worker adapter)', () => {
  it('starts module workers from the given URL, inspects in order, and terminates them on close', async () => {
    scope.Worker = FakeWorker;
    const pool = createBrowserPool({ workerUrl: 'https://example.test/worker.js', size: 2, batchSize: 2 });
    const rules = [
      {
        id: 'r1',
        conditionConfig: {
          conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] }],
        },
      },
    ];
    expect(await pool.load(rules)).toMatchObject({ ok: true });
    const sessions = Array.from({ length: 9 }, (_, i) => ({
      sessionId: `b${i}`,
      messages: [{ role: 'CUSTOMER', text: i % 2 === 0 ? '我要投诉' : '你好' }],
    }));
    const hits: [string, boolean][] = [];
    for await (const outcome of pool.inspect(sessions)) {
      if (outcome.ok) hits.push([outcome.value.sessionId, outcome.value.rules[0]?.hit ?? false]);
    }
    expect(hits).toEqual(sessions.map((s, i) => [s.sessionId, i % 2 === 0]));
    expect(FakeWorker.started).toBe(2);
    await pool.close();
    expect(FakeWorker.terminated).toBe(2);
    expect(pool.stats().live).toBe(0);
  });
});
