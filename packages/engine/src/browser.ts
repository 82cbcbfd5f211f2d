/**
 * @qcdesk/engine/browser — the worker pool on Web Workers. The worker script is
 * `@qcdesk/engine/browser-worker`, which the app's bundler emits, e.g. in Vite:
 * `createBrowserPool({ workerUrl: new URL('@qcdesk/engine/browser-worker', import.meta.url) })`.
 */
export { type BrowserPoolOptions, createBrowserPool } from './worker/browser-pool.js';
export * from './worker/public-types.js';
