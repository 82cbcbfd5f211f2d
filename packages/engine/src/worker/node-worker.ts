/** The worker_threads entry of the pool (built to dist/worker/node-worker.js): exposes the worker API through comlink. */
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createWorkerApi } from './worker-api.js';

if (parentPort === null) throw new Error('node-worker must run in a worker thread');
/** One buffer for every range read: a range is decoded before the next is read. */
let rangeBuffer = Buffer.alloc(0);

/** Reads bytes [start, end) of a file (input 'file-range'); fewer when the file ends first. */
function readRange(path: string, start: number, end: number): Uint8Array {
  if (rangeBuffer.length < end - start) rangeBuffer = Buffer.allocUnsafe(end - start);
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    while (read < end - start) {
      const n = readSync(fd, rangeBuffer, read, end - start - read, start + read);
      if (n === 0) break;
      read += n;
    }
    return rangeBuffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

expose(
  createWorkerApi({ exit: (code) => process.exit(code), readRange }),
  nodeEndpoint(parentPort as unknown as Parameters<typeof nodeEndpoint>[0]),
);
