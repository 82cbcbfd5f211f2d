import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as OpenCC from 'opencc-js';
import { fmt, log, median, timeIt } from '../lib/common.js';
import { type Corpora, chunksOf, readWords, WORD_SIZES } from '../lib/corpus.js';
import {
  CENSOR_OPTION_ROWS,
  censorOptionMatcher,
  engineMatcher,
  floorScan,
  type Matcher,
  type MatcherFactory,
  mintMatcher,
  modernMatcher,
  monyoneMatcher,
  naiveMatcher,
} from '../lib/matchers.js';
import { check, type Figure, figure, type SuiteResult } from '../lib/report.js';
import { libraryPathFigures } from './censor-library-path.js';

const RUNS = 3;

export interface ScanOptions {
  readonly quick: boolean;
  /** the censor library module's matcher, when it exists */
  readonly censor: MatcherFactory | null;
}

/** Makes sure ripgrep is there (Debian package), installing it when missing; null when it cannot be had. */
export function ensureRipgrep(): string | null {
  const probe = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return probe.stdout.split('\n')[0] ?? 'rg';
  log('censor-scan: ripgrep missing, trying apt-get install -y ripgrep');
  let install = spawnSync('apt-get', ['install', '-y', 'ripgrep'], { encoding: 'utf8' });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { encoding: 'utf8' });
    install = spawnSync('apt-get', ['install', '-y', 'ripgrep'], { encoding: 'utf8' });
  }
  const again = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  return again.status === 0 ? (again.stdout.split('\n')[0] ?? 'rg') : null;
}

function rg(args: readonly string[]): { seconds: number; count: number } {
  const { seconds, value } = timeIt(() =>
    spawnSync('rg', [...args], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  if (value.status !== 0 && value.status !== 1) throw new Error(`rg failed: ${value.stderr}`);
  return { seconds, count: Number.parseInt(value.stdout.trim() || '0', 10) };
}

function charsOf(chunks: readonly string[]): number {
  let n = 0;
  for (const c of chunks) n += c.length;
  return n;
}

function takeChars(chunks: readonly string[], chars: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const c of chunks) {
    if (n >= chars) break;
    out.push(n + c.length <= chars ? c : c.slice(0, c.lastIndexOf('\n', chars - n) + 1 || chars - n));
    n += out[out.length - 1]!.length;
  }
  return out;
}

interface Row {
  name: string;
  chars: number;
  rates: number[];
  count: number | null;
  extrapolated: boolean;
  overlapping: boolean;
}

function runMatcher(row: Row, matcher: Matcher | null, chunks: readonly string[], fn?: () => number): void {
  const { seconds, value } = timeIt(() => (fn ? fn() : matcher!.count(chunks)));
  row.rates.push(row.chars / seconds / 1e6);
  if (matcher) row.count = value;
}

export function censorScan(corpora: Corpora, options: ScanOptions): SuiteResult {
  const figures = [];
  const details: Record<string, unknown> = {};
  const text = readFileSync(corpora.densePath, 'utf8');
  const chunks = chunksOf(text);
  const totalChars = charsOf(chunks);
  const sliceChars = options.quick ? 300_000 : 1_000_000;
  // modern-ahocorasick segments text into grapheme clusters and runs at ~0.01 M chars/s here: a small slice.
  const modernChars = options.quick ? 10_000 : 20_000;
  const slice = takeChars(chunks, sliceChars);
  const rgVersion = ensureRipgrep();
  details.corpus = {
    chars: totalChars,
    bytes: Buffer.byteLength(text),
    lines: chunks.reduce((n, c) => n + c.split('\n').length - 1, 0),
  };
  details.baselineSliceChars = charsOf(slice);
  details.ripgrep = rgVersion ?? 'unavailable: apt-get install -y ripgrep failed; rg baselines skipped';
  if (rgVersion === null) log('censor-scan: ripgrep unavailable — rg baselines skipped');
  log(
    `censor-scan: dense corpus ${(totalChars / 1e6).toFixed(1)} M chars; JS baselines on a ${(charsOf(slice) / 1e6).toFixed(1)} M-char slice`,
  );

  const lists: { label: string; path: string; words: number; sparse: boolean }[] = [
    ...WORD_SIZES.map((n) => ({ label: `${n / 1000}k`, path: corpora.wordPaths[n]!, words: n, sparse: false })),
    { label: 'sparse-10k', path: corpora.sparseWordsPath, words: 10_000, sparse: true },
  ];
  for (const list of lists) {
    const words = readWords(list.path);
    const naiveChars = Math.min(charsOf(slice), Math.round(1e9 / words.length / (options.quick ? 4 : 1)));
    const naiveSlice = takeChars(chunks, naiveChars);
    const engine = engineMatcher(words);
    const modernSlice = takeChars(chunks, modernChars);
    const baselines: Matcher[] = list.sparse ? [monyoneMatcher(words)] : [monyoneMatcher(words), mintMatcher(words)];
    const modern = list.sparse ? null : modernMatcher(words);
    const naive = naiveMatcher(words);
    let censor: Matcher | null = null;
    try {
      censor = options.censor ? options.censor(words) : null;
    } catch (error) {
      log(`censor-scan: compileCensor failed: ${String(error)}`);
    }
    const rows: Row[] = [];
    const row = (name: string, chars: number, extrapolated = false, overlapping = true): Row => {
      const r = { name, chars, rates: [], count: null, extrapolated, overlapping };
      rows.push(r);
      return r;
    };
    const floorRow = row('floor: read every char', totalChars);
    const engineRow = row(engine.name, totalChars);
    const engineSliceRow = row(`${engine.name} (slice)`, charsOf(slice));
    const censorRow = censor ? row(`${censor.name} [slice]`, charsOf(slice)) : null;
    const baseRows = baselines.map((b) => row(b.name, charsOf(slice), false, b.overlapping));
    const modernRow = modern ? row(modern.name, charsOf(modernSlice)) : null;
    const engineModernRow = modern ? row(`${engine.name} (modern slice)`, charsOf(modernSlice)) : null;
    const naiveRow = row('naive includes loop (extrapolated)', charsOf(naiveSlice), true);
    const engineNaiveRow = row(`${engine.name} (naive slice)`, charsOf(naiveSlice));
    const rgCountRow = rgVersion ? row('ripgrep --count-matches (leftmost-first)', totalChars, false, false) : null;
    const rgLineRow = rgVersion ? row('ripgrep -c (lines)', totalChars, false, false) : null;
    for (let r = 0; r < RUNS; r++) {
      runMatcher(floorRow, null, chunks, () => floorScan(chunks));
      runMatcher(engineRow, engine, chunks);
      runMatcher(engineSliceRow, engine, slice);
      if (censor && censorRow) runMatcher(censorRow, censor, slice);
      baselines.forEach((b, i) => {
        runMatcher(baseRows[i]!, b, slice);
      });
      if (modern && modernRow && engineModernRow) {
        runMatcher(modernRow, modern, modernSlice);
        runMatcher(engineModernRow, engine, modernSlice);
      }
      runMatcher(naiveRow, naive, naiveSlice);
      runMatcher(engineNaiveRow, engine, naiveSlice);
      if (rgCountRow && rgLineRow && existsSync(corpora.densePath)) {
        const a = rg(['-F', '--count-matches', '-f', list.path, corpora.densePath]);
        rgCountRow.rates.push(totalChars / a.seconds / 1e6);
        rgCountRow.count = a.count;
        const b = rg(['-F', '-c', '-f', list.path, corpora.densePath]);
        rgLineRow.rates.push(totalChars / b.seconds / 1e6);
        rgLineRow.count = b.count;
      }
    }
    // Correctness: every overlapping matcher reports the engine's count on the same text.
    const agreement: Record<string, string> = {};
    for (const b of baseRows) {
      agreement[b.name] = b.overlapping
        ? b.count === engineSliceRow.count
          ? 'equal'
          : `DIFFERS: ${b.count} vs engine ${engineSliceRow.count}`
        : `not comparable (${b.count} vs engine ${engineSliceRow.count}; misses overlaps)`;
    }
    if (censorRow) {
      agreement[censorRow.name] =
        censorRow.count === engineSliceRow.count
          ? 'equal'
          : `differs: ${censorRow.count} vs engine AhoCorasick ${engineSliceRow.count} (different reporting semantics)`;
    }
    if (modernRow && engineModernRow) {
      // It only matches at grapheme-cluster boundaries (a Han character followed by a variation selector or a
      // combining mark is not matched), so a small difference is a difference of semantics, not an error.
      agreement[modernRow.name] =
        modernRow.count === engineModernRow.count
          ? 'equal'
          : `differs by ${(engineModernRow.count ?? 0) - (modernRow.count ?? 0)} (${modernRow.count} vs engine ${engineModernRow.count}): grapheme-cluster semantics`;
    }
    agreement['naive (ground truth)'] =
      naiveRow.count === engineNaiveRow.count
        ? 'equal'
        : `DIFFERS: ${naiveRow.count} vs engine ${engineNaiveRow.count}`;
    const med = (r: Row | null) => (r ? median(r.rates) : null);
    const eng = med(engineRow)!;
    const bestNpm = Math.max(...baseRows.map((b) => med(b)!), modernRow ? med(modernRow)! : 0);
    const rgc = med(rgCountRow);
    const summary = rows.map((r) => ({
      name: r.name,
      chars: r.chars,
      mCharsPerSecond: med(r),
      runs: r.rates,
      count: r.count,
      extrapolated: r.extrapolated,
    }));
    details[list.label] = {
      words: words.length,
      matchesPerChar: engineRow.count === null ? null : engineRow.count / totalChars,
      rows: summary,
      agreement,
    };
    for (const [name, verdict] of Object.entries(agreement)) {
      log(`censor-scan ${list.label}: ${name}: ${verdict}`);
      if (verdict === 'equal' || verdict.startsWith('DIFFERS'))
        check('censor-scan', `${list.label}: count = ${name}`, verdict === 'equal', verdict);
    }
    for (const r of summary)
      log(
        `censor-scan ${list.label}: ${r.name.padEnd(48)} ${fmt(r.mCharsPerSecond)} M chars/s  count ${r.count ?? ''}`,
      );
    if (list.words === 10_000 && !list.sparse && options.censor !== null) {
      figures.push(...libraryPathFigures(words, slice, list.label, med(rgCountRow), details));
      figures.push(...censorOptionFigures(words, slice, list.label, details));
    }

    const ratioNote = `${fmt(eng / bestNpm)}× best npm (${fmt(bestNpm)})${rgc ? `, ${fmt(eng / rgc)}× rg --count-matches (${fmt(rgc)})` : ''}, ${fmt((eng / med(floorRow)!) * 100, 0)}% of floor (${fmt(med(floorRow))})`;
    const agreeOk = Object.values(agreement).every((v) => !v.startsWith('DIFFERS'));
    const censorNote = censorRow ? `; censor library ${fmt(med(censorRow))} M chars/s on the slice` : '';
    if (list.sparse) {
      const pct = (eng / med(floorRow)!) * 100;
      figures.push(
        figure({
          suite: 'censor-scan',
          name: `10 k words, sparse (${engineRow.count} matches, 1 per ${fmt(totalChars / Math.max(1, engineRow.count ?? 1), 0)} chars)`,
          value: eng,
          unit: 'M chars/s',
          target: '≥ 50 % of the floor',
          met: pct >= 50,
          note: `${ratioNote}; counts ${agreeOk ? 'agree' : 'DISAGREE'}${censorNote}`,
        }),
      );
    } else {
      let target = '';
      let met: boolean | null = null;
      if (list.words === 10_000) {
        target = '≥ 60 M chars/s, ≥ 15× best npm, ≥ 6× rg --count-matches';
        met = eng >= 60 && eng / bestNpm >= 15 && (rgc === null || eng / rgc >= 6);
      } else if (list.words === 100_000) {
        target = '≥ 40 M chars/s';
        met = eng >= 40;
      }
      figures.push(
        figure({
          suite: 'censor-scan',
          name: `${list.label} words, dense`,
          value: eng,
          unit: 'M chars/s',
          target,
          met,
          note: `${ratioNote}; counts ${agreeOk ? 'agree' : 'DISAGREE'}${censorNote}`,
        }),
      );
      for (const r of summary) {
        if (r.name.startsWith('engine') && r.chars === totalChars) continue;
        figures.push(
          figure({
            suite: 'censor-scan',
            name: `  ${list.label}: ${r.name}${r.chars < totalChars ? ` [${fmt(r.chars / 1e6, 2)} M-char slice]` : ''}`,
            value: r.mCharsPerSecond,
            unit: 'M chars/s',
            note: `engine ${fmt(eng / (r.mCharsPerSecond ?? Number.NaN))}× this`,
          }),
        );
      }
    }
  }
  return { figures, details };
}

/**
 * The censor library's options (issue 16 §2), each a library of the same words on the same slice, timed in turns
 * with the default library (3 runs each, medians), so the extra cost of each option reads as a ratio taken side
 * by side: in 64 K-char chunks (nearly every chunk holds something to fold or skip) and per message (as ingest
 * scans: the extra passes run only for the messages that need them). The same slice converted to traditional
 * characters (opencc-js, cn → tw) shows the traditional view's cost when every text needs it.
 */
function censorOptionFigures(
  words: readonly string[],
  slice: readonly string[],
  label: string,
  details: Record<string, unknown>,
) {
  const chars = charsOf(slice);
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
  const traditionalSlice = slice.map((chunk) => toTraditional(chunk));
  const rows = CENSOR_OPTION_ROWS.map((row) => ({ row, matcher: censorOptionMatcher(words, row) }));
  // per message, as ingest scans: an extra pass runs only for the messages that need it
  const messages = slice.flatMap((chunk) => chunk.split('\n')).filter((line) => line !== '');
  const texts: { name: string; chunks: readonly string[] }[] = [
    { name: 'STC-3 slice', chunks: slice },
    { name: 'the slice per message', chunks: messages },
    { name: 'the slice in traditional characters', chunks: traditionalSlice },
  ];
  const figures: Figure[] = [];
  const out: Record<string, unknown> = {};
  for (const text of texts) {
    const chosen =
      text.chunks !== traditionalSlice ? rows : rows.filter((r) => /default|traditional|every/.test(r.row.label));
    const rates = chosen.map(() => [] as number[]);
    const counts = chosen.map(() => 0);
    for (let run = 0; run < RUNS; run++) {
      chosen.forEach((r, i) => {
        const { seconds, value } = timeIt(() => r.matcher.count(text.chunks));
        rates[i]!.push(chars / seconds / 1e6);
        counts[i] = value;
      });
    }
    const base = median(rates[0]!);
    chosen.forEach((r, i) => {
      const rate = median(rates[i]!);
      out[`${text.name}: ${r.row.label}`] = { mCharsPerSecond: rate, runs: rates[i], count: counts[i] };
      log(
        `censor-scan ${label} options, ${text.name}: ${r.row.label.padEnd(40)} ${fmt(rate)} M chars/s  count ${counts[i]}`,
      );
      figures.push(
        figure({
          suite: 'censor-scan',
          name: `  ${label}: censor option, ${text.name}: ${r.row.label} [${fmt(chars / 1e6, 2)} M-char slice]`,
          value: rate,
          unit: 'M chars/s',
          note: i === 0 ? `${counts[i]} matches` : `${fmt(rate / base)}× the default row; ${counts[i]} matches`,
        }),
      );
    });
  }
  details[`${label} options`] = out;
  return figures;
}
