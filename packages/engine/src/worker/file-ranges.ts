/**
 * File-range input of the pool (input 'file-range'): instead of each session's text, the pool hands a worker a byte
 * range of a JSON Lines file; the worker reads it, splits it into lines, parses and inspects each, and returns the
 * records as one UTF-8 buffer. The thread that drives the pool then only orders and writes buffers.
 *
 * Free of any platform module: reading the file is the worker host's (`WorkerHost.readRange`, node-worker.ts).
 */
import type { Utf8Sink } from '../match/output-json.js';
import type { SessionError, WorkerSessionOutcome } from './protocol.js';

/** Bytes [start, end) of a file. Ranges begin at the file's start or just after a '\n' byte, so never mid-line. */
export interface FileRange {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/** A line of a range that gave no record: its number inside the range (from 1) and why. */
export interface RangeLineFailure {
  readonly line: number;
  readonly error: Omit<SessionError, 'index'>;
}

/** What a worker returns for one range. */
export interface RangeOutput {
  /** each record's JSON followed by '\n', in line order; moved from the worker, valid until the next outcome is read */
  readonly bytes: Uint8Array;
  /** lines in the range, blank ones included (as `node:readline` counts them): the next range's first line follows */
  readonly lines: number;
  /** records in `bytes` */
  readonly sessions: number;
  readonly failures: readonly RangeLineFailure[];
}

// `fatal: false` and the BOM kept: what node:readline (the stdin path) reads from the same bytes.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The range's bytes as text. A range never cuts a UTF-8 sequence, since it starts and ends on '\n' bytes. */
export function decodeRange(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * The lines of a text as `node:readline` (crlfDelay ∞) yields them: '\r\n', '\n' or a lone '\r' ends a line, and
 * the text after the last line break is a line when it is not empty.
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Lines the CLI skips (still counted for line numbers). */
export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Reads a range through the worker host and splits it into lines. */
export function readRangeLines(
  readRange: ((path: string, start: number, end: number) => Uint8Array) | undefined,
  range: FileRange,
): string[] {
  if (readRange === undefined) throw new Error('this worker cannot read files / 此工作线程不能读文件');
  return splitLines(decodeRange(readRange(range.path, range.start, range.end)));
}

const NEWLINE = new Uint8Array([0x0a]);

/**
 * Collects one range's outcomes line by line: a record just written to the sink gets its '\n'; a failure keeps its
 * line number.
 */
export class RangeRecords {
  private sessions = 0;
  private readonly failures: RangeLineFailure[] = [];

  constructor(
    readonly sink: Utf8Sink,
    /** the range's lines, blank ones included */
    readonly lines: readonly string[],
  ) {}

  /** The outcome of the range's line `k` (from 0). */
  add(k: number, outcome: WorkerSessionOutcome): void {
    if (outcome.ok) {
      this.sink.raw(NEWLINE);
      this.sessions++;
    } else this.failures.push({ line: k + 1, error: outcome.error });
  }

  /** The range's outcome, and the buffer to transfer with it. */
  finish(): { readonly outcome: WorkerSessionOutcome; readonly buffer: ArrayBuffer } {
    const { sink } = this;
    const value: RangeOutput = {
      bytes: sink.bytes.subarray(0, sink.length),
      lines: this.lines.length,
      sessions: this.sessions,
      failures: this.failures,
    };
    return { outcome: { ok: true, value }, buffer: sink.bytes.buffer as ArrayBuffer };
  }
}

/** A range that could not be read, as its outcome. */
export function unreadable(range: FileRange, error: unknown): WorkerSessionOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ok: false,
    error: {
      sessionId: null,
      code: 'INSPECT_FAILED',
      message: `cannot read ${range.path} bytes ${range.start}–${range.end}: ${message}`,
    },
  };
}
