import { foldTable, foldText } from '../text/fold.js';
import { letterStyles, numberStyles } from './char-styles.js';
import { noiseTable } from './noise.js';
import { traditionalTable } from './traditional.js';

/**
 * A library's folds beyond width and case, as bits: the libraries with the same bits share the views of a text
 * (README "Matching").
 */
export const FOLD_TRADITIONAL = 1;
export const FOLD_NUMBERS = 2;
export const FOLD_LETTERS = 4;
/** a run of one character folds to one (kept apart from the character folds: it works on the folded text) */
export const FOLD_REPEATS = 8;
export const CHAR_FOLDS = FOLD_TRADITIONAL | FOLD_NUMBERS | FOLD_LETTERS;

/** How one set of character folds reads each code point. */
export interface CharFold {
  readonly bits: number;
  /** BMP unit → the unit it folds to (width, case, then the profile's folds), for units folding one to one */
  readonly unit: Uint16Array;
  /** per BMP unit: 0 one to one (`unit`); 1 folds to `special` (two digits, or '' for a dropped mark); 2 a high surrogate (its pair may be in `special`, or noise) */
  readonly kind: Uint8Array;
  /** code point → what it folds to, where that is not one BMP unit */
  readonly special: ReadonlyMap<number, string>;
  /** per BMP unit: 1 when it is a noise character for these folds (noise that folds to a letter or digit is not) */
  readonly noise: Uint8Array;
}

const folds = new Map<number, CharFold>();

/** The character folds for `bits` (only CHAR_FOLDS count), built once per set. */
export function charFold(bits: number): CharFold {
  bits &= CHAR_FOLDS;
  const known = folds.get(bits);
  if (known) return known;
  const base = foldTable(false);
  const simplify = traditionalTable();
  const numbers = bits & FOLD_NUMBERS ? numberStyles() : null;
  const letters = bits & FOLD_LETTERS ? letterStyles() : null;
  const unit = new Uint16Array(0x10000);
  const kind = new Uint8Array(0x10000);
  const special = new Map<number, string>();
  const noise = Uint8Array.from(noiseTable());
  const styled = (c: number): string | undefined => numbers?.get(c) ?? letters?.get(c);
  for (let c = 0; c < 0x10000; c++) {
    let f = base[c]!;
    if (bits & FOLD_TRADITIONAL) f = simplify[f]!;
    unit[c] = f;
    if (c >= 0xd800 && c <= 0xdbff) {
      kind[c] = 2;
      continue;
    }
    const s = styled(f) ?? styled(c);
    if (s === undefined) continue;
    if (s.length === 1) unit[c] = s.charCodeAt(0);
    else {
      kind[c] = 1;
      special.set(c, s);
    }
    if (s !== '') noise[c] = 0;
  }
  if (numbers !== null || letters !== null) {
    for (const map of [numbers, letters]) {
      if (map === null) continue;
      for (const [c, s] of map) if (c >= 0x10000 && !special.has(c)) special.set(c, s);
    }
  }
  const fold: CharFold = { bits, unit, kind, special, noise };
  folds.set(bits, fold);
  return fold;
}

/** Code units of the noise character at `i` for these folds (1, or 2 for an emoji), or 0. */
export function noiseFor(text: string, i: number, fold: CharFold): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return fold.noise[c]!;
  const low = text.charCodeAt(i + 1);
  if (!(low >= 0xdc00 && low <= 0xdfff)) return 0;
  const cp = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  const s = fold.special.get(cp);
  if (s !== undefined && s !== '') return 0;
  return /^[\s\p{P}\p{S}]$/u.test(text.slice(i, i + 2)) ? 2 : 0;
}

/** A Chinese character of the BMP (CJK Unified Ideographs, Extension A, Compatibility Ideographs). */
function isHanUnit(u: number): boolean {
  return (u >= 0x4e00 && u <= 0x9fff) || (u >= 0x3400 && u <= 0x4dbf) || (u >= 0xf900 && u <= 0xfaff);
}

/** Whether the text has a letter for these folds (a pinyin view can only matter then). */
export function hasLetter(text: string, fold: CharFold): boolean {
  const { unit, kind, special } = fold;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = kind[c];
    if (k === 0) {
      if (charClass(unit[c]!) === 1) return true;
      continue;
    }
    const s = special.get(k === 2 ? text.codePointAt(i)! : c);
    if (s !== undefined && s !== '' && charClass(s.charCodeAt(0)) === 1) return true;
  }
  return false;
}

/** 1 an ASCII letter, 2 an ASCII digit, 0 anything else (after folding). */
export function charClass(unit: number): number {
  if (unit >= 0x61 && unit <= 0x7a) return 1;
  if (unit >= 0x30 && unit <= 0x39) return 2;
  if (unit >= 0x41 && unit <= 0x5a) return 1;
  return 0;
}

/** The class of the character ending just before `i` of `text`, as `fold` reads it. */
export function classBefore(text: string, i: number, fold: CharFold): number {
  if (i <= 0) return 0;
  const c = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const cp = text.codePointAt(i - 2)!;
    const s = cp >= 0x10000 ? fold.special.get(cp) : undefined;
    return s === undefined || s === '' ? 0 : charClass(s.charCodeAt(s.length - 1));
  }
  if (fold.kind[c] === 1) {
    const s = fold.special.get(c)!;
    return s === '' ? 0 : charClass(s.charCodeAt(s.length - 1));
  }
  return charClass(fold.unit[c]!);
}

/** The class of the character starting at `i` of `text`, as `fold` reads it. */
export function classAt(text: string, i: number, fold: CharFold): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  if (fold.kind[c] === 2) {
    const s = fold.special.get(text.codePointAt(i)!);
    return s === undefined || s === '' ? 0 : charClass(s.charCodeAt(0));
  }
  if (fold.kind[c] === 1) {
    const s = fold.special.get(c)!;
    return s === '' ? 0 : charClass(s.charCodeAt(0));
  }
  return charClass(fold.unit[c]!);
}

/**
 * A folded copy of a text with, for each of its code units, the span of the original it stands for: the text a
 * library with some folds sees. `runs` (when repeats collapse) says how many characters each unit stands for.
 */
export interface View {
  readonly text: string;
  /** where each unit's source starts and ends in the original; null when the view is position for position */
  readonly start: Int32Array | null;
  readonly end: Int32Array | null;
  readonly runs: Int32Array | null;
}

/**
 * Builds views into arrays it keeps and grows (a scan is synchronous, so one builder per scanner is enough; a
 * view is read before the next is built).
 */
export class ViewBuilder {
  private start = new Int32Array(256);
  private end = new Int32Array(256);
  private runs = new Int32Array(256);
  private units = new Uint16Array(256);

  /**
   * The view of `text` under `fold` — without noise characters when `dropNoise`, runs collapsed when `collapse`
   * — or null when it would be the text itself (nothing folds beyond width and case, no noise, no run): then the
   * plain pass over the text serves.
   */
  build(text: string, fold: CharFold, dropNoise: boolean, collapse: boolean): View | null {
    const n = text.length;
    const base = foldTable(false);
    const { unit, kind, special, noise } = fold;
    // The first code unit where the view departs from the text.
    let first = 0;
    let before = -1;
    for (; first < n; first++) {
      const c = text.charCodeAt(first);
      const k = kind[c]!;
      if (k === 1) break;
      if (k === 2) {
        const cp = text.codePointAt(first)!;
        if (cp >= 0x10000) {
          if (special.has(cp) || (dropNoise && noiseFor(text, first, fold) > 0)) break;
          if (collapse && cp === before) break;
          before = cp;
          first++;
          continue;
        }
      }
      if (dropNoise && noise[c] === 1) break;
      const f = unit[c]!;
      if (f !== base[c]) break;
      if (collapse && f === before) break;
      before = f;
    }
    if (first === n) return null;
    if (this.start.length < n * 2 + 2) this.grow(n * 2 + 2);
    if (!dropNoise && !collapse) {
      // Most folds are one unit to one unit (traditional, a circled digit, a styled BMP letter): then the view is
      // the text's length, position for position, and needs no map.
      const same = this.sameLength(text, fold, first);
      if (same !== null) return { text: same, start: null, end: null, runs: null };
    }
    const start = this.start;
    const end = this.end;
    const runs = this.runs;
    const units = this.units;
    let size = 0;
    // `before` is the character (folded code point) last written, for collapsing; -1 none.
    before = -1;
    const put = (u: number, from: number, to: number) => {
      units[size] = u;
      start[size] = from;
      end[size] = to;
      runs[size] = 1;
      size++;
    };
    for (let i = 0; i < first; ) {
      const c = text.charCodeAt(i);
      if (kind[c] === 2 && text.codePointAt(i)! >= 0x10000) {
        put(c, i, i + 2);
        put(text.charCodeAt(i + 1), i, i + 2);
        before = text.codePointAt(i)!;
        i += 2;
        continue;
      }
      put(c, i, i + 1);
      before = unit[c]!;
      i++;
    }
    for (let i = first; i < n; ) {
      const c = text.charCodeAt(i);
      let width = 1;
      let folded: string | null = null;
      let single = -1;
      const k = kind[c]!;
      if (k === 2) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          width = 2;
          const cp = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          folded = special.get(cp) ?? null;
          if (folded === null) {
            if (dropNoise && noiseFor(text, i, fold) === 2) {
              i += 2;
              continue;
            }
            if (collapse && cp === before && size >= 2) {
              end[size - 1] = i + 2;
              end[size - 2] = i + 2;
              runs[size - 1]!++;
              runs[size - 2]!++;
            } else {
              put(c, i, i + 2);
              put(low, i, i + 2);
              before = cp;
            }
            i += 2;
            continue;
          }
        } else single = c;
      } else if (k === 1) folded = special.get(c)!;
      else {
        if (dropNoise && noise[c] === 1) {
          i++;
          continue;
        }
        single = unit[c]!;
      }
      if (folded !== null) {
        if (folded === '') {
          // a combining mark: part of the character before it
          if (size > 0) end[size - 1] = i + width;
          i += width;
          continue;
        }
        for (let j = 0; j < folded.length; j++) {
          const u = folded.charCodeAt(j);
          if (collapse && u === before && size > 0) {
            end[size - 1] = i + width;
            if (j === 0) runs[size - 1]!++;
          } else {
            put(u, i, i + width);
            before = u;
          }
        }
        i += width;
        continue;
      }
      if (collapse && single === before && size > 0) {
        end[size - 1] = i + 1;
        runs[size - 1]!++;
      } else {
        put(single, i, i + 1);
        before = single;
      }
      i++;
    }
    let view = '';
    for (let from = 0; from < size; from += 4096)
      view += String.fromCharCode.apply(null, units.subarray(from, Math.min(size, from + 4096)) as unknown as number[]);
    return { text: view, start, end, runs: collapse ? runs : null };
  }

  /**
   * The pinyin view of `text` under `fold`: every Chinese character that has a reading written as its syllable
   * (each letter standing for the whole character), every other character folded; without noise when `dropNoise`.
   * No runs collapse here.
   */
  buildPinyin(text: string, fold: CharFold, dropNoise: boolean, reading: (unit: number) => string | null): View {
    const n = text.length;
    const { unit, kind, special, noise } = fold;
    let size = 0;
    const put = (u: number, from: number, to: number) => {
      if (size + 1 >= this.start.length) this.grow(size * 2 + 16);
      this.units[size] = u;
      this.start[size] = from;
      this.end[size] = to;
      size++;
    };
    for (let i = 0; i < n; ) {
      const c = text.charCodeAt(i);
      const k = kind[c]!;
      let folded: string | null = null;
      let width = 1;
      if (k === 2 && text.codePointAt(i)! >= 0x10000) {
        width = 2;
        folded = special.get(text.codePointAt(i)!) ?? null;
        if (folded === null) {
          if (dropNoise && noiseFor(text, i, fold) === 2) {
            i += 2;
            continue;
          }
          put(c, i, i + 2);
          put(text.charCodeAt(i + 1), i, i + 2);
          i += 2;
          continue;
        }
      } else if (k === 1) folded = special.get(c)!;
      else {
        if (dropNoise && noise[c] === 1) {
          i++;
          continue;
        }
        const u = unit[c]!;
        const syllable = isHanUnit(u) ? reading(u) : null;
        if (syllable === null) put(u, i, i + 1);
        else for (let j = 0; j < syllable.length; j++) put(syllable.charCodeAt(j), i, i + 1);
        i++;
        continue;
      }
      if (folded === '') {
        if (size > 0) this.end[size - 1] = i + width;
      } else for (let j = 0; j < folded.length; j++) put(folded.charCodeAt(j), i, i + width);
      i += width;
    }
    let view = '';
    for (let from = 0; from < size; from += 4096)
      view += String.fromCharCode.apply(
        null,
        this.units.subarray(from, Math.min(size, from + 4096)) as unknown as number[],
      );
    return { text: view, start: this.start, end: this.end, runs: null };
  }

  /** The folded text when every unit from `first` on folds to one unit, else null. */
  private sameLength(text: string, fold: CharFold, first: number): string | null {
    const { unit, kind, special } = fold;
    const units = this.units;
    const n = text.length;
    for (let i = 0; i < first; i++) units[i] = text.charCodeAt(i);
    for (let i = first; i < n; i++) {
      const c = text.charCodeAt(i);
      const k = kind[c];
      if (k === 1) return null;
      if (k === 2) {
        const cp = text.codePointAt(i)!;
        if (cp >= 0x10000) {
          if (special.has(cp)) return null;
          units[i] = c;
          units[i + 1] = text.charCodeAt(i + 1);
          i++;
          continue;
        }
      }
      units[i] = unit[c]!;
    }
    let view = '';
    for (let from = 0; from < n; from += 4096)
      view += String.fromCharCode.apply(null, units.subarray(from, Math.min(n, from + 4096)) as unknown as number[]);
    return view;
  }

  /** Grows the arrays, keeping what they hold. */
  private grow(size: number): void {
    const length = Math.max(size, this.start.length * 2);
    const start = new Int32Array(length);
    const end = new Int32Array(length);
    const runs = new Int32Array(length);
    const units = new Uint16Array(length);
    start.set(this.start);
    end.set(this.end);
    runs.set(this.runs);
    units.set(this.units);
    this.start = start;
    this.end = end;
    this.runs = runs;
    this.units = units;
  }
}

/**
 * A word as a library with `bits` stores it: folded like the text (width, case, the character folds; runs
 * collapsed under FOLD_REPEATS, with how many of each character the word has).
 */
export function foldWord(word: string, bits: number, builder: ViewBuilder): { pattern: string; runs: number[] | null } {
  const view = bits === 0 ? null : builder.build(word, charFold(bits), false, (bits & FOLD_REPEATS) !== 0);
  if (view === null) return { pattern: foldText(word), runs: null };
  if (view.start === null) return { pattern: foldText(view.text), runs: null };
  const runs = view.runs === null ? null : Array.from(view.runs.subarray(0, view.text.length));
  return { pattern: foldText(view.text), runs: runs?.some((r) => r > 1) ? runs : null };
}
