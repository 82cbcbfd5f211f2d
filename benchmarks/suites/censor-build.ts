import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { BENCH_DIR, fmt, log, median, timeIt } from '../lib/common.js';
import { type Corpora, WORD_SIZES } from '../lib/corpus.js';
import { figure, type SuiteResult } from '../lib/report.js';

const MATCHERS: { key: string; name: string }[] = [
  { key: 'engine', name: 'engine AhoCorasick (folding on)' },
  { key: 'censor', name: 'engine compileCensor (library, all options on)' },
  { key: 'monyone', name: '@monyone/aho-corasick' },
  { key: 'mint', name: 'mint-filter' },
  { key: 'modern', name: 'modern-ahocorasick' },
];

function child(key: string, path: string, runs: number): { seconds: number[]; retainedBytes: number } | null {
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
    );
  }
  return { figures, details };
}
