/**
 * @qcdesk/engine/node — the worker pool on Node's worker_threads. Kept out of the main entry, which imports no
 * Node module, so that browsers and other runtimes can load the engine.
 *
 * ```ts
 * import { createPool } from '@qcdesk/engine/node';
 * const pool = createPool({ size: 4 });
 * await pool.load(rules, scheme); // a compile error comes back as {ok: false, error}
 * for await (const outcome of pool.inspect(sessions)) console.log(outcome);
 * await pool.close();
 * ```
 */
export { createPool, type NodePoolOptions } from './worker/node-pool.js';
export * from './worker/public-types.js';
