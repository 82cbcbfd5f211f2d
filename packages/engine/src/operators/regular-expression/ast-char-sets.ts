/**
 * What one character-matching node matches, with ECMAScript `u`-mode meaning
 * (`\s` is Unicode white space, `\w` gains U+017F and U+212A when case-insensitive).
 */
import type { CharacterClassBody, CharacterClassEscape } from 'regjsparser';
import { ANY_CHAR, type CharSet, caseClose, complement, setFromRanges, setOf, union } from './char-set.js';
import { type ParsedRegex, propertyToken, type RegexNode } from './regex-ast.js';
import { propertyCodePoints } from './unicode-properties.js';

const DIGITS: CharSet = [0x30, 0x39];
const WORD: CharSet = setFromRanges([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
/** ſ and K fold to s and k: in `iu` mode they are word characters */
const WORD_CASE_INSENSITIVE: CharSet = union(WORD, setOf(0x17f, 0x212a));
/** ECMAScript WhiteSpace and LineTerminator (RE2's `\s` is only `[\t\n\f\r ]`) */
const WHITE_SPACE: CharSet = setFromRanges([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
export const LINE_TERMINATORS: CharSet = setOf(0x0a, 0x0d, 0x2028, 0x2029);

export function classEscapeSet(value: CharacterClassEscape['value'], caseInsensitive: boolean): CharSet {
  switch (value) {
    case 'd':
      return DIGITS;
    case 'D':
      return complement(DIGITS);
    case 's':
      return WHITE_SPACE;
    case 'S':
      return complement(WHITE_SPACE);
    case 'w':
      return caseInsensitive ? WORD_CASE_INSENSITIVE : WORD;
    case 'W':
      return complement(caseInsensitive ? WORD_CASE_INSENSITIVE : WORD);
  }
}

function dotSet(dotAll: boolean): CharSet {
  return dotAll ? ANY_CHAR : complement(LINE_TERMINATORS);
}

function classItemSet(parsed: ParsedRegex, item: CharacterClassBody): CharSet {
  switch (item.type) {
    case 'value':
      return setOf(item.codePoint);
    case 'characterClassRange':
      return setFromRanges([[item.min.codePoint, item.max.codePoint]]);
    case 'characterClassEscape':
      return classEscapeSet(item.value, parsed.caseInsensitive);
    case 'unicodePropertyEscape': {
      const token = propertyToken(parsed, item);
      const set = propertyCodePoints(token.property);
      return token.negated ? complement(set) : set;
    }
  }
}

/**
 * The code points a character-matching node can consume, case-closed when the regex is
 * case-insensitive; null for nodes that do not consume exactly one character.
 */
export function nodeCharSet(parsed: ParsedRegex, node: RegexNode): CharSet | null {
  const close = (set: CharSet): CharSet => (parsed.caseInsensitive ? caseClose(set) : set);
  switch (node.type) {
    case 'value':
    case 'characterClassEscape':
    case 'unicodePropertyEscape':
      return close(classItemSet(parsed, node));
    case 'dot':
      return dotSet(parsed.dotAll);
    case 'characterClass': {
      const items = close(union(...node.body.map((item) => classItemSet(parsed, item))));
      return node.negative ? complement(items) : items;
    }
    default:
      return null;
  }
}
