import { createWriteStream, WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { type Compiled, inspect, SessionInputError } from '../index.js';
import { outputRecordJson } from '../match/output-json.js';
import { createPool } from '../worker/node-pool.js';
import type { SessionError } from '../worker/protocol.js';
import { compileInputs } from './compile-inputs.js';
import { inspectFileRanges } from './input-ranges.js';
import { type Line, openLines } from './jsonl-lines.js';
import { CliError, loadRules, readJsonFile } from './load-rules.js';
import { Progress } from './progress.js';

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: NodeJS.WriteStream;
}

export interface InspectOptions {
  readonly rules: string;
  readonly scheme?: string;
  readonly input?: string;
  readonly output?: string;
  readonly quiet: boolean;
  /** worker threads; 0 inspects in this thread (default 0 here; the CLI passes the machine's cores) */
  readonly workers?: number;
  /** with workers and an input file: bytes per range a worker reads itself (default RANGE_BYTES; tests use small ones) */
  readonly rangeBytes?: number;
  /** `--hits-only`: each record lists only the rules that hit (inspect's `output: 'hits'`) */
  readonly hitsOnly?: boolean;
}

// Progress appears for inputs of this size or more (or on a terminal): small runs finish before it helps.
const PROGRESS_BYTES = 4 * 1024 * 1024;
const FLUSH_BYTES = 1 << 18;

/**
 * One input line's outcome: its output line (the record's JSON as UTF-8), or the message for stderr; or a file
 * range's output lines at once (`sessions` records, each ending in '\n', valid until the next outcome).
 */
type LineOutcome =
  | { readonly line: Line; readonly json: Uint8Array }
  | { readonly line: Pick<Line, 'number'>; readonly problem: string }
  | { readonly chunk: Uint8Array; readonly sessions: number; readonly bytesRead: number };

const encoder = new TextEncoder();

/**
 * `qc-engine inspect`: JSON Lines in, one output line per session in input order. A malformed line is
 * reported on stderr with its line number and skipped; the run goes on and exits 1. With `workers` ≥ 1 the sessions
 * are inspected on a pool of worker threads; the output is the same, byte for byte.
 */
export async function inspectCommand(options: InspectOptions, io: CliIo): Promise<number> {
  const workers = options.workers ?? 0;
  if (workers < 1) {
    const compiled = await compileInputs(options.rules, options.scheme);
    const source = await openLines(options.input, io.stdin);
    const output = options.hitsOnly === true ? 'hits' : 'full';
    return writeOutcomes(inThisThread(compiled, source.lines, output), source.totalBytes, options, io);
  }
  const rules = await loadRules(options.rules);
  const scheme = options.scheme === undefined ? undefined : await readJsonFile(options.scheme, 'scheme');
  // Large batches: fewer round trips between this thread and the workers (each one leaves a worker idle).
  const pool = createPool({ size: workers, batchSize: 128 });
  try {
    const loaded = await pool.load(rules, scheme);
    if (!loaded.ok) {
      // The same message as in this thread: compiling here throws the CliError that names rule, path and reason.
      await compileInputs(options.rules, options.scheme);
      throw new CliError(`${loaded.error.path}: ${loaded.error.message}`, 2);
    }
    if (options.input !== undefined && options.input !== '-') {
      // A file: the workers read, split and parse it by byte range; this thread only orders and writes their bytes.
      const totalBytes = (await stat(options.input)).size;
      const output = options.hitsOnly === true ? 'hits-utf8' : 'utf8';
      const parts = inspectFileRanges(pool, options.input, totalBytes, options.rangeBytes, output);
      return await writeOutcomes(rangeOutcomes(parts), totalBytes, options, io);
    }
    const source = await openLines(options.input, io.stdin);
    const sent: Line[] = [];
    async function* texts(): AsyncIterable<string> {
      for await (const line of source.lines) {
        sent.push(line);
        yield line.text;
      }
    }
    async function* outcomes(): AsyncIterable<LineOutcome> {
      // UTF-8 bytes straight from the workers: this thread only hands lines over and writes bytes out.
      const output = options.hitsOnly === true ? 'hits-utf8' : 'utf8';
      for await (const outcome of pool.inspect(texts(), { input: 'json', output })) {
        const line = sent.shift()!;
        yield outcome.ok ? { line, json: outcome.value } : { line, problem: sessionProblem(outcome.error) };
      }
    }
    return await writeOutcomes(outcomes(), source.totalBytes, options, io);
  } finally {
    await pool.close();
  }
}

async function* rangeOutcomes(parts: ReturnType<typeof inspectFileRanges>): AsyncIterable<LineOutcome> {
  for await (const part of parts) {
    for (const failure of part.failures)
      yield { line: { number: failure.line }, problem: sessionProblem(failure.error) };
    yield { chunk: part.bytes, sessions: part.sessions, bytesRead: part.bytesRead };
  }
}

async function* inThisThread(
  compiled: Compiled,
  lines: AsyncIterable<Line>,
  output: 'full' | 'hits',
): AsyncIterable<LineOutcome> {
  for await (const line of lines) {
    let outcome: LineOutcome;
    try {
      const session = JSON.parse(line.text) as unknown;
      outcome = {
        line,
        json: encoder.encode(outputRecordJson(compiled, inspect(compiled, session, { trace: false, output }))),
      };
    } catch (error) {
      outcome = { line, problem: lineError(error) };
    }
    yield outcome;
  }
}

async function writeOutcomes(
  outcomes: AsyncIterable<LineOutcome>,
  totalBytes: number | null,
  options: InspectOptions,
  io: CliIo,
): Promise<number> {
  const out = options.output === undefined || options.output === '-' ? io.stdout : createWriteStream(options.output);
  const showProgress = !options.quiet && (io.stderr.isTTY === true || (totalBytes ?? 0) >= PROGRESS_BYTES);
  const progress = new Progress(io.stderr, totalBytes, showProgress);
  const where = options.input === undefined || options.input === '-' ? 'stdin' : options.input;
  // Records are copied at once into one reused buffer (a worker's bytes are only valid until the next outcome),
  // which is written out when full; the write is awaited before the buffer is filled again.
  let staging = Buffer.allocUnsafe(FLUSH_BYTES);
  let size = 0;
  let sessions = 0;
  let failed = 0;
  for await (const outcome of outcomes) {
    if ('problem' in outcome) {
      failed++;
      io.stderr.write(`${where}:${outcome.line.number}: ${outcome.problem}\n`);
      continue;
    }
    if ('chunk' in outcome) {
      // a whole range: what is staged goes first, then the range's buffer as it is
      if (size > 0) await write(out, staging.subarray(0, size));
      size = 0;
      // The chunk goes back to a worker once the next range is asked for: a file or the process's stdout is done with
      // it when the write calls back; any other stream (a PassThrough in tests) may still hold it, so gets a copy.
      const done = out === process.stdout || out instanceof WriteStream;
      if (outcome.chunk.length > 0) await write(out, done ? outcome.chunk : Buffer.from(outcome.chunk));
      sessions += outcome.sessions;
      progress.update(sessions, outcome.bytesRead);
      continue;
    }
    const json = outcome.json;
    if (size + json.length + 1 > staging.length) {
      await write(out, staging.subarray(0, size));
      size = 0;
      if (json.length + 1 > staging.length) staging = Buffer.allocUnsafe(json.length * 2 + 1);
    }
    staging.set(json, size);
    size += json.length;
    staging[size++] = 0x0a;
    sessions++;
    progress.update(sessions, outcome.line.bytesRead);
  }
  if (size > 0) await write(out, staging.subarray(0, size));
  if (out !== io.stdout)
    await new Promise<void>((resolve, reject) =>
      (out as Writable).end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  const workers = options.workers ?? 0;
  progress.finish(
    sessions,
    failed,
    workers < 1 ? 'in the main thread' : `on ${workers} worker thread${workers === 1 ? '' : 's'}`,
  );
  return failed > 0 ? 1 : 0;
}

function lineError(error: unknown): string {
  if (error instanceof SyntaxError) return `invalid JSON: ${error.message} / 不是合法的 JSON`;
  if (error instanceof SessionInputError) return `${error.path}: ${error.en} / ${error.zh}`;
  return String(error instanceof Error ? error.message : error);
}

/** The same words as lineError for what a worker reports as data; a crash or a timeout names the session. */
function sessionProblem(error: Omit<SessionError, 'index'>): string {
  switch (error.code) {
    case 'INVALID_JSON':
      return `invalid JSON: ${error.message} / 不是合法的 JSON`;
    case 'SESSION_INPUT':
      return `${error.path ?? '$'}: ${error.message}`;
    case 'INSPECT_FAILED':
      return error.message;
    default:
      return `session ${error.sessionId ?? '(no id)'}: ${error.code}: ${error.message}`;
  }
}

/** Writes and waits until the chunk is written (its buffer is then reused), which also keeps to backpressure. */
function write(out: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}
