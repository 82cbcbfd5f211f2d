import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { CensorLibraryError } from '../censor/censor-library-error.js';
import { censorSession } from '../censor/censor-session.js';
import { compileCensor } from '../censor/compile-censor.js';
import { loadPinyinIfAsked } from '../censor/pinyin.js';
import type { CensorLibrary, CensorOptions, CensorScanner } from '../censor/types.js';
import { SessionInputError } from '../transcript/session-input-error.js';
import type { CliIo } from './inspect-command.js';
import { openLines } from './jsonl-lines.js';
import { CliError, readJsonFile } from './load-rules.js';
import { Progress } from './progress.js';

export interface CensorCommandOptions {
  /** libraries.json: an array of libraries, `{records: [...]}`, or `{libraries: [...], options: {...}}` */
  readonly libraries: string;
  readonly input?: string;
  readonly output?: string;
  readonly quiet: boolean;
}

const PROGRESS_BYTES = 4 * 1024 * 1024;
const FLUSH_CHARS = 1 << 16;

/**
 * `qc-engine censor --libraries <libraries.json> [--input <sessions.jsonl>] [--output <file>]`: one line per
 * session in, one line per session out: `{sessionId, messages: [{message, operation, words, masked}]}` listing
 * the messages with a match (`message` is the index in the session). A malformed line is reported on stderr
 * with its line number and skipped; the run goes on and exits 1. A bad libraries file exits 2.
 */
export async function censorCommand(options: CensorCommandOptions, io: CliIo): Promise<number> {
  let scanner: CensorScanner;
  try {
    scanner = await loadScanner(options.libraries);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`qc-engine: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
  const source = await openLines(options.input, io.stdin);
  const out = options.output === undefined || options.output === '-' ? io.stdout : createWriteStream(options.output);
  const showProgress = !options.quiet && (io.stderr.isTTY === true || (source.totalBytes ?? 0) >= PROGRESS_BYTES);
  const progress = new Progress(io.stderr, source.totalBytes, showProgress);
  const where = options.input === undefined || options.input === '-' ? 'stdin' : options.input;
  let buffer = '';
  let sessions = 0;
  let failed = 0;
  for await (const line of source.lines) {
    let json: string;
    try {
      json = JSON.stringify(censorSession(scanner, JSON.parse(line.text) as unknown));
    } catch (error) {
      failed++;
      io.stderr.write(`${where}:${line.number}: ${lineError(error)}\n`);
      continue;
    }
    buffer += `${json}\n`;
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

async function loadScanner(path: string): Promise<CensorScanner> {
  const data = await readJsonFile(path, 'libraries');
  let libraries: unknown;
  let options: unknown;
  if (Array.isArray(data)) libraries = data;
  else if (data !== null && typeof data === 'object') {
    const object = data as { records?: unknown; libraries?: unknown; options?: unknown };
    libraries = object.libraries ?? object.records;
    options = object.options;
  }
  if (!Array.isArray(libraries))
    throw new CliError(
      `${path}: expected a JSON array of libraries, {"records": [...]} or {"libraries": [...], "options": {...}} / 敏感词库文件格式不对`,
      2,
    );
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options)))
    throw new CliError(`${path}: options must be an object / options 必须是对象`, 2);
  // a library with the pinyin option needs pinyin-pro, loaded only then
  await loadPinyinIfAsked((options ?? {}) as CensorOptions);
  try {
    return compileCensor(libraries as CensorLibrary[], options as CensorOptions | undefined);
  } catch (error) {
    if (error instanceof CensorLibraryError) throw new CliError(`${path}: ${error.message} / 敏感词库有误`, 2);
    throw error;
  }
}

function lineError(error: unknown): string {
  if (error instanceof SyntaxError) return `invalid JSON: ${error.message} / 不是合法的 JSON`;
  if (error instanceof SessionInputError) return `${error.path}: ${error.en} / ${error.zh}`;
  return String(error instanceof Error ? error.message : error);
}

function write(out: Writable, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(chunk, (error) => {
      if (error) reject(error);
    });
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}
