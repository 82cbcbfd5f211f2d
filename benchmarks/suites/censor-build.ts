import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_DIR, fmt, log, median, timeIt } from '../lib/common.js';
import { type Corpora, WORD_SIZES } from '../lib/corpus.js';
import { figure, type SuiteResult } from '../lib/report.js';

const MATCHERS: { key: string; name: string }[] = [
  { key: 'engine', name: 'engine AhoCorasick (folding on)' },
  { key: 'censor', name: 'engine compileCensor (library, all options on)' },
  { key: 'censor-pinyin', name: 'engine compileCensor (library, all options and pinyin on)' },
  { key: 'monyone', name: '@monyone/aho-corasick' },
  { key: 'mint', name: 'mint-filter' },
  { key: 'modern', name: 'modern-ahocorasick' },
];

function child(
  key: string,
  path: string,
  runs: number,
): { seconds: number[]; retainedBytes: number; pinyinLoadSeconds?: number } | null {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', resolve(BENCH_DIR, 'lib/build-child.ts'), key, path, String(runs)],
    { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 180_000 },
  );
  if (result.status !== 0) {
    log(`censor-build: ${key} failed: ${result.stderr.slice(0, 500)}`);
    return null;
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? 'null');
}

export function censorBuild(corpora: Corpora, rgAvailable: boolean): SuiteResult {
  const figures = [];
  const details: Record<string, unknown> = {};
  for (const n of WORD_SIZES) {
    const path = corpora.wordPaths[n]!;
    const rows: Record<string, unknown> = {};
    let engineSeconds = Number.NaN;
    let engineMb = Number.NaN;
    let librarySeconds = Number.NaN;
    let libraryMb = Number.NaN;
    let pinyinSeconds = Number.NaN;
    let pinyinMb = Number.NaN;
    let pinyinLoad = Number.NaN;
    for (const m of MATCHERS) {
      const r = child(m.key, path, 3);
      if (r === null) continue;
      const s = median(r.seconds);
      const mb = r.retainedBytes / 1024 / 1024;
      rows[m.name] = { seconds: s, runs: r.seconds, retainedMB: mb };
      log(`censor-build ${n / 1000}k: ${m.name.padEnd(34)} ${fmt(s, 3)} s  ${fmt(mb)} MB retained`);
      if (m.key === 'engine') {
        engineSeconds = s;
        engineMb = mb;
      }
      if (m.key === 'censor') {
        librarySeconds = s;
        libraryMb = mb;
      }
      if (m.key === 'censor-pinyin') {
        pinyinSeconds = s;
        pinyinMb = mb;
        pinyinLoad = r.pinyinLoadSeconds ?? Number.NaN;
      }
    }
    if (rgAvailable) {
      // ripgrep compiles the list on every run: its time over an empty file is its build time.
      const runs = [0, 1, 2].map(
        () => timeIt(() => spawnSync('rg', ['-F', '-c', '-f', path, '/dev/null'], { stdio: 'ignore' })).seconds,
      );
      rows['ripgrep (whole process, empty input)'] = { seconds: median(runs), runs };
      log(`censor-build ${n / 1000}k: ripgrep ${fmt(median(runs), 3)} s`);
    }
    details[`${n / 1000}k`] = rows;
    const others = Object.entries(rows)
      .filter(([k]) => !k.startsWith('engine'))
      .map(
        ([k, v]) =>
          `${k.split(' ')[0]} ${fmt((v as { seconds: number }).seconds, 2)} s${(v as { retainedMB?: number }).retainedMB === undefined ? '' : `/${fmt((v as { retainedMB: number }).retainedMB)} MB`}`,
      )
      .join('; ');
    figures.push(
      figure({
        suite: 'censor-build',
        name: `${n / 1000}k words: time`,
        value: engineSeconds,
        unit: 's',
        target: n === 100_000 ? '≤ 0.5 s' : '',
        met: n === 100_000 ? engineSeconds <= 0.5 : null,
        note: others,
      }),
      figure({
        suite: 'censor-build',
        name: `${n / 1000}k words: retained memory`,
        value: engineMb,
        unit: 'MB',
        target: n === 100_000 ? '≤ 20 MB' : '',
        met: n === 100_000 ? engineMb <= 20 : null,
      }),
      figure({
        suite: 'censor-build',
        name: `${n / 1000}k words: censor library rebuild (compileCensor: width, case, traditional, skipNoise 2, allow word)`,
        value: librarySeconds,
        unit: 's',
        target: n === 100_000 ? '≤ 0.5 s' : '',
        met: n === 100_000 && !Number.isNaN(librarySeconds) ? librarySeconds <= 0.5 : null,
        note: `${fmt(libraryMb)} MB retained${n === 100_000 ? ` (target ≤ 20 MB: ${libraryMb <= 20 ? 'met' : 'MISSED'})` : ''}`,
      }),
      figure({
        suite: 'censor-build',
        name: `${n / 1000}k words: censor library rebuild with pinyin (the row above + pinyin: true)`,
        value: pinyinSeconds,
        unit: 's',
        note: `${fmt(pinyinMb)} MB retained, ${fmt(pinyinSeconds / librarySeconds)}× without pinyin; importing pinyin-pro once: ${fmt(pinyinLoad, 3)} s`,
      }),
    );
  }
  const bundle = pinyinBundle();
  if (bundle !== null) {
    details.bundle = bundle;
    figures.push(
      figure({
        suite: 'censor-build',
        name: 'engine main chunk for a browser (esbuild, minified; pinyin split out)',
        value: bundle.main.bytes / 1024,
        unit: 'KB',
        note: `${fmt(bundle.main.gzip / 1024)} KB gzipped; pinyin-pro in it: ${bundle.main.pinyinInputs} files`,
      }),
      figure({
        suite: 'censor-build',
        name: 'pinyin chunk, loaded only by loadPinyin()',
        value: bundle.pinyin.bytes / 1024,
        unit: 'KB',
        note: `${fmt(bundle.pinyin.gzip / 1024)} KB gzipped`,
      }),
    );
  }
  return { figures, details };
}

interface Chunk {
  bytes: number;
  gzip: number;
  pinyinInputs: number;
}

/**
 * What a bundler makes of the engine for a browser (as Vite does for the workbench): esbuild, ESM, minified, code
 * splitting on. The main chunk must not hold pinyin-pro; the dynamic import of `loadPinyin` becomes its own chunk.
 * esbuild is tsup's (in the tree); null when it cannot be loaded.
 */
function pinyinBundle(): { main: Chunk; pinyin: Chunk } | null {
  type Output = { path: string; contents: Uint8Array };
  type Meta = { outputs: Record<string, { inputs: Record<string, unknown>; entryPoint?: string }> };
  let esbuild: { buildSync(options: Record<string, unknown>): { outputFiles: Output[]; metafile: Meta } };
  try {
    esbuild = createRequire(import.meta.url)('esbuild');
  } catch {
    log('censor-build: esbuild unavailable, bundle sizes skipped');
    return null;
  }
  const result = esbuild.buildSync({
    entryPoints: [resolve(BENCH_DIR, '../packages/engine/src/index.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: resolve(BENCH_DIR, '.cache/bundle'),
    platform: 'browser',
    external: ['node:*'],
    logLevel: 'error',
    metafile: true,
  });
  const chunks = result.outputFiles.map((file) => {
    const meta = Object.entries(result.metafile.outputs).find(([path]) => file.path.endsWith(path))?.[1];
    const inputs = Object.keys(meta?.inputs ?? {});
    return {
      entry: meta?.entryPoint !== undefined,
      bytes: file.contents.length,
      gzip: gzipSync(file.contents).length,
      pinyinInputs: inputs.filter((input) => input.includes('pinyin-pro')).length,
    };
  });
  const main = chunks.find((c) => c.entry);
  const pinyin = chunks.filter((c) => c.pinyinInputs > 0).sort((a, b) => b.bytes - a.bytes)[0];
  if (main === undefined || pinyin === undefined) return null;
  log(
    `censor-build: engine main chunk ${fmt(main.bytes / 1024)} KB (${main.pinyinInputs} pinyin-pro files), pinyin chunk ${fmt(pinyin.bytes / 1024)} KB`,
  );
  return { main, pinyin };
}
