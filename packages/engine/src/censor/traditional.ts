import { SIMPLIFIED, TRADITIONAL } from './traditional-chars.js';

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
