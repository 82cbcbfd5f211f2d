import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileScheme, inspect, toOutputRecord } from '../../packages/engine/src/index.js';
import { CACHE_DIR, fmt, log, median, ROOT_DIR, timeIt } from '../lib/common.js';
import { check, figure, type SuiteResult } from '../lib/report.js';

/** sessions of the prefix whose CLI output is compared with the in-process records */
const CHECKED = 2_000;

/**
 * Correctness: the built CLI (default worker count) on a prefix of the corpus writes, line for line, the in-process
 * full-trace record of the engine source.
 */
function checkOutput(input: EndToEndInput, bin: string): void {
  const lines: string[] = [];
  const text = readFileSync(input.sessionsPath, 'utf8');
  for (let from = 0; lines.length < CHECKED && from < text.length; ) {
    const end = text.indexOf('\n', from);
    const line = text.slice(from, end < 0 ? text.length : end);
    if (line !== '') lines.push(line);
    from = end < 0 ? text.length : end + 1;
  }
  const prefix = resolve(CACHE_DIR, `e2e-check-${lines.length}.jsonl`);
  writeFileSync(prefix, `${lines.join('\n')}\n`);
  const run = spawnSync(
    process.execPath,
    [bin, 'inspect', '--rules', input.rulesPath, '--scheme', input.schemePath, '--input', prefix, '--quiet'],
    { cwd: ROOT_DIR, encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  const compiled = compileScheme(
    JSON.parse(readFileSync(input.schemePath, 'utf8')),
    JSON.parse(readFileSync(input.rulesPath, 'utf8')),
  );
  const got = run.stdout.split('\n');
  if (got.at(-1) === '') got.pop();
  let equal = 0;
  let firstDiff = '';
  lines.forEach((line, i) => {
    if (got[i] === JSON.stringify(toOutputRecord(inspect(compiled, JSON.parse(line))))) equal++;
    else if (firstDiff === '') firstDiff = `line ${i + 1}`;
  });
  check(
    'end-to-end',
    `CLI output = in-process records on the first ${lines.length} sessions`,
    run.status === 0 && got.length === lines.length && equal === lines.length,
    `exit ${run.status}, ${got.length} lines, ${equal}/${lines.length} equal${firstDiff ? `, first difference at ${firstDiff}` : ''}`,
  );
}

/**
 * Runs the built CLI (`main` of dist/cli/main.js, as packages/engine/bin/qc-engine.js does) and prints on stderr,
 * last, one JSON line: the process's CPU time, the main thread's own CPU time (Linux: /proc/self/task/<pid>/stat)
 * and the main thread's event-loop utilisation, over the run. The wall time is taken outside, for the whole process.
 */
const INSTRUMENTED = `
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const mainThread = () => {
  try {
    const f = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return null; }
};
const { main } = await import(process.argv[2]);
const cpu0 = process.cpuUsage(); const main0 = mainThread(); const elu0 = performance.eventLoopUtilization();
process.exitCode = await main(process.argv.slice(3));
const cpu = process.cpuUsage(cpu0); const main1 = mainThread();
process.stderr.write('\\n' + JSON.stringify({
  processCpu: (cpu.user + cpu.system) / 1e6,
  mainThreadCpu: main0 === null || main1 === null ? null : main1 - main0,
  elu: performance.eventLoopUtilization(elu0).utilization,
}) + '\\n');
`;

interface CliRun {
  readonly seconds: number;
  readonly exit: number | null;
  /** CPU seconds of the whole process, of its main thread; the main thread's event-loop utilisation */
  readonly processCpu: number | null;
  readonly mainThreadCpu: number | null;
  readonly elu: number | null;
}

/** One whole-process run of `qc-engine inspect`, stdout to /dev/null; `stdin`: the sessions are piped in. */
function runCli(args: readonly string[], stdin: string | null): CliRun {
  const entry = new URL(`file://${resolve(ROOT_DIR, 'packages/engine/dist/cli/main.js')}`).href;
  // a script file, not `-e`: worker threads inherit the process's exec arguments
  const script = resolve(CACHE_DIR, 'e2e-instrumented.mjs');
  writeFileSync(script, INSTRUMENTED);
  const fd = stdin === null ? 'ignore' : openSync(stdin, 'r');
  const run = timeIt(() =>
    spawnSync(process.execPath, [script, entry, ...args], {
      cwd: ROOT_DIR,
      stdio: [fd, 'ignore', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    }),
  );
  if (fd !== 'ignore') closeSync(fd);
  const stderr = run.value.stderr ?? '';
  if (run.value.status !== 0) log(`end-to-end: exit ${run.value.status}: ${stderr.slice(0, 500)}`);
  let figures: Partial<CliRun> = {};
  try {
    figures = JSON.parse(stderr.trim().split('\n').at(-1) ?? '') as Partial<CliRun>;
  } catch {
    // no figures: the run failed before the end
  }
  return {
    seconds: run.seconds,
    exit: run.value.status,
    processCpu: figures.processCpu ?? null,
    mainThreadCpu: figures.mainThreadCpu ?? null,
    elu: figures.elu ?? null,
  };
}

/** `main thread 0.16 s CPU (2 % of wall, 2 % of the process's 11.9 s CPU), event loop 6 % busy` */
function describeRun(run: CliRun): string {
  const pct = (part: number | null, whole: number | null) =>
    part === null || whole === null || whole === 0 ? '?' : fmt((100 * part) / whole, 0);
  return `main thread ${fmt(run.mainThreadCpu, 2)} s CPU (${pct(run.mainThreadCpu, run.seconds)} % of wall, ${pct(run.mainThreadCpu, run.processCpu)} % of the process's ${fmt(run.processCpu, 1)} s CPU), event loop ${pct(run.elu, 1)} % busy`;
}

export interface EndToEndInput {
  readonly sessionsPath: string;
  readonly sessions: number;
  readonly rulesPath: string;
  readonly schemePath: string;
  /** the rules suite's in-process rate for the same scheme, sessions/s */
  readonly inProcessRate: number | null;
  readonly label: string;
}

/**
 * `qc-engine inspect --quiet` over the sessions JSONL file: whole-process wall time, after
 * `npm run build -w @qcdesk/engine` (the CLI and its worker script are the engine's dist; the console is not built).
 */
export function endToEnd(input: EndToEndInput): SuiteResult {
  log('end-to-end: npm run build -w @qcdesk/engine');
  const build = spawnSync('npm', ['run', 'build', '-w', '@qcdesk/engine'], { cwd: ROOT_DIR, encoding: 'utf8' });
  if (build.status !== 0) {
    log(`end-to-end: build failed:\n${build.stderr.slice(-2000)}`);
    return {
      figures: [
        figure({
          suite: 'end-to-end',
          name: 'CLI inspect',
          value: null,
          unit: 'sessions/s',
          note: 'npm run build -w @qcdesk/engine failed',
        }),
      ],
      details: { error: 'npm run build -w @qcdesk/engine failed', stderr: build.stderr.slice(-2000) },
    };
  }
  const bin = resolve(ROOT_DIR, 'packages/engine/bin/qc-engine.js');
  const args = ['inspect', '--rules', input.rulesPath, '--scheme', input.schemePath, '--quiet'];
  // --input <file>: the workers read byte ranges themselves (the figure); --input - with the file on stdin: this
  // thread reads and splits the lines and hands them over (the path a pipe takes), in turns with it for reference.
  const fileRuns: CliRun[] = [];
  const stdinRuns: CliRun[] = [];
  for (let r = 0; r < 3; r++) {
    const run = runCli([...args, '--input', input.sessionsPath], null);
    fileRuns.push(run);
    log(`end-to-end: --input file, run ${r + 1}: ${fmt(run.seconds, 2)} s; ${describeRun(run)}`);
    // Keep the full run under its time limit: one long run is already a whole-process figure.
    if (run.seconds > 60) break;
    if (r === 2) break;
    const piped = runCli([...args, '--input', '-'], input.sessionsPath);
    stdinRuns.push(piped);
    log(`end-to-end: --input - (stdin), run ${r + 1}: ${fmt(piped.seconds, 2)} s; ${describeRun(piped)}`);
  }
  const exit = fileRuns.find((run) => run.exit !== 0)?.exit ?? 0;
  checkOutput(input, bin);
  check('end-to-end', 'CLI exit 0 on the whole corpus', exit === 0, `exit ${exit}`);
  check(
    'end-to-end',
    'CLI exit 0 on the whole corpus from stdin',
    stdinRuns.every((run) => run.exit === 0),
    stdinRuns.map((run) => `exit ${run.exit}`).join(', '),
  );
  const seconds = fileRuns.map((run) => run.seconds);
  const s = median(seconds);
  const rate = input.sessions / s;
  const slowdown = input.inProcessRate ? input.inProcessRate / rate : null;
  const middle = (runs: readonly CliRun[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[(runs.length - 1) >> 1]!;
  const stdinSeconds = median(stdinRuns.map((run) => run.seconds));
  return {
    figures: [
      figure({
        suite: 'end-to-end',
        name: `CLI inspect, ${input.label} scheme, ${input.sessions} sessions (${fmt(statSync(input.sessionsPath).size / 1e6, 0)} MB JSONL)`,
        value: rate,
        unit: 'sessions/s',
        target: 'within 1.5× of the in-process rate',
        met: slowdown === null ? null : slowdown <= 1.5,
        note: `${fmt(s, 2)} s wall (median of ${seconds.length}); in-process ${fmt(input.inProcessRate ?? Number.NaN, 0)} sessions/s → ${fmt(slowdown ?? Number.NaN, 2)}× slower; ${describeRun(middle(fileRuns))}; exit ${exit}`,
      }),
      figure({
        suite: 'end-to-end',
        name: `CLI inspect from stdin (--input -: the main thread reads and splits lines), same corpus`,
        value: input.sessions / stdinSeconds,
        unit: 'sessions/s',
        note: `${fmt(stdinSeconds, 2)} s wall (median of ${stdinRuns.length}, in turns with the file runs); ${describeRun(middle(stdinRuns))}`,
      }),
    ],
    details: {
      seconds,
      runs: fileRuns,
      stdinRuns,
      sessionsPerSecond: rate,
      inProcessRate: input.inProcessRate,
      slowdown,
      exit,
      scheme: input.label,
    },
  };
}
