import { compileCensorGeneral } from '../../packages/engine/src/censor/compile-censor.js';
import { compileCensor } from '../../packages/engine/src/censor/index.js';
import { fmt, log, median } from '../lib/common.js';
import { engineMatcher } from '../lib/matchers.js';
import { check, type Figure, figure } from '../lib/report.js';

/** Runs in turns: the library path's target is a ratio, so each row is timed beside the automaton many times. */
const RUNS = 9;

/**
 * CPU time of `fn` (the process's user + system time, in seconds): on a machine shared with other work, a
 * single-threaded loop's CPU time moves far less with the load than its wall time does.
 */
function cpuTimeIt<T>(fn: () => T): { seconds: number; value: T } {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, value };
}
/** Issue 16 §3: the library path within 1.3× of the raw automaton, ≥ 60 M chars/s, ≥ 6× rg --count-matches. */
const WITHIN = 1.3;
const AT_LEAST = 60;
const TIMES_RG = 6;
/** ASCII words a contact centre's list holds (contact cues, abbreviations): the class rule checks each of their hits. */
const ASCII_WORDS = [
  'qq',
  'vx',
  'wx',
  'weixin',
  'wechat',
  'zfb',
  'alipay',
  'tb',
  'jd',
  'app',
  'id',
  'ok',
  'hi',
  'sb',
  'nm',
  'tmd',
  'cnm',
  'wtf',
  'fuck',
  'shit',
];

/**
 * The library path a backend service calls (`compileCensor(libraries).scan(text, message)`, default options, one
 * REPORT library of the words), timed in turns with the raw automaton under it (`AhoCorasick` + `MatchList`) on the
 * same slice, in 64 K-char chunks and per message:
 * - `scan`, the gate: the answer's operation and count read (what delivering, masking or blocking a message needs;
 *   the answer makes its match objects only when they are read); again with ASCII words added to the library (their
 *   hits go through the class rule);
 * - `scan`, every match read (the log's view: one object per match);
 * - `count()`.
 * The target row is the gate in chunks (the automaton's own row is measured in chunks). Rates are per second of CPU
 * time (the rest of the suite: wall time).
 */
export function libraryPathFigures(
  words: readonly string[],
  slice: readonly string[],
  label: string,
  rgCountRate: number | null,
  details: Record<string, unknown>,
): Figure[] {
  const chars = slice.reduce((n, chunk) => n + chunk.length, 0);
  const automaton = engineMatcher(words);
  const scanner = compileCensor([
    { id: 'bench', name: 'bench', words: [...words], operation: 'REPORT', status: 'ACTIVE', flag: 'cs-customer' },
  ]);
  // the same words plus ASCII ones a desk lists (class boundaries, on by default, apply to these); its count is
  // held to the general path's (no fast path), not to the automaton's
  const asciiLibrary = {
    id: 'bench',
    name: 'bench',
    words: [...words, ...ASCII_WORDS],
    operation: 'REPORT',
    status: 'ACTIVE',
    flag: 'cs-customer',
  } as const;
  const withAscii = compileCensor([asciiLibrary]);
  const asciiReference = compileCensorGeneral([asciiLibrary]);
  const customer = { role: 'CUSTOMER' };
  const rows: {
    name: string;
    count: (texts: readonly string[]) => number;
    /** the count it must give (default: the automaton's) */
    expected?: (texts: readonly string[]) => number;
  }[] = [
    { name: 'raw automaton (AhoCorasick + MatchList)', count: (texts) => automaton.count(texts) },
    {
      name: 'scan, the gate (operation and count read)',
      count: (texts) => {
        let n = 0;
        for (const text of texts) {
          const answer = scanner.scan(text, customer);
          if (answer.operation !== null) n += answer.count;
        }
        return n;
      },
    },
    {
      name: `scan, the gate, with ${ASCII_WORDS.length} ASCII words added`,
      count: (texts) => {
        let n = 0;
        for (const text of texts) {
          const answer = withAscii.scan(text, customer);
          if (answer.operation !== null) n += answer.count;
        }
        return n;
      },
      expected: (texts) => texts.reduce((n, text) => n + asciiReference.scan(text, customer).matches.length, 0),
    },
    {
      name: 'scan, every match read',
      count: (texts) => {
        let n = 0;
        for (const text of texts) n += scanner.scan(text, customer).matches.length;
        return n;
      },
    },
    {
      name: 'count()',
      count: (texts) => {
        let n = 0;
        for (const text of texts) n += scanner.count(text, customer);
        return n;
      },
    },
  ];
  const messages = slice.flatMap((chunk) => chunk.split('\n')).filter((line) => line !== '');
  const figures: Figure[] = [];
  const out: Record<string, unknown> = {};
  for (const [shape, texts] of [
    ['64 K chunks', slice],
    ['per message', messages],
  ] as const) {
    const rates = rows.map(() => [] as number[]);
    const counts = rows.map(() => 0);
    for (let run = 0; run < RUNS; run++)
      rows.forEach((row, i) => {
        const { seconds, value } = cpuTimeIt(() => row.count(texts));
        rates[i]!.push(chars / seconds / 1e6);
        counts[i] = value;
      });
    const automatonRate = median(rates[0]!);
    const expected = rows.map((row, i) => (i === 0 ? counts[0]! : (row.expected?.(texts) ?? counts[0]!)));
    for (let i = 1; i < rows.length; i++)
      check(
        'censor-scan',
        `${label} library path, ${shape}: ${rows[i]!.name}: count = ${rows[i]!.expected ? 'the general path' : "the automaton's"}`,
        counts[i] === expected[i],
        `${counts[i]} vs ${expected[i]}`,
      );
    rows.forEach((row, i) => {
      const rate = median(rates[i]!);
      const times = automatonRate / rate;
      out[`${shape}: ${row.name}`] = { mCharsPerSecond: rate, runs: rates[i], count: counts[i], timesAutomaton: times };
      log(
        `censor-scan ${label} library path, ${shape}: ${row.name.padEnd(42)} ${fmt(rate)} M chars/s (CPU)  ${times.toFixed(2)}× the automaton's time  count ${counts[i]}`,
      );
      const gate = i === 1 && shape === '64 K chunks';
      const rgNote = rgCountRate === null ? '' : `, ${fmt(rate / rgCountRate)}× rg --count-matches`;
      figures.push(
        figure({
          suite: 'censor-scan',
          name: `${i === 0 ? '' : '  '}${label}: library path, ${shape}: ${row.name} [${fmt(chars / 1e6, 2)} M-char slice]`,
          value: rate,
          unit: 'M chars/s',
          ...(gate
            ? {
                target: `within ${WITHIN}× the automaton, ≥ ${AT_LEAST} M chars/s, ≥ ${TIMES_RG}× rg --count-matches`,
                met: times <= WITHIN && rate >= AT_LEAST && (rgCountRate === null || rate / rgCountRate >= TIMES_RG),
              }
            : {}),
          note:
            i === 0
              ? `${counts[i]} matches; in turns with the rows below, ${RUNS} runs, CPU time`
              : `${times.toFixed(2)}× the automaton's time${rgNote}; ${counts[i]} matches (${counts[i] === expected[i] ? 'as expected' : `DIFFERS: ${expected[i]} expected`})`,
        }),
      );
    });
  }
  details[`${label} library path`] = out;
  return figures;
}
