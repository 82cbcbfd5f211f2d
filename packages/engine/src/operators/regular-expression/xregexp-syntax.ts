/**
 * Rewrites an XRegExp pattern into an ECMAScript `u`-mode pattern that regjsparser can parse,
 * remembering where every output code unit came from in the user's pattern.
 *
 * XRegExp compiles without the `u` flag, so users write web-legacy (Annex B) syntax such as
 * `\-`, `\:`, `a{` or `[\d-z]`, plus XRegExp's own tokens: `\p{Han}`, `\pL`, `\p{^L}`,
 * `(?P<name>…)`, a leading mode modifier `(?ix)`, `(?#…)` comments and free spacing (flag x).
 * The rewrite keeps the meaning and reads it with code-point semantics (astral characters are
 * single characters, as the linear-time engine sees them). It also produces the copy of the
 * pattern that XRegExp validates (Unicode tokens replaced by a known one: names are resolved here).
 */

import { invalidSyntax, unknownProperty } from './regex-problems.js';
import type { RegexProblem } from './safe-regex.js';
import { resolveProperty, type UnicodeProperty } from './unicode-properties.js';

export interface PropertyToken {
  readonly property: UnicodeProperty;
  readonly negated: boolean;
}

export interface LexedPattern {
  /** ECMAScript `u`-mode pattern; `\p{Qn}` / `\P{Qn}` stand for `properties[n]` */
  readonly source: string;
  /** for each code unit of `source`, the [start, end) of the user's text it came from */
  readonly origins: ReadonlyArray<readonly [number, number]>;
  /** what XRegExp validates: the user's pattern with Unicode tokens replaced by `\pL` */
  readonly validationSource: string;
  /** flags of a leading mode modifier such as `(?i)`, '' when there is none */
  readonly modifierFlags: string;
  readonly properties: readonly PropertyToken[];
  /** an unknown Unicode token; XRegExp's own errors are found by validation */
  readonly problem: RegexProblem | null;
}

const LEADING_MODIFIER = /^\(\?([\w$]+)\)/;
const PROPERTY_TOKEN = /\\([pP])(?:\{(\^?)(?:(\w+)=)?([^}]*)\}|([A-Za-z]))/y;
const CODE_POINT_ESCAPE = /\\u\{[0-9A-Fa-f]+\}/y;
const HEX_ESCAPE = /\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|c[A-Za-z])/y;
const QUANTIFIER_BRACES = /\{\d+(?:,\d*)?\}/y;
const FREE_SPACING = /\s+|#[^\n]*\n?/y;
const INLINE_COMMENT = /\(\?#[^)]*\)/y;
const ALNUM = /^[A-Za-z0-9]$/;
/** characters that `u` mode lets you escape outside a class ('-' is also allowed inside one) */
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');
const CLASS_ESCAPES = new Set('dDwWsS');
const PLACEHOLDER: UnicodeProperty = { kind: 'binary', name: 'Any' };

type AtomKind = 'char' | 'set';
interface ClassAtom {
  readonly end: number;
  readonly kind: AtomKind;
}

function sticky(regex: RegExp, text: string, at: number): string | null {
  regex.lastIndex = at;
  return regex.exec(text)?.[0] ?? null;
}

function codePointLength(text: string, at: number): number {
  return (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
}

/** XRegExp's rule for whether a removed comment or space must leave `(?:)` behind. */
function isQuantifierNext(text: string, at: number, freeSpacing: boolean): boolean {
  const skip = freeSpacing ? String.raw`(?:\s|#[^#\n]*|\(\?#[^)]*\))*` : String.raw`(?:\(\?#[^)]*\))*`;
  return new RegExp(`^${skip}(?:[?*+]|\\{\\d+(?:,\\d*)?\\})`).test(text.slice(at));
}

class Lexer {
  source = '';
  validation = '';
  readonly origins: Array<readonly [number, number]> = [];
  readonly properties: PropertyToken[] = [];
  problem: RegexProblem | null = null;

  constructor(
    private readonly body: string,
    private readonly offset: number,
    private readonly freeSpacing: boolean,
  ) {}

  run(): void {
    let i = 0;
    while (i < this.body.length) i = this.step(i);
  }

  private step(i: number): number {
    const body = this.body;
    const space = this.freeSpacing ? sticky(FREE_SPACING, body, i) : null;
    const comment = body.startsWith('(?#', i) ? sticky(INLINE_COMMENT, body, i) : null;
    const skipped = space ?? comment;
    if (skipped !== null) return this.separator(i, skipped.length);
    const ch = body[i];
    if (ch === '\\') return this.escape(i);
    if (ch === '[') return this.characterClass(i);
    if (body.startsWith('(?P<', i)) return this.emit('(?<', i, i + 4, '(?P<');
    if (ch === '{') {
      const braces = sticky(QUANTIFIER_BRACES, body, i);
      return braces === null ? this.emit('\\{', i, i + 1, '{') : this.keep(i, i + braces.length);
    }
    // Annex B: a lone `}` or `]` is a literal
    if (ch === '}' || ch === ']') return this.emit(`\\${ch}`, i, i + 1, ch);
    return this.keep(i, i + codePointLength(body, i));
  }

  /** Output `text` for the user's [start, end); `original` goes to the validation copy. */
  private emit(text: string, start: number, end: number, original = this.body.slice(start, end)): number {
    this.source += text;
    for (let k = 0; k < text.length; k++) this.origins.push([start + this.offset, end + this.offset]);
    this.validation += original;
    return end;
  }

  private keep(start: number, end: number): number {
    return this.emit(this.body.slice(start, end), start, end);
  }

  /** A removed comment or free space: XRegExp leaves `(?:)` unless nothing can merge. */
  private separator(i: number, length: number): number {
    const body = this.body;
    const end = i + length;
    const needless =
      i === 0 ||
      end === body.length ||
      /^[()|]$/.test(body[i - 1] ?? '') ||
      /^[()|]$/.test(body[end] ?? '') ||
      /\(\?(?:[:=!]|<[=!])$/.test(body.slice(Math.max(0, i - 4), i)) ||
      isQuantifierNext(body, end, this.freeSpacing) ||
      this.source.endsWith('(?:)');
    return this.emit(needless ? '' : '(?:)', i, end);
  }

  private escape(i: number): number {
    const body = this.body;
    const next = body[i + 1];
    if (next === undefined) return this.keep(i, i + 1);
    if (next === 'p' || next === 'P') {
      const end = this.property(i);
      if (end !== null) return end;
    }
    const wide = sticky(CODE_POINT_ESCAPE, body, i) ?? sticky(HEX_ESCAPE, body, i);
    if (wide !== null) return this.keep(i, i + wide.length);
    if (ALNUM.test(next)) return this.keep(i, i + 2);
    return this.identityEscape(i, SYNTAX_CHARACTERS.has(next));
  }

  /** `\` + a non-alphanumeric character: keep the escape if `u` mode allows it, else the bare character. */
  private identityEscape(i: number, allowed: boolean): number {
    const end = i + 1 + codePointLength(this.body, i + 1);
    return allowed ? this.keep(i, end) : this.emit(this.body.slice(i + 1, end), i, end);
  }

  private property(i: number): number | null {
    PROPERTY_TOKEN.lastIndex = i;
    const m = PROPERTY_TOKEN.exec(this.body);
    if (m === null) return null;
    const [token, letter, caret, prefix, name, single] = m;
    const negated = letter === 'P' || caret === '^';
    const doubleNegation = letter === 'P' && caret === '^';
    const property = doubleNegation ? null : resolveProperty(single ?? name ?? '', prefix);
    if (property === null && this.problem === null) {
      this.problem = doubleNegation
        ? invalidSyntax(token, i + this.offset, 'invalid double negation')
        : unknownProperty(token, i + this.offset);
    }
    const index = this.properties.push({ property: property ?? PLACEHOLDER, negated }) - 1;
    return this.emit(`\\${negated ? 'P' : 'p'}{Q${index}}`, i, i + token.length, negated ? '\\PL' : '\\pL');
  }

  private characterClass(i: number): number {
    const body = this.body;
    let j = this.keep(i, i + 1);
    if (body[j] === '^') j = this.keep(j, j + 1);
    while (j < body.length && body[j] !== ']') {
      const first = this.classAtom(j);
      j = this.emitClassAtom(j, first.end);
      if (body[j] !== '-' || j + 1 >= body.length || body[j + 1] === ']') continue;
      const second = this.classAtom(j + 1);
      // Annex B: with a class escape on either side, `-` is a literal, not a range
      if (first.kind === 'char' && second.kind === 'char') this.keep(j, j + 1);
      else this.emit('\\-', j, j + 1);
      j = this.emitClassAtom(j + 1, second.end);
    }
    return j < body.length ? this.keep(j, j + 1) : j;
  }

  private classAtom(j: number): ClassAtom {
    const body = this.body;
    if (body[j] !== '\\') return { end: j + codePointLength(body, j), kind: 'char' };
    const next = body[j + 1] ?? '';
    const token = sticky(PROPERTY_TOKEN, body, j);
    if (token !== null) return { end: j + token.length, kind: 'set' };
    if (CLASS_ESCAPES.has(next)) return { end: j + 2, kind: 'set' };
    const wide = sticky(CODE_POINT_ESCAPE, body, j) ?? sticky(HEX_ESCAPE, body, j);
    if (wide !== null) return { end: j + wide.length, kind: 'char' };
    if (next === '' || ALNUM.test(next)) return { end: j + 1 + next.length, kind: 'char' };
    return { end: j + 1 + codePointLength(body, j + 1), kind: 'char' };
  }

  private emitClassAtom(start: number, end: number): number {
    const body = this.body;
    if (body[start] === '-') return this.emit('\\-', start, end);
    if (body[start] !== '\\') return this.keep(start, end);
    const next = body[start + 1] ?? '';
    if (next === 'p' || next === 'P') return this.property(start) ?? this.keep(start, end);
    if (next === '' || ALNUM.test(next)) return this.keep(start, end);
    return this.identityEscape(start, SYNTAX_CHARACTERS.has(next) || next === '-');
  }
}

export function lexXRegExp(pattern: string): LexedPattern {
  const modifier = LEADING_MODIFIER.exec(pattern);
  const modifierText = modifier?.[0] ?? '';
  const modifierFlags = modifier?.[1] ?? '';
  const lexer = new Lexer(pattern.slice(modifierText.length), modifierText.length, modifierFlags.includes('x'));
  lexer.run();
  // astral mode (A) is always on here; XRegExp refuses `\p` inside classes with it, so drop it
  const validationFlags = modifierFlags.replaceAll('A', '');
  return {
    source: lexer.source,
    origins: lexer.origins,
    validationSource: (validationFlags === '' ? '' : `(?${validationFlags})`) + lexer.validation,
    modifierFlags,
    properties: lexer.properties,
    problem: lexer.problem,
  };
}

function jsProperty(token: PropertyToken): string {
  const { kind, name } = token.property;
  const body = kind === 'script' ? `Script=${name}` : kind === 'category' ? `General_Category=${name}` : name;
  return `\\${token.negated ? 'P' : 'p'}{${body}}`;
}

/**
 * The lexed pattern as a native JavaScript `u`-mode regex: the naive path (backtracking,
 * unsafe) that differential tests compare the safe matcher against.
 */
export function nativeRegExpOf(lexed: LexedPattern, caseSensitive: boolean): RegExp {
  // escape by escape, so that an escaped backslash followed by `p{Q0}` stays text
  const source = lexed.source.replace(/\\(?:[pP]\{Q(\d+)\}|[\s\S])/g, (sequence, index?: string) => {
    const token = index === undefined ? undefined : lexed.properties[Number(index)];
    return token === undefined ? sequence : jsProperty(token);
  });
  const insensitive = !caseSensitive || lexed.modifierFlags.includes('i');
  return new RegExp(source, `gu${insensitive ? 'i' : ''}${lexed.modifierFlags.includes('s') ? 's' : ''}`);
}
