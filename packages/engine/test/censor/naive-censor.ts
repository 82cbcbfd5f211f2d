/**
 * A brute-force reference for one censor library's word matching, written from the README's definitions rather than
 * from the scanner's structure: fold each character, build the text the library sees (noise dropped or not, runs
 * grouped), and try every word at every position. Pinyin and phrase forms are left to example tests.
 */
import { letterStyles, numberStyles } from '../../src/censor/char-styles.js';
import { foldTraditional } from '../../src/censor/index.js';
import { foldText, isAsciiOnly, standsAlone } from '../../src/text/fold.js';

export interface NaiveOptions {
  readonly skipNoise?: number;
  readonly traditional?: boolean;
  readonly numberStyles?: boolean;
  readonly letterStyles?: boolean;
  readonly repeats?: boolean;
  readonly classBoundaries?: boolean;
}

const NOISE = /^[\s\p{P}\p{S}]$/u;

/** What one character reads as for these options: ASCII for a styled digit or letter, '' for a dropped mark. */
export function foldChar(ch: string, o: NaiveOptions): string {
  let f = foldText(ch);
  if (o.traditional) f = foldTraditional(f);
  const styled = (s: string) => {
    const cp = s.codePointAt(0)!;
    return (
      (o.numberStyles ? numberStyles().get(cp) : undefined) ?? (o.letterStyles ? letterStyles().get(cp) : undefined)
    );
  };
  return styled(f) ?? styled(ch) ?? f;
}

function isNoise(ch: string, o: NaiveOptions): boolean {
  if (!NOISE.test(ch)) return false;
  const f = foldChar(ch, o);
  return !(f !== foldText(ch) && f !== '' && /^[a-z0-9]+$/.test(f));
}

/** One character of the text as the library sees it: a folded character (code point) and where it came from. */
interface Unit {
  readonly ch: string;
  start: number;
  end: number;
  readonly noise: boolean;
  /** how many source characters a collapsed run stands for */
  count: number;
  /** the source character this unit came from (an expansion gives several units one source) */
  readonly source: number;
}

function units(text: string, o: NaiveOptions, dropNoise: boolean): Unit[] {
  const out: Unit[] = [];
  let at = 0;
  // a dropped mark belongs to the character before it: when that was noise left out of this view, so is the mark
  let afterDropped = false;
  for (const ch of text) {
    const start = at;
    at += ch.length;
    const folded = foldChar(ch, o);
    if (folded === '') {
      if (out.length > 0 && !afterDropped) out[out.length - 1]!.end = at;
      continue;
    }
    const noise = isNoise(ch, o);
    afterDropped = noise && dropNoise;
    if (afterDropped) continue;
    for (const u of folded) out.push({ ch: u, start, end: at, noise, count: 1, source: start });
  }
  if (!o.repeats) return out;
  const runs: Unit[] = [];
  for (const u of out) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.ch === u.ch) {
      last.end = u.end;
      if (u.source !== last.source) last.count++;
      (last as { source: number }).source = u.source;
    } else runs.push({ ...u });
  }
  return runs;
}

function classOf(ch: string | undefined): number {
  if (ch === undefined) return 0;
  if (/[a-z]/i.test(ch)) return 1;
  if (/[0-9]/.test(ch)) return 2;
  return 0;
}

/** The class of the character just before `i` / at `i` of the original text, folded for these options. */
function neighbour(text: string, i: number, o: NaiveOptions, before: boolean): number {
  if (before ? i <= 0 : i >= text.length) return 0;
  const cp = before ? [...text.slice(Math.max(0, i - 2), i)].at(-1)! : String.fromCodePoint(text.codePointAt(i)!);
  const f = foldChar(cp, o);
  return classOf(before ? f.at(-1) : f[0]);
}

/** [word, start, end] of every match of one library's words in `text`, sorted; the first spelling reports. */
export function naiveCensor(words: readonly string[], text: string, o: NaiveOptions = {}): [string, number, number][] {
  const seen = new Set<string>();
  const found: [string, number, number, number][] = [];
  const k = o.skipNoise ?? 0;
  const modes = k > 0 ? [false, true] : [false];
  words.forEach((word, w) => {
    const pattern = units(word, o, false);
    const folded = pattern.map((u) => u.ch).join('');
    const key = `${folded}|${pattern.map((u) => u.count).join(',')}`;
    if (pattern.length === 0 || seen.has(key)) return;
    seen.add(key);
    for (const dropNoise of modes) {
      const view = units(text, o, dropNoise);
      for (let a = 0; a + pattern.length <= view.length; a++) {
        let ok = true;
        for (let j = 0; j < pattern.length && ok; j++) {
          const v = view[a + j]!;
          const p = pattern[j]!;
          ok = v.ch === p.ch && (!o.repeats || v.count >= p.count);
        }
        if (!ok) continue;
        const start = view[a]!.start;
        const end = view[a + pattern.length - 1]!.end;
        if (dropNoise) {
          let skipped = 0;
          for (const ch of text.slice(start, end)) if (isNoise(ch, o)) skipped++;
          if (skipped === 0 || skipped > k) continue;
        }
        if (isAsciiOnly(folded)) {
          if (o.classBoundaries === false) {
            if (!standsAlone(text, start, end)) continue;
          } else {
            const first = classOf(folded[0]);
            const last = classOf(folded.at(-1));
            if (first !== 0 && neighbour(text, start, o, true) === first) continue;
            if (last !== 0 && neighbour(text, end, o, false) === last) continue;
          }
        }
        found.push([word, start, end, w]);
      }
    }
  });
  found.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
  const out: [string, number, number][] = [];
  for (const [word, start, end] of found) {
    const last = out.at(-1);
    if (last !== undefined && last[0] === word && last[1] === start && last[2] === end) continue;
    out.push([word, start, end]);
  }
  return out;
}
