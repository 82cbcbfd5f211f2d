/**
 * Width and case folding as one code-unit-to-code-unit table. Every fold keeps the text's length, so a
 * position in the folded text is the same position in the original: highlights stay exact for free.
 * - full-width ASCII U+FF01–U+FF5E → U+0021–U+007E, ideographic space U+3000 → space;
 * - letters → lower case where the lower case is one code unit (the rare others are left as they are).
 */
function buildTable(lowerCase: boolean): Uint16Array {
  const table = new Uint16Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    let f = c;
    if (c >= 0xff01 && c <= 0xff5e) f = c - 0xfee0;
    else if (c === 0x3000) f = 0x20;
    if (lowerCase) {
      if (f >= 0x41 && f <= 0x5a) f += 0x20;
      else if (f >= 0x80 && (f < 0xd800 || f > 0xdfff)) {
        const lower = String.fromCharCode(f).toLowerCase();
        if (lower.length === 1) f = lower.charCodeAt(0);
      }
    }
    table[c] = f;
  }
  return table;
}

let caseFoldTable: Uint16Array | undefined;
let widthFoldTable: Uint16Array | undefined;

/** The fold table for matching: width folding, plus case folding unless `caseSensitive`. */
export function foldTable(caseSensitive = false): Uint16Array {
  if (caseSensitive) {
    widthFoldTable ??= buildTable(false);
    return widthFoldTable;
  }
  caseFoldTable ??= buildTable(true);
  return caseFoldTable;
}

/** Folds a string; the result has the same length, position for position. */
export function foldText(text: string, caseSensitive = false): string {
  const table = foldTable(caseSensitive);
  let i = 0;
  // Most text is already folded: copy only from the first code unit that changes.
  while (i < text.length && table[text.charCodeAt(i)] === text.charCodeAt(i)) i++;
  if (i === text.length) return text;
  const out = new Array<string>(text.length - i);
  for (let j = i; j < text.length; j++) out[j - i] = String.fromCharCode(table[text.charCodeAt(j)]!);
  return text.slice(0, i) + out.join('');
}

/** An ASCII letter or digit: the characters a whole-word ASCII keyword may not touch. */
export function isAsciiAlnum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** A keyword made only of ASCII characters matches only as a whole word (ENGINE-SEMANTICS "Text normalisation"). */
export function isAsciiOnly(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * Whether an ASCII-only keyword found at [start, end) of `text` stands alone: at each end of the keyword
 * that is a letter or digit, the neighbouring character must not be an ASCII letter or digit (after width
 * folding, so `ｏｋ` inside `ｂｏｏｋ` is refused too). `ok` is not in `book`; `VIP` is in `我是vip用户`;
 * `wi-fi` is in `用wi-fi上网`.
 */
export function standsAlone(text: string, start: number, end: number): boolean {
  const fold = foldTable(false);
  const at = (i: number) => isAsciiAlnum(fold[text.charCodeAt(i)]!);
  if (start > 0 && at(start) && at(start - 1)) return false;
  if (end < text.length && at(end - 1) && at(end)) return false;
  return true;
}
