/**
 * `qc-engine inspect --input <file>` on worker threads: the file goes to the workers as byte ranges that each worker
 * reads, splits, parses and inspects itself (input 'file-range', worker/file-ranges.ts). This thread only finds the
 * range boundaries — reading a few KB around each — and hands on the buffers the workers return, in order. It never
 * holds more of the file than one range (and that only when a range has to be redone line by line).
 */
import { open } from 'node:fs/promises';
import { decodeRange, type FileRange, isBlank, splitLines } from '../worker/file-ranges.js';
import type { Pool } from '../worker/pool.js';
import type { SessionError } from '../worker/protocol.js';

/**
 * Default range size. A range of the bench corpus (1.7 KB a session) holds about 300 sessions and gives about 4 MB
 * of records: large enough that a round trip to this thread per range costs nothing, small enough that both workers
 * get ranges at once on short files and the buffers in flight stay a few tens of MB.
 */
export const RANGE_BYTES = 1 << 19;

/** How far ahead of `target` a boundary is looked for per read. */
const PROBE_BYTES = 1 << 16;

/**
 * Consecutive ranges covering bytes [0, size) of a file: each ends just after the first '\n' at or after
 * `start + rangeBytes - 1` (or at the end of the file), so no range cuts a line, nor a UTF-8 sequence in it.
 */
export async function* fileRanges(path: string, size: number, rangeBytes = RANGE_BYTES): AsyncGenerator<FileRange> {
  const step = Math.max(1, Math.floor(rangeBytes));
  const file = await open(path, 'r');
  const probe = Buffer.allocUnsafe(PROBE_BYTES);
  try {
    let start = 0;
    while (start < size) {
      let end = size;
      for (let at = start + step - 1; at < size; ) {
        const { bytesRead } = await file.read(probe, 0, Math.min(PROBE_BYTES, size - at), at);
        if (bytesRead === 0) break;
        const newline = probe.subarray(0, bytesRead).indexOf(0x0a);
        if (newline >= 0) {
          end = at + newline + 1;
          break;
        }
        at += bytesRead;
      }
      yield { path, start, end };
      start = end;
    }
  } finally {
    await file.close();
  }
}

/** A line that gave no record, by its number in the file (from 1). */
export interface LineFailure {
  readonly line: number;
  readonly error: Omit<SessionError, 'index'>;
}

/** The outcome of one range, in file order. */
export interface RangePart {
  /** the records of the range's lines, each followed by '\n'; valid until the next part is read */
  readonly bytes: Uint8Array;
  readonly sessions: number;
  readonly failures: readonly LineFailure[];
  /** where the range ends in the file: bytes done, for progress */
  readonly bytesRead: number;
}

/**
 * Inspects a JSON Lines file of `size` bytes on the pool (loaded), range by range, yielding each range's records and
 * failed lines in file order. A range whose worker died or overran twice is redone here line by line through
 * `pool.inspect`, as standard input is, so that only the session at fault fails.
 */
export async function* inspectFileRanges(
  pool: Pool,
  path: string,
  size: number,
  rangeBytes = RANGE_BYTES,
  output: 'utf8' | 'hits-utf8' = 'utf8',
): AsyncGenerator<RangePart, void, undefined> {
  const sent: FileRange[] = [];
  async function* ranges(): AsyncGenerator<FileRange> {
    for await (const range of fileRanges(path, size, rangeBytes)) {
      sent.push(range);
      yield range;
    }
  }
  /** lines before the current range */
  let before = 0;
  for await (const outcome of pool.inspectRanges(ranges(), { output })) {
    const range = sent.shift()!;
    if (outcome.ok) {
      const { bytes, lines, sessions, failures } = outcome.value;
      const numbered = failures.map((f) => ({ line: before + f.line, error: f.error }));
      yield { bytes, sessions, failures: numbered, bytesRead: range.end };
      before += lines;
      continue;
    }
    const part = await lineByLine(pool, range, before, output);
    yield part.part;
    before += part.lines;
  }
}

/** One range read here and inspected a line at a time; `before`: lines of the file before it. */
async function lineByLine(
  pool: Pool,
  range: FileRange,
  before: number,
  output: 'utf8' | 'hits-utf8',
): Promise<{ readonly part: RangePart; readonly lines: number }> {
  const bytes = Buffer.allocUnsafe(range.end - range.start);
  const file = await open(range.path, 'r');
  let read = 0;
  try {
    while (read < bytes.length) {
      const { bytesRead } = await file.read(bytes, read, bytes.length - read, range.start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
  } finally {
    await file.close();
  }
  const lines = splitLines(decodeRange(bytes.subarray(0, read)));
  const numbers: number[] = [];
  const texts: string[] = [];
  lines.forEach((text, k) => {
    if (isBlank(text)) return;
    numbers.push(before + k + 1);
    texts.push(text);
  });
  const records: Buffer[] = [];
  const failures: LineFailure[] = [];
  let k = 0;
  for await (const outcome of pool.inspect(texts, { input: 'json', output })) {
    // a utf8 value is valid until the next outcome: copied
    if (outcome.ok) records.push(Buffer.from(outcome.value), Buffer.from('\n'));
    else failures.push({ line: numbers[k]!, error: outcome.error });
    k++;
  }
  const part = { bytes: Buffer.concat(records), sessions: records.length / 2, failures, bytesRead: range.end };
  return { part, lines: lines.length };
}
