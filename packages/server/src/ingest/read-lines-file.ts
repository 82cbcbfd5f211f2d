import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type RawRecord, recordsOfJsonLines } from './read-records.js';

/**
 * The lines of a text file, streamed (files may be far larger than memory); a file whose name ends in `.gz` is
 * decompressed on the way, so the project can ship its corpora compressed.
 */
export function linesOfFile(path: string): AsyncIterable<string> {
  const file = createReadStream(path);
  const input: Readable = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  // a read error of the file (missing, unreadable) must reach the reader, not stop at the pipe
  if (input !== file) file.on('error', (error) => input.destroy(error));
  input.setEncoding('utf8');
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}

/** A JSON Lines file, plain or `.gz`: one record a line, numbered from 1; blank lines are skipped but counted. */
export async function* recordsOfLinesFile(path: string): AsyncGenerator<RawRecord> {
  let line = 0;
  for await (const text of linesOfFile(path)) {
    line += 1;
    for (const record of recordsOfJsonLines(text)) yield { ...record, line };
  }
}
