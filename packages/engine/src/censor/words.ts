/** A library's words as given: an array, or one string separated by commas (`,` `，`) or new lines. Trimmed, blanks dropped. */
export function parseWords(words: readonly string[] | string | null | undefined): string[] {
  if (words === null || words === undefined) return [];
  const list = typeof words === 'string' ? words.split(/[,，\r\n]/) : words;
  const out: string[] = [];
  for (const word of list) {
    if (typeof word !== 'string') continue;
    const trimmed = word.trim();
    if (trimmed !== '') out.push(trimmed);
  }
  return out;
}
