import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker pool spawns dist/worker/node-worker.js (found from dist/index.js and dist/cli/main.js).
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    browser: 'src/browser.ts',
    'cli/main': 'src/cli/main.ts',
    'worker/node-worker': 'src/worker/node-worker.ts',
    'worker/browser-worker': 'src/worker/browser-worker.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' } },
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  splitting: false,
  // import.meta.url in the CommonJS build too (the worker pool finds its worker script from it)
  shims: true,
  external: [/^node:/],
  // comlink's small Node adapter is an .mjs file: inline it so that the CommonJS build need not require() ESM.
  noExternal: [/^comlink\/dist\/esm\/node-adapter\.mjs$/],
});
