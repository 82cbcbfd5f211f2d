import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSessionLine } from '../src/replay/corpus/corpus-session';
import { fileSource } from '../src/replay/corpus/corpus-source';
import { type JsonLine, readJsonLines } from '../src/replay/corpus/jsonl-lines';

/** A stream handing over exactly these chunks, as a file read in pieces would. */
function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

/** The bytes cut at the given offsets. */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const at = [...new Set(offsets.map((o) => Math.min(bytes.length, Math.max(0, o))))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const o of [...at, bytes.length]) {
    if (o > start) out.push(bytes.slice(start, o));
    start = o;
  }
  return out;
}

async function linesOf(chunks: readonly Uint8Array[]): Promise<JsonLine[]> {
  const out: JsonLine[] = [];
  for await (const line of readJsonLines(streamOf(chunks))) out.push(line);
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readJsonLines: a JSON Lines file read as a stream of bytes', () => {
  it('numbers lines as an editor does, skipping blank ones, with CRLF and without a last newline', async () => {
    const lines = await linesOf([utf8('{"a":1}\r\n\n  \n{"b":"客服"}\n{"c":3}')]);
    expect(lines.map((l) => [l.lineNumber, l.text])).toEqual([
      [1, '{"a":1}'],
      [4, '{"b":"客服"}'],
      [5, '{"c":3}'],
    ]);
  });

  it('drops a byte-order mark and reports where each line ends in the file', async () => {
    const bytes = utf8('\uFEFF{"a":1}\n{"b":2}\n');
    const lines = await linesOf([bytes]);
    expect(lines[0]!.text).toBe('{"a":1}');
    expect(lines.map((l) => l.endByte)).toEqual([11, 19]);
    expect(bytes.length).toBe(19);
  });

  it('decodes a multi-byte character split across two chunks whole', async () => {
    const bytes = utf8('{"t":"您好😀"}\n');
    // "您" is 3 bytes from offset 6; cut inside it, and inside the 4-byte emoji
    const lines = await linesOf(cut(bytes, [7, 8, 13, 15]));
    expect(lines.map((l) => l.text)).toEqual(['{"t":"您好😀"}']);
  });

  it('gives the same lines however the bytes are cut into chunks (property)', async () => {
    const text = fc.array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.constantFrom('', '  ', '客服：您好', '😀👍🏽', '\r', '\uFEFF{}'),
      ),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(400), { maxLength: 10 }), async (rows, offsets) => {
        const body = rows.map((r) => r.replace(/\n/g, ' ')).join('\n');
        const bytes = utf8(body);
        const whole = await linesOf([bytes]);
        const pieces = await linesOf(cut(bytes, offsets));
        expect(pieces).toEqual(whole);
        const expected = body
          .split('\n')
          .map((t, i) => [i + 1, i === 0 ? t.replace(/\r$/, '').replace(/^\uFEFF/, '') : t.replace(/\r$/, '')] as const)
          .filter(([, t]) => t.trim() !== '');
        expect(whole.map((l) => [l.lineNumber, l.text])).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});

describe('parseSessionLine and fileSource: bad lines by number, skipped', () => {
  it('reports a bad line by its number and reads the rest, with judgements and progress', async () => {
    const good = (id: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ sessionId: id, messages: [{ role: 'CUSTOMER', text: '你好' }], ...extra });
    const body = [
      good('s1', { humanQuality: { A: 1, S: -0.5, E: 0.25 } }),
      '{"sessionId": "broken',
      '',
      '[1,2]',
      JSON.stringify({ sessionId: 's4' }),
      good('s5', { manualScore: 80 }),
      JSON.stringify({ messages: [] }),
    ].join('\n');
    const bytes = utf8(body);
    const source = fileSource({
      name: 'mine.jsonl',
      size: bytes.length,
      stream: () => streamOf(cut(bytes, [5, 50, 51])),
    });
    const outcomes = [];
    for await (const o of source.read()) outcomes.push(o);
    const problems = outcomes.flatMap((o) => (o.ok ? [] : [[o.problem.lineNumber, o.problem.en]]));
    expect(problems).toEqual([
      [2, expect.stringContaining('not valid JSON')],
      [4, 'expected a session object'],
      [5, 'messages (an array) is missing'],
    ]);
    const sessions = outcomes.flatMap((o) => (o.ok ? [o.session] : []));
    expect(sessions.map((s) => [s.index, s.sessionId, s.lineNumber])).toEqual([
      [0, 's1', 1],
      [1, 's5', 6],
      [2, 'line-7', 7],
    ]);
    expect(sessions[0]!.judgement).toEqual({ A: 1, S: -0.5, E: 0.25 });
    expect(sessions[1]!.judgement).toEqual({ manual: 80 });
    expect(sessions[2]!.judgement).toBeNull();
    // a session without an id is sent to the engine with the one shown
    expect(JSON.parse(sessions[2]!.payload as string).sessionId).toBe('line-7');
    expect(sessions[2]!.progressAt).toBe(1);
    expect(sessions[0]!.progressAt).toBeGreaterThan(0);
    expect(sessions[0]!.progressAt).toBeLessThan(sessions[1]!.progressAt);
  });

  it('keeps the line text as the payload (the worker parses it again)', () => {
    const text = '{"sessionId":"x","messages":[]}';
    const outcome = parseSessionLine({ lineNumber: 3, text, endByte: 40 }, 0, 80);
    expect(outcome).toMatchObject({ ok: true, session: { payload: text, progressAt: 0.5 } });
  });
});
