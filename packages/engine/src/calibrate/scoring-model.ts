import type { CompiledRuleSet } from '../compile/compile-rule.js';
import type { CompiledScheme } from '../compile/compile-scheme.js';
import { inspect } from '../match/inspect.js';
import type { RuleScoreType } from '../rule/types.js';
import type { Transcript } from '../transcript/types.js';

/**
 * Per rule of a rule set, per session, the rule's hit count (0: no hit). This is all a scheme's score depends on
 * (ENGINE-SEMANTICS "Rule outcome and score"), so scores can be refitted without inspecting again.
 */
export interface HitMatrix {
  readonly ruleIds: readonly string[];
  readonly sessions: number;
  /** the sessions' ids, in order (what the evidence names the sessions behind its counts by) */
  readonly sessionIds: readonly string[];
  /** hitCounts[rule][session] */
  readonly hitCounts: readonly Int32Array[];
}

/** Inspects every session once (`trace: false`, sparse output: the fastest path) and keeps the hit counts. */
export function collectHits(
  compiled: CompiledScheme | CompiledRuleSet,
  transcripts: readonly Transcript[],
  onProgress?: (done: number, total: number) => void,
): HitMatrix {
  const rules = compiled.kind === 'scheme' ? compiled.ruleSet.rules : compiled.rules;
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const hitCounts = rules.map(() => new Int32Array(transcripts.length));
  transcripts.forEach((transcript, s) => {
    const result = inspect(compiled, transcript, { trace: false, output: 'hits' });
    for (const rule of result.rules) if (rule.hit) hitCounts[index.get(rule.ruleId)!]![s] = rule.hitCount;
    if (onProgress !== undefined && (s % 64 === 63 || s === transcripts.length - 1))
      onProgress(s + 1, transcripts.length);
  });
  return {
    ruleIds: rules.map((r) => r.id),
    sessions: transcripts.length,
    sessionIds: transcripts.map((t) => t.sessionId),
    hitCounts,
  };
}

/** One link of a rule into an angle, with the score settings in force there. */
export interface ScoreLink {
  readonly angleIndex: number;
  readonly ruleId: string;
  /** index into the hit matrix's rules */
  readonly ruleIndex: number;
  readonly type: RuleScoreType;
  readonly scoreNum: number;
  /** false: the rule is disabled or has no score settings here, so it changes no score and is never fitted */
  readonly scoring: boolean;
}

/** What an AI scheme's score is made of: angles (full scores), rule links and veto rules. */
export interface ScoringModel {
  readonly angles: readonly { readonly angleId: string; readonly score: number }[];
  readonly links: readonly ScoreLink[];
  /** indices into the hit matrix's rules */
  readonly veto: readonly number[];
}

export function scoringModelOf(scheme: CompiledScheme, ruleIds: readonly string[]): ScoringModel {
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const links = scheme.angles.flatMap((angle, angleIndex) =>
    angle.rules.map((link): ScoreLink => {
      const score = link.score;
      return {
        angleIndex,
        ruleId: link.ruleId,
        ruleIndex: index.get(link.ruleId)!,
        type: score?.type ?? 'SUB',
        scoreNum: score?.scoreNum ?? 0,
        scoring: score?.enable === true,
      };
    }),
  );
  return {
    angles: scheme.angles.map((a) => ({ angleId: a.angleId, score: a.score })),
    links,
    veto: scheme.veto.map((id) => index.get(id)!),
  };
}

/**
 * A link's effect per point of score in one session: SUB −hit count, ONCE −1 if hit, ADD +1 if hit
 * (so the rule's delta is `scoreNum × unit`).
 */
export function linkUnit(type: RuleScoreType, hitCount: number): number {
  if (hitCount === 0) return 0;
  return type === 'SUB' ? -hitCount : type === 'ONCE' ? -1 : 1;
}

/**
 * AI scores of the sessions under given link scores and veto set: each angle's full score plus its links'
 * deltas, clamped to [0, full score], summed; 0 when a veto rule hits. Equals `scoreScheme` (a test holds it).
 */
export function aiScores(
  model: ScoringModel,
  hits: HitMatrix,
  scores: ArrayLike<number> = model.links.map((l) => l.scoreNum),
  veto: readonly number[] = model.veto,
): Float64Array {
  const n = hits.sessions;
  const total = new Float64Array(n);
  model.angles.forEach((angle, a) => {
    const raw = new Float64Array(n).fill(angle.score);
    model.links.forEach((link, l) => {
      if (link.angleIndex !== a || !link.scoring) return;
      const counts = hits.hitCounts[link.ruleIndex]!;
      const points = scores[l]!;
      for (let s = 0; s < n; s++) if (counts[s] !== 0) raw[s]! += points * linkUnit(link.type, counts[s]!);
    });
    for (let s = 0; s < n; s++) total[s]! += Math.min(angle.score, Math.max(0, raw[s]!));
  });
  for (const rule of veto) {
    const counts = hits.hitCounts[rule]!;
    for (let s = 0; s < n; s++) if (counts[s] !== 0) total[s] = 0;
  }
  for (let s = 0; s < n; s++) total[s] = Math.round(total[s]! * 100) / 100;
  return total;
}

/** The hit matrix of two rule sets side by side (a scheme's rules, then suggested ones). */
export function joinHits(a: HitMatrix, b: HitMatrix): HitMatrix {
  return {
    ruleIds: [...a.ruleIds, ...b.ruleIds],
    sessions: a.sessions,
    sessionIds: a.sessionIds,
    hitCounts: [...a.hitCounts, ...b.hitCounts],
  };
}
