import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileRanges } from '../../packages/engine/src/cli/input-ranges.js';
import { compileScheme, inspect, toOutputRecord } from '../../packages/engine/src/index.js';
import type { FileRange } from '../../packages/engine/src/worker/file-ranges.js';
import { CACHE_DIR, fmt, log, median, ROOT_DIR } from '../lib/common.js';
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
  inspectRanges(
    ranges: AsyncIterable<FileRange>,
  ): AsyncGenerator<
    { ok: true; value: { bytes: Uint8Array; sessions: number } } | { ok: false; error: unknown },
    void,
    undefined
  >;
  close(): Promise<void>;
}

/** CPU seconds of this process's main thread so far (Linux, 10 ms ticks), or null. */
function mainThreadCpu(): number | null {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** What this (main) thread spent during a run: its CPU time over the wall time, and its event loop's utilisation. */
interface MainShare {
  cpu: number | null;
  elu: number;
}

async function measured<T>(run: () => Promise<T>): Promise<{ seconds: number; share: MainShare; value: T }> {
  const cpu0 = mainThreadCpu();
  const elu0 = performance.eventLoopUtilization();
  const start = process.hrtime.bigint();
  const value = await run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu1 = mainThreadCpu();
  const share = {
    cpu: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / seconds,
    elu: performance.eventLoopUtilization(elu0).utilization,
  };
  return { seconds, share, value };
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '?' : `${fmt(100 * x, 0)} %`);

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
  // File-range mode (`qc-engine inspect --input <file>`): the same sessions as a file the workers read by range.
  const rangeFile = resolve(CACHE_DIR, `scaling-${lines.length}.jsonl`);
  writeFileSync(rangeFile, `${lines.join('\n')}\n`);
  const rangeFileBytes = Buffer.byteLength(`${lines.join('\n')}\n`);
  const rangeRates: Record<number, number[]> = {};
  const shares: Record<string, MainShare[]> = {};
  let rangeSessions = 0;
  const rangeDigests = new Set<string>();
  /** One pass over the file by ranges; `digest`: hash the output (the warm-up runs; hashing is not timed). */
  async function ranges(pool: PoolLike, digest: boolean): Promise<number> {
    const hash = digest ? createHash('sha256') : null;
    let sessions = 0;
    for await (const outcome of pool.inspectRanges(fileRanges(rangeFile, rangeFileBytes))) {
      if (!outcome.ok) throw new Error(`scaling: a range failed: ${JSON.stringify(outcome.error)}`);
      sessions += outcome.value.sessions;
      hash?.update(outcome.value.bytes);
    }
    if (hash !== null) rangeDigests.add(hash.digest('hex'));
    return sessions;
  }
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
    await ranges(pool, true);
    pools.set(size, pool);
    rates[size] = [];
    rangeRates[size] = [];
    shares[`${size}`] = [];
    shares[`${size} ranges`] = [];
  }
  for (let r = 0; r < RUNS; r++) {
    for (const size of sizes) {
      const pool = pools.get(size)!;
      let yielded = 0;
      const { seconds, share } = await measured(async () => {
        for await (const outcome of pool.inspect(lines, IO)) {
          yielded++;
          if (!outcome.ok) failed++;
        }
      });
      if (yielded !== lines.length) lost.push(`${size} worker(s), run ${r + 1}: ${yielded} of ${lines.length}`);
      rates[size]!.push(lines.length / seconds);
      shares[`${size}`]!.push(share);
      const byRange = await measured(() => ranges(pool, false));
      rangeSessions = byRange.value;
      if (byRange.value !== lines.length)
        lost.push(`${size} worker(s), ranges, run ${r + 1}: ${byRange.value} of ${lines.length}`);
      rangeRates[size]!.push(lines.length / byRange.seconds);
      shares[`${size} ranges`]!.push(byRange.share);
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
  // The file-range output, every run and pool size alike, is the per-session records each followed by '\n'.
  const perSession = createHash('sha256');
  for await (const outcome of pools.get(2)!.inspect(lines, IO)) {
    if (outcome.ok) perSession.update(outcome.value as Uint8Array).update('\n');
  }
  const want = perSession.digest('hex');
  check(
    'scaling',
    `file-range output = per-session records, byte for byte, on all ${lines.length} sessions`,
    rangeDigests.size === 1 && rangeDigests.has(want) && rangeSessions === lines.length,
    `${rangeDigests.size} distinct output(s) over the ${sizes.length} pools' warm-up runs, ${rangeDigests.has(want) ? 'equal to' : 'NOT equal to'} the per-session output; ${rangeSessions} sessions per timed run`,
  );
  for (const pool of pools.values()) await pool.close();
  const med = (size: number) => median(rates[size] ?? []);
  const medRanges = (size: number) => median(rangeRates[size] ?? []);
  const speedup = med(2) / med(1);
  const rangeSpeedup = medRanges(2) / medRanges(1);
  /** The main thread's median CPU share of the wall time and event-loop utilisation over a mode's runs. */
  const share = (key: string) => {
    const runs = shares[key] ?? [];
    const cpu = runs.every((x) => x.cpu !== null) ? median(runs.map((x) => x.cpu!)) : null;
    return `main thread ${pct(cpu)} CPU, event loop ${pct(median(runs.map((x) => x.elu)))} busy`;
  };
  for (const size of sizes) {
    log(`scaling: ${size} worker(s): ${fmt(med(size), 0)} sessions/s (${share(`${size}`)})`);
    log(`scaling: ${size} worker(s), file ranges: ${fmt(medRanges(size), 0)} sessions/s (${share(`${size} ranges`)})`);
  }
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
        note: `${fmt(med(2), 0)} vs ${fmt(med(1), 0)} sessions/s; ${share('1')} with 1, ${share('2')} with 2; ${failed} failed sessions; machine has ${availableParallelism()} cores; workers: ${workerScript}`,
      }),
      figure({
        suite: 'scaling',
        name: `1 worker, file ranges (the workers read, split and parse ${fmt(rangeFileBytes / 1e6, 0)} MB of JSONL themselves)`,
        value: medRanges(1),
        unit: 'sessions/s',
        note: share('1 ranges'),
      }),
      figure({
        suite: 'scaling',
        name: '2 workers vs 1, file ranges (qc-engine inspect --input <file>)',
        value: rangeSpeedup,
        unit: '×',
        target: '≥ 1.8×',
        met: rangeSpeedup >= 1.8,
        note: `${fmt(medRanges(2), 0)} vs ${fmt(medRanges(1), 0)} sessions/s; ${share('1 ranges')} with 1, ${share('2 ranges')} with 2`,
      }),
    ],
    details: {
      sessions: lines.length,
      scheme: input.label,
      batchSize: BATCH,
      io: IO,
      rates,
      speedup,
      rangeRates,
      rangeSpeedup,
      mainThread: shares,
      failed,
      workerScript,
    },
  };
}
