import { AhoCorasick } from '../automaton/aho-corasick.js';
import { MatchList } from '../automaton/match-list.js';
import { foldText, isAsciiOnly, standsAlone } from '../text/fold.js';
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
import { type MaskSpan, maskMatches } from './mask.js';
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
/** Hit.word at or above this is a contact detector's hit: DETECTED + the category's index. */
const DETECTED = 1 << 29;
/** What a pass reads: the text or a folded view; a noise-free view; a pinyin view. */
const PLAIN = 0;
const NOISE = 1;
const PINYIN = 2;
type PassMode = typeof PLAIN | typeof NOISE | typeof PINYIN;
/** Pattern edge bits: the first unit is an ASCII letter (1) or digit (2); the last, the same shifted by 2. */
const FIRST = 3;
const LAST = 12;

/**
 * A hit before selection: library, word (≥ 0: index in `words`; < 0: allow word −1 − index; ≥ DETECTED: a
 * contact detector) and original span.
 */
interface Hit {
  lib: number;
  word: number;
  start: number;
  end: number;
  found: ContactHit | null;
}

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
  return new CompiledCensor(readLibraries(libraries, options).filter((library) => library.active));
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
    return { automaton: new AhoCorasick(patterns), firstOwner: Int32Array.from(this.first), asciiOnly, edges };
  }
}

class CompiledCensor implements CensorScanner {
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
  private readonly list = new MatchList(256);
  private readonly views = new ViewBuilder();
  /** width and case only: how the plain pass reads characters */
  private readonly base = charFold(0);
  /** scans, and automaton passes over a text or a view, summed (tests check that extra passes stay conditional) */
  readonly stats = { scans: 0, passes: 0 };

  constructor(private readonly libraries: readonly ReadLibrary[]) {
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
    this.runNeeds = Int32Array.from(needs);
    this.extra = Uint8Array.from(libraries, (library) =>
      library.bits !== 0 || library.skipNoise > 0 || library.contacts !== null || library.pinyin !== null ? 1 : 0,
    );
    this.gapPairs = Uint32Array.from(pairs).sort();
  }

  scan(text: string, message: CensorMessage): CensorResult {
    const selected = selectLibraries(this.libraries, message);
    if (selected === null || text.length === 0) return { matches: [], operation: null, masked: text };
    this.stats.scans++;
    const hits: Hit[] = [];
    const base = this.base;
    let extra = false;
    for (let lib = 0; lib < selected.length; lib++) if (selected[lib] === 1 && this.extra[lib] === 1) extra = true;
    if (!extra) {
      // The plain path: width and case only, one pass.
      this.collect(text, text, null, selected, base, PLAIN, hits);
      return this.result(text, message, hits);
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
    return this.result(text, message, hits);
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
  private skipNoise(text: string, selected: Uint8Array, hits: Hit[]): void {
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
  private readPinyin(text: string, selected: Uint8Array, hits: Hit[]): void {
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
  private detect(text: string, selected: Uint8Array, hits: Hit[]): void {
    let wanted: Set<ContactCategory> | null = null;
    for (let lib = 0; lib < selected.length; lib++) {
      const contacts = this.libraries[lib]!.contacts;
      if (selected[lib] === 0 || contacts === null) continue;
      wanted ??= new Set();
      for (const category of contacts) wanted.add(category);
    }
    if (wanted === null) return;
    for (const found of detectContacts(text, wanted)) {
      for (let lib = 0; lib < selected.length; lib++) {
        if (selected[lib] === 1 && this.libraries[lib]!.contacts?.has(found.category) === true)
          hits.push({
            lib,
            word: DETECTED + CONTACT_CATEGORIES.indexOf(found.category),
            start: found.start,
            end: found.end,
            found,
          });
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
    hits: Hit[],
    pinyinWithoutNoise = false,
  ): void {
    const table = mode === PINYIN ? this.pinyin! : this.main;
    const list = this.list;
    list.clear();
    table.automaton.scan(viewText, list);
    this.stats.passes++;
    for (let h = 0; h < list.length; h++) {
      const p = list.patterns[h]!;
      const viewEnd = list.ends[h]!;
      const length = table.automaton.patternLength[p]!;
      const viewStart = viewEnd - length;
      let start = viewStart;
      let end = viewEnd;
      if (view !== null && view.start !== null) {
        start = view.start[viewStart]!;
        end = view.end![viewEnd - 1]!;
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
      const ascii = table.asciiOnly[p] === 1;
      // 0 not yet known, 1 passes, 2 fails: each boundary rule is checked once per hit, when an owner needs it
      let classRule = 0;
      let wholeRule = 0;
      for (let o = table.firstOwner[p]!; o >= 0; o = this.ownerNext[o]!) {
        const lib = this.ownerLib[o]!;
        if (accept[lib] === 0) continue;
        const library = this.libraries[lib]!;
        if (skipped > library.skipNoise) continue;
        if (ascii) {
          if (library.classBoundaries) {
            if (classRule === 0) classRule = classOk(text, start, end, table.edges[p]!, fold) ? 1 : 2;
            if (classRule === 2) continue;
          } else {
            if (wholeRule === 0) wholeRule = standsAlone(text, start, end) ? 1 : 2;
            if (wholeRule === 2) continue;
          }
        }
        const need = this.ownerRuns[o]!;
        if (need >= 0 && !this.runsOk(view, viewStart, length, need)) continue;
        hits.push({ lib, word: this.ownerWord[o]!, start, end, found: null });
      }
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

  private result(text: string, message: CensorMessage, hits: Hit[]): CensorResult {
    if (hits.length === 0) return { matches: [], operation: null, masked: text };
    hits.sort((a, b) => a.start - b.start || a.end - b.end || a.lib - b.lib || a.word - b.word);
    // Allow words: a match lying inside an allowed occurrence of its own library is dropped. Hits are in order of
    // start, so the allowed occurrences starting at or before a hit are swept once, keeping per library the
    // furthest end among them: the hit lies inside one of them when that end reaches its own.
    const allowed = hits.filter((hit) => hit.word < 0);
    const allowedEnd = allowed.length > 0 ? new Int32Array(this.libraries.length).fill(-1) : null;
    let nextAllowed = 0;
    const agent = message.role.toUpperCase() === 'AGENT';
    const matches: CensorMatch[] = [];
    /** the hit behind each match (for the mask, built only under FUZZY) */
    const kept: Hit[] = [];
    let strongest: CensorOperation | null = null;
    let previous: Hit | null = null;
    for (const hit of hits) {
      if (hit.word < 0) continue;
      // the same match found by two passes (a word and its phrase form, a view and its phrased copy) counts once
      if (
        previous !== null &&
        previous.start === hit.start &&
        previous.end === hit.end &&
        previous.lib === hit.lib &&
        previous.word === hit.word
      )
        continue;
      previous = hit;
      if (allowedEnd !== null) {
        for (; nextAllowed < allowed.length && allowed[nextAllowed]!.start <= hit.start; nextAllowed++) {
          const allow = allowed[nextAllowed]!;
          if (allow.end > allowedEnd[allow.lib]!) allowedEnd[allow.lib] = allow.end;
        }
        if (allowedEnd[hit.lib]! >= hit.end) continue;
      }
      const library = this.libraries[hit.lib]!;
      // FUZZY is never applied to agent messages: an agent's match in a FUZZY library is reported.
      const operation: CensorOperation = agent && library.operation === 'FUZZY' ? 'REPORT' : library.operation;
      if (strongest === null || STRENGTH[operation] > STRENGTH[strongest]) strongest = operation;
      const found = hit.found;
      const word = found === null ? library.words[hit.word]! : found.category;
      const match: CensorMatch =
        found === null
          ? { banId: library.id, libraryName: library.name, word, start: hit.start, end: hit.end, operation }
          : {
              banId: library.id,
              libraryName: library.name,
              word,
              start: hit.start,
              end: hit.end,
              operation,
              category: found.category,
              value: found.value,
            };
      matches.push(match);
      kept.push(hit);
    }
    // Only FUZZY masks. ABORT blocks the whole message, so it is never delivered: the masked text stays the
    // original, which is what the log and a reviewer need to see (a partly starred blocked message would
    // suggest it went out). REPORT retains the message as written.
    if (strongest !== 'FUZZY') return { matches, operation: strongest, masked: text };
    const spans: MaskSpan[] = kept.map((hit, k) => {
      const library = this.libraries[hit.lib]!;
      return {
        start: hit.start,
        end: hit.end,
        mask: library.mask,
        replacement: library.replacements?.get(foldText(matches[k]!.word)),
      };
    });
    return { matches, operation: strongest, masked: maskMatches(text, spans) };
  }
}
