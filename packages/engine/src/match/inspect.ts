import type { CompiledRule, CompiledRuleScore, CompiledRuleSet } from '../compile/compile-rule.js';
import type { CompiledScheme } from '../compile/compile-scheme.js';
import type { Evidence } from '../explain/evidence.js';
import type { ModelLabel, ModelUse } from '../models/model-provider.js';
import type { ModelOperatorType } from '../rule/types.js';
import { roundScore, ruleScoreDelta } from '../score/rule-score.js';
import { type AngleResult, type AngleRuleResult, type SchemeScore, scoreScheme } from '../score/scheme-score.js';
import { readSession } from '../transcript/read-session.js';
import type { Transcript } from '../transcript/types.js';
import { decideHits, decideRules } from './decide-rule.js';
import { type ConditionAttempt, evaluateRule, type RuleOutcome } from './evaluate-rule.js';
import { type RuleSetPlan, ruleSetPlan, type SchemePlan, schemePlan } from './rule-plan.js';
import { prefetchLabels, SessionContext } from './session-context.js';

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
  /** inspectAsync, when the rules have model operators: the model asked and whether the built-in one stood in */
  readonly model?: ModelUse;
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
   * tester and `explain` need it). False computes only outcomes and evidence (what the output record holds),
   * which is much faster on large schemes: a rule whose keywords occur nowhere in the session is not looked
   * at (see rule-plan.ts); attempts are empty and `anchorHits` may be null.
   */
  readonly trace?: boolean;
  /**
   * What the result lists (default 'full': every rule of the set, and in each angle a link per rule). 'hits': a
   * sparse result, only the rules that hit (in rule-set order) and in each angle only the links of the rules that
   * hit; `aiScore`, `isVeto` and every angle's `score` and `result` are the same as in the full one. With
   * `trace: false` the rules that did not hit cost nothing per session (nothing is copied or written for them).
   */
  readonly output?: 'full' | 'hits';
}

function run(compiled: Compiled, context: SessionContext, options: InspectOptions): InspectionResult {
  const set = ruleSetOf(compiled);
  const sessionId = context.transcript.sessionId;
  const transcript = context.transcript;
  const hitsOnly = options.output === 'hits';
  if (options.trace ?? true) {
    const rules = set.rules.map((rule) => toRuleResult(evaluateRule(rule, context)));
    if (compiled.kind !== 'scheme') return { sessionId, transcript, rules: hitsOnly ? onlyHits(rules) : rules };
    const { aiScore, isVeto, angles } = scoreScheme(compiled, rules);
    if (!hitsOnly) return { sessionId, transcript, rules, aiScore, isVeto, angles };
    const sparse = angles.map((angle) => ({ ...angle, rules: angle.rules.filter((link) => link.hit) }));
    return { sessionId, transcript, rules: onlyHits(rules), aiScore, isVeto, angles: sparse };
  }
  const plan = ruleSetPlan(set);
  if (hitsOnly) {
    const positions: number[] = [];
    const rules = decideHits(plan, context, positions);
    if (compiled.kind !== 'scheme') return { sessionId, transcript, rules };
    const { aiScore, isVeto, angles } = scoreHits(schemePlan(compiled), rules, positions);
    return { sessionId, transcript, rules, aiScore, isVeto, angles };
  }
  const evaluated: number[] = [];
  const rules = decideRules(plan, context, evaluated);
  if (compiled.kind !== 'scheme') return { sessionId, transcript, rules };
  const { aiScore, isVeto, angles } = scoreWithPlan(schemePlan(compiled), rules, evaluated, plan);
  return { sessionId, transcript, rules, aiScore, isVeto, angles };
}

/**
 * `scoreScheme` for the trace-free path. Only the rules that hit change anything: the angles none of whose rules
 * hit take their precomputed result; in the others, the links of the rules that hit are filled in and their
 * deltas added in link order (a miss adds 0), so the figures are the same to the last bit.
 */
function scoreWithPlan(
  plan: SchemePlan,
  rules: readonly RuleResult[],
  evaluated: readonly number[],
  rulePlan: RuleSetPlan,
): SchemeScore {
  // per angle: the links of rules that hit, as link positions
  let hitLinks: number[][] | null = null;
  const note = (r: number) => {
    const at = plan.linkedAt[r]!;
    for (let k = 0; k < at.length; k += 2) {
      hitLinks ??= plan.angles.map(() => []);
      hitLinks[at[k]!]!.push(at[k + 1]!);
    }
  };
  for (const r of evaluated) if (rules[r]!.hit) note(r);
  // rules whose precomputed result hits (ANY_ONE_NOT_MET…), unless evaluated above
  for (const r of rulePlan.untouchedHits) if (rules[r] === rulePlan.template[r]) note(r);
  const angles = new Array<AngleResult>(plan.angles.length);
  let total = 0;
  for (let a = 0; a < plan.angles.length; a++) {
    const angle = plan.angles[a]!;
    const hits = hitLinks === null ? undefined : (hitLinks as number[][])[a];
    if (hits === undefined || hits.length === 0) {
      angles[a] = angle.untouched;
      total += angle.untouched.result;
      continue;
    }
    hits.sort((x, y) => x - y);
    const links = angle.misses.slice();
    let raw = angle.score;
    for (let h = 0; h < hits.length; h++) {
      const l = hits[h]!;
      const link = angle.links[l]!;
      const delta = ruleScoreDelta(link.score, true, rules[link.rule]!.hitCount);
      raw += delta;
      links[l] = { ruleId: link.ruleId, hit: true, delta };
    }
    const result = Math.min(angle.score, Math.max(0, roundScore(raw)));
    angles[a] = { angleId: angle.angleId, angleName: angle.angleName, score: angle.score, result, rules: links };
    total += result;
  }
  let isVeto = false;
  for (const r of plan.veto) if (rules[r]!.hit) isVeto = true;
  return { aiScore: isVeto ? 0 : roundScore(total), isVeto, angles };
}

function onlyHits(rules: readonly RuleResult[]): RuleResult[] {
  return rules.filter((rule) => rule.hit);
}

/**
 * `scoreWithPlan` for a sparse result: `rules` are the rules that hit, at rule positions `positions` (ascending).
 * An angle none of whose rules hit takes its shared result without links; in the others only the links of the
 * rules that hit are listed, their deltas added in link order as the full scoring does (the same figures).
 */
function scoreHits(plan: SchemePlan, rules: readonly RuleResult[], positions: readonly number[]): SchemeScore {
  // per angle: [link position, index in rules] pairs of the rules that hit
  let hitLinks: number[][] | null = null;
  let isVeto = false;
  for (let h = 0; h < positions.length; h++) {
    const r = positions[h]!;
    if (plan.vetoAt[r] === 1) isVeto = true;
    const at = plan.linkedAt[r]!;
    for (let k = 0; k < at.length; k += 2) {
      hitLinks ??= plan.angles.map(() => []);
      hitLinks[at[k]!]!.push(at[k + 1]!, h);
    }
  }
  const angles = new Array<AngleResult>(plan.angles.length);
  let total = 0;
  for (let a = 0; a < plan.angles.length; a++) {
    const angle = plan.angles[a]!;
    const hits = hitLinks === null ? undefined : (hitLinks as number[][])[a];
    if (hits === undefined || hits.length === 0) {
      angles[a] = angle.bare;
      total += angle.bare.result;
      continue;
    }
    const order = linkOrder(hits);
    const links = new Array<AngleRuleResult>(order.length);
    let raw = angle.score;
    for (let k = 0; k < order.length; k++) {
      const p = order[k]!;
      const link = angle.links[hits[p]!]!;
      const delta = ruleScoreDelta(link.score, true, rules[hits[p + 1]!]!.hitCount);
      raw += delta;
      links[k] = { ruleId: link.ruleId, hit: true, delta };
    }
    const result = Math.min(angle.score, Math.max(0, roundScore(raw)));
    angles[a] = { angleId: angle.angleId, angleName: angle.angleName, score: angle.score, result, rules: links };
    total += result;
  }
  return { aiScore: isVeto ? 0 : roundScore(total), isVeto, angles };
}

/** Offsets of the [link, rule] pairs of `pairs` by ascending link (rules come in rule order, links may not). */
function linkOrder(pairs: readonly number[]): number[] {
  const order: number[] = [];
  for (let p = 0; p < pairs.length; p += 2) order.push(p);
  let sorted = true;
  for (let k = 1; k < order.length && sorted; k++) if (pairs[order[k - 1]!]! > pairs[order[k]!]!) sorted = false;
  if (!sorted) order.sort((x, y) => pairs[x]! - pairs[y]!);
  return order;
}

/**
 * Inspects one session (the console's stored shape, the plain `{role, text}` shape, or a Transcript) with a
 * compiled rule, rule set or scheme. Throws SessionInputError for a malformed session.
 */
export function inspect(compiled: Compiled, session: unknown, options: InspectOptions = {}): InspectionResult {
  const set = ruleSetOf(compiled);
  return run(compiled, new SessionContext(transcriptOf(session), set.keywords, set.models), options);
}

/** The model operator types the compiled rules use. */
export function modelTasks(compiled: Compiled): Set<ModelOperatorType> {
  const tasks = new Set<ModelOperatorType>();
  for (const rule of ruleSetOf(compiled).rules) {
    for (const condition of rule.conditions) {
      for (const op of condition.operators) {
        if (op.type === 'CUSTOMER_CHECK_MODEL' || op.type === 'ABUSE_MODEL') tasks.add(op.type);
      }
    }
  }
  return tasks;
}

/**
 * As `inspect`, for a model that answers asynchronously: every text a model operator may read is classified in one batch
 * first. When the rules have model operators the result names the model and whether a fallback answered (`model`).
 */
export async function inspectAsync(
  compiled: Compiled,
  session: unknown,
  options: InspectOptions = {},
): Promise<InspectionResult> {
  const set = ruleSetOf(compiled);
  const transcript = transcriptOf(session);
  const tasks = modelTasks(compiled);
  const labels = new Map<string, readonly ModelLabel[]>();
  let fallback = false;
  for (const task of tasks) {
    const role = task === 'ABUSE_MODEL' ? 'AGENT' : 'CUSTOMER';
    const answer = await prefetchLabels(
      set.models,
      transcript.sentences,
      task,
      transcript.sentences.filter((s) => s.role === role).map((s) => s.index),
      labels,
    );
    fallback ||= answer.fallback;
  }
  // The context is built after the last await: contexts are used synchronously (see session-context.ts).
  const result = run(compiled, new SessionContext(transcript, set.keywords, set.models, labels), options);
  return tasks.size === 0 ? result : { ...result, model: { modelId: set.models.id, fallback } };
}
