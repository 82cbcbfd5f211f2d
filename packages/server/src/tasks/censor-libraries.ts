import { createHash } from 'node:crypto';
import type { CensorLibrary, CensorLibraryOptions } from '@qcdesk/engine';
import { loadCensorLibraries } from '../censor/org-scanner.js';
import type { Database } from '../db/connect.js';

/**
 * An organisation's ACTIVE sensitive-word libraries as the engine's worker pool loads them (`{libraries, options}`,
 * the CLI's libraries.json shape), with a key that changes whenever anything the engine sees of them changes: a
 * word, an option, a scope, a library switched on or off or removed.
 */
export interface ActiveLibraries {
  /** null when the organisation has no ACTIVE library (the job carries none, and its key is the scheme's) */
  readonly input: {
    readonly libraries: readonly CensorLibrary[];
    readonly options: { readonly libraries: Readonly<Record<string, CensorLibraryOptions>> };
  } | null;
  readonly key: string;
}

export async function loadActiveLibraries(
  db: Pick<Database, 'select'>,
  organizationId: number,
): Promise<ActiveLibraries> {
  // the same libraries ingest and rescan scan with (censor/org-scanner.ts), so QC judges a message as they do
  const { libraries, options } = await loadCensorLibraries(db, organizationId);
  if (libraries.length === 0) return { input: null, key: '' };
  const input = { libraries, options: { libraries: options.libraries ?? {} } };
  // the content itself, not versions: a status switch does not bump a version, and equal content needs no reload
  const key = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
  return { input, key };
}
