/** The worker_threads entry of the pool (built to dist/worker/node-worker.js): exposes the worker API through comlink. */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createWorkerApi } from './worker-api.js';

if (parentPort === null) throw new Error('node-worker must run in a worker thread');
expose(
  createWorkerApi({ exit: (code) => process.exit(code) }),
  nodeEndpoint(parentPort as unknown as Parameters<typeof nodeEndpoint>[0]),
);
