/**
 * Finds the one place where RE2 and JavaScript report different spans: an optional iteration
 * of a quantifier (`?`, `*`, `+`, `{0,2}`…) whose body prefers an empty match to a non-empty
 * one, e.g. `(a??)?`, `(b??)+` or `(x*?){0,2}`. JavaScript refuses an empty optional iteration
 * and backtracks into the body's non-empty choice; RE2 accepts the empty one. Such patterns
 * are refused; bodies whose empty match ranks last (`(a?)+`, `(\s*,)*`) agree in both engines.
 */
import type { ParsedRegex, QuantifierNode, RegexNode } from './regex-ast.js';

/** What the ranked matches of a node look like, conservatively. */
interface Summary {
  /** some match is empty */
  readonly nullable: boolean;
  /** some match is not empty */
  readonly consumes: boolean;
  /** an empty match ranks before a non-empty one */
  readonly inverted: boolean;
  /** two or more empty matches (may over-report) */
  readonly multiEmpty: boolean;
}

const CHARACTER: Summary = { nullable: false, consumes: true, inverted: false, multiEmpty: false };
const ZERO_WIDTH: Summary = { nullable: true, consumes: false, inverted: false, multiEmpty: false };

function sequence(a: Summary, b: Summary): Summary {
  return {
    nullable: a.nullable && b.nullable,
    consumes: a.consumes || b.consumes,
    inverted: (a.nullable && b.inverted) || (a.inverted && b.nullable) || (a.multiEmpty && b.nullable && b.consumes),
    multiEmpty: (a.nullable && b.multiEmpty) || (a.multiEmpty && b.nullable),
  };
}

function choice(options: Summary[]): Summary {
  const firstNullable = options.findIndex((o) => o.nullable);
  return {
    nullable: firstNullable >= 0,
    consumes: options.some((o) => o.consumes),
    inverted:
      options.some((o) => o.inverted) ||
      (firstNullable >= 0 && options.slice(firstNullable + 1).some((o) => o.consumes)),
    multiEmpty: options.some((o) => o.multiEmpty) || options.filter((o) => o.nullable).length >= 2,
  };
}

class EmptyIterationFinder {
  found: QuantifierNode | null = null;

  summary(node: RegexNode): Summary {
    switch (node.type) {
      case 'alternative':
        return node.body.map((child) => this.summary(child)).reduce(sequence, ZERO_WIDTH);
      case 'group':
        return node.body.map((child) => this.summary(child)).reduce(sequence, ZERO_WIDTH);
      case 'disjunction':
        return choice(node.body.map((child) => this.summary(child)));
      case 'quantifier':
        return this.quantifier(node);
      case 'anchor':
      case 'reference':
        return ZERO_WIDTH;
      default:
        return CHARACTER;
    }
  }

  private quantifier(node: QuantifierNode): Summary {
    const body = this.summary(node.body[0]);
    const { min, max } = node;
    if ((max === undefined || max > min) && body.inverted) this.found ??= node;
    if (max === 0) return ZERO_WIDTH;
    let mandatory = ZERO_WIDTH;
    for (let k = 0; k < Math.min(min, 3); k++) mandatory = sequence(mandatory, body);
    // optional iterations never match empty (JS semantics): only leaving the loop is empty
    const more = max === undefined || max > min;
    const optional: Summary = {
      nullable: true,
      consumes: more && body.consumes,
      inverted: more && body.consumes && !node.greedy,
      multiEmpty: false,
    };
    return sequence(mandatory, optional);
  }
}

/** The first quantifier (innermost, then leftmost) whose optional iterations prefer an empty body match. */
export function findEmptyPreferringRepetition(parsed: ParsedRegex): QuantifierNode | null {
  const finder = new EmptyIterationFinder();
  finder.summary(parsed.ast);
  return finder.found;
}
