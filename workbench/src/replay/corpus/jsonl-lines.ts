/**
 * The lines of a JSON Lines file, read as a stream of bytes: nothing holds the whole file, and a large file is read
 * a chunk at a time between which the page gets its turn. Each chunk is decoded in one call, in streaming mode, so a
 * character split across two chunks is decoded whole (one call per line costs a browser far more than the decoding).
 */

export interface JsonLine {
  /** 1-based, counting blank lines too: what an editor shows */
  readonly lineNumber: number;
  readonly text: string;
  /** bytes of the file up to the end of this line (its newline included): progress through the file */
  readonly endByte: number;
}

/** The UTF-8 length of a string (lone surrogates count 3, as the decoder's U+FFFD would have been). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // a surrogate pair is 2 code units and 4 bytes
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * Every non-blank line of `stream`, in order. A UTF-8 byte-order mark and a CR before the newline are dropped; a last
 * line without a newline counts. Bytes that are not UTF-8 become U+FFFD (JSON.parse then reports the line).
 */
export async function* readJsonLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<JsonLine, void, undefined> {
  // ignoreBOM: the mark is dropped from the first line below, where it is known to be one
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const reader = stream.getReader();
  /** the text of the line being read, from earlier chunks */
  let carried = '';
  let lineNumber = 0;
  /** bytes of the file before `carried` */
  let offset = 0;
  const lineOf = (raw: string): JsonLine | null => {
    lineNumber++;
    // the newline is one byte; an exact byte count keeps progress exact whatever the text
    offset += utf8Length(raw) + 1;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNumber === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return text.trim() === '' ? null : { lineNumber, text, endByte: offset };
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = carried + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      let start = 0;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
        const line = lineOf(text.slice(start, at));
        start = at + 1;
        if (line !== null) yield line;
      }
      carried = text.slice(start);
      if (done) break;
    }
    finished = true;
    if (carried !== '') {
      const line = lineOf(carried);
      // the last line has no newline: its end is the end of the file
      if (line !== null) yield { ...line, endByte: line.endByte - 1 };
    }
  } finally {
    // a reader that stops early (cancel, an error) stops the file being read too
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
