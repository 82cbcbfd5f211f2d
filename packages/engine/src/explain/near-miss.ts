/**
 * How close a rule that did not hit came to hitting: a number in [0, 1) an inspector can sort sessions by ("near
 * misses" of a corpus replay). It is derived from the why-not of each condition that did not hit, so it names the same
 * thing the single replay explains:
 *
 * - a condition that hit counts 1;
 * - a condition ruled out before its operators ran (anchor, role, range, no text) counts 0;
 * - otherwise it is the mean over its operators: each operator that hit counts 1, the failing operator that why-not
 *   explains counts its nearest miss (below), any other failing operator 0.
 *
 * A failing operator's nearest miss: keyword operators, the share of the distinct keywords they need that occur
 * (HIT_ANY needs 1, INCLUDE all, NCLUDE N), and 0.75 when all occur but not in one message or not often enough;
 * SIMILAR_MATCH, the best similarity reached over the similarity needed; a regex that matched but was excluded by
 * `notRegex`, 0.5; EXCLUDE_KEYWORDS (spoiled by what it found), repeats and models, 0.
 *
 * The rule combines its conditions by its lambda, read as fuzzy logic where a true part counts 1: ALL and `&&` take the
 * mean of their parts (two of three conditions met is nearer than one), ANY_ONE and `||` the largest part, `!` of a
 * false part 1 and of a true part 0, ANY_ONE_NOT_MET (false only when every condition hit) 0.
 */
import type { CompiledCondition } from '../compile/compile-rule.js';
import type { CompiledLambda, LambdaNode } from '../compile/lambda.js';
import type { ConditionResult } from '../match/inspect.js';
import type { NearestMiss, WhyNot } from './why-not.js';

/** A failing keyword operator that found every keyword it needs (but not together, or not often enough). */
const ALL_FOUND = 0.75;
/** A regex that matched a message that `notRegex` then excluded. */
const EXCLUDED_MATCH = 0.5;

/**
 * Whether a condition that did not hit can have a nearness above 0 at all: some attempt has an operator that hit or
 * found something, or it has a SIMILAR_MATCH (whose best similarity why-not computes). Most conditions of a large
 * scheme find nothing in most sessions; this spares them the why-not, whose answer would be 0.
 */
export function mayBeNear(condition: CompiledCondition, result: ConditionResult): boolean {
  if (condition.operators.some((o) => o.type === 'SIMILAR_MATCH')) return true;
  return result.attempts.some((a) => a.operators.some((o) => o.hit || o.partial.length > 0));
}

/** The nearness of one condition: 1 when it hit, else from its why-not (null only for a condition that hit). */
export function conditionNearness(condition: CompiledCondition, result: ConditionResult, why: WhyNot | null): number {
  if (result.hit) return 1;
  if (why === null || why.stage !== 'OPERATOR' || why.nearestMiss === undefined) return 0;
  const attempt = result.attempts.find((a) => a.anchor === (why.anchorAt ?? null)) ?? result.attempts[0];
  const operators = Math.max(1, condition.operators.length);
  const hitOperators = attempt === undefined ? 0 : attempt.operators.filter((o) => o.hit).length;
  return (hitOperators + missNearness(why.nearestMiss, condition)) / operators;
}

/** The nearness of the failing operator that why-not explains, in [0, 1). */
export function missNearness(miss: NearestMiss, condition: CompiledCondition): number {
  const operator = condition.operators[miss.operatorIndex];
  switch (miss.operator) {
    case 'HIT_ANY_KEYWORDS':
    case 'INCLUDE_KEYWORDS':
    case 'NCLUDE_KEYWORDS': {
      const need = Math.max(1, Number(operator?.param.keywordMatchSize ?? 1));
      const found = miss.found?.length ?? 0;
      return found >= need ? ALL_FOUND : found / need;
    }
    case 'SIMILAR_MATCH': {
      const best = miss.bestSimilarity?.percent ?? 0;
      const needed = miss.threshold ?? 100;
      return needed <= 0 ? 0 : Math.min(best / needed, 0.99);
    }
    case 'REGULAR_EXPRESSION':
      return (miss.found?.length ?? 0) > 0 ? EXCLUDED_MATCH : 0;
    default:
      return 0;
  }
}

/**
 * The nearness of a rule from its conditions' outcomes and nearness (in condition order): 1 when the lambda holds,
 * else in [0, 1).
 */
export function ruleNearness(lambda: CompiledLambda, hits: readonly boolean[], nearness: readonly number[]): number {
  const values = hits.map((hit, i) => (hit ? 1 : Math.min(nearness[i] ?? 0, 0.99)));
  switch (lambda.kind) {
    case 'ALL':
      return mean(values);
    case 'ANY_ONE':
      return Math.max(0, ...values);
    case 'ANY_ONE_NOT_MET':
      return hits.some((hit) => !hit) ? 1 : 0;
    case 'CUSTOM':
      return lambda.tree === null ? 0 : fuzzy(lambda.tree, hits, values).value;
  }
}

interface Fuzzy {
  readonly truth: boolean;
  readonly value: number;
}

function fuzzy(node: LambdaNode, hits: readonly boolean[], values: readonly number[]): Fuzzy {
  switch (node.kind) {
    case 'cid':
      return { truth: hits[node.index] === true, value: values[node.index] ?? 0 };
    case 'not': {
      const inner = fuzzy(node.operand, hits, values);
      return { truth: !inner.truth, value: inner.truth ? 0 : 1 };
    }
    case 'and': {
      // a && b && c is one conjunction of three parts, not a pair inside a pair
      const parts = flatten(node, 'and').map((part) => fuzzy(part, hits, values));
      const truth = parts.every((p) => p.truth);
      return { truth, value: truth ? 1 : mean(parts.map((p) => p.value)) };
    }
    case 'or': {
      const parts = flatten(node, 'or').map((part) => fuzzy(part, hits, values));
      const truth = parts.some((p) => p.truth);
      return { truth, value: truth ? 1 : Math.max(0, ...parts.map((p) => p.value)) };
    }
  }
}

function flatten(node: LambdaNode, kind: 'and' | 'or'): LambdaNode[] {
  if (node.kind !== kind) return [node];
  return [...flatten(node.left, kind), ...flatten(node.right, kind)];
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
