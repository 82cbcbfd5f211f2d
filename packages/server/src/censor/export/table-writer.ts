import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Rows out to a file, one page at a time: `row` buffers, `flush` hands the page to the file and waits for room. */
export interface TableWriter {
  row(cells: readonly string[]): void;
  flush(): Promise<void>;
  /** flushes, finishes the file's format and ends the stream */
  end(): Promise<void>;
}

/** Writes to a stream, waiting when it asks to (a slow disk never lets the export run ahead into memory). */
export class StreamSink {
  private failure: Error | null = null;

  constructor(private readonly out: Writable) {
    out.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  write(chunk: Uint8Array | string): void {
    this.check();
    this.out.write(chunk);
  }

  async drained(): Promise<void> {
    this.check();
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    this.check();
  }

  async end(): Promise<void> {
    this.check();
    this.out.end();
    if (!this.out.writableFinished) await once(this.out, 'finish');
    this.check();
  }

  private check(): void {
    if (this.failure !== null) throw this.failure;
  }
}
