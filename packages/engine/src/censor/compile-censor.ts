import { AhoCorasick, type TallyAsker, type TallyResult, type TallyWeights } from '../automaton/aho-corasick.js';
import { MatchList } from '../automaton/match-list.js';
import { TALLY_ASK } from '../automaton/tally-table.js';
import { foldText, isAsciiOnly, standsAlone } from '../text/fold.js';
import { DETECTED, HitArena, LazyAnswer, type TextRereader, wordMatch } from './censor-answer.js';
import { CONTACT_CATEGORIES, type ContactCategory, type ContactHit, detectContacts } from './contacts.js';
import {
  type CharFold,
  charClass,
  charFold,
  classAt,
  classBefore,
  FOLD_REPEATS,
  FOLD_TRADITIONAL,
  foldWord,
  hasLetter,
  noiseFor,
  type View,
  ViewBuilder,
} from './fold-profile.js';
import { HitList } from './hit-list.js';
import { PinyinReadings, pinyinSpellings } from './pinyin.js';
import { type ReadLibrary, readLibraries } from './read-libraries.js';
import { selectLibraries } from './select-libraries.js';
import { foldTraditionalPhrases } from './traditional.js';
import type {
  CensorLibrary,
  CensorMatch,
  CensorMessage,
  CensorOperation,
  CensorOptions,
  CensorResult,
  CensorScanner,
} from './types.js';

const STRENGTH: Record<CensorOperation, number> = { REPORT: 1, FUZZY: 2, ABORT: 3 };
/** Gate weights remembered per selection and role before the memo starts over (a desk has a few of each). */
const GATE_MEMO_LIMIT = 64;
const NO_INTS = new Int32Array(0);
const OPERATION_OF_STRENGTH: readonly (CensorOperation | null)[] = [null, 'REPORT', 'FUZZY', 'ABORT'];
/** What a pass reads: the text or a folded view; a noise-free view; a pinyin view. */
const PLAIN = 0;
const NOISE = 1;
const PINYIN = 2;
type PassMode = typeof PLAIN | typeof NOISE | typeof PINYIN;
/** Pattern edge bits: the first unit is an ASCII letter (1) or digit (2); the last, the same shifted by 2. */
const FIRST = 3;
const LAST = 12;

/** The class rule: at an end that is a letter no letter beside it, at an end that is a digit no digit. */
function classOk(text: string, start: number, end: number, edges: number, fold: CharFold): boolean {
  if (edges & FIRST && (classBefore(text, start, fold) & edges & FIRST) !== 0) return false;
  if (edges & LAST && ((classAt(text, end, fold) << 2) & edges & LAST) !== 0) return false;
  return true;
}

/**
 * Compiles sensitive-word libraries into one scanner (ENGINE-SEMANTICS "Sensitive-word libraries"; the options and
 * what each costs: README.md beside this file).
 *
 * Every word and allow word of every ACTIVE library goes into ONE Aho-Corasick automaton, folded the way its
 * library folds text (width and case always; then traditional, number and letter styles, repeated characters), with
 * its other forms (phrase-level simplified, pinyin spellings) as further patterns of the same word. A distinct
 * folded pattern is one pattern; the libraries and words owning it hang off it in a linked list of typed arrays.
 *
 * A scan reads the text once as it is. Only when a selected library asks for it, and only when the text needs it,
 * come extra passes, each over a view that maps back to the original text so spans stay exact:
 * - folds (traditional, number styles, letter styles, repeats): one view per set of folds among the selected
 *   libraries, skipped when nothing in the text folds beyond width and case (`ViewBuilder.build` gives null);
 * - phrase-level traditional: the view again with phrases replaced, only when one occurs;
 * - noise skipping: a view without noise characters, skipped unless some noise run of the text lies between two
 *   characters adjacent in a noise-skipping word (one cheap look at the noise runs, against a sorted table of
 *   such pairs); a hit there that skipped no noise was already found, one that skipped more than the library's k
 *   is dropped;
 * - contact detectors: one linear pass for the categories the selected libraries picked.
 * Text without anything to fold or skip costs one automaton pass, whatever the options.
 */
export function compileCensor(libraries: readonly CensorLibrary[], options: CensorOptions = {}): CensorScanner {
  return new CompiledCensor(
    readLibraries(libraries, options).filter((library) => library.active),
    true,
  );
}

/**
 * The same scanner with its fast paths off (every hit through the owner walk, every run sorted by the general
 * sort, every selection through the general loop): the reference the property tests hold the fast paths to.
 * Not exported from the package.
 */
export function compileCensorGeneral(libraries: readonly CensorLibrary[], options: CensorOptions = {}): CensorScanner {
  return new CompiledCensor(
    readLibraries(libraries, options).filter((library) => library.active),
    false,
  );
}

/**
 * Fixes how a scanner's gate reads the plain pass (`AhoCorasick.tallyBy`: the tally table, the scan, or by the text,
 * the default): tests hold each way to the general path. Not exported from the package.
 */
export function gateReadsBy(scanner: CensorScanner, way: 'table' | 'scan' | 'auto'): void {
  if (scanner instanceof CompiledCensor) scanner.gateReadsBy(way);
}

/** One automaton and, per pattern, its first owner and what the boundary rules need. */
interface PatternTable {
  readonly automaton: AhoCorasick;
  /** per pattern: first owner, or -1 */
  readonly firstOwner: Int32Array;
  /** per pattern: 1 when made only of ASCII (the boundary rules apply) */
  readonly asciiOnly: Uint8Array;
  /** per pattern: FIRST and LAST class bits */
  readonly edges: Uint8Array;
  /**
   * per pattern p, at 3p: when it has only one owner and nothing to check beyond the library (no boundary rule, no
   * repeat counts), that owner's library, word and the pattern's length, else -1: most hits of a plain pass take
   * this path, one write and no owner walk (three ints side by side: one cache line per hit on a large list)
   */
  readonly sole: Int32Array;
  /**
   * per pattern: its sole owner's library when `sole` has one and the owner is a word (not an allow word), else -1:
   * all the gate reads for most hits (a small array: it stays in cache)
   */
  readonly gateLib: Int32Array;
}

/** Patterns being gathered for one automaton: each distinct folded form once, with the head of its owner list. */
class PatternSet {
  readonly patterns: string[] = [];
  readonly first: number[] = [];
  private readonly index = new Map<string, number>();

  /** The pattern's id, added when new. */
  id(pattern: string): number {
    let p = this.index.get(pattern);
    if (p === undefined) {
      p = this.patterns.length;
      this.patterns.push(pattern);
      this.index.set(pattern, p);
      this.first.push(-1);
    }
    return p;
  }

  build(): PatternTable {
    const { patterns } = this;
    const asciiOnly = new Uint8Array(patterns.length);
    const edges = new Uint8Array(patterns.length);
    patterns.forEach((pattern, p) => {
      if (isAsciiOnly(pattern)) asciiOnly[p] = 1;
      edges[p] = charClass(pattern.charCodeAt(0)) | (charClass(pattern.charCodeAt(pattern.length - 1)) << 2);
    });
    const firstOwner = Int32Array.from(this.first);
    const sole = new Int32Array(patterns.length * 3).fill(-1);
    const gateLib = new Int32Array(patterns.length).fill(-1);
    return { automaton: new AhoCorasick(patterns), firstOwner, asciiOnly, edges, sole, gateLib };
  }
}

class CompiledCensor implements CensorScanner, TextRereader, TallyAsker {
  /** every form of every word but the pinyin spellings */
  private readonly main: PatternTable;
  /** the pinyin spellings, in an automaton of their own (read only in a text's pinyin view); null: no pinyin */
  private readonly pinyin: PatternTable | null;
  private readonly ownerLib: Int32Array;
  private readonly ownerWord: Int32Array;
  private readonly ownerNext: Int32Array;
  /** per owner: offset in `runNeeds` of how many of each character its word has (repeats), or -1 (one each) */
  private readonly ownerRuns: Int32Array;
  private readonly runNeeds: Int32Array;
  /** each Chinese character's own reading, for the pinyin view (null: no library asks for pinyin) */
  private readonly readings: PinyinReadings | null;
  /** per library: 1 when it needs more than the plain pass (folds, noise skipping, pinyin, contact detectors) */
  private readonly extra: Uint8Array;
  /**
   * Adjacent code-unit pairs of the patterns of noise-skipping libraries (and each unit with itself, for
   * repeats): a noise run matters only between such a pair, so most text with noise skips the noise pass.
   */
  private readonly gapPairs: Uint32Array;
  /** the automaton's hits of a pass (cleared per pass) */
  private readonly list = new MatchList(256);
  /** the automaton's hits of a gated answer's text, read again when its matches are read */
  private readonly rereading = new MatchList(256);
  /** per selection and role, what the gate weighs each pattern (see `gateWeights`) */
  private readonly gateMemo = new Map<string, TallyWeights>();
  /** the gate weights for the sender of the previous message (null: not yet needed) */
  private lastWeights: TallyWeights | null = null;
  private readonly tallied: TallyResult = { count: 0, flags: 0, scanned: false };
  /** the gate under way: its text, and what its asked hits (`ask`) added */
  private gateText = '';
  private askedCount = 0;
  private askedStrongest = 0;
  /** the hits of the scan under way, reused: a scan makes no object per hit, only one per match it answers */
  private readonly hits = new HitList();
  /** the hits the scan under way keeps (indices into `hits`, in order), their strongest operation, and per library its operation on this message */
  private kept: Int32Array = new Int32Array(256);
  private strongest: CensorOperation | null = null;
  private lastSender: CensorMessage | null = null;
  private lastSelected: Uint8Array | null = null;
  /** whether a library of `lastSelected` needs a pass beyond the plain one */
  private lastExtra = false;
  private operations: readonly CensorOperation[] = [];
  /** per library, the strength (STRENGTH) of its operation for the sender of the previous message */
  private strengths: Int8Array = new Int8Array(0);
  /**
   * The scan under way took the gate (`gate`): it counted its matches and decided their operation without making
   * them; its answer reads the text again when they are read.
   */
  private gated = false;
  /** the hits of a gated answer's matches being made (kept apart from `hits`, which the scan under way uses) */
  private readonly answering = new HitList();
  /** where the answers of other scans keep a copy of their matches until read */
  private readonly arena = new HitArena();
  /** per library, flat for the per-hit loop: its skipNoise, and 1 when it follows the class rule */
  private readonly libSkip: Int32Array;
  private readonly libClass: Uint8Array;
  /** per library: its operation on a customer's message and on an agent's (FUZZY is reported for an agent) */
  private readonly customerOp: readonly CensorOperation[];
  private readonly agentOp: readonly CensorOperation[];
  private readonly views = new ViewBuilder();
  /** width and case only: how the plain pass reads characters */
  private readonly base = charFold(0);
  /** scans, and automaton passes over a text or a view, summed (tests check that extra passes stay conditional) */
  readonly stats = { scans: 0, passes: 0 };

  constructor(
    private readonly libraries: readonly ReadLibrary[],
    /** the fast paths (false: the general path only, for tests) */
    private readonly fast: boolean,
  ) {
    this.hits.general = !fast;
    const main = new PatternSet();
    const spellings = new PatternSet();
    const owners: number[] = [];
    const ownerWords: number[] = [];
    const ownerRuns: number[] = [];
    const provider = libraries.find((library) => library.pinyin !== null)?.pinyin ?? null;
    this.readings = provider === null ? null : new PinyinReadings(provider);
    const reading = (unit: number) => this.readings!.reading(unit);
    const runKeys: string[] = [];
    const needs: number[] = [];
    const next: number[] = [];
    const pairs: number[] = [];
    const builder = this.views;
    libraries.forEach((library, lib) => {
      const bits = library.bits;
      const addPattern = (set: PatternSet, pattern: string, index: number, runs: number[] | null) => {
        if (pattern === '') return;
        const key = runs === null ? '' : runs.join(',');
        const p = set.id(pattern);
        const first = set.first;
        // Another spelling of a word (or allow word) of this library: its owners sit at the head of the list;
        // the first spelling reports (unless their repeated characters differ: `assert` and `asert`).
        for (let o = first[p]!; o >= 0 && owners[o] === lib; o = next[o]!)
          if (ownerWords[o]! < 0 === index < 0 && runKeys[o] === key) return;
        if (library.skipNoise > 0 && set === main) {
          for (let i = 1; i < pattern.length; i++)
            pairs.push(pattern.charCodeAt(i - 1) * 0x10000 + pattern.charCodeAt(i));
          if (bits & FOLD_REPEATS) for (let i = 0; i < pattern.length; i++) pairs.push(pattern.charCodeAt(i) * 0x10001);
        }
        const o = owners.length;
        owners.push(lib);
        ownerWords.push(index);
        runKeys.push(key);
        if (runs === null) ownerRuns.push(-1);
        else {
          ownerRuns.push(needs.length);
          needs.push(...runs);
        }
        next.push(first[p]!);
        first[p] = o;
      };
      const add = (word: string, index: number) => {
        const { pattern, runs } = foldWord(word, bits, builder);
        addPattern(main, pattern, index, runs);
        if (bits & FOLD_TRADITIONAL) {
          const phrased = foldTraditionalPhrases(pattern);
          if (phrased !== pattern) addPattern(main, phrased, index, runs);
        }
        if (library.pinyin !== null && index >= 0) {
          // the pinyin view reads characters folded but never collapses runs: spell the word the same way
          const chars = foldWord(word, bits & ~FOLD_REPEATS, builder).pattern;
          for (const spelling of pinyinSpellings(chars, library.pinyin, reading))
            addPattern(spellings, foldText(spelling), index, null);
        }
      };
      for (let i = 0; i < library.words.length; i++) add(library.words[i]!, i);
      for (let i = 0; i < library.allowWords.length; i++) add(library.allowWords[i]!, -1 - i);
    });
    this.main = main.build();
    this.pinyin = this.readings === null ? null : spellings.build();
    this.ownerLib = Int32Array.from(owners);
    this.ownerWord = Int32Array.from(ownerWords);
    this.ownerNext = Int32Array.from(next);
    this.ownerRuns = Int32Array.from(ownerRuns);
    for (const table of this.pinyin === null ? [this.main] : [this.main, this.pinyin]) {
      for (let p = 0; p < table.firstOwner.length; p++) {
        const o = table.firstOwner[p]!;
        if (o >= 0 && this.ownerNext[o]! < 0 && table.asciiOnly[p] === 0 && this.ownerRuns[o]! < 0) {
          table.sole[p * 3] = this.ownerLib[o]!;
          table.sole[p * 3 + 1] = this.ownerWord[o]!;
          table.sole[p * 3 + 2] = table.automaton.patternLength[p]!;
          if (this.ownerWord[o]! >= 0) table.gateLib[p] = this.ownerLib[o]!;
        }
      }
    }
    this.runNeeds = Int32Array.from(needs);
    this.extra = Uint8Array.from(libraries, (library) =>
      library.bits !== 0 || library.skipNoise > 0 || library.contacts !== null || library.pinyin !== null ? 1 : 0,
    );
    this.gapPairs = Uint32Array.from(pairs).sort();
    this.libSkip = Int32Array.from(libraries, (library) => library.skipNoise);
    this.libClass = Uint8Array.from(libraries, (library) => (library.classBoundaries ? 1 : 0));
    this.customerOp = libraries.map((library) => library.operation);
    // FUZZY is never applied to agent messages: an agent's match in a FUZZY library is reported.
    this.agentOp = libraries.map((library) => (library.operation === 'FUZZY' ? 'REPORT' : library.operation));
    this.customerStrengths = Int8Array.from(this.customerOp, (operation) => STRENGTH[operation]);
    this.agentStrengths = Int8Array.from(this.agentOp, (operation) => STRENGTH[operation]);
  }

  private readonly customerStrengths: Int8Array;
  private readonly agentStrengths: Int8Array;

  gateReadsBy(way: 'table' | 'scan' | 'auto'): void {
    this.main.automaton.tallyBy(way);
  }

  scan(text: string, message: CensorMessage): CensorResult {
    const kept = this.find(text, message);
    if (kept === 0) return { matches: [], count: 0, operation: null, masked: text };
    return this.answer(text, kept);
  }

  /** How many matches `scan` answers, without making them (for a caller that only counts or gates). */
  count(text: string, message: CensorMessage): number {
    return this.find(text, message);
  }

  /** Every pass the message needs, then the hits kept (`kept`, `strongest`; or, `gated`, only counted); answers how many. */
  private find(text: string, message: CensorMessage): number {
    this.gated = false;
    const selected = this.select(message);
    if (selected === null || text.length === 0) return 0;
    this.stats.scans++;
    const hits = this.hits;
    hits.clear();
    const base = this.base;
    if (!this.lastExtra) {
      // The plain path: width and case only, one pass.
      if (this.fast) {
        const count = this.gate(text, selected);
        if (count >= 0) return count;
        if (this.tallied.scanned) {
          // the gate read by the scan (sparse text): its hits are here, kept the general way (few, and no second pass)
          this.collect(text, text, null, selected, base, PLAIN, hits, false, this.list);
          return this.keep();
        }
      }
      this.collect(text, text, null, selected, base, PLAIN, hits);
      return this.keep();
    }
    const libraries = this.libraries;
    const count = libraries.length;
    // Libraries whose folds leave this text as it is read the plain pass; the others their view's.
    const plain = new Uint8Array(count);
    const plainPhrased = new Uint8Array(count);
    const done = new Set<number>();
    for (let lib = 0; lib < count; lib++) {
      if (selected[lib] === 0) continue;
      const bits = libraries[lib]!.bits;
      if (bits === 0) {
        plain[lib] = 1;
        continue;
      }
      if (done.has(bits)) continue;
      done.add(bits);
      const accept = this.withBits(selected, bits, false);
      const fold = charFold(bits);
      const view = this.views.build(text, fold, false, (bits & FOLD_REPEATS) !== 0);
      if (view === null) {
        for (let l = 0; l < count; l++) {
          if (accept[l] === 0) continue;
          plain[l] = 1;
          if (bits & FOLD_TRADITIONAL) plainPhrased[l] = 1;
        }
        continue;
      }
      this.collect(view.text, text, view, accept, fold, PLAIN, hits);
      if (bits & FOLD_TRADITIONAL) {
        const phrased = foldTraditionalPhrases(view.text);
        if (phrased !== view.text) this.collect(phrased, text, view, accept, fold, PLAIN, hits);
      }
    }
    if (plain.includes(1)) this.collect(text, text, null, plain, base, PLAIN, hits);
    if (plainPhrased.includes(1)) {
      const phrased = foldTraditionalPhrases(text);
      if (phrased !== text) this.collect(phrased, text, null, plainPhrased, base, PLAIN, hits);
    }
    this.skipNoise(text, selected, hits);
    this.readPinyin(text, selected, hits);
    this.detect(text, selected, hits);
    return this.keep();
  }

  /**
   * `selectLibraries`, remembered for the sender of the previous message (messages come in runs of one sender);
   * also sets `operations` for the sender's role.
   */
  private select(message: CensorMessage): Uint8Array | null {
    const last = this.lastSender;
    if (
      last !== null &&
      this.fast &&
      message.role === last.role &&
      message.staffId === last.staffId &&
      message.branchId === last.branchId
    )
      return this.lastSelected;
    this.lastSender = { role: message.role, staffId: message.staffId, branchId: message.branchId };
    const selected = selectLibraries(this.libraries, message);
    this.lastSelected = selected;
    this.lastWeights = null;
    // decided once per sender, not per message
    this.lastExtra = selected?.some((on, lib) => on === 1 && this.extra[lib] === 1) ?? false;
    const agent = typeof message.role === 'string' && message.role.toUpperCase() === 'AGENT';
    this.operations = agent ? this.agentOp : this.customerOp;
    this.strengths = agent ? this.agentStrengths : this.customerStrengths;
    return this.lastSelected;
  }

  /**
   * The gate, the plain pass when no match object is wanted yet: unless an allow word of a selected library occurs,
   * the matches are exactly the selected owners' hits that pass the boundary rules (one pass reports none twice, and
   * on the plain path no selected library counts repeated characters). The automaton tallies them (`tally`: a word
   * with one owner weighs one hit and its library's operation; the others, ASCII words and words several libraries or
   * allow words share, are asked about one hit at a time, `ask`): answers how many and sets `strongest`. Answers -1
   * when an allow word occurs, or when the tally read by the scan (sparse text: its hits are then in `list`), and the
   * hits go the general way. The answer's matches are made when read (`matchesOfText`), from the text read again.
   */
  private gate(text: string, selected: Uint8Array): number {
    this.lastWeights ??= this.gateWeights(selected);
    const result = this.tallied;
    result.count = 0;
    result.flags = 0;
    this.gateText = text;
    this.askedCount = 0;
    this.askedStrongest = 0;
    this.stats.passes++;
    if (!this.main.automaton.tally(text, this.lastWeights, this, result, this.list) || result.scanned) return -1;
    const flags = result.flags;
    const tallied = flags & (8 << 3) ? 3 : flags & (8 << 2) ? 2 : flags & (8 << 1) ? 1 : 0;
    this.strongest = OPERATION_OF_STRENGTH[Math.max(tallied, this.askedStrongest)]!;
    this.gated = true;
    return result.count + this.askedCount;
  }

  /**
   * What the gate weighs each pattern for this selection and role: a word with one owner, one hit and its library's
   * strength as a flag (8 << strength) when the library is selected, else nothing; any other pattern with a selected
   * owner is asked about (TALLY_ASK).
   */
  private gateWeights(selected: Uint8Array): TallyWeights {
    const key = `${this.strengths === this.agentStrengths ? 'a' : 'c'}${selected.join('')}`;
    const memo = this.gateMemo;
    let weights = memo.get(key);
    if (weights !== undefined) return weights;
    const { gateLib, firstOwner } = this.main;
    const { ownerLib, ownerNext } = this;
    const strengths = this.strengths;
    const patterns = new Uint8Array(gateLib.length);
    for (let p = 0; p < patterns.length; p++) {
      const lib = gateLib[p]!;
      if (lib >= 0) {
        if (selected[lib] === 1) patterns[p] = 1 | (8 << strengths[lib]!);
        continue;
      }
      for (let o = firstOwner[p]!; o >= 0; o = ownerNext[o]!) {
        if (selected[ownerLib[o]!] === 0) continue;
        patterns[p] = TALLY_ASK;
        break;
      }
    }
    weights = this.main.automaton.tallyWeights(patterns);
    if (memo.size >= GATE_MEMO_LIMIT) memo.clear();
    memo.set(key, weights);
    return weights;
  }

  /**
   * The gate's asked hit of pattern p ending at `end`: the owner walk (an ASCII word's boundary rule, each selected
   * owner of a shared word). False when a selected library's allow word occurs: the gate stops.
   */
  ask(p: number, end: number): boolean {
    const { ownerLib, ownerNext, ownerWord, strengths } = this;
    const selected = this.lastSelected!;
    const text = this.gateText;
    const start = end - this.main.automaton.patternLength[p]!;
    for (let o = this.main.firstOwner[p]!; o >= 0; o = ownerNext[o]!) {
      const l = ownerLib[o]!;
      if (selected[l] === 0) continue;
      if (ownerWord[o]! < 0) return false;
      if (!this.boundaryOk(text, this.main, p, start, end, l, this.base)) continue;
      if (strengths[l]! > this.askedStrongest) this.askedStrongest = strengths[l]!;
      this.askedCount++;
    }
    return true;
  }

  /** Whether a hit of pattern p at start..end passes library lib's boundary rule (only ASCII patterns have one). */
  private boundaryOk(
    text: string,
    table: PatternTable,
    p: number,
    start: number,
    end: number,
    lib: number,
    fold: CharFold,
  ): boolean {
    if (table.asciiOnly[p] !== 1) return true;
    return this.libClass[lib] === 1 ? classOk(text, start, end, table.edges[p]!, fold) : standsAlone(text, start, end);
  }

  /** The selected libraries with these fold bits (and, when `noise`, a noise skip). */
  private withBits(selected: Uint8Array, bits: number, noise: boolean): Uint8Array {
    const accept = new Uint8Array(selected.length);
    for (let lib = 0; lib < selected.length; lib++) {
      const library = this.libraries[lib]!;
      if (selected[lib] === 1 && library.bits === bits && (!noise || library.skipNoise > 0)) accept[lib] = 1;
    }
    return accept;
  }

  /** The noise passes: per set of folds among the selected noise-skipping libraries, when the text needs it. */
  private skipNoise(text: string, selected: Uint8Array, hits: HitList): void {
    const done = new Set<number>();
    for (let lib = 0; lib < selected.length; lib++) {
      const library = this.libraries[lib]!;
      if (selected[lib] === 0 || library.skipNoise === 0 || done.has(library.bits)) continue;
      done.add(library.bits);
      const fold = charFold(library.bits);
      if (!this.noiseMatters(text, fold)) continue;
      const view = this.views.build(text, fold, true, (library.bits & FOLD_REPEATS) !== 0);
      if (view === null) continue;
      const accept = this.withBits(selected, library.bits, true);
      this.collect(view.text, text, view, accept, fold, NOISE, hits);
      if (library.bits & FOLD_TRADITIONAL) {
        const phrased = foldTraditionalPhrases(view.text);
        if (phrased !== view.text) this.collect(phrased, text, view, accept, fold, NOISE, hits);
      }
    }
  }

  /**
   * The pinyin passes: per set of folds among the selected pinyin libraries, when the text has a letter, the view
   * with each Chinese character read as its syllable (noise-free when one of them skips noise).
   */
  private readPinyin(text: string, selected: Uint8Array, hits: HitList): void {
    const readings = this.readings;
    if (readings === null) return;
    const done = new Set<number>();
    for (let lib = 0; lib < selected.length; lib++) {
      const library = this.libraries[lib]!;
      if (selected[lib] === 0 || library.pinyin === null || done.has(library.bits)) continue;
      done.add(library.bits);
      const fold = charFold(library.bits);
      if (!hasLetter(text, fold)) continue;
      const accept = new Uint8Array(selected.length);
      let dropNoise = false;
      for (let l = 0; l < selected.length; l++) {
        const other = this.libraries[l]!;
        if (selected[l] === 0 || other.pinyin === null || other.bits !== library.bits) continue;
        accept[l] = 1;
        if (other.skipNoise > 0) dropNoise = true;
      }
      const view = this.views.buildPinyin(text, fold, dropNoise, (unit) => readings.reading(unit));
      this.collect(view.text, text, view, accept, fold, PINYIN, hits, dropNoise);
    }
  }

  /** The contact detectors the selected libraries picked, run once for all of them. */
  private detect(text: string, selected: Uint8Array, hits: HitList): void {
    let wanted: Set<ContactCategory> | null = null;
    for (let lib = 0; lib < selected.length; lib++) {
      const contacts = this.libraries[lib]!.contacts;
      if (selected[lib] === 0 || contacts === null) continue;
      wanted ??= new Set();
      for (const category of contacts) wanted.add(category);
    }
    if (wanted === null) return;
    hits.beginRun(false);
    for (const found of detectContacts(text, wanted)) {
      for (let lib = 0; lib < selected.length; lib++) {
        if (selected[lib] === 1 && this.libraries[lib]!.contacts?.has(found.category) === true)
          hits.pushFound(lib, DETECTED + CONTACT_CATEGORIES.indexOf(found.category), found);
      }
    }
  }

  /**
   * Runs the automaton on `viewText` and keeps the hits of the libraries `accept` marks. `view` maps view
   * positions to `text` positions, or is null when the view is position for position; `fold` is how the
   * view's libraries read characters (for the class of a match's neighbours); `noise`: a noise-free view.
   */
  private collect(
    viewText: string,
    text: string,
    view: View | null,
    accept: Uint8Array,
    fold: CharFold,
    mode: PassMode,
    hits: HitList,
    pinyinWithoutNoise = false,
    /** the automaton's hits of `viewText` when it has already read it; null: read it here */
    passed: MatchList | null = null,
  ): void {
    const table = mode === PINYIN ? this.pinyin! : this.main;
    const list = passed ?? this.list;
    if (passed === null) this.pass(viewText, table);
    const mapped = view !== null && view.start !== null;
    hits.beginRun(mode === PLAIN && !mapped);
    const { ownerLib, ownerNext, ownerWord, ownerRuns, libSkip } = this;
    const { firstOwner, sole } = table;
    const patternLength = table.automaton.patternLength;
    const { patterns, ends } = list;
    if (mode === PLAIN && !mapped && this.fast) {
      // The plain pass over the text itself (or a same-length view): a pattern with a sole owner and nothing to
      // check is one push; the others go the general way below, one hit at a time.
      // at most one hit per report on the sole-owner path: room for all of them, written straight in
      hits.reserve(list.length);
      let { lib: libs, word: words, start: starts, end: stops } = hits;
      let n = hits.length;
      let allows = 0;
      for (let h = 0; h < list.length; h++) {
        const p = patterns[h]!;
        const at = p * 3;
        const lib = sole[at]!;
        const end = ends[h]!;
        if (lib >= 0) {
          if (accept[lib] === 1) {
            const word = sole[at + 1]!;
            libs[n] = lib;
            words[n] = word;
            starts[n] = end - sole[at + 2]!;
            stops[n] = end;
            allows |= word;
            n++;
          }
        } else {
          hits.length = n;
          this.collectOne(text, view, accept, fold, table, p, end - patternLength[p]!, end, hits);
          hits.reserve(list.length - h);
          ({ lib: libs, word: words, start: starts, end: stops } = hits);
          n = hits.length;
        }
      }
      hits.length = n;
      if (allows < 0) hits.allows = true;
      return;
    }
    for (let h = 0; h < list.length; h++) {
      const p = list.patterns[h]!;
      const viewEnd = list.ends[h]!;
      const length = patternLength[p]!;
      const viewStart = viewEnd - length;
      let start = viewStart;
      let end = viewEnd;
      if (mapped) {
        start = view!.start![viewStart]!;
        end = view!.end![viewEnd - 1]!;
      }
      if (mode === PINYIN && !this.pinyinAligned(view!, viewStart, viewEnd, text, start, end, fold)) continue;
      let skipped = 0;
      if (mode === NOISE || pinyinWithoutNoise) {
        for (let i = start; i < end; ) {
          const units = noiseFor(text, i, fold);
          if (units > 0) {
            skipped++;
            i += units;
          } else i++;
        }
        // no noise skipped: the pass without noise has it
        if (skipped === 0 && mode === NOISE) continue;
      }
      for (let o = firstOwner[p]!; o >= 0; o = ownerNext[o]!) {
        const lib = ownerLib[o]!;
        if (accept[lib] === 0) continue;
        if (skipped > libSkip[lib]!) continue;
        if (!this.boundaryOk(text, table, p, start, end, lib, fold)) continue;
        const need = ownerRuns[o]!;
        if (need >= 0 && !this.runsOk(view, viewStart, length, need)) continue;
        hits.push(lib, ownerWord[o]!, start, end);
      }
    }
  }

  /** The automaton's pass over a text or view: its hits in `list`. */
  private pass(viewText: string, table: PatternTable): void {
    this.list.clear();
    table.automaton.scan(viewText, this.list);
    this.stats.passes++;
  }

  /** One hit of a plain pass over the text (or a same-length view) whose pattern needs the owner walk. */
  private collectOne(
    text: string,
    view: View | null,
    accept: Uint8Array,
    fold: CharFold,
    table: PatternTable,
    p: number,
    start: number,
    end: number,
    hits: HitList,
  ): void {
    const { ownerLib, ownerNext, ownerWord, ownerRuns } = this;
    for (let o = table.firstOwner[p]!; o >= 0; o = ownerNext[o]!) {
      const lib = ownerLib[o]!;
      if (accept[lib] === 0) continue;
      if (!this.boundaryOk(text, table, p, start, end, lib, fold)) continue;
      const need = ownerRuns[o]!;
      if (need >= 0 && !this.runsOk(view, start, end - start, need)) continue;
      hits.push(lib, ownerWord[o]!, start, end);
    }
  }

  /**
   * A match in the pinyin view stands for whole characters (it starts at the first letter of a syllable and ends
   * at the last) and has at least one letter the writer typed: characters alone are the plain pass's (and a
   * homophone written in characters is not a match).
   */
  private pinyinAligned(
    view: View,
    viewStart: number,
    viewEnd: number,
    text: string,
    start: number,
    end: number,
    fold: CharFold,
  ): boolean {
    const from = view.start!;
    if (viewStart > 0 && from[viewStart - 1] === from[viewStart]) return false;
    if (viewEnd < view.text.length && from[viewEnd] === from[viewEnd - 1]) return false;
    for (let i = start; i < end; i++) if (classAt(text, i, fold) === 1) return true;
    return false;
  }

  /** Whether each character of the match repeats at least as often as in the owner's word. */
  private runsOk(view: View | null, viewStart: number, length: number, need: number): boolean {
    const runs = view?.runs ?? null;
    for (let k = 0; k < length; k++) {
      const have = runs === null ? 1 : runs[viewStart + k]!;
      if (have < this.runNeeds[need + k]!) return false;
    }
    return true;
  }

  /** Whether some noise run of the text lies between two characters that are adjacent in a noise-skipping word. */
  private noiseMatters(text: string, fold: CharFold): boolean {
    const { unit, kind, special, noise } = fold;
    let before = -1;
    let gap = false;
    for (let i = 0, n = text.length; i < n; ) {
      const c = text.charCodeAt(i);
      const k = kind[c]!;
      let head = -1;
      let tail = -1;
      let width = 1;
      if (k === 0) {
        if (noise[c] === 1) {
          gap = true;
          i++;
          continue;
        }
        head = tail = unit[c]!;
      } else {
        const cp = k === 2 ? text.codePointAt(i)! : c;
        width = cp >= 0x10000 ? 2 : 1;
        const s = special.get(cp);
        if (s === '') {
          i += width; // a dropped combining mark: neither a character nor noise
          continue;
        }
        if (s !== undefined) {
          head = s.charCodeAt(0);
          tail = s.charCodeAt(s.length - 1);
        } else if (width === 2 && noiseFor(text, i, fold) === 2) {
          gap = true;
          i += 2;
          continue;
        } else {
          head = c;
          tail = width === 2 ? text.charCodeAt(i + 1) : c;
        }
      }
      if (gap && before >= 0 && this.isGapPair(before * 0x10000 + head)) return true;
      gap = false;
      before = tail;
      i += width;
    }
    return false;
  }

  private isGapPair(pair: number): boolean {
    const pairs = this.gapPairs;
    let low = 0;
    let high = pairs.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const value = pairs[mid]!;
      if (value === pair) return true;
      if (value < pair) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  /**
   * Selects the matches among the hits, in order of start (then end, library, word): allow words and what lies
   * inside an allowed occurrence of its own library drop out, a match found by two passes counts once. Fills
   * `kept`, `strongest` and `operations`; answers how many were kept.
   */
  private keep(): number {
    const hits = this.hits;
    const n = hits.length;
    this.strongest = null;
    if (n === 0) return 0;
    const order = hits.sort();
    const { lib, word, start, end } = hits;
    // Allow words: hits are in order of start, so the allowed occurrences starting at or before a hit are swept
    // once (a second cursor over the same order), keeping per library the furthest end among them: the hit lies
    // inside one of them when that end reaches its own.
    const allowedEnd = hits.allows ? new Int32Array(this.libraries.length).fill(-1) : null;
    let nextAllowed = 0;
    const strengths = this.strengths;
    if (allowedEnd === null && hits.sortedRuns === 1 && !hits.twice && this.fast) {
      // One pass that reports no hit twice, and no allow word: every hit is a match.
      let strongest = 0;
      let seen = -1;
      for (let h = 0; h < n; h++) {
        const l = lib[h]!;
        if (l === seen) continue;
        seen = l;
        const strength = strengths[l]!;
        if (strength > strongest) strongest = strength;
      }
      this.kept = order;
      this.strongest = OPERATION_OF_STRENGTH[strongest]!;
      return n;
    }
    if (this.kept.length < n || this.kept === order) this.kept = new Int32Array(order.length);
    const kept = this.kept;
    let strongest = 0;
    let count = 0;
    let previous = -1;
    for (let k = 0; k < n; k++) {
      const h = order[k]!;
      if (word[h]! < 0) continue;
      // the same match found by two passes (a word and its phrase form, a view and its phrased copy) counts once
      if (
        previous >= 0 &&
        start[previous] === start[h] &&
        end[previous] === end[h] &&
        lib[previous] === lib[h] &&
        word[previous] === word[h]
      )
        continue;
      previous = h;
      if (allowedEnd !== null) {
        for (; nextAllowed < n && start[order[nextAllowed]!]! <= start[h]!; nextAllowed++) {
          const a = order[nextAllowed]!;
          if (word[a]! < 0 && end[a]! > allowedEnd[lib[a]!]!) allowedEnd[lib[a]!] = end[a]!;
        }
        if (allowedEnd[lib[h]!]! >= end[h]!) continue;
      }
      const strength = strengths[lib[h]!]!;
      if (strength > strongest) strongest = strength;
      kept[count++] = h;
    }
    this.strongest = OPERATION_OF_STRENGTH[strongest]!;
    return count;
  }

  /**
   * The answer for the `count` matches `find` found: the operation now, the match objects and the masked text when
   * first read: a gated answer's from its text read again, any other's from a copy of the kept hits in the arena
   * (`hits` serves the next scan).
   */
  private answer(text: string, count: number): CensorResult {
    const arena = this.arena;
    const selected = this.lastSelected!;
    if (this.gated) {
      // counted, not kept: the text is read again when the matches are
      return new LazyAnswer(text, this.strongest!, count, this.libraries, this.operations, {
        rereader: this,
        ints: NO_INTS,
        offset: 0,
        selected,
        found: null,
      });
    }
    const { lib, word, start, end, foundAt, found } = this.hits;
    const kept = this.kept;
    const offset = arena.take(count * 4);
    const ints = arena.ints;
    const detected = found.length > 0 ? new Array<ContactHit | undefined>(count) : null;
    for (let k = 0, at = offset; k < count; k++, at += 4) {
      const h = kept[k]!;
      ints[at] = lib[h]!;
      ints[at + 1] = word[h]!;
      ints[at + 2] = start[h]!;
      ints[at + 3] = end[h]!;
      if (detected !== null) detected[k] = word[h]! >= DETECTED ? found[foundAt[h]!] : undefined;
    }
    return new LazyAnswer(text, this.strongest!, count, this.libraries, this.operations, {
      rereader: null,
      ints,
      offset,
      selected,
      found: detected,
    });
  }

  /**
   * A gated scan's match objects: the automaton's hits of `text` again, the plain pass's selection (`collect`) and
   * order, then one object each.
   */
  matchesOfText(
    text: string,
    selected: Uint8Array,
    count: number,
    operations: readonly CensorOperation[],
    libs: Int32Array | null,
  ): CensorMatch[] {
    const list = this.rereading;
    list.clear();
    this.main.automaton.scan(text, list);
    const hits = this.answering;
    hits.clear();
    this.collect(text, text, null, selected, this.base, PLAIN, hits, false, list);
    const order = hits.sort();
    const { lib, word, start, end } = hits;
    const libraries = this.libraries;
    const matches: CensorMatch[] = new Array(count);
    for (let k = 0; k < count; k++) {
      const h = order[k]!;
      const l = lib[h]!;
      if (libs !== null) libs[k] = l;
      matches[k] = wordMatch(libraries[l]!, word[h]!, start[h]!, end[h]!, operations[l]!);
    }
    return matches;
  }
}
