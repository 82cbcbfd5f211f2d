import { SIMPLIFIED, TRADITIONAL } from './traditional-chars.js';
import { TRADITIONAL_PHRASES } from './traditional-phrases.js';

let table: Uint16Array | undefined;

/** Traditional → simplified, code unit to code unit (identity for every other unit), built once. */
export function traditionalTable(): Uint16Array {
  if (table) return table;
  table = new Uint16Array(0x10000);
  for (let c = 0; c < 0x10000; c++) table[c] = c;
  for (let i = 0; i < TRADITIONAL.length; i++) table[TRADITIONAL.charCodeAt(i)] = SIMPLIFIED.charCodeAt(i);
  return table;
}

/** Folds traditional characters to simplified ones; same length, position for position; the text itself when nothing changes. */
export function foldTraditional(text: string): string {
  const t = traditionalTable();
  let i = 0;
  while (i < text.length && t[text.charCodeAt(i)] === text.charCodeAt(i)) i++;
  if (i === text.length) return text;
  const out = new Array<string>(text.length - i);
  for (let j = i; j < text.length; j++) out[j - i] = String.fromCharCode(t[text.charCodeAt(j)]!);
  return text.slice(0, i) + out.join('');
}

interface Phrase {
  readonly from: string;
  readonly to: string;
  /** where the trigger character sits in `from` */
  readonly offset: number;
}

let phraseIndex: Map<number, Phrase[]> | undefined;

/**
 * The phrase table indexed by trigger: each code unit where a phrase's conversion differs from its character
 * folding (`覆` of `反覆`) lists the phrases it triggers, longest first. A text without any trigger needs no look.
 */
function phrases(): Map<number, Phrase[]> {
  if (phraseIndex) return phraseIndex;
  phraseIndex = new Map();
  for (const entry of TRADITIONAL_PHRASES.split('|')) {
    const [from, to] = entry.split(' ') as [string, string];
    for (let k = 0; k < from.length; k++) {
      if (from[k] === to[k]) continue;
      const trigger = from.charCodeAt(k);
      const list = phraseIndex.get(trigger) ?? [];
      list.push({ from, to, offset: k });
      phraseIndex.set(trigger, list);
    }
  }
  for (const list of phraseIndex.values()) list.sort((a, b) => b.from.length - a.from.length);
  return phraseIndex;
}

/**
 * Phrase-level traditional → simplified on text the character table has already folded (`反覆` → `反复`, where `覆`
 * alone stays `覆`, as in `覆盖`): same length, position for position; the text itself when no phrase occurs. Left
 * to right, the longest phrase at each trigger; phrases do not overlap.
 */
export function foldTraditionalPhrases(folded: string): string {
  const index = phrases();
  let out: string[] | null = null;
  let done = 0;
  for (let i = 0; i < folded.length; i++) {
    const list = index.get(folded.charCodeAt(i));
    if (list === undefined) continue;
    for (const phrase of list) {
      const at = i - phrase.offset;
      if (at < done || !folded.startsWith(phrase.from, at)) continue;
      out ??= [];
      out.push(folded.slice(done, at), phrase.to);
      done = at + phrase.from.length;
      i = done - 1;
      break;
    }
  }
  if (out === null) return folded;
  out.push(folded.slice(done));
  return out.join('');
}
