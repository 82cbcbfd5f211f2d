import type { Writable } from 'node:stream';
import { StreamSink, type TableWriter } from './table-writer.js';

/** the byte order mark: without it Excel reads a UTF-8 CSV in the system's code page, and Chinese turns to noise */
export const UTF8_BOM = '\uFEFF';

/**
 * A CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a spreadsheet would take for a
 * formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe, so a message cannot become a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV in UTF-8 with a BOM, CRLF line ends (what Excel writes and reads). */
export class CsvWriter implements TableWriter {
  private readonly sink: StreamSink;
  private page: string[] = [];

  constructor(out: Writable, header: readonly string[]) {
    this.sink = new StreamSink(out);
    this.page.push(UTF8_BOM);
    this.row(header);
  }

  row(cells: readonly string[]): void {
    this.page.push(`${cells.map(csvCell).join(',')}\r\n`);
  }

  async flush(): Promise<void> {
    if (this.page.length > 0) this.sink.write(this.page.join(''));
    this.page = [];
    await this.sink.drained();
  }

  async end(): Promise<void> {
    await this.flush();
    await this.sink.end();
  }
}
