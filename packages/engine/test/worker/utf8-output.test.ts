/** The `utf8` output of a worker: the `json` output's text, encoded, for any mix of ASCII and multi-byte text. */
import { describe, expect, it } from 'vitest';
import { createWorkerApi } from '../../src/worker/worker-api.js';

const api = createWorkerApi({ exit: () => undefined });
api.load({
  rules: [
    {
      id: 'r1',
      conditionConfig: {
        conditions: [
          { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉', '😀', 'ok'] } }] },
        ],
      },
    },
  ],
});

function session(id: string, text: string) {
  return JSON.stringify({ sessionId: id, messages: [{ role: 'CUSTOMER', text }] });
}

describe('utf8 output', () => {
  it('decodes to the json output, one buffer for the batch, past the first guess of its size', async () => {
    // Evidence made of three- and four-byte characters outgrows a buffer sized for mostly-ASCII text.
    const sessions = [
      session('ascii', 'ok ok ok'),
      session('han', '投诉'.repeat(500)),
      session('bad', '{not json'),
      session('emoji', '😀'.repeat(300)),
    ];
    sessions[2] = '{not json';
    const json = await api.inspect({ sessions, input: 'json', output: 'json', attempt: 1 });
    const utf8 = await api.inspect({ sessions, input: 'json', output: 'utf8', attempt: 1 });
    const decoder = new TextDecoder();
    expect(utf8.map((o) => (o.ok ? decoder.decode(o.value as Uint8Array) : o))).toEqual(
      json.map((o) => (o.ok ? o.value : o)),
    );
    expect(utf8[2]).toMatchObject({ ok: false, error: { code: 'INVALID_JSON' } });
    const views = utf8.filter((o) => o.ok).map((o) => o.value as Uint8Array);
    expect(new Set(views.map((v) => v.buffer)).size).toBe(1);
    expect(views[1]!.length).toBeGreaterThan(500 * 3 * 2);
  });
});
