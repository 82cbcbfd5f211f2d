import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface Line {
  /** 1-based line number in the input */
  readonly number: number;
  readonly text: string;
  /** bytes read from the input so far, for progress */
  readonly bytesRead: number;
}

export interface LineSource {
  /** total input size in bytes, when known (a file) */
  readonly totalBytes: number | null;
  readonly lines: AsyncIterable<Line>;
}

/** JSON Lines from a file, or from standard input for `-` (or no path). Blank lines are skipped. */
export async function openLines(path: string | undefined, stdin: Readable): Promise<LineSource> {
  const fromFile = path !== undefined && path !== '-';
  const stream = fromFile ? createReadStream(path) : stdin;
  const totalBytes = fromFile ? (await stat(path)).size : null;
  return { totalBytes, lines: iterate(stream) };
}

async function* iterate(stream: Readable): AsyncIterable<Line> {
  let bytesRead = 0;
  let number = 0;
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const text of reader) {
    number++;
    bytesRead += Buffer.byteLength(text) + 1;
    if (text.trim() === '') continue;
    yield { number, text, bytesRead };
  }
}
