import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFileRanges } from '../../src/cli/input-ranges.js';
import { openLines } from '../../src/cli/jsonl-lines.js';
import { compileRules, inspect, toOutputRecord } from '../../src/index.js';
import { decodeRange, type FileRange, type RangeOutput, splitLines } from '../../src/worker/file-ranges.js';
import { createPool } from '../../src/worker/node-pool.js';
import type { Pool } from '../../src/worker/pool.js';
import { createWorkerApi } from '../../src/worker/worker-api.js';
import { type ModelTestServer, startModelTestServer } from '../models/remote/model-test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'qc-file-ranges-'));
let files = 0;
function file(content: string | Uint8Array): string {
  const path = join(dir, `input-${files++}.jsonl`);
  writeFileSync(path, content);
  return path;
}

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
];
const compiled = compileRules(rules);
const record = (line: string) => JSON.stringify(toOutputRecord(inspect(compiled, JSON.parse(line))));

/** Ranges of a file cut after the chosen '\n' bytes. */
function cutAt(path: string, bytes: Uint8Array, cuts: readonly number[]): FileRange[] {
  const ends = [...new Set(cuts)].sort((a, b) => a - b);
  const ranges: FileRange[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end <= start) continue;
    ranges.push({ path, start, end });
    start = end;
  }
  return ranges;
}

/** Positions just after each '\n' byte. */
function newlineEnds(bytes: Uint8Array): number[] {
  const ends: number[] = [];
  bytes.forEach((b, i) => {
    if (b === 0x0a) ends.push(i + 1);
  });
  return ends;
}

/** The non-blank lines, numbered, as the stdin path (node:readline) reads them. */
async function readlineLines(bytes: Uint8Array): Promise<{ number: number; text: string }[]> {
  // chunks of 7 bytes: sequences and '\r\n' pairs fall across chunk edges
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) chunks.push(Buffer.from(bytes.subarray(i, i + 7)));
  const source = await openLines('-', Readable.from(chunks));
  const lines: { number: number; text: string }[] = [];
  for await (const line of source.lines) lines.push({ number: line.number, text: line.text });
  return lines;
}

/** The non-blank lines, numbered, as the workers read them range by range. */
function rangeLines(bytes: Uint8Array, ranges: readonly FileRange[]): { number: number; text: string }[] {
  const lines: { number: number; text: string }[] = [];
  let before = 0;
  for (const range of ranges) {
    const split = splitLines(decodeRange(bytes.subarray(range.start, range.end)));
    split.forEach((text, k) => {
      if (text.trim() !== '') lines.push({ number: before + k + 1, text });
    });
    before += split.length;
  }
  return lines;
}

/** Session i as a JSON line. */
const session = (i: number) =>
  JSON.stringify({
    sessionId: `s${i}`,
    messages: [
      { role: 'CUSTOMER', text: `等了好久 ${i}` },
      { role: 'AGENT', text: i % 2 === 0 ? '非常抱歉😀' : '您好' },
    ],
  });

const piece = fc.constantFrom('a', '中', '😀', 'é', ' ', '\r', '\n', '\r\n', '\n\n', '{}', '"x"');

describe('splitting a file into lines by range', () => {
  it('numbers and splits lines as node:readline does, whatever the cuts between lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat()), async (pieces, picks) => {
        const bytes = new TextEncoder().encode(pieces.join(''));
        const ends = newlineEnds(bytes);
        const cuts = ends.length === 0 ? [] : picks.map((p) => ends[p % ends.length]!);
        expect(rangeLines(bytes, cutAt('-', bytes, cuts))).toEqual(await readlineLines(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a byte order mark and lone carriage returns as readline does', async () => {
    const bytes = new TextEncoder().encode('\ufeff{"a":1}\r\n\rx\r\n\n 中 ');
    expect(rangeLines(bytes, cutAt('-', bytes, [])).map((l) => [l.number, l.text])).toEqual([
      [1, '\ufeff{"a":1}'],
      [3, 'x'],
      [5, ' 中 '],
    ]);
    expect(await readlineLines(bytes)).toEqual(rangeLines(bytes, cutAt('-', bytes, newlineEnds(bytes))));
  });
});

describe('pool.inspectRanges', () => {
  let pool: Pool;
  beforeAll(async () => {
    pool = createPool({ size: 2, testHooks: true, timeoutMs: 5_000 });
    expect((await pool.load(rules)).ok).toBe(true);
  });
  afterAll(() => pool.close());

  const line = fc.oneof(
    { arbitrary: fc.nat(50).map(session), weight: 6 },
    { arbitrary: fc.constantFrom('', '  ', '{not json', '{"sessionId":"x","messages":[{"text":"hi"}]}'), weight: 2 },
  );

  /** Every range's records joined, and each failure as `line: code`. */
  async function run(ranges: readonly FileRange[]): Promise<{ out: string; failures: string[]; lines: number }> {
    const decoder = new TextDecoder();
    let out = '';
    let lines = 0;
    const failures: string[] = [];
    for await (const outcome of pool.inspectRanges(ranges)) {
      if (!outcome.ok) throw new Error(outcome.error.message);
      out += decoder.decode(outcome.value.bytes);
      for (const f of outcome.value.failures) failures.push(`${lines + f.line}: ${f.error.code}`);
      lines += outcome.value.lines;
    }
    return { out, failures, lines };
  }

  it('gives the same records, in order, and the same numbered failures for any split into ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (lines, crlf, picks) => {
          const text = lines.join(crlf ? '\r\n' : '\n');
          const bytes = new TextEncoder().encode(text);
          const path = file(bytes);
          const ends = newlineEnds(bytes);
          const cuts = ends.length === 0 ? [] : picks.map((p) => ends[p % ends.length]!);
          const got = await run(cutAt(path, bytes, cuts));
          const good = lines.filter((l) => l.trim() !== '' && l.startsWith('{"sessionId":"s'));
          expect(got.out).toBe(good.map((l) => `${record(l)}\n`).join(''));
          const failed = lines.flatMap((l, k) =>
            l === '{not json' ? [`${k + 1}: INVALID_JSON`] : l.includes('"x"') ? [`${k + 1}: SESSION_INPUT`] : [],
          );
          expect(got.failures).toEqual(failed);
          expect(got.lines).toBe(text.endsWith('\n') || text === '' ? lines.length - 1 : lines.length);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reports a range it cannot read as a failed outcome', async () => {
    const missing = join(dir, 'missing.jsonl');
    const outcomes = [];
    for await (const outcome of pool.inspectRanges([{ path: missing, start: 0, end: 10 }])) outcomes.push(outcome);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.ok).toBe(false);
    expect(!outcomes[0]!.ok && outcomes[0]!.error.message).toContain(`cannot read ${missing} bytes 0–10`);
  });

  it('redoes a range whose worker dies line by line, so only the culprit fails, with its line number', async () => {
    const lines = [
      session(0),
      '',
      session(1),
      JSON.stringify({ sessionId: 'bad', __workerTestHook: 'exit' }),
      session(2),
    ];
    const text = `${lines.join('\n')}\n${session(3)}\n`;
    const path = file(text);
    let out = '';
    const failures: string[] = [];
    let sessions = 0;
    let bytesRead = 0;
    const size = Buffer.byteLength(text);
    for await (const part of inspectFileRanges(pool, path, size, 1 << 20)) {
      out += Buffer.from(part.bytes).toString('utf8');
      sessions += part.sessions;
      bytesRead = part.bytesRead;
      for (const f of part.failures) failures.push(`${f.line}: ${f.error.code} ${f.error.sessionId}`);
    }
    expect(failures).toEqual(['4: WORKER_CRASHED bad']);
    expect(out).toBe([0, 1, 2, 3].map((i) => `${record(session(i))}\n`).join(''));
    expect(sessions).toBe(4);
    expect(bytesRead).toBe(size);
  });
});

describe('a worker reading ranges with a model that answers asynchronously', () => {
  let server: ModelTestServer;
  beforeAll(async () => {
    server = await startModelTestServer((body) => ({
      status: 200,
      body: { labels: (body as { texts: string[] }).texts.map(() => [{ label: 'PRAISE', confidence: 0.9 }]) },
    }));
  });
  afterAll(() => server.close());

  it('writes the same records as line by line, each with its newline, and numbers the failed line', async () => {
    const praise = [
      {
        id: 'praise',
        conditionConfig: {
          conditions: [{ cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] }],
        },
      },
    ];
    const texts = [session(1), '', '{not json', session(2)];
    const bytes = new TextEncoder().encode(`${texts.join('\n')}\n`);
    const api = createWorkerApi({ exit: () => undefined, readRange: (_, start, end) => bytes.subarray(start, end) });
    const model = { kind: 'http' as const, id: 'platform-7', baseUrl: server.baseUrl, retries: 0, timeoutMs: 500 };
    expect(await api.load({ rules: praise, model })).toMatchObject({ ok: true });
    const [range] = await api.inspect({
      sessions: [{ path: 'in-memory', start: 0, end: bytes.length }],
      input: 'file-range',
      output: 'utf8',
      attempt: 1,
    });
    const one = await api.inspect({ sessions: [session(1), session(2)], input: 'json', output: 'json', attempt: 1 });
    const value = (range as { value: RangeOutput }).value;
    expect(new TextDecoder().decode(value.bytes)).toBe(one.map((o) => `${(o as { value: string }).value}\n`).join(''));
    expect(new TextDecoder().decode(value.bytes)).toContain('"model":{"modelId":"platform-7","fallback":false}');
    expect(value.failures.map((f) => [f.line, f.error.code])).toEqual([[3, 'INVALID_JSON']]);
    expect([value.lines, value.sessions]).toEqual([4, 2]);
  });
});
