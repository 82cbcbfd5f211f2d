import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileRanges } from '../../src/cli/input-ranges.js';
import { inspectCommand } from '../../src/cli/inspect-command.js';
import { memoryIo } from './cli-io.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const fixture = (path: string) => join(root, 'fixtures', path);
const dir = mkdtempSync(join(tmpdir(), 'qc-engine-ranges-'));

// The fixture corpus with what a real file holds besides sessions: a malformed line, a session without roles,
// blank and whitespace-only lines, CRLF endings, and no newline after the last line.
const sample = readFileSync(fixture('sessions/stc3-sample.jsonl'), 'utf8').trim().split('\n');
const lines = [
  ...sample.slice(0, 5),
  '',
  '{not json',
  ...sample.slice(5, 12),
  '   ',
  JSON.stringify({ sessionId: 'x', messages: [{ text: 'hi' }] }),
  ...sample.slice(12),
];
const corpus = join(dir, 'corpus.jsonl');
writeFileSync(corpus, `${lines.slice(0, 20).join('\r\n')}\r\n${lines.slice(20).join('\n')}`);
const bytes = readFileSync(corpus);

const base = { rules: fixture('rules/demo-20.json'), scheme: fixture('schemes/demo-scheme.json'), quiet: true };

async function run(options: { workers: number; rangeBytes?: number; stdin?: boolean }) {
  const io = memoryIo();
  if (options.stdin === true) (io as { stdin: Readable }).stdin = Readable.from([bytes]);
  const input = options.stdin === true ? '-' : corpus;
  const code = await inspectCommand({ ...base, input, workers: options.workers, rangeBytes: options.rangeBytes }, io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

describe('qc-engine inspect --input <file> on workers (byte ranges read by the workers)', () => {
  it('writes the same bytes and the same numbered errors as the main thread and as standard input', async () => {
    const inThread = await run({ workers: 0 });
    expect(inThread.code).toBe(1);
    expect(inThread.stdout.split('\n')).toHaveLength(sample.length + 1);
    // the errors name their lines in the file: 7 (bad JSON) and 16 (no role), counting the blank lines
    expect(inThread.stderr).toBe(
      `${corpus}:7: invalid JSON: Expected property name or '}' in JSON at position 1 / 不是合法的 JSON\n` +
        `${corpus}:16: $.messages[0].senderRole: the message has no sender role (senderRole or role) / 消息缺少发送者角色（senderRole 或 role）\n`,
    );
    const stdin = await run({ workers: 2, stdin: true });
    expect(stdin.stdout).toBe(inThread.stdout);
    expect(stdin.stderr).toBe(inThread.stderr.replaceAll(`${corpus}:`, 'stdin:'));
    // 1 byte: a range per line; 333 bytes: boundaries searched from inside multi-byte characters
    for (const workers of [1, 2]) {
      for (const rangeBytes of [undefined, 1, 333, 4096]) {
        const ranged = await run({ workers, rangeBytes });
        expect({ workers, rangeBytes, ...ranged }).toEqual({ workers, rangeBytes, ...inThread });
      }
    }
  });

  it('writes the same sparse records with --hits-only', async () => {
    const hits = async (workers: number, rangeBytes?: number) => {
      const io = memoryIo();
      const code = await inspectCommand({ ...base, input: corpus, workers, rangeBytes, hitsOnly: true }, io);
      return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
    };
    const inThread = await hits(0);
    expect(inThread.code).toBe(1);
    expect(inThread.stdout.length).toBeLessThan((await run({ workers: 0 })).stdout.length);
    expect(await hits(2, 333)).toEqual(inThread);
    expect(await hits(1)).toEqual(inThread);
  });

  it('cuts ranges only after a newline byte, covering the file once, whatever the range size', async () => {
    for (const rangeBytes of [1, 2, 3, 100, 333, 1000, 5000, 1 << 20]) {
      const ranges = [];
      for await (const range of fileRanges(corpus, bytes.length, rangeBytes)) ranges.push(range);
      expect(ranges[0]!.start).toBe(0);
      expect(ranges.at(-1)!.end).toBe(bytes.length);
      for (const [k, range] of ranges.entries()) {
        if (k > 0) expect(range.start).toBe(ranges[k - 1]!.end);
        expect(range.end).toBeGreaterThan(range.start);
        if (range.end < bytes.length) {
          expect(bytes[range.end - 1]).toBe(0x0a);
          // the first newline at or after the target: no earlier cut was possible
          expect(bytes.subarray(range.start + rangeBytes - 1, range.end - 1).includes(0x0a)).toBe(false);
        }
        expect(bytes.subarray(range.start, range.end).toString('utf8')).not.toContain('\ufffd');
      }
    }
  });

  it('counts the sessions and failed lines on the closing progress line', async () => {
    const io = memoryIo();
    (io.stderr as { isTTY?: boolean }).isTTY = true;
    const code = await inspectCommand({ ...base, quiet: false, input: corpus, workers: 2, rangeBytes: 2048 }, io);
    expect(code).toBe(1);
    expect(io.stderrText()).toMatch(
      new RegExp(
        `inspected ${sample.length} sessions in [0-9.]+ s \\([0-9,]+ sessions/s\\) on 2 worker threads, 2 line\\(s\\) failed\\n$`,
      ),
    );
  });

  it('writes nothing and exits 0 for an empty file', async () => {
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const io = memoryIo();
    expect(await inspectCommand({ ...base, input: empty, workers: 2 }, io)).toBe(0);
    expect(io.stdoutText()).toBe('');
    expect(io.stderrText()).toBe('');
  });
});
