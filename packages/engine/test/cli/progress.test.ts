import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { Progress } from '../../src/cli/progress.js';
import { memoryIo } from './cli-io.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const fixture = (path: string) => join(root, 'fixtures', path);
const demo = [
  '--rules',
  fixture('rules/demo-20.json'),
  '--scheme',
  fixture('schemes/demo-scheme.json'),
  '--input',
  fixture('sessions/stc3-sample.jsonl'),
];

/** A memory stderr that says it is a terminal, as `qc-engine inspect` sees one in a shell. */
function terminalIo() {
  const io = memoryIo();
  (io.stderr as { isTTY?: boolean }).isTTY = true;
  return io;
}

/** The stderr text with terminal redraws (`\r…\x1b[K`) reduced to the last state of each line. */
function screen(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.split('\r').at(-1)!.replaceAll('\x1b[K', ''))
    .filter((line) => line !== '');
}

describe('qc-engine inspect progress', () => {
  it('runs on the machine’s cores by default and says so in its closing line', async () => {
    const io = terminalIo();
    expect(await main(['inspect', ...demo], io)).toBe(0);
    expect(io.stdoutText().trim().split('\n')).toHaveLength(30);
    const cores = availableParallelism();
    expect(screen(io.stderrText())).toEqual([
      expect.stringMatching(
        new RegExp(`^inspected 30 sessions in \\d+\\.\\d s \\(\\d[\\d,]* sessions/s\\) on ${cores} worker threads?$`),
      ),
    ]);
  });

  it('names the worker count given, or the main thread for --workers 0; --quiet prints nothing', async () => {
    const two = terminalIo();
    expect(await main(['inspect', ...demo, '--workers', '2'], two)).toBe(0);
    expect(screen(two.stderrText())).toEqual([expect.stringMatching(/ on 2 worker threads$/)]);
    const here = terminalIo();
    expect(await main(['inspect', ...demo, '--workers', '0'], here)).toBe(0);
    expect(screen(here.stderrText())).toEqual([expect.stringMatching(/ in the main thread$/)]);
    expect(here.stdoutText()).toBe(two.stdoutText());
    const quiet = terminalIo();
    expect(await main(['inspect', ...demo, '--quiet'], quiet)).toBe(0);
    expect(quiet.stderrText()).toBe('');
  });
});

describe('Progress', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a terminal redraws a bar with the share of input read, the rate and the time left, at most every 200 ms', () => {
    vi.useFakeTimers({ now: 0 });
    const io = terminalIo();
    const progress = new Progress(io.stderr, 1000, true);
    progress.update(10, 100);
    expect(io.stderrText()).toBe(''); // not before the interval
    vi.setSystemTime(1000);
    progress.update(100, 250);
    vi.setSystemTime(1100);
    progress.update(110, 300); // within 200 ms of the last draw: skipped
    vi.setSystemTime(2000);
    progress.update(200, 500);
    vi.setSystemTime(4000);
    progress.finish(400, 1, 'on 2 worker threads');
    const raw = io.stderrText();
    expect(raw.startsWith('\r')).toBe(true);
    expect(raw.split('\r').map((part) => part.replaceAll('\x1b[K', ''))).toEqual([
      '',
      '[██████░░░░░░░░░░░░░░░░░░] 25.0% · 100 sessions · 100 sessions/s · ETA 3s',
      '[████████████░░░░░░░░░░░░] 50.0% · 200 sessions · 100 sessions/s · ETA 2s',
      'inspected 400 sessions in 4.0 s (100 sessions/s) on 2 worker threads, 1 line(s) failed\n',
    ]);
  });

  it('in a log prints a line every 5 s, without a bar when the input size is unknown', () => {
    vi.useFakeTimers({ now: 0 });
    const io = memoryIo();
    const progress = new Progress(io.stderr, null, true);
    vi.setSystemTime(4000);
    progress.update(40, 0);
    vi.setSystemTime(5000);
    progress.update(50, 0);
    vi.setSystemTime(12_000);
    progress.update(120, 0);
    expect(io.stderrText()).toBe('50 sessions · 10 sessions/s\n120 sessions · 10 sessions/s\n');
  });

  it('prints nothing when disabled', () => {
    const io = terminalIo();
    const progress = new Progress(io.stderr, 10, false);
    progress.update(1, 1);
    progress.finish(1, 0);
    expect(io.stderrText()).toBe('');
  });
});
