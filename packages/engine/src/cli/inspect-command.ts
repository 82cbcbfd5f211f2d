import { createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { inspect, SessionInputError, toOutputRecord } from '../index.js';
import { compileInputs } from './compile-inputs.js';
import { openLines } from './jsonl-lines.js';
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
}

// Progress appears for inputs of this size or more (or on a terminal): small runs finish before it helps.
const PROGRESS_BYTES = 4 * 1024 * 1024;
const FLUSH_CHARS = 1 << 16;

/**
 * `qc-engine inspect`: JSON Lines in, one output line per session in input order. A malformed line is
 * reported on stderr with its line number and skipped; the run goes on and exits 1.
 */
export async function inspectCommand(options: InspectOptions, io: CliIo): Promise<number> {
  const compiled = await compileInputs(options.rules, options.scheme);
  const source = await openLines(options.input, io.stdin);
  const out = options.output === undefined || options.output === '-' ? io.stdout : createWriteStream(options.output);
  const showProgress = !options.quiet && (io.stderr.isTTY === true || (source.totalBytes ?? 0) >= PROGRESS_BYTES);
  const progress = new Progress(io.stderr, source.totalBytes, showProgress);
  const where = options.input === undefined || options.input === '-' ? 'stdin' : options.input;
  let buffer = '';
  let sessions = 0;
  let failed = 0;
  for await (const line of source.lines) {
    let record: string;
    try {
      const session = JSON.parse(line.text) as unknown;
      record = JSON.stringify(toOutputRecord(inspect(compiled, session)));
    } catch (error) {
      failed++;
      io.stderr.write(`${where}:${line.number}: ${lineError(error)}\n`);
      continue;
    }
    buffer += `${record}\n`;
    sessions++;
    if (buffer.length >= FLUSH_CHARS) {
      await write(out, buffer);
      buffer = '';
    }
    progress.update(sessions, line.bytesRead);
  }
  if (buffer.length > 0) await write(out, buffer);
  if (out !== io.stdout)
    await new Promise<void>((resolve, reject) =>
      (out as Writable).end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  progress.finish(sessions, failed);
  return failed > 0 ? 1 : 0;
}

function lineError(error: unknown): string {
  if (error instanceof SyntaxError) return `invalid JSON: ${error.message} / 不是合法的 JSON`;
  if (error instanceof SessionInputError) return `${error.path}: ${error.en} / ${error.zh}`;
  return String(error instanceof Error ? error.message : error);
}

/** Writes and waits when the stream asks us to (backpressure), so a fast engine never buffers the whole output. */
function write(out: Writable, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(chunk, (error) => {
      if (error) reject(error);
    });
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}
