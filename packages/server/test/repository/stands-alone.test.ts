import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recordsOfLinesFile } from '../../src/ingest/read-lines-file.js';
import { STC3_SESSIONS_FILE } from '../../src/seed/stc3-sessions-file.js';

/**
 * A clone of the project runs on its own: nothing reads the data set that sat beside the repository in development,
 * the STC-3 dialogues ship in fixtures/sessions instead. (.ci/run proves it once from a copy with nothing beside it;
 * this test keeps a regression from passing on machines that still have that folder.)
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
/** Installed, built, generated or measured: not the project's own text. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.git',
  'coverage',
  '.qcdesk',
  'benchmarks/.cache',
  'benchmarks/results',
]);
/** Source, test, configuration and script files; documents may still tell where the data came from. */
const CODE = /\.(?:[cm]?[jt]sx?|json|sh|ya?ml)$/;
const SCRIPT_FOLDER = /^(?:\.ci|scripts)\//;
/** `shared/data`, `'shared', 'data'` (path.join) and the like */
const OUTSIDE_DATA = /shared['"`]?\s*[,/\\]\s*['"`]?data/;

function projectFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(ROOT, path);
    if (SKIPPED.has(name) || SKIPPED.has(rel)) continue;
    if (statSync(path).isDirectory()) projectFiles(path, out);
    else if (CODE.test(name) || SCRIPT_FOLDER.test(rel)) out.push(path);
  }
  return out;
}

/** SHA-256 of the data set's stc3-helpdesk-sessions.jsonl (8,257,397 bytes), which the shipped file must decompress to. */
const STC3_SHA256 = 'cbe30c0733b9b4c961bd606e9f6aa5fc8d51c1b02374e126802527f78406841a';

describe('the project stands alone', () => {
  it('no source, test or script file reads the data folder beside the repository', () => {
    const files = projectFiles(ROOT).filter((f) => f !== SELF);
    expect(files.length).toBeGreaterThan(300);
    const offenders = files
      .filter((f) => OUTSIDE_DATA.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .sort();
    expect(offenders, 'read fixtures/sessions/stc3-helpdesk-sessions.jsonl.gz instead').toEqual([]);
  });

  it('ships the 4,090 STC-3 dialogues, byte-identical to the data set when decompressed', async () => {
    const text = gunzipSync(readFileSync(STC3_SESSIONS_FILE));
    expect(createHash('sha256').update(text).digest('hex')).toBe(STC3_SHA256);
    // the streaming reader (demo seed, benchmarks) sees every session
    const ids = new Set<string>();
    let bad = 0;
    for await (const record of recordsOfLinesFile(STC3_SESSIONS_FILE)) {
      if (record.ok) ids.add(String((record.value as { sessionId: unknown }).sessionId));
      else bad++;
    }
    expect({ sessions: ids.size, bad }).toEqual({ sessions: 4090, bad: 0 });
  });
});
