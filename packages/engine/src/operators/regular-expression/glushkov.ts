/**
 * Position (Glushkov) automata of a pattern, for the backtracking analysis.
 *
 * A backtracking engine tells apart the routes by which one character can follow another
 * (in `(a+)+`, `a` follows `a` through the inner loop and through the outer one), so every
 * follow edge records the constructs that produced it: an edge with two producers is two
 * different ways to match the same text. Bounded repetitions are unrolled while small and
 * otherwise read as unbounded, which can only find more ambiguity, never less.
 */
import { nodeCharSet } from './ast-char-sets.js';
import { type CharSet, EMPTY_SET } from './char-set.js';
import type { ParsedRegex, QuantifierNode, RegexNode } from './regex-ast.js';

export type Shape =
  | { readonly kind: 'sym'; readonly set: CharSet }
  | { readonly kind: 'eps' }
  | { readonly kind: 'cat'; readonly items: readonly Shape[] }
  | { readonly kind: 'alt'; readonly items: readonly Shape[] }
  | { readonly kind: 'opt'; readonly body: Shape }
  | { readonly kind: 'loop'; readonly body: Shape }
  /** everything inside belongs to the user's repetition `quantifier` */
  | { readonly kind: 'scope'; readonly quantifier: QuantifierNode; readonly body: Shape };

/** copies of a repetition body (in positions) up to which `x{n,m}` is unrolled exactly */
const UNROLL_LIMIT = 32;
const EPS: Shape = { kind: 'eps' };

const symCounts = new WeakMap<Shape, number>();

function symCount(shape: Shape): number {
  const cached = symCounts.get(shape);
  if (cached !== undefined) return cached;
  let count: number;
  switch (shape.kind) {
    case 'sym':
      count = 1;
      break;
    case 'eps':
      count = 0;
      break;
    case 'cat':
    case 'alt':
      count = shape.items.reduce((sum, item) => sum + symCount(item), 0);
      break;
    default:
      count = symCount(shape.body);
  }
  symCounts.set(shape, count);
  return count;
}

const cat = (items: Shape[]): Shape => ({ kind: 'cat', items });
const opt = (body: Shape): Shape => ({ kind: 'opt', body });
const loop = (body: Shape): Shape => ({ kind: 'loop', body });
const copies = (body: Shape, n: number): Shape[] => Array.from({ length: n }, () => body);

/** `body{min,max}` as copies, nested optionals and loops. */
function repeat(quantifier: QuantifierNode, body: Shape): Shape {
  const { min, max } = quantifier;
  if (max === 0) return EPS;
  if (max === 1) return min === 0 ? opt(body) : body;
  const size = Math.max(1, symCount(body));
  let expanded: Shape;
  if (max !== undefined && max * size <= UNROLL_LIMIT) {
    // x{0,2} is (x(x)?)?: nested, so the unrolled form adds no ambiguity of its own
    let tail: Shape = EPS;
    for (let k = min; k < max; k++) tail = opt(cat([body, tail]));
    expanded = cat([...copies(body, min), tail]);
  } else {
    const kept = Math.min(min, Math.max(1, Math.floor(UNROLL_LIMIT / size)));
    expanded = kept === 0 ? opt(loop(body)) : cat([...copies(body, kept - 1), loop(body)]);
  }
  return { kind: 'scope', quantifier, body: expanded };
}

export function shapeOf(parsed: ParsedRegex, node: RegexNode): Shape {
  const shapes = (nodes: RegexNode[]): Shape[] => nodes.map((child) => shapeOf(parsed, child));
  switch (node.type) {
    case 'alternative':
      return cat(shapes(node.body));
    case 'disjunction':
      return { kind: 'alt', items: shapes(node.body) };
    case 'group':
      return node.behavior === 'normal' || node.behavior === 'ignore' ? cat(shapes(node.body)) : EPS;
    case 'quantifier':
      return repeat(node, shapeOf(parsed, node.body[0]));
    case 'anchor':
    case 'reference':
      return EPS;
    default:
      return { kind: 'sym', set: nodeCharSet(parsed, node) ?? EMPTY_SET };
  }
}

// ---------------------------------------------------------------------------

export interface Position {
  readonly set: CharSet;
  /** the user's repetitions around this position, outermost first */
  readonly scopes: readonly QuantifierNode[];
}

export interface Automaton {
  readonly positions: readonly Position[];
  readonly first: readonly number[];
  readonly last: readonly number[];
  readonly nullable: boolean;
  /** follow[p] maps each successor q to the ids of the constructs that link p to q */
  readonly follow: ReadonlyArray<ReadonlyMap<number, readonly number[]>>;
  /** producer id → the repetitions around the construct (a loop includes its own) */
  readonly producers: ReadonlyArray<readonly QuantifierNode[]>;
}

export class AutomatonTooLarge extends Error {}

interface Fragment {
  first: number[];
  last: number[];
  nullable: boolean;
}

const MAX_POSITIONS = 2000;
const MAX_EDGES = 200_000;

class Builder {
  readonly positions: Position[] = [];
  readonly follow: Array<Map<number, number[]>> = [];
  readonly producers: Array<readonly QuantifierNode[]> = [];
  private edges = 0;

  visit(shape: Shape, scopes: readonly QuantifierNode[]): Fragment {
    switch (shape.kind) {
      case 'sym':
        return this.position(shape.set, scopes);
      case 'eps':
        return { first: [], last: [], nullable: true };
      case 'cat':
        return shape.items.reduce<Fragment>((acc, item) => this.concat(acc, this.visit(item, scopes), scopes), {
          first: [],
          last: [],
          nullable: true,
        });
      case 'alt':
        return this.alternation(shape.items.map((item) => this.visit(item, scopes)));
      case 'opt':
        return { ...this.visit(shape.body, scopes), nullable: true };
      case 'loop': {
        const body = this.visit(shape.body, scopes);
        this.link(body.last, body.first, scopes);
        return body;
      }
      case 'scope':
        return this.visit(shape.body, [...scopes, shape.quantifier]);
    }
  }

  private position(set: CharSet, scopes: readonly QuantifierNode[]): Fragment {
    if (this.positions.length >= MAX_POSITIONS) throw new AutomatonTooLarge('too many positions');
    const id = this.positions.push({ set, scopes }) - 1;
    this.follow.push(new Map());
    return { first: [id], last: [id], nullable: false };
  }

  private concat(left: Fragment, right: Fragment, scopes: readonly QuantifierNode[]): Fragment {
    this.link(left.last, right.first, scopes);
    return {
      first: left.nullable ? [...left.first, ...right.first] : left.first,
      last: right.nullable ? [...left.last, ...right.last] : right.last,
      nullable: left.nullable && right.nullable,
    };
  }

  private alternation(fragments: Fragment[]): Fragment {
    return {
      first: fragments.flatMap((f) => f.first),
      last: fragments.flatMap((f) => f.last),
      nullable: fragments.some((f) => f.nullable),
    };
  }

  private link(from: number[], to: number[], scopes: readonly QuantifierNode[]): void {
    if (from.length === 0 || to.length === 0) return;
    this.edges += from.length * to.length;
    if (this.edges > MAX_EDGES) throw new AutomatonTooLarge('too many edges');
    const producer = this.producers.push(scopes) - 1;
    for (const p of from) {
      const successors = this.follow[p];
      if (successors === undefined) continue;
      for (const q of to) {
        const ids = successors.get(q);
        if (ids === undefined) successors.set(q, [producer]);
        else ids.push(producer);
      }
    }
  }
}

/** Throws AutomatonTooLarge past the size limits. */
export function buildAutomaton(shape: Shape): Automaton {
  const builder = new Builder();
  const fragment = builder.visit(shape, []);
  return { ...fragment, positions: builder.positions, follow: builder.follow, producers: builder.producers };
}
