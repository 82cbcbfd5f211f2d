/**
 * Refuses patterns that a backtracking engine would run in exponential time. We execute on
 * RE2 (linear) anyway; the refusal keeps rules portable and tells authors their pattern is
 * ambiguous. Two rules, checked in this order:
 *
 * 1. Overlapping alternatives under a repetition: inside a quantifier that can repeat more than
 *    10 times (`*`, `+`, `{2,}`, `{0,20}`…), two alternatives of one disjunction overlap when
 *    some text matched by one is a prefix of (or equal to) some text matched by the other:
 *    `(a|ab)*`, `(\w|\d)+`, `(a|a)*`, `(x|)+`. Literals that share only a prefix are fine:
 *    `(退款|退货)+`. Small bounded repetitions such as `(a|ab){2}` cost little and are let be.
 * 2. Exponential ambiguity: some state of the pattern's position automaton can return to itself
 *    along two different routes reading the same text (found as a strongly connected component
 *    of the automaton squared holding both a diagonal pair and either an off-diagonal pair or a
 *    link with two producers): `(a+)+`, `(\w+\s?)*`, `(x+x+)+y`. A mandatory delimiter that
 *    cannot start the repeated part keeps `(\d+,)+\d+` unambiguous. Polynomial cases such as
 *    `a.*b.*c.*d` are accepted.
 *
 * The part reported is the innermost repetition holding the whole ambiguity.
 */

import { caseCanonical, intersects } from './char-set.js';
import { type Automaton, AutomatonTooLarge, buildAutomaton, shapeOf } from './glushkov.js';
import {
  type DisjunctionNode,
  isRepetition,
  type ParsedRegex,
  partOf,
  type QuantifierNode,
  type RegexNode,
  walk,
} from './regex-ast.js';
import { catastrophic } from './regex-problems.js';
import type { RegexProblem } from './safe-regex.js';

/** product states explored before giving up (and accepting: RE2 runs the pattern anyway) */
const PRODUCT_BUDGET = 200_000;
/** pairs of successors compared before giving up, likewise */
const PAIR_CHECK_BUDGET = 400_000;

export function findCatastrophicBacktracking(parsed: ParsedRegex): RegexProblem | null {
  return findOverlappingAlternatives(parsed) ?? findExponentialAmbiguity(parsed);
}

// --- rule 1 ----------------------------------------------------------------

/** bounded repetitions up to this many iterations cost at most (alternatives)^max: let them be */
const SMALL_REPEAT = 10;

function isLoop(node: RegexNode): node is QuantifierNode {
  return node.type === 'quantifier' && (node.max === undefined || node.max > SMALL_REPEAT);
}

function automatonOrNull(parsed: ParsedRegex, node: RegexNode): Automaton | null {
  try {
    return buildAutomaton(shapeOf(parsed, node));
  } catch (error) {
    if (error instanceof AutomatonTooLarge) return null;
    throw error;
  }
}

interface Alternative {
  readonly automaton: Automaton;
  readonly last: ReadonlySet<number>;
}

/** pairs of non-literal alternatives compared before giving up (and accepting) */
const PAIR_BUDGET = 20_000;

function alternativeOf(parsed: ParsedRegex, node: RegexNode): Alternative | null {
  const automaton = automatonOrNull(parsed, node);
  return automaton === null ? null : { automaton, last: new Set(automaton.last) };
}

/** Is some text of `a` a prefix of some text of `b`, or the other way round? */
function prefixOverlap(
  { automaton: a, last: aLast }: Alternative,
  { automaton: b, last: bLast }: Alternative,
): boolean {
  if (a.nullable || b.nullable) return true;
  const seen = new Set<number>();
  const queue: Array<[number, number]> = [];
  const push = (p: number, q: number): void => {
    const key = p * b.positions.length + q;
    if (seen.has(key) || !intersects(a.positions[p]?.set ?? [], b.positions[q]?.set ?? [])) return;
    seen.add(key);
    queue.push([p, q]);
  };
  for (const p of a.first) for (const q of b.first) push(p, q);
  for (let head = 0; head < queue.length && seen.size <= PRODUCT_BUDGET; head++) {
    const [p, q] = queue[head] ?? [0, 0];
    if (aLast.has(p) || bLast.has(q)) return true;
    for (const p2 of a.follow[p]?.keys() ?? []) for (const q2 of b.follow[q]?.keys() ?? []) push(p2, q2);
  }
  return false;
}

/** The alternative as a plain string (case-folded when insensitive), or null if it is not one. */
function literalOf(parsed: ParsedRegex, node: RegexNode): string | null {
  const values = node.type === 'alternative' ? node.body : [node];
  if (!values.every((v) => v.type === 'value')) return null;
  const codePoints = values.map((v) => (v.type === 'value' ? v.codePoint : 0));
  return String.fromCodePoint(...codePoints.map((cp) => (parsed.caseInsensitive ? caseCanonical(cp) : cp)));
}

/** Sorted, a string that is a prefix of another is a prefix of its successor. */
function literalsOverlap(literals: string[]): boolean {
  const sorted = [...literals].sort();
  return sorted.some((s, i) => i > 0 && s.startsWith(sorted[i - 1] ?? ''));
}

function overlappingPair(parsed: ParsedRegex, disjunction: DisjunctionNode): boolean {
  const literals = disjunction.body.map((node) => literalOf(parsed, node));
  if (literalsOverlap(literals.filter((l): l is string => l !== null))) return true;
  const alternatives = disjunction.body.map((node) => alternativeOf(parsed, node));
  let budget = PAIR_BUDGET;
  for (let i = 0; i < alternatives.length; i++) {
    for (let j = i + 1; j < alternatives.length; j++) {
      if (literals[i] !== null && literals[j] !== null) continue;
      if (--budget < 0) return false;
      const a = alternatives[i];
      const b = alternatives[j];
      if (a && b && prefixOverlap(a, b)) return true;
    }
  }
  return false;
}

function findOverlappingAlternatives(parsed: ParsedRegex): RegexProblem | null {
  let problem: RegexProblem | null = null;
  const scan = (node: RegexNode, repetition: QuantifierNode | null): void => {
    if (problem !== null) return;
    if (node.type === 'disjunction' && repetition !== null && overlappingPair(parsed, node)) {
      const { part, index } = partOf(parsed, repetition);
      problem = catastrophic('overlapping-alternatives', part, index);
      return;
    }
    const inner = isLoop(node) ? node : repetition;
    if (node.type === 'alternative' || node.type === 'disjunction' || node.type === 'group') {
      for (const child of node.body) scan(child, inner);
    } else if (node.type === 'quantifier') {
      scan(node.body[0], inner);
    }
  };
  scan(parsed.ast, null);
  return problem;
}

// --- rule 2 ----------------------------------------------------------------

type Successors = (node: number) => number[];

/** Tarjan's algorithm without recursion; null past the budget. */
function stronglyConnected(successors: Successors, roots: number[]): number[][] | null {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (const root of roots) {
    if (index.has(root)) continue;
    const frames: Array<{ node: number; next: number[]; at: number }> = [];
    const open = (node: number): void => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      frames.push({ node, next: successors(node), at: 0 });
    };
    open(root);
    while (frames.length > 0) {
      if (counter > PRODUCT_BUDGET) return null;
      const frame = frames[frames.length - 1];
      if (frame === undefined) break;
      const child = frame.next[frame.at++];
      if (child !== undefined) {
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(child) ?? 0));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: number[] = [];
        let member: number | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

function commonScope(scopeLists: Array<readonly QuantifierNode[]>): QuantifierNode | null {
  const [firstList, ...rest] = scopeLists;
  if (firstList === undefined) return null;
  let depth = firstList.length;
  for (const list of rest) {
    let k = 0;
    while (k < depth && k < list.length && list[k] === firstList[k]) k++;
    depth = k;
  }
  return depth === 0 ? null : (firstList[depth - 1] ?? null);
}

/** The repetition behind an exponentially ambiguous component, or null if it is not one. */
function ambiguousRepetition(automaton: Automaton, successors: Successors, component: number[]): QuantifierNode | null {
  const size = automaton.positions.length;
  const members = new Set(component);
  const isDiagonal = (node: number): boolean => Math.floor(node / size) === node % size;
  const diagonal = component.some(isDiagonal);
  const offDiagonal = component.some((node) => !isDiagonal(node));
  const involved = new Set<number>();
  const producers = new Set<number>();
  let twoRoutes = false;
  for (const node of component) {
    const p = Math.floor(node / size);
    const q = node % size;
    involved.add(p).add(q);
    for (const next of successors(node)) {
      if (!members.has(next)) continue;
      const p2 = Math.floor(next / size);
      const q2 = next % size;
      const viaP = automaton.follow[p]?.get(p2) ?? [];
      const viaQ = automaton.follow[q]?.get(q2) ?? [];
      for (const id of [...viaP, ...viaQ]) producers.add(id);
      if (p === q && p2 === q2 && viaP.length >= 2) twoRoutes = true;
    }
  }
  if (!diagonal || (!offDiagonal && !twoRoutes)) return null;
  // the innermost repetition holding every position and every link of the cycle
  return commonScope([
    ...[...involved].map((p) => automaton.positions[p]?.scopes ?? []),
    ...[...producers].map((id) => automaton.producers[id] ?? []),
  ]);
}

function containsRepetition(quantifier: QuantifierNode): boolean {
  let found = false;
  walk(quantifier.body[0], (node) => {
    found ||= isRepetition(node);
    return !found;
  });
  return found;
}

/** Each position's strongly connected component in the automaton, -1 when on no cycle. */
function cycleComponents(automaton: Automaton): number[] | null {
  const components = stronglyConnected(
    (p) => [...(automaton.follow[p]?.keys() ?? [])],
    automaton.positions.map((_, p) => p),
  );
  if (components === null) return null;
  const componentOf = automaton.positions.map(() => -1);
  components.forEach((members, id) => {
    const [only] = members;
    const cyclic = members.length > 1 || (only !== undefined && automaton.follow[only]?.has(only) === true);
    if (cyclic) for (const p of members) componentOf[p] = id;
  });
  return componentOf;
}

/**
 * The automaton squared, restricted to pairs inside one cycle component: a cycle through a
 * diagonal pair (q, q) can only visit positions of q's component.
 */
function productSuccessors(automaton: Automaton, componentOf: number[]): Successors {
  const size = automaton.positions.length;
  const memo = new Map<number, boolean>();
  const compatible = (p: number, q: number): boolean => {
    const key = p * size + q;
    let ok = memo.get(key);
    if (ok === undefined) {
      ok = intersects(automaton.positions[p]?.set ?? [], automaton.positions[q]?.set ?? []);
      memo.set(key, ok);
    }
    return ok;
  };
  let checks = 0;
  return (node) => {
    checks += (automaton.follow[Math.floor(node / size)]?.size ?? 0) * (automaton.follow[node % size]?.size ?? 0);
    if (checks > PAIR_CHECK_BUDGET) throw new AutomatonTooLarge('too many pairs');
    const p = Math.floor(node / size);
    const q = node % size;
    const component = componentOf[p];
    const out: number[] = [];
    for (const p2 of automaton.follow[p]?.keys() ?? []) {
      if (componentOf[p2] !== component) continue;
      for (const q2 of automaton.follow[q]?.keys() ?? []) {
        if (componentOf[q2] === component && compatible(p2, q2)) out.push(p2 * size + q2);
      }
    }
    return out;
  };
}

function findExponentialAmbiguity(parsed: ParsedRegex): RegexProblem | null {
  try {
    const culprit = exponentialCulprit(parsed);
    if (culprit === null) return null;
    const { part, index } = partOf(parsed, culprit);
    return catastrophic(containsRepetition(culprit) ? 'nested-quantifier' : 'ambiguous-repetition', part, index);
  } catch (error) {
    if (error instanceof AutomatonTooLarge) return null;
    throw error;
  }
}

/** Throws AutomatonTooLarge past the budgets. */
function exponentialCulprit(parsed: ParsedRegex): QuantifierNode | null {
  const automaton = buildAutomaton(shapeOf(parsed, parsed.ast));
  const componentOf = cycleComponents(automaton);
  if (componentOf === null) return null;
  const size = automaton.positions.length;
  const roots = automaton.positions
    .map((_, p) => p)
    .filter((p) => componentOf[p] !== -1)
    .map((p) => p * size + p);
  const successors = productSuccessors(automaton, componentOf);
  const components = stronglyConnected(successors, roots);
  if (components === null) return null;
  const culprits = components
    .map((component) => ambiguousRepetition(automaton, successors, component))
    .filter((q): q is QuantifierNode => q !== null)
    .sort((a, b) => a.range[0] - b.range[0] || b.range[1] - a.range[1]);
  return culprits[0] ?? null;
}
