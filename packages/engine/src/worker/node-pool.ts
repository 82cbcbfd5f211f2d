/** The pool on Node: workers are worker_threads running dist/worker/node-worker.js (or the .ts source under tsx). */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createWorkerPool, type Pool, type PoolOptions, type WorkerHandle } from './pool.js';

export interface NodePoolOptions extends PoolOptions {
  /** the worker script (default: the built dist/worker/node-worker.js, or node-worker.ts beside this file) */
  readonly workerUrl?: URL;
}

/**
 * A pool of worker_threads; `size` defaults to the machine's cores (os.availableParallelism()). A `.ts` worker script
 * (tests, running from source) is started through tsx's loader, which `--import tsx` in a worker's execArgv does not
 * install on Node 20.
 */
export function createPool(options: NodePoolOptions = {}): Pool {
  const url = options.workerUrl ?? defaultWorkerUrl();
  const start = url.pathname.endsWith('.ts') ? throughTsx(url) : (): Worker => new Worker(url);
  return createWorkerPool(
    { spawn: () => handleOf(start()) },
    { ...options, size: options.size ?? availableParallelism() },
  );
}

function throughTsx(url: URL): () => Worker {
  // tsx's ESM API (its CommonJS build cannot register the hooks from an eval'd worker).
  const tsx = pathToFileURL(createRequire(url).resolve('tsx/package.json'));
  const api = new URL('./dist/esm/api/index.mjs', tsx).href;
  const source = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return () => new Worker(source, { eval: true });
}

function handleOf(worker: Worker): WorkerHandle {
  return {
    endpoint: nodeEndpoint(worker as unknown as Parameters<typeof nodeEndpoint>[0]),
    onExit(listener) {
      worker.on('error', (error) => listener(error.message));
      worker.on('exit', (code) => listener(`exit code ${code}`));
    },
    async terminate() {
      await worker.terminate();
    },
  };
}

/**
 * This module runs from source (src/worker/node-pool.ts, under vitest or tsx) or bundled into dist/index.js,
 * dist/index.cjs or dist/cli/main.js; the worker script is found relative to each.
 */
function defaultWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('./node-worker.ts', here);
  const candidates = [new URL('./worker/node-worker.js', here), new URL('../worker/node-worker.js', here)];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0]!;
}
