import { AhoCorasick } from '../automaton/aho-corasick.js';
import { MatchList } from '../automaton/match-list.js';
import { foldTable, foldText, isAsciiOnly, standsAlone } from '../text/fold.js';
import { maskSpans } from './mask.js';
import { noiseAt, noiseTable } from './noise.js';
import { type ReadLibrary, readLibraries } from './read-libraries.js';
import { selectLibraries } from './select-libraries.js';
import { foldTraditional, traditionalTable } from './traditional.js';
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

/** A hit before selection: library, word (≥ 0: index in `words`; < 0: allow word −1 − index) and original span. */
interface Hit {
  lib: number;
  word: number;
  start: number;
  end: number;
}

/**
 * Compiles sensitive-word libraries into one scanner (ENGINE-SEMANTICS "Sensitive-word libraries").
 *
 * Every word and allow word of every ACTIVE library goes into ONE Aho-Corasick automaton (width and case
 * folded by its symbol table; a traditional library's words are also folded to simplified). A distinct folded
 * word is one pattern; the libraries that own it hang off it in a linked list of typed arrays.
 *
 * A scan reads the text once as it is. Only when a selected library asks for it, and only when the text
 * needs it, come extra passes, each on a same-position view so spans stay exact:
 * - traditional: the text folded character for character to simplified (skipped when nothing folds);
 * - noise skipping: a copy without noise characters plus an index map back to the original, skipped unless some
 *   noise run of the text lies between two characters adjacent in a noise-skipping word (one cheap look at the
 *   noise runs, against a sorted table of such pairs); a hit there that skipped no noise was already found, one
 *   that skipped more than the library's k is dropped.
 * Text without noise or traditional characters costs one automaton pass, whatever the options.
 */
export function compileCensor(libraries: readonly CensorLibrary[], options: CensorOptions = {}): CensorScanner {
  return new CompiledCensor(readLibraries(libraries, options).filter((library) => library.active));
}

class CompiledCensor implements CensorScanner {
  private readonly automaton: AhoCorasick;
  /** per pattern: first owner, or -1 */
  private readonly firstOwner: Int32Array;
  private readonly ownerLib: Int32Array;
  private readonly ownerWord: Int32Array;
  private readonly ownerNext: Int32Array;
  /** per pattern: 1 when made only of ASCII (matched whole) */
  private readonly asciiOnly: Uint8Array;
  private readonly anyTraditional: boolean;
  private readonly anyNoise: boolean;
  /**
   * Adjacent code-unit pairs (folded, and traditional-folded) of the words of noise-skipping libraries: a noise
   * run matters only between such a pair, so most text with noise skips the noise pass after one cheap look.
   */
  private readonly gapPairs: Uint32Array;
  private readonly list = new MatchList(256);
  /** scratch for the noise-free view, grown as needed (a scan is synchronous, so one per scanner is enough) */
  private at = new Int32Array(256);
  private units = new Uint16Array(256);

  constructor(private readonly libraries: readonly ReadLibrary[]) {
    const patterns: string[] = [];
    const patternOf = new Map<string, number>();
    const first: number[] = [];
    const owners: number[] = [];
    const ownerWords: number[] = [];
    const next: number[] = [];
    const simplify = traditionalTable();
    const pairs: number[] = [];
    libraries.forEach((library, lib) => {
      const add = (word: string, index: number) => {
        let folded = foldText(word);
        if (library.traditional) folded = foldTraditional(folded);
        if (library.skipNoise > 0)
          for (let i = 1; i < folded.length; i++)
            pairs.push(simplify[folded.charCodeAt(i - 1)]! * 0x10000 + simplify[folded.charCodeAt(i)]!);
        let p = patternOf.get(folded);
        if (p === undefined) {
          p = patterns.length;
          patterns.push(folded);
          patternOf.set(folded, p);
          first.push(-1);
        } else {
          // A second spelling of a word (or allow word) of this library: its owners sit at the head of the list.
          for (let o = first[p]!; o >= 0 && owners[o] === lib; o = next[o]!)
            if (ownerWords[o]! < 0 === index < 0) return;
        }
        const o = owners.length;
        owners.push(lib);
        ownerWords.push(index);
        next.push(first[p]!);
        first[p] = o;
      };
      for (let i = 0; i < library.words.length; i++) add(library.words[i]!, i);
      for (let i = 0; i < library.allowWords.length; i++) add(library.allowWords[i]!, -1 - i);
    });
    this.automaton = new AhoCorasick(patterns);
    this.firstOwner = Int32Array.from(first);
    this.ownerLib = Int32Array.from(owners);
    this.ownerWord = Int32Array.from(ownerWords);
    this.ownerNext = Int32Array.from(next);
    this.asciiOnly = new Uint8Array(patterns.length);
    patterns.forEach((pattern, p) => {
      if (isAsciiOnly(pattern)) this.asciiOnly[p] = 1;
    });
    this.anyTraditional = libraries.some((library) => library.traditional);
    this.anyNoise = libraries.some((library) => library.skipNoise > 0);
    this.gapPairs = Uint32Array.from(pairs).sort();
  }

  scan(text: string, message: CensorMessage): CensorResult {
    const selected = selectLibraries(this.libraries, message);
    if (selected === null || text.length === 0) return { matches: [], operation: null, masked: text };
    let wantTraditional = false;
    let wantNoise = false;
    for (let lib = 0; lib < selected.length; lib++) {
      if (selected[lib] === 0) continue;
      const library = this.libraries[lib]!;
      if (library.traditional) wantTraditional = true;
      if (library.skipNoise > 0) wantNoise = true;
    }
    const hits: Hit[] = [];
    // The simplified view; the text itself when no selected library folds or no character folds.
    const simplified = wantTraditional && this.anyTraditional ? foldTraditional(text) : text;
    const twoViews = simplified !== text;
    // Pass 1: the text as is, for every library (traditional ones too when nothing folds).
    this.collect(text, text, null, selected, twoViews ? 0 : 2, hits);
    // Pass 2: the simplified text, for traditional libraries only.
    if (twoViews) this.collect(simplified, text, null, selected, 1, hits);
    if (wantNoise && this.anyNoise && this.noiseMatters(text)) {
      const plain = this.withoutNoise(text);
      if (plain !== null) {
        this.collect(plain.text, text, plain.at, selected, twoViews ? 0 : 2, hits);
        if (twoViews) {
          const folded = this.withoutNoise(simplified);
          if (folded !== null) this.collect(folded.text, text, folded.at, selected, 1, hits);
        }
      }
    }
    return this.result(text, message, hits);
  }

  /**
   * Runs the automaton on `view` and keeps the hits of selected libraries: `traditional` 0 = non-traditional
   * libraries, 1 = traditional ones, 2 = both. `at` maps view positions to `text` positions (a noise-free
   * view), or is null when the view is position for position.
   */
  private collect(
    view: string,
    text: string,
    at: Int32Array | null,
    selected: Uint8Array,
    traditional: 0 | 1 | 2,
    hits: Hit[],
  ): void {
    const list = this.list;
    list.clear();
    this.automaton.scan(view, list);
    const noise = at === null ? null : noiseTable();
    for (let h = 0; h < list.length; h++) {
      const p = list.patterns[h]!;
      const viewEnd = list.ends[h]!;
      const length = this.automaton.patternLength[p]!;
      let start = viewEnd - length;
      let end = viewEnd;
      let skipped = 0;
      if (at !== null) {
        start = at[start]!;
        end = at[viewEnd - 1]! + 1;
        if (end - start === length) continue; // no noise skipped: the plain pass has it
        for (let i = start; i < end; ) {
          const units = noiseAt(text, i, noise!);
          if (units > 0) {
            skipped++;
            i += units;
          } else i++;
        }
      }
      if (this.asciiOnly[p] === 1 && !standsAlone(text, start, end)) continue;
      for (let o = this.firstOwner[p]!; o >= 0; o = this.ownerNext[o]!) {
        const lib = this.ownerLib[o]!;
        if (selected[lib] === 0) continue;
        const library = this.libraries[lib]!;
        if (traditional !== 2 && library.traditional !== (traditional === 1)) continue;
        if (skipped > library.skipNoise) continue;
        hits.push({ lib, word: this.ownerWord[o]!, start, end });
      }
    }
  }

  /** Whether some noise run of the text lies between two characters that are adjacent in a noise-skipping word. */
  private noiseMatters(text: string): boolean {
    const noise = noiseTable();
    const fold = foldTable(false);
    const simplify = traditionalTable();
    let before = -1;
    let gap = false;
    for (let i = 0, n = text.length; i < n; ) {
      const c = text.charCodeAt(i);
      const units = noise[c] === 1 ? 1 : c >= 0xd800 && c <= 0xdbff ? noiseAt(text, i, noise) : 0;
      if (units > 0) {
        gap = true;
        i += units;
        continue;
      }
      const unit = simplify[fold[c]!]!;
      if (gap && before >= 0 && this.isGapPair(before * 0x10000 + unit)) return true;
      gap = false;
      before = unit;
      i++;
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

  /** The text without its noise characters, and where each remaining code unit was; null when there is no noise. */
  private withoutNoise(text: string): { text: string; at: Int32Array } | null {
    const noise = noiseTable();
    const n = text.length;
    let i = 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (noise[c] === 1 || (c >= 0xd800 && c <= 0xdbff && noiseAt(text, i, noise) > 0)) break;
    }
    if (i === n) return null;
    if (this.at.length < n) {
      this.at = new Int32Array(Math.max(n, this.at.length * 2));
      this.units = new Uint16Array(this.at.length);
    }
    const at = this.at;
    const units = this.units;
    let kept = 0;
    for (let j = 0; j < i; j++) {
      at[kept] = j;
      units[kept++] = text.charCodeAt(j);
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      if (noise[c] === 1) {
        i++;
        continue;
      }
      if (c >= 0xd800 && c <= 0xdbff) {
        const skip = noiseAt(text, i, noise);
        if (skip > 0) {
          i += skip;
          continue;
        }
      }
      at[kept] = i;
      units[kept++] = c;
      i++;
    }
    let view = '';
    for (let from = 0; from < kept; from += 4096)
      view += String.fromCharCode.apply(null, units.subarray(from, Math.min(kept, from + 4096)) as unknown as number[]);
    return { text: view, at };
  }

  private result(text: string, message: CensorMessage, hits: Hit[]): CensorResult {
    if (hits.length === 0) return { matches: [], operation: null, masked: text };
    // Allow words: a match lying inside an allowed occurrence of its own library is dropped.
    const allowed = hits.filter((hit) => hit.word < 0);
    const kept = allowed.length === 0 ? hits : hits.filter((hit) => hit.word >= 0);
    const agent = message.role.toUpperCase() === 'AGENT';
    const matches: CensorMatch[] = [];
    let strongest: CensorOperation | null = null;
    kept.sort((a, b) => a.start - b.start || a.end - b.end || a.lib - b.lib || a.word - b.word);
    for (const hit of kept) {
      if (allowed.some((allow) => allow.lib === hit.lib && allow.start <= hit.start && hit.end <= allow.end)) continue;
      const library = this.libraries[hit.lib]!;
      // FUZZY is never applied to agent messages: an agent's match in a FUZZY library is reported.
      const operation: CensorOperation = agent && library.operation === 'FUZZY' ? 'REPORT' : library.operation;
      if (strongest === null || STRENGTH[operation] > STRENGTH[strongest]) strongest = operation;
      matches.push({
        banId: library.id,
        libraryName: library.name,
        word: library.words[hit.word]!,
        start: hit.start,
        end: hit.end,
        operation,
      });
    }
    // Only FUZZY masks. ABORT blocks the whole message, so it is never delivered: the masked text stays the
    // original, which is what the log and a reviewer need to see (a partly starred blocked message would
    // suggest it went out). REPORT retains the message as written.
    const masked = strongest === 'FUZZY' ? maskSpans(text, matches) : text;
    return { matches, operation: strongest, masked };
  }
}
