/**
 * Writes the parsed pattern in RE2 syntax for re2js. Groups become non-capturing (only the
 * overall span is used, and captures cost re2js time); JS-only meanings are spelled out:
 * Unicode `\s`, `.` without line terminators, `[^]`, binary properties RE2 lacks.
 * Case-insensitivity is the RE2 flag, which folds classes the way `iu` mode does.
 */
import type { CharacterClassBody, CharacterClassEscape } from 'regjsparser';
import { classEscapeSet, LINE_TERMINATORS } from './ast-char-sets.js';
import { ANY_CHAR, type CharSet, complement, toPairs } from './char-set.js';
import { type ParsedRegex, propertyToken, type QuantifierNode, type RegexNode } from './regex-ast.js';
import { propertyCodePoints, re2PropertyName } from './unicode-properties.js';

const PLAIN_ASCII = /^[A-Za-z0-9]$/;
/** printable non-ASCII characters can be written as they are */
const INVISIBLE = /^[\p{C}\p{Z}\p{M}]$/u;

function literal(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (PLAIN_ASCII.test(ch)) return ch;
  if (cp >= 0x80 && !INVISIBLE.test(ch)) return ch;
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

function rangeItems(set: CharSet): string {
  return toPairs(set)
    .map(([lo, hi]) => (lo === hi ? literal(lo) : `${literal(lo)}-${literal(hi)}`))
    .join('');
}

/** A bracketed class; RE2 has no empty class, so spell "nothing" and "anything" out. */
function bracket(items: string, negative: boolean): string {
  if (items === '') return negative ? `[${rangeItems(ANY_CHAR)}]` : `[^${rangeItems(ANY_CHAR)}]`;
  return `[${negative ? '^' : ''}${items}]`;
}

function classItem(parsed: ParsedRegex, item: CharacterClassBody): string {
  switch (item.type) {
    case 'value':
      return literal(item.codePoint);
    case 'characterClassRange':
      return `${literal(item.min.codePoint)}-${literal(item.max.codePoint)}`;
    case 'characterClassEscape':
      return rangeItems(classEscapeSet(item.value, parsed.caseInsensitive));
    case 'unicodePropertyEscape': {
      const token = propertyToken(parsed, item);
      const name = re2PropertyName(token.property);
      if (name !== null) return `\\${token.negated ? 'P' : 'p'}{${name}}`;
      const set = propertyCodePoints(token.property);
      return rangeItems(token.negated ? complement(set) : set);
    }
  }
}

/** `\S`, `\W`, `\D` as negated classes: RE2 folds the small positive set, then negates. */
function classEscape(value: CharacterClassEscape['value'], caseInsensitive: boolean): string {
  const negated = value === 'S' || value === 'W' || value === 'D';
  const positive = classEscapeSet(negated ? (value.toLowerCase() as 's' | 'w' | 'd') : value, caseInsensitive);
  return bracket(rangeItems(positive), negated);
}

function quantifierSuffix(node: QuantifierNode): string {
  const { min, max } = node;
  let suffix: string;
  if (min === 0 && max === undefined) suffix = '*';
  else if (min === 1 && max === undefined) suffix = '+';
  else if (min === 0 && max === 1) suffix = '?';
  else if (max === undefined) suffix = `{${min},}`;
  else if (min === max) suffix = `{${min}}`;
  else suffix = `{${min},${max}}`;
  return node.greedy ? suffix : `${suffix}?`;
}

function anchor(kind: string): string {
  switch (kind) {
    case 'start':
      return '^';
    case 'end':
      // RE2's `$` without the multiline flag is the end of the text, as in JS
      return '$';
    case 'boundary':
      return '\\b';
    default:
      return '\\B';
  }
}

function node(parsed: ParsedRegex, n: RegexNode): string {
  const all = (nodes: RegexNode[]): string => nodes.map((child) => node(parsed, child)).join('');
  switch (n.type) {
    case 'alternative':
      return all(n.body);
    case 'disjunction':
      return n.body.map((child) => node(parsed, child)).join('|');
    case 'group':
      return `(?:${all(n.body)})`;
    case 'quantifier':
      return `(?:${node(parsed, n.body[0])})${quantifierSuffix(n)}`;
    case 'value':
      return literal(n.codePoint);
    case 'dot':
      // negated, so that RE2's case folding works on four characters, not on everything else
      return parsed.dotAll ? bracket(rangeItems(ANY_CHAR), false) : bracket(rangeItems(LINE_TERMINATORS), true);
    case 'characterClass':
      return bracket(n.body.map((item) => classItem(parsed, item)).join(''), n.negative);
    case 'characterClassEscape':
      return classEscape(n.value, parsed.caseInsensitive);
    case 'unicodePropertyEscape':
      return bracket(classItem(parsed, n), false);
    case 'anchor':
      return anchor(n.kind);
    case 'reference':
      throw new Error('backreferences are refused before translation');
  }
}

export function toRe2Source(parsed: ParsedRegex): string {
  return node(parsed, parsed.ast);
}
