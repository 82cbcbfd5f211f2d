/**
 * Progress on stderr for long runs: sessions done, sessions/s and, when the input size is known, a bar
 * and the time left. On a terminal the line redraws in place; in a log it prints a line every few seconds.
 */
export class Progress {
  private readonly started = Date.now();
  private lastDraw = Date.now();
  private drawn = false;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly totalBytes: number | null,
    private readonly enabled: boolean,
  ) {}

  update(sessions: number, bytesRead: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    const interval = this.out.isTTY ? 200 : 5000;
    if (now - this.lastDraw < interval) return;
    this.lastDraw = now;
    this.draw(sessions, bytesRead, now);
  }

  private draw(sessions: number, bytesRead: number, now: number): void {
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = sessions / seconds;
    let line = `${sessions.toLocaleString('en')} sessions · ${Math.round(rate).toLocaleString('en')} sessions/s`;
    if (this.totalBytes !== null && this.totalBytes > 0) {
      const fraction = Math.min(1, bytesRead / this.totalBytes);
      const width = 24;
      const filled = Math.round(fraction * width);
      const left = fraction > 0 ? (seconds / fraction) * (1 - fraction) : 0;
      line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}% · ${line} · ETA ${formatSeconds(left)}`;
    }
    if (this.out.isTTY) this.out.write(`\r${line}\x1b[K`);
    else this.out.write(`${line}\n`);
    this.drawn = true;
  }

  /** The closing line: how many sessions, how long, how fast and, when given, where (`on 2 worker threads`). */
  finish(sessions: number, failed: number, where?: string): void {
    if (!this.enabled) return;
    const seconds = Math.max(0.001, (Date.now() - this.started) / 1000);
    if (this.drawn && this.out.isTTY) this.out.write('\r\x1b[K');
    const failures = failed > 0 ? `, ${failed} line(s) failed` : '';
    const place = where === undefined ? '' : ` ${where}`;
    this.out.write(
      `inspected ${sessions.toLocaleString('en')} sessions in ${seconds.toFixed(1)} s (${Math.round(sessions / seconds).toLocaleString('en')} sessions/s)${place}${failures}\n`,
    );
  }
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.ceil(s - m * 60)).padStart(2, '0')}s`;
}
