import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'cli/main': 'src/cli/main.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  splitting: false,
  external: [/^node:/],
});
