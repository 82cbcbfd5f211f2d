import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { compileScheme, inspect, toOutputRecord } from '../../packages/engine/src/index.js';
import { fmt, log, median, ROOT_DIR } from '../lib/common.js';
import { check, figure, type SuiteResult } from '../lib/report.js';

const RUNS = 3;

export interface ScalingInput {
  readonly sessionsPath: string;
  readonly rulesPath: string;
  readonly schemePath: string;
  readonly label: string;
  readonly sessions: number;
}

/** The built worker script (dist, as in production) when `npm run build` has made it; else the pool's default (source through tsx). */
function workerUrl(): URL | undefined {
  const built = resolve(ROOT_DIR, 'packages/engine/dist/worker/node-worker.js');
  return existsSync(built) ? new URL(`file://${built}`) : undefined;
}

interface PoolLike {
  load(rules: readonly unknown[], scheme?: unknown): Promise<{ ok: boolean; error?: unknown }>;
  inspect(
    sessions: Iterable<unknown>,
    options: { input: 'json'; output: 'utf8' },
  ): AsyncGenerator<{ ok: boolean; value?: unknown; error?: unknown }, void, undefined>;
  close(): Promise<void>;
}

/**
 * As `qc-engine inspect` runs the pool: JSON text in, each record's JSON text out as UTF-8 bytes (written by the
 * worker into one buffer per batch, moved to this thread without a copy), batches of 128 sessions.
 */
const IO = { input: 'json', output: 'utf8' } as const;
const BATCH = 128;
/** sessions whose records are compared with the in-process result */
const CHECKED = 2_000;

function pending(note: string): SuiteResult {
  log(`scaling: ${note}`);
  return {
    figures: [figure({ suite: 'scaling', name: '2 workers vs 1', value: null, unit: '×', target: '≥ 1.8×', note })],
    details: { status: note },
  };
}

/**
 * The rules suite's scheme through the engine's Node worker pool (`createPool` in packages/engine/src/worker/)
 * with 1, 2 (and up to the core count) workers: JSON lines in, JSON records out, sessions/s.
 */
export async function scaling(input: ScalingInput): Promise<SuiteResult> {
  const path = resolve(ROOT_DIR, 'packages/engine/src/worker/node-pool.ts');
  if (!existsSync(path)) return pending('pending worker pool');
  const mod = (await import(new URL(`file://${path}`).href)) as {
    createPool?: (options: { size: number; batchSize: number; workerUrl?: URL }) => PoolLike;
  };
  if (typeof mod.createPool !== 'function') return pending('pending worker pool (no createPool export)');
  const lines = readFileSync(input.sessionsPath, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .slice(0, input.sessions);
  const rules = JSON.parse(readFileSync(input.rulesPath, 'utf8')) as unknown[];
  const scheme = JSON.parse(readFileSync(input.schemePath, 'utf8')) as unknown;
  const sizes = [...new Set([1, 2, Math.max(2, availableParallelism())])];
  const url = workerUrl();
  const workerScript = url ? 'dist/worker/node-worker.js (built)' : 'src/worker/node-worker.ts through tsx';
  log(`scaling: workers run ${workerScript}`);
  const rates: Record<number, number[]> = {};
  let failed = 0;
  const lost: string[] = [];
  const pools = new Map<number, PoolLike>();
  for (const size of sizes) {
    const pool = mod.createPool(url ? { size, batchSize: BATCH, workerUrl: url } : { size, batchSize: BATCH });
    const loaded = await pool.load(rules, scheme);
    if (!loaded.ok) {
      await pool.close();
      return pending(`worker pool failed to load the scheme: ${JSON.stringify(loaded.error)}`);
    }
    // Warm up every worker (JIT) before timing.
    for await (const outcome of pool.inspect(lines.slice(0, 1000 * size), IO)) {
      if (!outcome.ok) failed++;
    }
    pools.set(size, pool);
    rates[size] = [];
  }
  for (let r = 0; r < RUNS; r++) {
    for (const size of sizes) {
      const pool = pools.get(size)!;
      let yielded = 0;
      const start = process.hrtime.bigint();
      for await (const outcome of pool.inspect(lines, IO)) {
        yielded++;
        if (!outcome.ok) failed++;
      }
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (yielded !== lines.length) lost.push(`${size} worker(s), run ${r + 1}: ${yielded} of ${lines.length}`);
      rates[size]!.push(lines.length / seconds);
    }
  }
  // Correctness: each run yielded every session once; the 2-worker pool's records on a prefix, byte for byte,
  // equal the in-process full-trace record of the engine source (JSON.stringify(toOutputRecord(inspect(…)))).
  check('scaling', 'every session yielded once per run', lost.length === 0, lost.join('; ') || 'all runs complete');
  check('scaling', 'no failed session', failed === 0, `${failed} failed`);
  const compiled = compileScheme(scheme, rules);
  const sample = lines.slice(0, CHECKED);
  const decoder = new TextDecoder();
  let equal = 0;
  let index = 0;
  let firstDiff = '';
  for await (const outcome of pools.get(2)!.inspect(sample, IO)) {
    const want = JSON.stringify(toOutputRecord(inspect(compiled, JSON.parse(sample[index]!))));
    const got = outcome.ok ? decoder.decode(outcome.value as Uint8Array) : `failed: ${JSON.stringify(outcome.error)}`;
    if (got === want) equal++;
    else if (firstDiff === '') firstDiff = `line ${index + 1}`;
    index++;
  }
  check(
    'scaling',
    `2-worker records = in-process records on the first ${sample.length} sessions`,
    equal === sample.length && index === sample.length,
    `${equal}/${sample.length} equal${firstDiff ? `, first difference at ${firstDiff}` : ''}`,
  );
  for (const pool of pools.values()) await pool.close();
  const med = (size: number) => median(rates[size] ?? []);
  const speedup = med(2) / med(1);
  for (const size of sizes) log(`scaling: ${size} worker(s): ${fmt(med(size), 0)} sessions/s`);
  return {
    figures: [
      figure({
        suite: 'scaling',
        name: `1 worker (${input.label}, ${lines.length} sessions, JSON in, UTF-8 JSON out)`,
        value: med(1),
        unit: 'sessions/s',
      }),
      figure({
        suite: 'scaling',
        name: '2 workers vs 1',
        value: speedup,
        unit: '×',
        target: '≥ 1.8×',
        met: speedup >= 1.8,
        note: `${fmt(med(2), 0)} vs ${fmt(med(1), 0)} sessions/s; ${failed} failed sessions; machine has ${availableParallelism()} cores; workers: ${workerScript}`,
      }),
    ],
    details: {
      sessions: lines.length,
      scheme: input.label,
      batchSize: BATCH,
      io: IO,
      rates,
      speedup,
      failed,
      workerScript,
    },
  };
}
