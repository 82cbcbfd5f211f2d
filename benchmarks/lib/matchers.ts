import { AhoCorasick as Monyone } from '@monyone/aho-corasick';
import { Mint } from 'mint-filter';
import ModernAhoCorasick from 'modern-ahocorasick';
import {
  type CensorLibraryOptions,
  type CensorOperation,
  CONTACT_CATEGORIES,
  compileCensor,
  loadPinyin,
} from '../../packages/engine/src/censor/index.js';
import { AhoCorasick, foldText, MatchList } from '../../packages/engine/src/index.js';

/** A matcher under test: built once from a word list, then counts the occurrences it reports over chunks of text. */
export interface Matcher {
  readonly name: string;
  /** whether it reports every occurrence, overlapping ones included (then its counts must equal the engine's) */
  readonly overlapping: boolean;
  count(chunks: readonly string[]): number;
}

export type MatcherFactory = (words: readonly string[]) => Matcher;

/** Patterns as the engine's automaton takes them: folded (width and case), distinct. */
export function enginePatterns(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => foldText(w)))];
}

export const engineMatcher: MatcherFactory = (words) => {
  const automaton = new AhoCorasick(enginePatterns(words));
  const list = new MatchList(1 << 12);
  return {
    name: 'engine AhoCorasick + MatchList',
    overlapping: true,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) {
        list.clear();
        automaton.scan(chunk, list);
        n += list.length;
      }
      return n;
    },
  };
};

export const monyoneMatcher: MatcherFactory = (words) => {
  const ac = new Monyone([...words]);
  return {
    name: '@monyone/aho-corasick',
    overlapping: true,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) n += ac.matchInText(chunk).length;
      return n;
    },
  };
};

export const mintMatcher: MatcherFactory = (words) => {
  const mint = new Mint([...words]);
  return {
    name: 'mint-filter (misses overlaps)',
    overlapping: false,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) n += mint.filter(chunk, { replace: false }).words.length;
      return n;
    },
  };
};

export const modernMatcher: MatcherFactory = (words) => {
  const ac = new ModernAhoCorasick([...words]);
  return {
    name: 'modern-ahocorasick',
    overlapping: true,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) n += ac.search(chunk).length;
      return n;
    },
  };
};

/** The naive matcher and the ground truth: `indexOf` for every word, every occurrence (overlapping). */
export const naiveMatcher: MatcherFactory = (words) => {
  const patterns = enginePatterns(words);
  return {
    name: 'naive includes/indexOf loop',
    overlapping: true,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) {
        const text = foldText(chunk);
        for (const w of patterns) {
          if (!text.includes(w)) continue;
          for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) n++;
        }
      }
      return n;
    },
  };
};

/** The floor: read every character code and nothing else. */
export function floorScan(chunks: readonly string[]): number {
  let sum = 0;
  for (const chunk of chunks) for (let i = 0, n = chunk.length; i < n; i++) sum = (sum + chunk.charCodeAt(i)) | 0;
  return sum;
}

/**
 * The censor library as the console saves it, every option on: one library of the words with width and case
 * folding, traditional folding, noise skipping (k = 2) and an allow word; scans customer messages.
 */
export const censorLibraryMatcher: MatcherFactory = (words) => {
  const scanner = compileCensor(
    [{ id: 'bench', name: 'bench', words: [...words], operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer' }],
    { libraries: { bench: { skipNoise: 2, traditional: true, allowWords: ['大麻烦'] } } },
  );
  return {
    name: 'engine compileCensor (all options on)',
    overlapping: false,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) n += scanner.scan(chunk, { role: 'CUSTOMER' }).matches.length;
      return n;
    },
  };
};

/** The censor library's options (issue 16 §2), one bench row each, beside the default row in the same run. */
export interface CensorOptionRow {
  readonly label: string;
  readonly options: CensorLibraryOptions;
  readonly operation?: CensorOperation;
  /** count with `scanner.count` (no match objects) instead of `scan(...).matches.length` */
  readonly count?: boolean;
}

export const CENSOR_OPTION_ROWS: readonly CensorOptionRow[] = [
  { label: 'default options (class boundaries on)', options: {} },
  { label: 'default options, count() (no match objects)', options: {}, count: true },
  { label: 'classBoundaries off (the rule before)', options: { classBoundaries: false } },
  { label: 'traditional (characters and phrases)', options: { traditional: true } },
  { label: 'skipNoise 2', options: { skipNoise: 2 } },
  { label: 'numberStyles', options: { numberStyles: true } },
  { label: 'letterStyles', options: { letterStyles: true } },
  { label: 'repeats', options: { repeats: true } },
  { label: 'pinyin', options: { pinyin: true } },
  { label: 'contact detectors (all 6)', options: { categories: [...CONTACT_CATEGORIES] } },
  {
    label: 'FUZZY with mask and replacements',
    options: { mask: '#', replacements: { 大麻: '[哔]' } },
    operation: 'FUZZY',
  },
  {
    label: 'every option on',
    options: {
      traditional: true,
      skipNoise: 2,
      numberStyles: true,
      letterStyles: true,
      repeats: true,
      pinyin: true,
      categories: [...CONTACT_CATEGORIES],
      allowWords: ['大麻烦'],
    },
    operation: 'FUZZY',
  },
];

/** One REPORT (or the row's operation) library of the words with a row's options (pinyin: `loadCensorFactory` loaded it). */
export function censorOptionMatcher(words: readonly string[], row: CensorOptionRow): Matcher {
  const scanner = compileCensor(
    [
      {
        id: 'bench',
        name: 'bench',
        words: [...words],
        operation: row.operation ?? 'REPORT',
        status: 'ACTIVE',
        flag: 'cs-customer',
      },
    ],
    { libraries: { bench: row.options } },
  );
  return {
    name: `compileCensor: ${row.label}`,
    overlapping: false,
    count(chunks) {
      let n = 0;
      if (row.count === true) for (const chunk of chunks) n += scanner.count(chunk, { role: 'CUSTOMER' });
      else for (const chunk of chunks) n += scanner.scan(chunk, { role: 'CUSTOMER' }).matches.length;
      return n;
    },
  };
}

/** The library as `censorLibraryMatcher` builds it, plus pinyin (the child loads pinyin-pro before timing). */
export const censorPinyinMatcher: MatcherFactory = (words) => {
  const scanner = compileCensor(
    [{ id: 'bench', name: 'bench', words: [...words], operation: 'FUZZY', status: 'ACTIVE', flag: 'cs-customer' }],
    { libraries: { bench: { skipNoise: 2, traditional: true, allowWords: ['大麻烦'], pinyin: true } } },
  );
  return {
    name: 'engine compileCensor (all options on, pinyin too)',
    overlapping: false,
    count(chunks) {
      let n = 0;
      for (const chunk of chunks) n += scanner.scan(chunk, { role: 'CUSTOMER' }).matches.length;
      return n;
    },
  };
};

export const FACTORIES: Record<string, MatcherFactory> = {
  engine: engineMatcher,
  censor: censorLibraryMatcher,
  'censor-pinyin': censorPinyinMatcher,
  monyone: monyoneMatcher,
  mint: mintMatcher,
  modern: modernMatcher,
};

/**
 * The censor library module (`compileCensor`, built in parallel), when it exists: one REPORT library of the
 * words, scanning customer messages. Loaded dynamically so the bench runs without it.
 */
export async function loadCensorFactory(): Promise<MatcherFactory | null> {
  const { existsSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const url = new URL('../../packages/engine/src/censor/index.ts', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  type Scanner = { scan(text: string, message: { role: string }): { matches: readonly unknown[] } };
  const mod = (await import(url.href)) as { compileCensor?: (libs: unknown[], options?: unknown) => Scanner };
  const compileCensor = mod.compileCensor;
  if (typeof compileCensor !== 'function') return null;
  // the option rows' pinyin library needs pinyin-pro, imported here once (compiling stays synchronous)
  await loadPinyin();
  return (words) => {
    const scanner = compileCensor([
      { id: 'bench', name: 'bench', words: [...words], operation: 'REPORT', status: 'ACTIVE', flag: 'cs-customer' },
    ]);
    return {
      name: 'engine compileCensor (censor library)',
      overlapping: true,
      count(chunks) {
        let n = 0;
        for (const chunk of chunks) n += scanner.scan(chunk, { role: 'CUSTOMER' }).matches.length;
        return n;
      },
    };
  };
}
