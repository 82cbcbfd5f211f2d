import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // PGlite set-ups migrate and seed a database; on a loaded 2-core machine that can take longer than the default 10 s.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts'],
          // one migrated PGlite store, dumped: every test's in-memory store boots from it (no initdb per file)
          globalSetup: ['packages/server/test/helpers/pglite-template-setup.ts'],
        },
      },
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
