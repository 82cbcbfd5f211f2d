/**
 * The console's one engine pool: Web Workers running `@qcdesk/engine/browser-worker`, created on first use and shared
 * by the single-transcript and corpus replays, so no evaluation ever runs on the page's thread.
 */
import { createBrowserPool, type Pool } from '@qcdesk/engine/browser';
// `?worker&url`: Vite bundles the worker script (with its imports) as its own chunk and gives its URL; a bare
// specifier inside `new URL(…, import.meta.url)` would not be resolved.
import workerUrl from '@qcdesk/engine/browser-worker?worker&url';

export type { Pool } from '@qcdesk/engine/browser';

let pool: Pool | null = null;

/**
 * The shared pool. Its workers hold whatever was last `load`ed, so a caller loads its rules right before it
 * inspects (loading is cheap: compile once per worker), and callers that interleave take turns (`withEnginePool`).
 */
export function getEnginePool(): Pool {
  if (pool === null) {
    // Leave a core to the page: the replay tester is interactive, the corpus replay wants throughput.
    const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
    pool = createBrowserPool({ workerUrl, size: Math.max(1, Math.min(4, cores - 1)) });
  }
  return pool;
}

/** Terminates the workers (the next `getEnginePool` starts new ones). */
export async function closeEnginePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}

let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `job` with the pool once every earlier job has ended: a `load` from one screen must not swap the rules under
 * another screen's `inspect`.
 */
export function withEnginePool<T>(job: (pool: Pool) => Promise<T>): Promise<T> {
  const run = turn.then(() => job(getEnginePool()));
  turn = run.catch(() => undefined);
  return run;
}
