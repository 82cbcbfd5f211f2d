import type { CompiledCondition, RuleProgram } from '../compile/compile-rule.js';
import { evaluateLambda } from '../compile/lambda.js';
import { type Evidence, evidenceMessages, sortEvidence } from '../explain/evidence.js';
import type { OperatorOutcome } from '../operators/types.js';
import { selectSentences } from './select-sentences.js';
import type { SessionContext } from './session-context.js';

/** One evaluation of a condition's operators over one selection (one per anchor hit when anchored). */
export interface ConditionAttempt {
  /** the anchor hit's message index, or null without an anchor */
  readonly anchor: number | null;
  /** the selected messages */
  readonly selected: readonly number[];
  readonly hit: boolean;
  readonly operators: readonly OperatorOutcome[];
}

export interface ConditionOutcome {
  readonly cid: string;
  readonly hit: boolean;
  /** the condition's evidence when it hit (the union over the attempts that count); empty otherwise */
  readonly evidence: readonly Evidence[];
  /** the anchor condition's hit sentences, when anchored */
  readonly anchorHits: readonly number[] | null;
  readonly attempts: readonly ConditionAttempt[];
}

export interface RuleOutcome {
  readonly rule: RuleProgram;
  readonly hit: boolean;
  /** distinct messages carrying evidence of the true conditions (at least 1 when hit; 0 when not) */
  readonly hitCount: number;
  readonly conditions: readonly ConditionOutcome[];
}

/**
 * Evaluates a rule. With `trace` false only outcomes and evidence are computed: a condition whose required
 * keywords occur nowhere in the session is skipped, and a condition stops at its first failing operator.
 */
export function evaluateRule(rule: RuleProgram, context: SessionContext, trace = true): RuleOutcome {
  const conditions: ConditionOutcome[] = [];
  for (const condition of rule.conditions) conditions.push(evaluateCondition(condition, conditions, context, trace));
  const hit = evaluateLambda(
    rule.lambda,
    conditions.map((c) => c.hit),
  );
  let hitCount = 0;
  if (hit) {
    const messages = new Set<number>();
    for (const c of conditions) if (c.hit) for (const e of c.evidence) messages.add(e.message);
    hitCount = Math.max(1, messages.size);
  }
  return { rule, hit, hitCount, conditions };
}

const NOTHING: readonly number[] = [];

/** Whether some operator needs keywords of which none occurs in the session: then the condition cannot hit. */
function cannotHit(condition: CompiledCondition, context: SessionContext): boolean {
  return condition.operators.some((op) => op.requiredKeywords !== null && !context.anyOccurs(op.requiredKeywords));
}

function attempt(
  condition: CompiledCondition,
  context: SessionContext,
  anchor: number | null,
  trace: boolean,
): ConditionAttempt {
  const selection = selectSentences(context.sentences, condition.range, anchor, condition.role);
  if (trace) {
    const operators = condition.operators.map((op) => op.evaluate(context, selection));
    // Nothing selected, no hit: a selection without any text message satisfies no condition.
    const hit = selection.hasText && operators.every((o) => o.hit);
    return { anchor, selected: selection.indices, hit, operators };
  }
  if (!selection.hasText) return { anchor, selected: selection.indices, hit: false, operators: [] };
  const operators: OperatorOutcome[] = [];
  for (const op of condition.operators) {
    const outcome = op.evaluate(context, selection);
    operators.push(outcome);
    if (!outcome.hit) return { anchor, selected: selection.indices, hit: false, operators };
  }
  return { anchor, selected: selection.indices, hit: true, operators };
}

function evaluateCondition(
  condition: CompiledCondition,
  earlier: readonly ConditionOutcome[],
  context: SessionContext,
  trace: boolean,
): ConditionOutcome {
  const anchor = condition.range.anchor;
  if (!trace && cannotHit(condition, context)) {
    return { cid: condition.cid, hit: false, evidence: [], anchorHits: null, attempts: [] };
  }
  if (anchor === null) {
    const only = attempt(condition, context, null, trace);
    return {
      cid: condition.cid,
      hit: only.hit,
      evidence: only.hit ? sortEvidence(only.operators.flatMap((o) => o.evidence)) : [],
      anchorHits: null,
      attempts: [only],
    };
  }
  const anchorCondition = earlier[anchor.condition]!;
  const anchorHits = anchorCondition.hit ? evidenceMessages(anchorCondition.evidence) : [];
  let chosen: number[];
  if (anchor.hitTime === 1) chosen = anchorHits.length >= anchor.nth ? [anchorHits[anchor.nth - 1]!] : [];
  else chosen = anchorHits;
  const attempts = chosen.map((at) => attempt(condition, context, at, trace));
  const satisfied = attempts.filter((a) => a.hit);
  // -1 any one time, 1 the given time: one satisfied attempt suffices; 0 every time: all of them, and at least one.
  const hit = anchor.hitTime === 0 ? attempts.length > 0 && satisfied.length === attempts.length : satisfied.length > 0;
  return {
    cid: condition.cid,
    hit,
    evidence: hit ? sortEvidence(satisfied.flatMap((a) => a.operators.flatMap((o) => o.evidence))) : [],
    anchorHits,
    attempts,
  };
}
