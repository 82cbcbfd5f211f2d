import type { JsonReader } from '../compile/json-reader.js';

/**
 * A keyword or phrase list as the rule stores it: an array of strings (a comma-separated string is split the
 * way the editor splits its input). Items are trimmed, blanks and duplicates dropped; an empty list is an error.
 */
export function readWordList(value: unknown, reader: JsonReader, path: string, what: 'keywords' | 'phrases'): string[] {
  const items = typeof value === 'string' ? value.split(/[,，]/) : reader.array(value, path);
  const words: string[] = [];
  items.forEach((item, i) => {
    const word = reader.string(item, `${path}[${i}]`).trim();
    if (word !== '' && !words.includes(word)) words.push(word);
  });
  if (words.length === 0) {
    throw what === 'keywords'
      ? reader.fail('KEYWORDS_EMPTY', path, '关键词不能为空', 'the keyword list is empty')
      : reader.fail('PHRASES_EMPTY', path, '话术（相似句）不能为空', 'the phrase list is empty');
  }
  return words;
}
