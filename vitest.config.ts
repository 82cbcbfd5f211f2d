import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'node', include: ['packages/*/test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'workbench',
          environment: 'jsdom',
          include: ['workbench/test/**/*.test.{ts,tsx}'],
          setupFiles: ['workbench/test/setup.ts'],
        },
      },
    ],
  },
});
