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
 * Evaluates a rule with the full trace: every condition, every attempt, every operator's outcome, "why not"
 * included. (The trace-free path is decide-rule.ts.)
 */
export function evaluateRule(rule: RuleProgram, context: SessionContext): RuleOutcome {
  const conditions: ConditionOutcome[] = [];
  for (const condition of rule.conditions) conditions.push(evaluateCondition(condition, conditions, context));
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

function attempt(condition: CompiledCondition, context: SessionContext, anchor: number | null): ConditionAttempt {
  const selection = selectSentences(context.sentences, condition.range, anchor, condition.role);
  const operators = condition.operators.map((op) => op.evaluate(context, selection));
  // Nothing selected, no hit: a selection without any text message satisfies no condition.
  const hit = selection.hasText && operators.every((o) => o.hit);
  return { anchor, selected: selection.indices, hit, operators };
}

function evaluateCondition(
  condition: CompiledCondition,
  earlier: readonly ConditionOutcome[],
  context: SessionContext,
): ConditionOutcome {
  const anchor = condition.range.anchor;
  if (anchor === null) {
    const only = attempt(condition, context, null);
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
  const attempts = chosen.map((at) => attempt(condition, context, at));
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
