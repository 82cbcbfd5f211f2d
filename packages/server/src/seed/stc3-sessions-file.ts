import { fileURLToPath } from 'node:url';

/**
 * The 4,090 STC-3 dialogues shipped with the project (gzip -9; source and CC BY 4.0 attribution in
 * fixtures/sessions/README.md). Read them with `linesOfFile` or `recordsOfLinesFile` (ingest/read-lines-file.ts).
 */
export const STC3_SESSIONS_FILE = fileURLToPath(
  new URL('../../../../fixtures/sessions/stc3-helpdesk-sessions.jsonl.gz', import.meta.url),
);
