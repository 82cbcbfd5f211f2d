/**
 * Noise characters, the ones a library with `skipNoise` skips inside a word: white space and every Unicode
 * punctuation or symbol character (`\p{P}`, `\p{S}`, emoji included), as ENGINE-SEMANTICS's similarity does.
 * One byte per BMP code unit, built once; a surrogate pair is noise when its code point is.
 */
const NOISE = /^[\s\p{P}\p{S}]$/u;

let table: Uint8Array | undefined;

export function noiseTable(): Uint8Array {
  if (table) return table;
  table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (NOISE.test(String.fromCharCode(c))) table[c] = 1;
  }
  return table;
}

/** Code units of the noise character starting at `i` of `text` (1, or 2 for an emoji), or 0 when it is not noise. */
export function noiseAt(text: string, i: number, noise: Uint8Array): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return noise[c]!;
  const low = text.charCodeAt(i + 1);
  if (!(low >= 0xdc00 && low <= 0xdfff)) return 0;
  return NOISE.test(text.slice(i, i + 2)) ? 2 : 0;
}
