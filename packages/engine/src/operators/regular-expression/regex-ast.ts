/**
 * The parsed pattern shared by the analysis, the translation and the prefilter: regjsparser's
 * AST of the lexed `u`-mode source, the effective flags, and the way back to the user's text.
 */

import type { Disjunction, Quantifier, RootNode, UnicodePropertyEscape } from 'regjsparser';
import pkg from 'regjsparser';
import type { LexedPattern, PropertyToken } from './xregexp-syntax.js';

const { parse } = pkg;

type ParserFeatures = { unicodePropertyEscape: true; namedGroups: true; lookbehind: true };
export type RegexNode = RootNode<ParserFeatures>;
export type QuantifierNode = Quantifier<ParserFeatures>;
export type DisjunctionNode = Disjunction<ParserFeatures>;
export type PropertyNode = UnicodePropertyEscape;

const FEATURES: ParserFeatures = { unicodePropertyEscape: true, namedGroups: true, lookbehind: true };

/** Throws regjsparser's SyntaxError ("… at position N"). */
export function parseSource(source: string, flags: 'u' | ''): RegexNode {
  return parse(source, flags, FEATURES);
}

export interface ParsedRegex {
  readonly ast: RegexNode;
  readonly lexed: LexedPattern;
  readonly pattern: string;
  readonly caseInsensitive: boolean;
  /** `.` matches line terminators too (flag s in a leading `(?s)`) */
  readonly dotAll: boolean;
}

export interface PatternPart {
  readonly part: string;
  readonly index: number;
}

/** The user's text behind a node (its `range` is in the lexed source). */
export function partOf(parsed: ParsedRegex, node: { range: [number, number] }): PatternPart {
  const [start, end] = node.range;
  const origins = parsed.lexed.origins;
  const from = origins[start]?.[0] ?? parsed.pattern.length;
  const to = end > start ? (origins[end - 1]?.[1] ?? from) : from;
  return { part: parsed.pattern.slice(from, to), index: from };
}

export function propertyToken(parsed: ParsedRegex, node: PropertyNode): PropertyToken {
  const token = parsed.lexed.properties[Number(node.value.slice(1))];
  // the lexer writes `\P{Qn}` exactly when the token is negated, so the token says it all
  if (token === undefined) throw new Error(`unknown property placeholder ${node.value}`);
  return token;
}

/** Direct children that are themselves nodes (class bodies are handled by their users). */
function childNodes(node: RegexNode): RegexNode[] {
  switch (node.type) {
    case 'alternative':
    case 'disjunction':
    case 'group':
    case 'quantifier':
      return node.body;
    default:
      return [];
  }
}

/** Pre-order walk; `visit` returns false to skip a node's children. */
export function walk(node: RegexNode, visit: (node: RegexNode) => boolean | undefined): void {
  if (visit(node) === false) return;
  for (const child of childNodes(node)) walk(child, visit);
}

export function isRepetition(node: RegexNode): node is QuantifierNode {
  return node.type === 'quantifier' && (node.max === undefined || node.max >= 2);
}
