import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
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
  const args = [
    bin,
    'inspect',
    '--rules',
    input.rulesPath,
    '--scheme',
    input.schemePath,
    '--input',
    input.sessionsPath,
    '--quiet',
  ];
  const seconds: number[] = [];
  let exit: number | null = null;
  for (let r = 0; r < 3; r++) {
    const run = timeIt(() =>
      spawnSync(process.execPath, args, {
        cwd: ROOT_DIR,
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      }),
    );
    exit = run.value.status;
    if (exit !== 0) log(`end-to-end: exit ${exit}: ${(run.value.stderr ?? '').slice(0, 500)}`);
    seconds.push(run.seconds);
    log(`end-to-end: run ${r + 1}: ${fmt(run.seconds, 2)} s`);
    // Keep the full run under its time limit: one long run is already a whole-process figure.
    if (run.seconds > 60) break;
  }
  checkOutput(input, bin);
  check('end-to-end', 'CLI exit 0 on the whole corpus', exit === 0, `exit ${exit}`);
  const s = median(seconds);
  const rate = input.sessions / s;
  const slowdown = input.inProcessRate ? input.inProcessRate / rate : null;
  return {
    figures: [
      figure({
        suite: 'end-to-end',
        name: `CLI inspect, ${input.label} scheme, ${input.sessions} sessions (${fmt(statSync(input.sessionsPath).size / 1e6, 0)} MB JSONL)`,
        value: rate,
        unit: 'sessions/s',
        target: 'within 1.5× of the in-process rate',
        met: slowdown === null ? null : slowdown <= 1.5,
        note: `${fmt(s, 2)} s wall (median of ${seconds.length}); in-process ${fmt(input.inProcessRate ?? Number.NaN, 0)} sessions/s → ${fmt(slowdown ?? Number.NaN, 2)}× slower; exit ${exit}`,
      }),
    ],
    details: {
      seconds,
      sessionsPerSecond: rate,
      inProcessRate: input.inProcessRate,
      slowdown,
      exit,
      scheme: input.label,
    },
  };
}
