import type { CompiledRule, CompiledRuleScore, CompiledRuleSet } from '../compile/compile-rule.js';
import type { CompiledScheme } from '../compile/compile-scheme.js';
import type { Evidence } from '../explain/evidence.js';
import type { ModelOperatorType } from '../rule/types.js';
import { ruleScoreDelta } from '../score/rule-score.js';
import { type AngleResult, scoreScheme } from '../score/scheme-score.js';
import { readSession } from '../transcript/read-session.js';
import type { Transcript } from '../transcript/types.js';
import { type ConditionAttempt, evaluateRule, type RuleOutcome } from './evaluate-rule.js';
import { SessionContext } from './session-context.js';

export type Compiled = CompiledRule | CompiledRuleSet | CompiledScheme;

export interface ConditionResult {
  readonly cid: string;
  readonly hit: boolean;
  /** evidence of a condition that hit; empty when it did not */
  readonly hits: readonly Evidence[];
  /** the anchor condition's hit sentences, when anchored */
  readonly anchorHits: readonly number[] | null;
  /** every evaluation with its selection and per-operator outcomes: the "why" and "why not" */
  readonly attempts: readonly ConditionAttempt[];
}

export interface RuleResult {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly hit: boolean;
  readonly hitCount: number;
  /** the rule's effect by its own score settings: negative for a deduction, positive for a bonus, 0 otherwise */
  readonly score: number;
  /** the rule's score settings (null: the rule changes no score) */
  readonly ruleScore: CompiledRuleScore | null;
  readonly lambda: string;
  readonly level: unknown;
  readonly autoReview: unknown;
  readonly conditions: readonly ConditionResult[];
}

export interface InspectionResult {
  readonly sessionId: string;
  readonly transcript: Transcript;
  readonly rules: readonly RuleResult[];
  /** with a scheme: the AI score, 0 when vetoed */
  readonly aiScore?: number;
  readonly isVeto?: boolean;
  readonly angles?: readonly AngleResult[];
}

function ruleSetOf(compiled: Compiled): CompiledRuleSet | CompiledRule {
  return compiled.kind === 'scheme' ? compiled.ruleSet : compiled;
}

function transcriptOf(session: unknown): Transcript {
  if (session !== null && typeof session === 'object' && Array.isArray((session as Transcript).sentences)) {
    return session as Transcript;
  }
  return readSession(session);
}

function toRuleResult(outcome: RuleOutcome): RuleResult {
  const { rule } = outcome;
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    hit: outcome.hit,
    hitCount: outcome.hitCount,
    score: ruleScoreDelta(rule.score, outcome.hit, outcome.hitCount),
    ruleScore: rule.score,
    lambda: rule.lambda.expression,
    level: rule.level,
    autoReview: rule.autoReview,
    conditions: outcome.conditions.map((c) => ({
      cid: c.cid,
      hit: c.hit,
      hits: c.evidence,
      anchorHits: c.anchorHits,
      attempts: c.attempts,
    })),
  };
}

export interface InspectOptions {
  /**
   * Keep every condition's attempts with per-operator outcomes, "why not" included (default true; the replay
   * tester and `explain` need it). False computes only outcomes and evidence, which is much faster on large
   * schemes: conditions that cannot hit are skipped and attempts may be empty or partial.
   */
  readonly trace?: boolean;
}

function run(compiled: Compiled, context: SessionContext, options: InspectOptions): InspectionResult {
  const set = ruleSetOf(compiled);
  const trace = options.trace ?? true;
  const rules = set.rules.map((rule) => toRuleResult(evaluateRule(rule, context, trace)));
  const base = { sessionId: context.transcript.sessionId, transcript: context.transcript, rules };
  if (compiled.kind !== 'scheme') return base;
  return { ...base, ...scoreScheme(compiled, rules) };
}

/**
 * Inspects one session (the console's stored shape, the plain `{role, text}` shape, or a Transcript) with a
 * compiled rule, rule set or scheme. Throws SessionInputError for a malformed session.
 */
export function inspect(compiled: Compiled, session: unknown, options: InspectOptions = {}): InspectionResult {
  const set = ruleSetOf(compiled);
  return run(compiled, new SessionContext(transcriptOf(session), set.keywords, set.models), options);
}

/** As `inspect`, for a model that answers asynchronously: every text a model operator may read is classified in one batch first. */
export async function inspectAsync(
  compiled: Compiled,
  session: unknown,
  options: InspectOptions = {},
): Promise<InspectionResult> {
  const set = ruleSetOf(compiled);
  const context = new SessionContext(transcriptOf(session), set.keywords, set.models);
  const tasks = new Set<ModelOperatorType>();
  for (const rule of set.rules) {
    for (const condition of rule.conditions) {
      for (const op of condition.operators) {
        if (op.type === 'CUSTOMER_CHECK_MODEL' || op.type === 'ABUSE_MODEL') tasks.add(op.type);
      }
    }
  }
  for (const task of tasks) {
    const role = task === 'ABUSE_MODEL' ? 'AGENT' : 'CUSTOMER';
    await context.prefetchLabels(
      task,
      context.sentences.filter((s) => s.role === role).map((s) => s.index),
    );
  }
  return run(compiled, context, options);
}
