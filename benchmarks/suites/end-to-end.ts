import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fmt, log, median, ROOT_DIR, timeIt } from '../lib/common.js';
import { figure, type SuiteResult } from '../lib/report.js';

export interface EndToEndInput {
  readonly sessionsPath: string;
  readonly sessions: number;
  readonly rulesPath: string;
  readonly schemePath: string;
  /** the rules suite's in-process rate for the same scheme, sessions/s */
  readonly inProcessRate: number | null;
  readonly label: string;
}

/** `qc-engine inspect --quiet` over the sessions JSONL file: whole-process wall time (after `npm run build`). */
export function endToEnd(input: EndToEndInput): SuiteResult {
  log('end-to-end: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT_DIR, encoding: 'utf8' });
  if (build.status !== 0) {
    log(`end-to-end: build failed:\n${build.stderr.slice(-2000)}`);
    return {
      figures: [
        figure({
          suite: 'end-to-end',
          name: 'CLI inspect',
          value: null,
          unit: 'sessions/s',
          note: 'npm run build failed',
        }),
      ],
      details: { error: 'npm run build failed', stderr: build.stderr.slice(-2000) },
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
