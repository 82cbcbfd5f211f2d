import type {
  CompiledCondition,
  CompiledRule,
  CompiledRuleScore,
  CompiledRuleSet,
  RuleProgram,
} from '../compile/compile-rule.js';
import type { CompiledScheme } from '../compile/compile-scheme.js';
import { evaluateLambda } from '../compile/lambda.js';
import { NO_EVIDENCE } from '../operators/types.js';
import { roundScore, ruleScoreDelta } from '../score/rule-score.js';
import type { AngleResult, AngleRuleResult } from '../score/scheme-score.js';
import type { ConditionResult, RuleResult } from './inspect.js';

/**
 * What the trace-free path (`inspect(…, {trace: false})`) precomputes once per compiled rule set, so that a
 * rule costs next to nothing in a session where it cannot hit:
 *
 * - an inverted index, keyword id → rules: a rule all of whose conditions are gated (each has an operator
 *   that needs one of its keywords to occur: HIT_ANY, INCLUDE, NCLUDE, or a regex whose required literals the
 *   shared automaton sees) is looked at only when one of those keywords occurs in the session; otherwise
 *   its result is fixed in advance (every condition false; the lambda of all-false decides hit or not, as
 *   ANY_ONE_NOT_MET hits) and shared across sessions, frozen;
 * - per condition, a shared frozen result for "did not hit", and a key for its selection so that every
 *   condition with the same anchor-less check range reuses one selection per session;
 * - per operator that several rules contain alike (same type, position, parameters and selection, e.g. one
 *   repeat check in many rules), a key under which its answer is computed once per session;
 * - for a scheme, each angle's links by rule position, with a shared result for a link whose rule missed.
 *
 * Every result equals the full trace's on the output record (trace-differential tests).
 */
export interface ConditionPlan {
  readonly condition: CompiledCondition;
  /** the shared result when the condition does not hit */
  readonly miss: ConditionResult;
  /** key of the condition's selection in the session's cache; -1 when anchored */
  readonly rangeKey: number;
  /** per operator: key of its shared answer in the session, -1 when no other rule has the same one */
  readonly shareKeys: readonly number[];
}

export interface RulePlan {
  readonly program: RuleProgram;
  readonly conditions: readonly ConditionPlan[];
  /** the result when no keyword of its gates occurs; null when some condition is not gated (always evaluated) */
  readonly untouched: RuleResult | null;
}

export interface RuleSetPlan {
  readonly rules: readonly RulePlan[];
  /** keyword id → positions of the gated rules whose gates name it */
  readonly rulesByKeyword: ReadonlyMap<number, readonly number[]>;
  /** positions of the rules that are always evaluated (some condition is not gated) */
  readonly always: readonly number[];
  /** by position: the untouched result (a placeholder for the always-evaluated rules), copied for each session */
  readonly template: readonly RuleResult[];
  /** positions of the rules whose untouched result hits (ANY_ONE_NOT_MET and the like) */
  readonly untouchedHits: readonly number[];
  /** scratch for the inspection running now (inspect is synchronous): the run that last touched each rule */
  readonly touched: Uint32Array;
  run: number;
}

export interface AngleLinkPlan {
  readonly ruleId: string;
  /** position of the rule in the rule set */
  readonly rule: number;
  readonly score: CompiledRuleScore | null;
  /** the shared link result when the rule did not hit */
  readonly miss: AngleRuleResult;
}

export interface SchemePlan {
  readonly angles: readonly {
    readonly angleId: string;
    readonly angleName: string;
    readonly score: number;
    readonly links: readonly AngleLinkPlan[];
    /** the angle's result when none of its rules hits (shared, frozen) */
    readonly untouched: AngleResult;
    /** its links' results when none hits, to copy (a frozen array copies slowly) */
    readonly misses: readonly AngleRuleResult[];
    /** the same for a sparse record (`output: 'hits'`): no link listed (shared, frozen) */
    readonly bare: AngleResult;
  }[];
  /** by rule position: where the rule is linked, as [angle, link] pairs */
  readonly linkedAt: readonly (readonly number[])[];
  /** positions of the veto rules */
  readonly veto: readonly number[];
  /** by rule position: 1 for a veto rule */
  readonly vetoAt: Uint8Array;
}

const NO_ATTEMPTS: readonly never[] = Object.freeze([]);
const NO_MESSAGES: readonly number[] = Object.freeze([]);
const NO_LINKS: readonly AngleRuleResult[] = Object.freeze([]);
/** fills the template where a rule is always evaluated (always overwritten) */
const PLACEHOLDER: RuleResult = Object.freeze({
  ruleId: '',
  ruleName: '',
  hit: false,
  hitCount: 0,
  score: 0,
  ruleScore: null,
  lambda: '',
  level: null,
  autoReview: null,
  conditions: NO_ATTEMPTS,
});

const ruleSetPlans = new WeakMap<CompiledRuleSet | CompiledRule, RuleSetPlan>();
const schemePlans = new WeakMap<CompiledScheme, SchemePlan>();

export function ruleSetPlan(set: CompiledRuleSet | CompiledRule): RuleSetPlan {
  let plan = ruleSetPlans.get(set);
  if (plan === undefined) {
    plan = buildRuleSetPlan(set.rules);
    ruleSetPlans.set(set, plan);
  }
  return plan;
}

export function schemePlan(scheme: CompiledScheme): SchemePlan {
  let plan = schemePlans.get(scheme);
  if (plan === undefined) {
    const position = new Map(scheme.ruleSet.rules.map((r, i) => [r.id, i]));
    const linkedAt: number[][] = scheme.ruleSet.rules.map(() => []);
    plan = {
      angles: scheme.angles.map((angle, a) => {
        const links = angle.rules.map((link, l) => {
          const rule = position.get(link.ruleId)!;
          linkedAt[rule]!.push(a, l);
          return {
            ruleId: link.ruleId,
            rule,
            score: link.score,
            miss: Object.freeze({ ruleId: link.ruleId, hit: false, delta: 0 }),
          };
        });
        // No rule hit: nothing is added to the full score (an integer), so the result is the full score.
        const untouched: AngleResult = Object.freeze({
          angleId: angle.angleId,
          angleName: angle.angleName,
          score: angle.score,
          result: Math.min(angle.score, Math.max(0, roundScore(angle.score))),
          rules: Object.freeze(links.map((link) => link.miss)),
        });
        const misses = links.map((link) => link.miss);
        const bare: AngleResult = Object.freeze({ ...untouched, rules: NO_LINKS });
        return {
          angleId: angle.angleId,
          angleName: angle.angleName,
          score: angle.score,
          links,
          untouched,
          misses,
          bare,
        };
      }),
      linkedAt,
      veto: scheme.veto.map((id) => position.get(id)!),
      vetoAt: new Uint8Array(scheme.ruleSet.rules.length),
    };
    for (const r of plan.veto) plan.vetoAt[r] = 1;
    schemePlans.set(scheme, plan);
  }
  return plan;
}

function buildRuleSetPlan(programs: readonly RuleProgram[]): RuleSetPlan {
  const rangeKeys = new Map<string, number>();
  const shareCounts = new Map<string, number>();
  const signatureOf = (condition: CompiledCondition, rangeKey: number, k: number): string | null => {
    const op = condition.operators[k]!;
    // keyword operators are cheap and read the session's occurrences directly: not worth sharing
    if (rangeKey < 0 || op.requiredKeywords !== null || op.type.endsWith('_KEYWORDS')) return null;
    return JSON.stringify([op.type, op.index, op.param, rangeKey]);
  };
  const rangeKeyOf = (condition: CompiledCondition): number => {
    const range = condition.range;
    if (range.anchor !== null) return -1;
    const text = JSON.stringify([condition.role, range.useRange, range.from, range.to]);
    let key = rangeKeys.get(text);
    if (key === undefined) {
      key = rangeKeys.size;
      rangeKeys.set(text, key);
    }
    return key;
  };
  for (const program of programs) {
    for (const condition of program.conditions) {
      const rangeKey = rangeKeyOf(condition);
      for (let k = 0; k < condition.operators.length; k++) {
        const signature = signatureOf(condition, rangeKey, k);
        if (signature !== null) shareCounts.set(signature, (shareCounts.get(signature) ?? 0) + 1);
      }
    }
  }
  const shareKeys = new Map<string, number>();
  const rulesByKeyword = new Map<number, number[]>();
  const rules = programs.map((program, position): RulePlan => {
    const conditions = program.conditions.map((condition): ConditionPlan => {
      const rangeKey = rangeKeyOf(condition);
      const keys = condition.operators.map((_, k) => {
        const signature = signatureOf(condition, rangeKey, k);
        if (signature === null || (shareCounts.get(signature) ?? 0) < 2) return -1;
        let key = shareKeys.get(signature);
        if (key === undefined) {
          key = shareKeys.size;
          shareKeys.set(signature, key);
        }
        return key;
      });
      const miss: ConditionResult = Object.freeze({
        cid: condition.cid,
        hit: false,
        hits: NO_EVIDENCE,
        anchorHits: condition.range.anchor === null ? null : NO_MESSAGES,
        attempts: NO_ATTEMPTS,
      });
      return { condition, miss, rangeKey, shareKeys: keys };
    });
    const gated = program.conditions.every((c) => c.operators.some((op) => op.requiredKeywords !== null));
    let untouched: RuleResult | null = null;
    if (gated) {
      const hit = evaluateLambda(
        program.lambda,
        program.conditions.map(() => false),
      );
      // A rule that hits with no true condition (ANY_ONE_NOT_MET) counts 1.
      const hitCount = hit ? 1 : 0;
      untouched = Object.freeze({
        ruleId: program.id,
        ruleName: program.name,
        hit,
        hitCount,
        score: ruleScoreDelta(program.score, hit, hitCount),
        ruleScore: program.score,
        lambda: program.lambda.expression,
        level: program.level,
        autoReview: program.autoReview,
        conditions: Object.freeze(conditions.map((c) => c.miss)),
      });
      const ids = new Set<number>();
      for (const condition of program.conditions) {
        for (const op of condition.operators) for (const id of op.requiredKeywords ?? []) ids.add(id);
      }
      for (const id of ids) {
        const list = rulesByKeyword.get(id);
        if (list === undefined) rulesByKeyword.set(id, [position]);
        else list.push(position);
      }
    }
    return { program, conditions, untouched };
  });
  const always = rules.flatMap((rule, position) => (rule.untouched === null ? [position] : []));
  const untouchedHits = rules.flatMap((rule, position) => (rule.untouched?.hit === true ? [position] : []));
  const placeholder = rules.find((rule) => rule.untouched !== null)?.untouched ?? PLACEHOLDER;
  const template = rules.map((rule) => rule.untouched ?? placeholder);
  return {
    rules,
    rulesByKeyword,
    always,
    template,
    untouchedHits,
    touched: new Uint32Array(programs.length),
    run: 0,
  };
}
