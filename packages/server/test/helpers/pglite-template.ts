import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the file holding a dump of a freshly migrated PGlite store, or '' (none: every store starts empty) */
    pgliteTemplate: string;
  }
}

let cached: Promise<Blob | null> | null = null;

/** The migrated store the suite's global set-up dumped, read once per test file (null when there is none). */
export function pgliteTemplate(): Promise<Blob | null> {
  cached ??= (async () => {
    const path = inject('pgliteTemplate');
    if (!path) return null;
    return new Blob([await readFile(path)]);
  })();
  return cached;
}
