/**
 * A session's inspection reduced to what a corpus replay aggregates: per rule whether it hit and how near it came,
 * per condition the same, and the scheme's score. Tens of thousands of these cross the worker boundary in a corpus
 * run, so it carries no evidence, texts or traces (the single replay recomputes those for the one session opened).
 */
import type { RuleProgram } from '../compile/compile-rule.js';
import type { Compiled, InspectionResult } from '../match/inspect.js';
import { conditionNearness, mayBeNear, ruleNearness } from './near-miss.js';
import { whyNot } from './why-not.js';

export interface ConditionSummary {
  readonly cid: string;
  readonly hit: boolean;
  /** 1 when it hit, else how close it came, in [0, 1) (near-miss.ts) */
  readonly nearness: number;
}

export interface RuleSummary {
  readonly ruleId: string;
  readonly hit: boolean;
  readonly hitCount: number;
  /** the rule's own effect: negative deducts, positive adds, 0 when it did not hit or scores nothing */
  readonly score: number;
  /** 1 when it hit, else how close it came, in [0, 1) */
  readonly nearness: number;
  readonly conditions: readonly ConditionSummary[];
}

export interface SessionSummary {
  readonly sessionId: string;
  /** messages in the session */
  readonly messages: number;
  /** every rule in input order, hit or not */
  readonly rules: readonly RuleSummary[];
  /** with a scheme: the AI score (0 when vetoed) */
  readonly aiScore?: number;
  readonly isVeto?: boolean;
}

/** The summary of an inspection. Needs the full trace (`inspect(compiled, session)`, the default) for nearness. */
export function summarizeInspection(compiled: Compiled, result: InspectionResult): SessionSummary {
  const programs = new Map(programsOf(compiled).map((p) => [p.id, p]));
  const rules = result.rules.map((rule): RuleSummary => {
    const program = programs.get(rule.ruleId);
    const conditions = rule.conditions.map((c, i): ConditionSummary => {
      const condition = program?.conditions[i];
      if (c.hit || condition === undefined || !mayBeNear(condition, c)) {
        return { cid: c.cid, hit: c.hit, nearness: c.hit ? 1 : 0 };
      }
      const nearness = conditionNearness(condition, c, whyNot(compiled, result, rule.ruleId, c.cid));
      return { cid: c.cid, hit: false, nearness };
    });
    const nearness =
      rule.hit || program === undefined
        ? Number(rule.hit)
        : ruleNearness(
            program.lambda,
            conditions.map((c) => c.hit),
            conditions.map((c) => c.nearness),
          );
    return { ruleId: rule.ruleId, hit: rule.hit, hitCount: rule.hitCount, score: rule.score, nearness, conditions };
  });
  const summary: SessionSummary = {
    sessionId: result.sessionId,
    messages: result.transcript.sentences.length,
    rules,
  };
  if (result.aiScore === undefined) return summary;
  return { ...summary, aiScore: result.aiScore, isVeto: result.isVeto ?? false };
}

function programsOf(compiled: Compiled): readonly RuleProgram[] {
  if (compiled.kind === 'scheme') return compiled.ruleSet.rules;
  return compiled.kind === 'rule' ? [compiled.rule] : compiled.rules;
}
