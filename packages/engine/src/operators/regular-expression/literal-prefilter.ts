/**
 * The literal prefilter: from the AST, a set of strings at least one of which occurs in every
 * match (`你.*态度` → 态度; `(退款|退货).{0,10}` → 退款 or 退货). When the text contains none,
 * the regex cannot match and re2js is skipped. Each rule below only ever keeps strings every
 * match must contain, so the prefilter may say "maybe" wrongly but never "no" wrongly.
 *
 * Case-insensitive patterns only use literals made of ASCII and caseless characters (Han,
 * digits, punctuation…), whose case variants JS `iu` matching and RE2 agree on.
 */
import { members, setFromRanges, setSize } from './char-set.js';
import type { ParsedRegex, RegexNode } from './regex-ast.js';

/** strings a concatenation may multiply out to (`[:：]?` after `微信|vx` gives 6) */
const MAX_CROSS = 16;
/** strings in a set of alternatives (a keyword list) */
const MAX_SET = 256;
const MAX_LITERAL_LENGTH = 64;
/** characters of a class kept as alternatives (`[:：]` → ':' or '：') */
const MAX_CLASS_CHARS = 8;

interface Info {
  /** every text the node can match, when few; '' when it can match empty */
  readonly exact: readonly string[] | null;
  /** one of these occurs in every match; null when unknown */
  readonly need: readonly string[] | null;
}

const UNKNOWN: Info = { exact: null, need: null };
const EMPTY: Info = { exact: [''], need: null };
const CASE_SENSITIVE_CHARACTER = /[\p{Cn}\p{Cased}\p{CWCM}\p{CWCF}]/u;

function foldKey(text: string, caseInsensitive: boolean): string {
  return caseInsensitive ? text.toLowerCase() : text;
}

function unique(strings: readonly string[], caseInsensitive: boolean): string[] {
  const seen = new Map<string, string>();
  for (const s of strings) if (!seen.has(foldKey(s, caseInsensitive))) seen.set(foldKey(s, caseInsensitive), s);
  return [...seen.values()];
}

function usable(strings: readonly string[] | null): readonly string[] | null {
  return strings === null || strings.length === 0 || strings.includes('') ? null : strings;
}

/** The more selective requirement: longest shortest literal, then fewer literals. */
function better(a: readonly string[] | null, b: readonly string[] | null): readonly string[] | null {
  const x = usable(a);
  const y = usable(b);
  if (x === null || y === null) return x ?? y;
  const shortest = (s: readonly string[]): number => Math.min(...s.map((t) => t.length));
  if (shortest(x) !== shortest(y)) return shortest(x) > shortest(y) ? x : y;
  return y.length < x.length ? y : x;
}

class LiteralExtractor {
  constructor(private readonly parsed: ParsedRegex) {}

  private characters(codePoints: number[]): Info {
    if (codePoints.length > MAX_CLASS_CHARS) return UNKNOWN;
    const texts = codePoints.map((cp) => String.fromCodePoint(cp));
    if (this.parsed.caseInsensitive && texts.some((t) => t > '\x7f' && CASE_SENSITIVE_CHARACTER.test(t))) {
      return UNKNOWN;
    }
    return { exact: unique(texts, this.parsed.caseInsensitive), need: null };
  }

  private cross(left: readonly string[], right: readonly string[]): string[] | null {
    if (left.length * right.length > MAX_CROSS) return null;
    const out = left.flatMap((l) => right.map((r) => l + r));
    return out.some((s) => s.length > MAX_LITERAL_LENGTH) ? null : unique(out, this.parsed.caseInsensitive);
  }

  private concat(infos: Info[]): Info {
    let run: readonly string[] = [''];
    let whole: readonly string[] | null = [''];
    let need: readonly string[] | null = null;
    for (const info of infos) {
      need = better(need, info.need);
      whole = whole !== null && info.exact !== null ? this.cross(whole, info.exact) : null;
      const extended = info.exact === null ? null : this.cross(run, info.exact);
      if (extended !== null) {
        run = extended;
        continue;
      }
      // the run of exactly-known parts ends here: it is one candidate requirement
      need = better(need, run);
      run = info.exact ?? [''];
    }
    return { exact: whole, need: better(need, run) };
  }

  private alternatives(infos: Info[]): Info {
    const allExact = infos.every((info) => info.exact !== null);
    const exactUnion = allExact
      ? unique(
          infos.flatMap((info) => info.exact ?? []),
          this.parsed.caseInsensitive,
        )
      : null;
    const needs = infos.map((info) => better(info.need, info.exact));
    const needUnion = needs.every((n) => n !== null)
      ? unique(
          needs.flatMap((n) => n ?? []),
          this.parsed.caseInsensitive,
        )
      : null;
    return {
      exact: exactUnion !== null && exactUnion.length <= MAX_SET ? exactUnion : null,
      need: needUnion !== null && needUnion.length <= MAX_SET ? needUnion : null,
    };
  }

  private repeat(body: Info, min: number, max: number | undefined): Info {
    const need = min >= 1 ? better(body.need, body.exact) : null;
    if (body.exact === null || max === undefined || max > 3) return { exact: null, need };
    let power: readonly string[] | null = [''];
    let exact: string[] = [];
    for (let k = 0; k <= max; k++) {
      // an exact set must list every text, so one power too large spoils it
      if (power === null) return { exact: null, need };
      if (k >= min) exact = unique([...exact, ...power], this.parsed.caseInsensitive);
      power = k < max ? this.cross(power, body.exact) : power;
    }
    return { exact: exact.length <= MAX_CROSS ? exact : null, need };
  }

  info(node: RegexNode): Info {
    switch (node.type) {
      case 'value':
        return this.characters([node.codePoint]);
      case 'characterClass': {
        const ranges: Array<[number, number]> = [];
        for (const item of node.body) {
          if (item.type === 'value') ranges.push([item.codePoint, item.codePoint]);
          else if (item.type === 'characterClassRange') ranges.push([item.min.codePoint, item.max.codePoint]);
          else return UNKNOWN;
        }
        const set = setFromRanges(ranges);
        return node.negative || setSize(set) > MAX_CLASS_CHARS ? UNKNOWN : this.characters(members(set));
      }
      case 'alternative':
        return this.concat(node.body.map((child) => this.info(child)));
      case 'disjunction':
        return this.alternatives(node.body.map((child) => this.info(child)));
      case 'group':
        return node.behavior === 'normal' || node.behavior === 'ignore'
          ? this.concat(node.body.map((child) => this.info(child)))
          : EMPTY;
      case 'quantifier':
        return this.repeat(this.info(node.body[0]), node.min, node.max);
      case 'anchor':
        return EMPTY;
      default:
        return UNKNOWN;
    }
  }
}

/** Drops literals that contain another one: the shorter is found whenever the longer is. */
function minimal(literals: readonly string[], caseInsensitive: boolean): string[] {
  const keys = literals.map((l) => foldKey(l, caseInsensitive));
  return literals.filter(
    (_, i) =>
      !keys.some((other, j) => j !== i && other.length < (keys[i] ?? '').length && (keys[i] ?? '').includes(other)),
  );
}

/** The prefilter's literals, or null when no literal is required in every match. */
export function requiredLiterals(parsed: ParsedRegex): string[] | null {
  const root = new LiteralExtractor(parsed).info(parsed.ast);
  const need = better(root.need, root.exact);
  return need === null ? null : minimal(need, parsed.caseInsensitive);
}

const SYNTAX_CHARACTERS = /[\\^$.*+?()[\]{}|/]/g;

/** A native matcher for "contains one of the literals": linear, no quantifiers. */
export function literalMatcher(literals: readonly string[], caseInsensitive: boolean): RegExp {
  const alternatives = literals.map((l) => l.replace(SYNTAX_CHARACTERS, '\\$&'));
  return new RegExp(alternatives.join('|'), caseInsensitive ? 'iu' : 'u');
}
