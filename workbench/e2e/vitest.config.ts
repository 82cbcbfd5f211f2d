import { defineConfig } from 'vitest/config';

// Browser tests, run by `npm run test:e2e` (scripts/test-e2e.mjs starts the server and passes QCDESK_E2E_URL).
export default defineConfig({
  test: {
    include: ['workbench/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
