/** The pool in browsers: workers are module Web Workers running browser-worker.ts (bundled by the app, e.g. Vite). */
import type { Endpoint } from 'comlink';
import { createWorkerPool, type Pool, type PoolOptions, type WorkerHandle } from './pool.js';

export interface BrowserPoolOptions extends PoolOptions {
  /**
   * The worker script, as the bundler names it, e.g. in Vite:
   * `new URL('@qcdesk/engine/src/worker/browser-worker.ts', import.meta.url)`.
   */
  readonly workerUrl: URL | string;
}

// The few members of the DOM's Worker used here (the engine compiles without the DOM library).
interface WebWorker extends Endpoint {
  terminate(): void;
}
type WebWorkerConstructor = new (url: URL | string, options: { type: 'module' }) => WebWorker;

/** A pool of Web Workers; `size` defaults to navigator.hardwareConcurrency. */
export function createBrowserPool(options: BrowserPoolOptions): Pool {
  const scope = globalThis as unknown as { Worker: WebWorkerConstructor; navigator?: { hardwareConcurrency?: number } };
  return createWorkerPool(
    { spawn: () => spawnWorker(scope.Worker, options.workerUrl) },
    { ...options, size: options.size ?? scope.navigator?.hardwareConcurrency ?? 2 },
  );
}

function spawnWorker(WorkerClass: WebWorkerConstructor, url: URL | string): WorkerHandle {
  const worker = new WorkerClass(url, { type: 'module' });
  return {
    endpoint: worker,
    onExit(listener) {
      // An uncaught error is treated as a crash: the pool replaces the worker. A worker that closes itself is caught
      // by the time budget.
      worker.addEventListener('error', () => listener('error'));
    },
    async terminate() {
      worker.terminate();
    },
  };
}
