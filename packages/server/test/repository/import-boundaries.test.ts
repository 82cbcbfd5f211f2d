import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The package boundaries are lint rules (biome.json, `overrides` with noRestrictedImports), so `npm run lint` fails
 * when one is crossed: @qcdesk/engine imports nothing of ours, @qcdesk/contracts only the engine, and the workbench
 * never the server. Biome lints probe files laid out like the repository in a scratch folder, with the repository's
 * biome.json (never in the work tree, where they could trouble a lint or type check running at the same time).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** Per probe file, its imports and whether each must be refused. */
const PROBES: Record<string, Record<string, boolean>> = {
  'packages/engine/src/compile/probe.ts': {
    '@qcdesk/contracts': true,
    '@qcdesk/server': true,
    '@qcdesk/engine/node': true,
    '../../../contracts/src/index.js': true,
    '../../../server/src/index.js': true,
    '../../../../workbench/src/api/client.js': true,
    '../match/inspect.js': false,
    regjsparser: false,
  },
  'packages/engine/test/probe.test.ts': {
    '../../server/src/seed/stc3-sessions-file.js': true,
    '../src/index.js': false,
  },
  'packages/contracts/src/probe.ts': {
    '@qcdesk/server': true,
    '@qcdesk/workbench': true,
    '../../server/src/index.js': true,
    '../../../workbench/src/api/client.js': true,
    '@qcdesk/engine': false,
    zod: false,
    './entities/qc-rule.js': false,
  },
  'workbench/src/replay/probe.tsx': {
    '@qcdesk/server': true,
    '@qcdesk/server/src/http/api-error.js': true,
    '../../../packages/server/src/index.js': true,
    '@qcdesk/contracts': false,
    '@qcdesk/engine/browser': false,
    './transcript/server-session.js': false,
    'react-dom/server': false,
  },
  'workbench/e2e/probe.e2e.test.ts': {
    '../../packages/server/src/seed/stc3-sessions-file.js': true,
    '@qcdesk/engine': false,
  },
  'packages/server/src/probe.ts': {
    '@qcdesk/contracts': false,
    '@qcdesk/engine/node': false,
  },
};

const scratch = mkdtempSync(join(tmpdir(), 'qcdesk-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints the probes; answers the refused imports as `file: import`. */
function refusedImports(): string[] {
  copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
  for (const [file, imports] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(
      join(scratch, file),
      Object.keys(imports)
        .map((i) => `import '${i}';\n`)
        .join(''),
    );
  }
  const lint = spawnSync(BIOME, ['lint', '--reporter=github', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  expect(lint.error).toBeUndefined();
  const refused: string[] = [];
  for (const m of lint.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+),/gm)) {
    const file = relative(scratch, m[1]!);
    refused.push(`${file}: ${Object.keys(PROBES[file] ?? {})[Number(m[2]) - 1]}`);
  }
  return refused.sort();
}

describe('package import boundaries (npm run lint)', () => {
  it('refuses exactly the imports that cross a boundary, by package name or by relative path', () => {
    const expected = Object.entries(PROBES)
      .flatMap(([file, imports]) =>
        Object.entries(imports).flatMap(([i, refused]) => (refused ? [`${file}: ${i}`] : [])),
      )
      .sort();
    expect(refusedImports()).toEqual(expected);
  });
});
