import { foldText } from '../text/fold.js';
import type { ContactHit } from './contacts.js';
import { type MaskSpan, maskMatches } from './mask.js';
import type { ReadLibrary } from './read-libraries.js';
import type { CensorMatch, CensorOperation, CensorResult } from './types.js';

/** A hit's word at or above this is a contact detector's hit: DETECTED + the category's index. */
export const DETECTED = 1 << 29;

/**
 * Where a scan leaves its hits for its answer: a run of a shared `Int32Array` (a new one when it is full; an old one
 * lives while an answer points into it), so that an answer costs no allocation of its own.
 */
export class HitArena {
  ints = new Int32Array(1 << 16);
  used = 0;

  /** Room for `size` ints: answers their offset in `ints` (which may be a new array). */
  take(size: number): number {
    if (this.used + size > this.ints.length) {
      this.ints = new Int32Array(Math.max(1 << 16, size));
      this.used = 0;
    }
    const offset = this.used;
    this.used += size;
    return offset;
  }
}

/** Makes the matches of a scan that only counted them (the gate), from its text. */
export interface TextRereader {
  /**
   * The `count` match objects of the libraries `selected` in `text`, in order; `libs`, when given, gets each match's
   * library (by index)
   */
  matchesOfText(
    text: string,
    selected: Uint8Array,
    count: number,
    operations: readonly CensorOperation[],
    libs: Int32Array | null,
  ): CensorMatch[];
}

/** A scan's hits as its answer keeps them. */
export interface HitCopy {
  /**
   * null: a final copy (4 ints per match in order: library, word, start, end, in `ints`); else the scanner that
   * counted the matches, which makes them from the text when they are read (`ints` then holds nothing)
   */
  rereader: TextRereader | null;
  ints: Int32Array;
  offset: number;
  /** the libraries selected for the message */
  selected: Uint8Array;
  /** per match, a contact detector's hit (null: no detector matched) */
  found: readonly (ContactHit | undefined)[] | null;
}

/**
 * The answer of a scan with matches. `operation` and `count` are decided by the scan; the match objects and the
 * masked text are made when first read, from the scan's hits copied to an arena, or, when the scan only counted
 * them (the gate), from the text read again: a caller that only gates on the operation (deliver, mask, block) or
 * counts makes no object per match, which on dense text is most of the cost of a scan (benchmarks/README.md, "Censor
 * scan speed"). `matches` and `masked` are getters (a class: an object literal with getters costs microseconds to
 * make); `toJSON` gives the plain form, and a structured clone (a worker's message) needs `toJSON()` or the fields
 * copied out.
 */
export class LazyAnswer implements CensorResult {
  #matches: CensorMatch[] | null = null;
  #masked: string | null;
  readonly #text: string;
  readonly #libraries: readonly ReadLibrary[];
  readonly #operations: readonly CensorOperation[];
  // the copy (HitCopy's fields, held here: one object per answer)
  readonly #rereader: TextRereader | null;
  readonly #ints: Int32Array;
  readonly #offset: number;
  /** counted matches: each match's library, once the matches are made (FUZZY only: for the masked text) */
  #libs: Int32Array | null = null;
  readonly #selected: Uint8Array;
  readonly #found: readonly (ContactHit | undefined)[] | null;

  constructor(
    text: string,
    readonly operation: CensorOperation,
    readonly count: number,
    libraries: readonly ReadLibrary[],
    operations: readonly CensorOperation[],
    copy: HitCopy,
  ) {
    this.#text = text;
    this.#libraries = libraries;
    this.#operations = operations;
    this.#rereader = copy.rereader;
    this.#ints = copy.ints;
    this.#offset = copy.offset;
    this.#selected = copy.selected;
    this.#found = copy.found;
    // Only FUZZY masks. ABORT blocks the whole message, so it is never delivered: the masked text stays the
    // original, which is what the log and a reviewer need to see (a partly starred blocked message would suggest
    // it went out). REPORT retains the message as written.
    this.#masked = operation === 'FUZZY' ? null : text;
  }

  get matches(): readonly CensorMatch[] {
    if (this.#matches === null) {
      const rereader = this.#rereader;
      if (rereader !== null) {
        // the masked text will need each match's library: noted while the matches are made
        this.#libs = this.operation === 'FUZZY' ? new Int32Array(this.count) : null;
        this.#matches = rereader.matchesOfText(this.#text, this.#selected, this.count, this.#operations, this.#libs);
      } else
        this.#matches = matchObjects(
          this.#ints,
          this.#offset,
          this.count,
          this.#found,
          this.#libraries,
          this.#operations,
        );
    }
    return this.#matches;
  }

  get masked(): string {
    if (this.#masked === null) {
      const matches = this.matches;
      const libs = this.#libs;
      const spans: MaskSpan[] = new Array(matches.length);
      for (let k = 0; k < matches.length; k++) {
        const library = this.#libraries[libs !== null ? libs[k]! : this.#ints[this.#offset + 4 * k]!]!;
        const match = matches[k]!;
        spans[k] = {
          start: match.start,
          end: match.end,
          mask: library.mask,
          replacement: library.replacements?.get(foldText(match.word)),
        };
      }
      this.#masked = maskMatches(this.#text, spans);
    }
    return this.#masked;
  }

  toJSON(): { matches: readonly CensorMatch[]; count: number; operation: CensorOperation; masked: string } {
    return { matches: this.matches, count: this.count, operation: this.operation, masked: this.masked };
  }
}

/** The match object of the library's word `w` (a contact detector's match is made apart: it has a category). */
export function wordMatch(
  library: ReadLibrary,
  w: number,
  start: number,
  end: number,
  operation: CensorOperation,
): CensorMatch {
  return { banId: library.id, libraryName: library.name, word: library.words[w]!, start, end, operation };
}

/** One match object per kept hit of a final copy (library, word, start, end: 4 ints each, in order). */
function matchObjects(
  ints: Int32Array,
  offset: number,
  count: number,
  found: readonly (ContactHit | undefined)[] | null,
  libraries: readonly ReadLibrary[],
  operations: readonly CensorOperation[],
): CensorMatch[] {
  const matches: CensorMatch[] = new Array(count);
  for (let k = 0, at = offset; k < count; k++, at += 4) {
    const l = ints[at]!;
    const library = libraries[l]!;
    const w = ints[at + 1]!;
    if (w < DETECTED) matches[k] = wordMatch(library, w, ints[at + 2]!, ints[at + 3]!, operations[l]!);
    else {
      const hit = found![k]!;
      matches[k] = {
        banId: library.id,
        libraryName: library.name,
        word: hit.category,
        start: ints[at + 2]!,
        end: ints[at + 3]!,
        operation: operations[l]!,
        category: hit.category,
        value: hit.value,
      };
    }
  }
  return matches;
}
