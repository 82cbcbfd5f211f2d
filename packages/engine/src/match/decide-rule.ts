import type { CompiledLambda } from '../compile/lambda.js';
import { evaluateLambda } from '../compile/lambda.js';
import { type Evidence, evidenceMessages, sortEvidence } from '../explain/evidence.js';
import { NO_EVIDENCE } from '../operators/types.js';
import { ruleScoreDelta } from '../score/rule-score.js';
import type { ConditionResult, RuleResult } from './inspect.js';
import type { ConditionPlan, RulePlan, RuleSetPlan } from './rule-plan.js';
import { type Selection, selectSentences } from './select-sentences.js';
import type { SessionContext } from './session-context.js';

const NO_ATTEMPTS: readonly never[] = Object.freeze([]);

/**
 * The trace-free results of every rule of the set, in order: a copy of the precomputed results (a gated rule
 * none of whose gate keywords occurs keeps its own), in which the rules a keyword of the session touches and
 * those always evaluated are decided by `decideRule`. Their positions go to `evaluated`.
 */
export function decideRules(plan: RuleSetPlan, context: SessionContext, evaluated: number[]): RuleResult[] {
  const results = plan.template.slice();
  decideTouched(plan, context, (r, result) => {
    results[r] = result;
    evaluated.push(r);
  });
  return results;
}

/**
 * `decideRules` for a sparse record (`output: 'hits'`): only the rules that hit, in rule-set order, their positions
 * in `positions`. Nothing is copied per rule of the set: the rules the session's keywords touch and those always
 * evaluated are decided, and a gated rule none of whose keywords occurs is added only when its precomputed
 * result hits (ANY_ONE_NOT_MET and the like).
 */
export function decideHits(plan: RuleSetPlan, context: SessionContext, positions: number[]): RuleResult[] {
  const results: RuleResult[] = [];
  const run = decideTouched(plan, context, (r, result) => {
    if (!result.hit) return;
    positions.push(r);
    results.push(result);
  });
  for (const r of plan.untouchedHits) {
    if (plan.touched[r] === run) continue;
    positions.push(r);
    results.push(plan.template[r]!);
  }
  return inOrder(positions, results);
}

/**
 * Decides the rules always evaluated, then each rule a keyword occurring in the session touches, once, and hands
 * each decision to `decided`. Answers the run's mark: `plan.touched[r]` equals it for the rules decided here.
 */
function decideTouched(
  plan: RuleSetPlan,
  context: SessionContext,
  decided: (position: number, result: RuleResult) => void,
): number {
  const rules = plan.rules;
  for (const r of plan.always) decided(r, decideRule(rules[r]!, context));
  const touched = plan.touched;
  if (plan.run === 0xffffffff) {
    touched.fill(0);
    plan.run = 0;
  }
  const run = ++plan.run;
  for (const id of context.occurring) {
    const list = plan.rulesByKeyword.get(id);
    if (list === undefined) continue;
    for (let k = 0; k < list.length; k++) {
      const r = list[k]!;
      if (touched[r] === run) continue;
      touched[r] = run;
      decided(r, decideRule(rules[r]!, context));
    }
  }
  return run;
}

/** Sorts `positions` ascending and `results` alike (they were found in keyword order). */
function inOrder(positions: number[], results: RuleResult[]): RuleResult[] {
  const n = positions.length;
  let sorted = true;
  for (let k = 1; k < n && sorted; k++) if (positions[k - 1]! > positions[k]!) sorted = false;
  if (sorted) return results;
  if (n <= 32) {
    // a few dozen hits: insertion sort of both arrays, no allocation
    for (let k = 1; k < n; k++) {
      const p = positions[k]!;
      const result = results[k]!;
      let j = k - 1;
      for (; j >= 0 && positions[j]! > p; j--) {
        positions[j + 1] = positions[j]!;
        results[j + 1] = results[j]!;
      }
      positions[j + 1] = p;
      results[j + 1] = result;
    }
    return results;
  }
  const order = positions.map((_, k) => k).sort((a, b) => positions[a]! - positions[b]!);
  const sortedResults = order.map((k) => results[k]!);
  const sortedPositions = order.map((k) => positions[k]!);
  for (let k = 0; k < n; k++) positions[k] = sortedPositions[k]!;
  return sortedResults;
}

/** One rule, trace-free: outcomes and evidence only, every condition decided (the output lists them all). */
export function decideRule(plan: RulePlan, context: SessionContext): RuleResult {
  const program = plan.program;
  const count = plan.conditions.length;
  const conditions = new Array<ConditionResult>(count);
  for (let c = 0; c < count; c++) conditions[c] = decideCondition(plan.conditions[c]!, conditions, context);
  const hit = lambdaHolds(program.lambda, conditions);
  const hitCount = hit ? Math.max(1, evidenceMessageCount(conditions)) : 0;
  return {
    ruleId: program.id,
    ruleName: program.name,
    hit,
    hitCount,
    score: ruleScoreDelta(program.score, hit, hitCount),
    ruleScore: program.score,
    lambda: program.lambda.expression,
    level: program.level,
    autoReview: program.autoReview,
    conditions,
  };
}

function lambdaHolds(lambda: CompiledLambda, conditions: readonly ConditionResult[]): boolean {
  switch (lambda.kind) {
    case 'ALL':
      for (const c of conditions) if (!c.hit) return false;
      return true;
    case 'ANY_ONE':
      for (const c of conditions) if (c.hit) return true;
      return false;
    case 'ANY_ONE_NOT_MET':
      for (const c of conditions) if (!c.hit) return true;
      return false;
    case 'CUSTOM':
      return evaluateLambda(
        lambda,
        conditions.map((c) => c.hit),
      );
  }
}

/** Distinct messages carrying evidence of the conditions that hit. */
function evidenceMessageCount(conditions: readonly ConditionResult[]): number {
  let only: readonly Evidence[] | null = null;
  let several = false;
  for (const c of conditions) {
    if (!c.hit || c.hits.length === 0) continue;
    if (only === null) only = c.hits;
    else several = true;
  }
  if (only === null) return 0;
  if (!several) {
    // one condition: its evidence is sorted by message
    let distinct = 0;
    let last = -1;
    for (const e of only) {
      if (e.message !== last) {
        distinct++;
        last = e.message;
      }
    }
    return distinct;
  }
  const messages = new Set<number>();
  for (const c of conditions) if (c.hit) for (const e of c.hits) messages.add(e.message);
  return messages.size;
}

function decideCondition(
  plan: ConditionPlan,
  earlier: readonly ConditionResult[],
  context: SessionContext,
): ConditionResult {
  const condition = plan.condition;
  // A gate that fails: some operator needs a keyword of which none occurs.
  for (const op of condition.operators) {
    if (op.requiredKeywords !== null && !context.anyOccurs(op.requiredKeywords)) return plan.miss;
  }
  const anchor = condition.range.anchor;
  if (anchor === null) {
    const selection = context.selection(plan.rangeKey, condition.range, condition.role);
    const evidence = attempt(plan, selection, context);
    if (evidence === null) return plan.miss;
    return { cid: condition.cid, hit: true, hits: evidence, anchorHits: null, attempts: NO_ATTEMPTS };
  }
  const source = earlier[anchor.condition]!;
  if (!source.hit) return plan.miss;
  const anchorHits = evidenceMessages(source.hits);
  let first = 0;
  let last = anchorHits.length - 1;
  if (anchor.hitTime === 1) {
    first = anchor.nth - 1;
    last = first;
  }
  let union: Evidence[] | null = null;
  let satisfied = 0;
  let tried = 0;
  for (let k = first; k <= last && k < anchorHits.length; k++) {
    tried++;
    const selection = selectSentences(context.sentences, condition.range, anchorHits[k]!, condition.role);
    const evidence = attempt(plan, selection, context);
    if (evidence === null) {
      // every time: one unsatisfied anchor hit decides
      if (anchor.hitTime === 0) break;
      continue;
    }
    satisfied++;
    if (evidence.length > 0) {
      union ??= [];
      for (const e of evidence) union.push(e);
    }
  }
  // -1 any one time, 1 the given time: one satisfied attempt suffices; 0 every time: all of them, and at least one.
  const hit = anchor.hitTime === 0 ? satisfied > 0 && satisfied === anchorHits.length : satisfied > 0;
  if (!hit || tried === 0)
    return { cid: condition.cid, hit: false, hits: NO_EVIDENCE, anchorHits, attempts: NO_ATTEMPTS };
  return {
    cid: condition.cid,
    hit: true,
    hits: union === null ? NO_EVIDENCE : sorted(union),
    anchorHits,
    attempts: NO_ATTEMPTS,
  };
}

/** Every operator must hit within the selection; returns the condition's evidence, sorted, or null. */
function attempt(plan: ConditionPlan, selection: Selection, context: SessionContext): readonly Evidence[] | null {
  // Nothing selected, no hit: a selection without any text message satisfies no condition.
  if (!selection.hasText) return null;
  const operators = plan.condition.operators;
  if (operators.length === 1) {
    const evidence = decideOperator(plan, 0, selection, context);
    if (evidence === null) return null;
    return sorted(evidence);
  }
  let union: Evidence[] | null = null;
  for (let k = 0; k < operators.length; k++) {
    const evidence = decideOperator(plan, k, selection, context);
    if (evidence === null) return null;
    if (evidence.length > 0) {
      union ??= [];
      for (const e of evidence) union.push(e);
    }
  }
  return union === null ? NO_EVIDENCE : sorted(union);
}

/**
 * `sortEvidence`, skipped when the list is already in strictly increasing order (then it holds no
 * duplicates either): one operator's evidence usually is.
 */
function sorted(evidence: readonly Evidence[]): readonly Evidence[] {
  if (evidence.length === 0) return NO_EVIDENCE;
  for (let k = 1; k < evidence.length; k++) {
    const a = evidence[k - 1]!;
    const b = evidence[k]!;
    const order = a.message - b.message || a.start - b.start || a.end - b.end || a.operatorIndex - b.operatorIndex;
    if (order >= 0) return sortEvidence(evidence);
  }
  return evidence;
}

function decideOperator(
  plan: ConditionPlan,
  k: number,
  selection: Selection,
  context: SessionContext,
): readonly Evidence[] | null {
  const op = plan.condition.operators[k]!;
  const key = plan.shareKeys[k]!;
  if (key < 0) return op.decide(context, selection);
  return context.sharedDecision(key, () => op.decide(context, selection));
}
