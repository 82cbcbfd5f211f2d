import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One input record with its line number (1-based; for an array, its position + 1), parsed or not. */
export type RawRecord =
  | { readonly line: number; readonly ok: true; readonly value: unknown; readonly bytes: number }
  | { readonly line: number; readonly ok: false; readonly message: string; readonly bytes: number };

function parseLine(text: string, line: number): RawRecord | null {
  const bytes = Buffer.byteLength(text) + 1;
  if (text.trim() === '') return null;
  try {
    return { line, ok: true, value: JSON.parse(text), bytes };
  } catch (error) {
    return { line, ok: false, message: (error as Error).message, bytes };
  }
}

/** JSON Lines text: one session a line; blank lines are skipped but still counted. */
export function* recordsOfJsonLines(text: string): Generator<RawRecord> {
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line += 1;
    const record = parseLine(text.slice(start, end).replace(/\r$/, ''), line);
    if (record !== null) yield record;
    start = end + 1;
  }
}

/** An array of sessions: each element's "line" is its position + 1. */
export function* recordsOfArray(items: readonly unknown[]): Generator<RawRecord> {
  for (let i = 0; i < items.length; i++) yield { line: i + 1, ok: true, value: items[i], bytes: 0 };
}

/** A JSON Lines file, streamed (the CLI reads files far larger than memory). */
export async function* recordsOfJsonLinesFile(path: string): AsyncGenerator<RawRecord> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    const record = parseLine(text, line);
    if (record !== null) yield record;
  }
}
