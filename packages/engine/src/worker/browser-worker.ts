/**
 * The Web Worker entry of the pool, for bundlers (Vite):
 * `new Worker(new URL('@qcdesk/engine/src/worker/browser-worker.ts', import.meta.url), { type: 'module' })`.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './worker-api.js';

// A Web Worker cannot exit with a code; close() ends it and the pool's time budget notices.
const scope = globalThis as unknown as { close(): void };
expose(createWorkerApi({ exit: () => scope.close() }));
