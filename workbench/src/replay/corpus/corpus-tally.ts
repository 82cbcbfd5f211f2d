/**
 * The figures of a corpus run, added up one session summary at a time (so that 40,000 sessions never sit in memory):
 * hit rates per rule and condition, samples of hit and near-miss sessions, the score histogram, the diff against the
 * saved version, and the (AI score, human judgement) pairs the agreement chart needs.
 */
import type { SessionSummary } from '@qcdesk/engine';
import type { CorpusProblem, CorpusSession, HumanJudgement } from './corpus-session';
import { type HistogramBin, SCORE_MAX, ScoreHistogram } from './histogram';
import type { ComparedRule, RuleChange } from './saved-comparison';

/** A session kept as an example; uploads keep their text so the single replay can open them. */
export interface SampleSession {
  readonly index: number;
  readonly sessionId: string;
  readonly lineNumber: number | null;
  /** the uploaded line's text, or null for the server's sessions (the single replay loads them by id) */
  readonly payload: string | object | null;
  readonly aiScore: number | null;
  /** 1 for a hit, else how near the rule came */
  readonly nearness: number;
}

export interface ConditionRate {
  readonly cid: string;
  readonly hits: number;
}

export interface RuleRate {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly hits: number;
  readonly conditions: readonly ConditionRate[];
  /** the first sessions that hit */
  readonly hitSample: readonly SampleSession[];
  /** the nearest misses, nearest first */
  readonly nearSample: readonly SampleSession[];
}

export interface RuleDiff {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly change: RuleChange;
  /** sessions the target hits and its saved version does not */
  readonly newlyHit: number;
  /** sessions the saved version hits and the target does not */
  readonly stopped: number;
  readonly newlySample: readonly SampleSession[];
  readonly stoppedSample: readonly SampleSession[];
}

export interface CorpusReport {
  /** sessions inspected */
  readonly sessions: number;
  /** lines or sessions that could not be inspected */
  readonly problemCount: number;
  /** the first of them, by line number or session id */
  readonly problems: readonly CorpusProblem[];
  readonly rules: readonly RuleRate[];
  readonly histogram: readonly HistogramBin[];
  /** the scheme's full score: the histogram's and the agreement chart's upper end */
  readonly scoreMax: number;
  /** the lowest and highest AI score seen (null before any) */
  readonly scoreRange: { readonly min: number | null; readonly max: number | null };
  /** mean AI score of the sessions inspected (null before any) */
  readonly meanScore: number | null;
  /** the diff per rule against the saved version; null when the target has none */
  readonly diff: readonly RuleDiff[] | null;
  /** AI scores and judgements of the sessions that carry a judgement, in corpus order */
  readonly judged: { readonly aiScores: readonly number[]; readonly judgements: readonly HumanJudgement[] };
}

export interface TallyOptions {
  /** the target's rules in order, with their display names */
  readonly rules: readonly { readonly ruleId: string; readonly ruleName: string }[];
  /** the rule pairs to diff (corpusPlan), or null */
  readonly compared: readonly ComparedRule[] | null;
  /** examples kept per rule and kind */
  readonly sampleSize?: number;
  /** problems kept in detail (all are counted) */
  readonly problemLimit?: number;
  readonly histogramBins?: number;
  /** the scheme's full score (the total of its angles); 100 when not given */
  readonly scoreMax?: number;
}

interface MutableRule {
  ruleId: string;
  ruleName: string;
  hits: number;
  conditions: { cid: string; hits: number }[] | null;
  hitSample: SampleSession[];
  nearSample: SampleSession[];
}

interface MutableDiff {
  pair: ComparedRule;
  newlyHit: number;
  stopped: number;
  newlySample: SampleSession[];
  stoppedSample: SampleSession[];
}

export class CorpusTally {
  private sessions = 0;
  private scoreSum = 0;
  private scored = 0;
  private problemCount = 0;
  private readonly problems: CorpusProblem[] = [];
  private readonly rules: MutableRule[];
  private readonly byId = new Map<string, MutableRule>();
  private readonly diffs: MutableDiff[] | null;
  private readonly histogram: ScoreHistogram;
  private readonly aiScores: number[] = [];
  private readonly judgements: HumanJudgement[] = [];
  private readonly sampleSize: number;
  private readonly problemLimit: number;

  constructor(options: TallyOptions) {
    this.sampleSize = options.sampleSize ?? 10;
    this.problemLimit = options.problemLimit ?? 200;
    this.histogram = new ScoreHistogram(options.histogramBins ?? 20, options.scoreMax ?? SCORE_MAX);
    this.rules = options.rules.map((r) => ({
      ruleId: r.ruleId,
      ruleName: r.ruleName,
      hits: 0,
      conditions: null,
      hitSample: [],
      nearSample: [],
    }));
    for (const rule of this.rules) this.byId.set(rule.ruleId, rule);
    this.diffs =
      options.compared === null
        ? null
        : options.compared.map((pair) => ({ pair, newlyHit: 0, stopped: 0, newlySample: [], stoppedSample: [] }));
  }

  /** Adds one inspected session. */
  add(session: CorpusSession, summary: SessionSummary, keepPayload: boolean): void {
    this.sessions++;
    const aiScore = summary.aiScore ?? null;
    if (aiScore !== null) {
      this.scored++;
      this.scoreSum += aiScore;
      this.histogram.add(aiScore);
      if (session.judgement !== null) {
        this.aiScores.push(aiScore);
        this.judgements.push(session.judgement);
      }
    }
    const sample = (nearness: number): SampleSession => ({
      index: session.index,
      sessionId: session.sessionId,
      lineNumber: session.lineNumber,
      payload: keepPayload ? session.payload : null,
      aiScore,
      nearness,
    });
    const hitById = new Map<string, boolean>();
    for (const result of summary.rules) {
      hitById.set(result.ruleId, result.hit);
      const rule = this.byId.get(result.ruleId);
      if (rule === undefined) continue;
      rule.conditions ??= result.conditions.map((c) => ({ cid: c.cid, hits: 0 }));
      result.conditions.forEach((c, i) => {
        const tally = rule.conditions?.[i];
        if (c.hit && tally !== undefined) tally.hits++;
      });
      if (result.hit) {
        rule.hits++;
        if (rule.hitSample.length < this.sampleSize) rule.hitSample.push(sample(1));
      } else if (result.nearness > 0) {
        keepNearest(rule.nearSample, sample(result.nearness), this.sampleSize);
      }
    }
    for (const diff of this.diffs ?? []) {
      const now = diff.pair.currentId === null ? false : hitById.get(diff.pair.currentId) === true;
      // a rule without a saved copy to compare is its own saved version, except an added one (no saved version)
      const before =
        diff.pair.savedId !== null
          ? hitById.get(diff.pair.savedId) === true
          : diff.pair.change === 'same'
            ? now
            : false;
      if (now && !before) {
        diff.newlyHit++;
        if (diff.newlySample.length < this.sampleSize) diff.newlySample.push(sample(1));
      } else if (before && !now) {
        diff.stopped++;
        if (diff.stoppedSample.length < this.sampleSize) diff.stoppedSample.push(sample(0));
      }
    }
  }

  /** Counts a line or session that could not be inspected; keeps the first ones in detail. */
  addProblem(problem: CorpusProblem): void {
    this.problemCount++;
    if (this.problems.length < this.problemLimit) this.problems.push(problem);
  }

  /** The figures so far, as plain data the screen can hold while the tally goes on. */
  report(): CorpusReport {
    return {
      sessions: this.sessions,
      problemCount: this.problemCount,
      problems: [...this.problems],
      rules: this.rules.map((r) => ({
        ruleId: r.ruleId,
        ruleName: r.ruleName,
        hits: r.hits,
        conditions: (r.conditions ?? []).map((c) => ({ ...c })),
        hitSample: [...r.hitSample],
        nearSample: [...r.nearSample],
      })),
      histogram: this.histogram.snapshot(),
      scoreMax: this.histogram.scoreMax,
      scoreRange: { min: this.histogram.min, max: this.histogram.max },
      meanScore: this.scored === 0 ? null : this.scoreSum / this.scored,
      diff:
        this.diffs === null
          ? null
          : this.diffs.map((d) => ({
              ruleId: d.pair.ruleId,
              ruleName: d.pair.ruleName,
              change: d.pair.change,
              newlyHit: d.newlyHit,
              stopped: d.stopped,
              newlySample: [...d.newlySample],
              stoppedSample: [...d.stoppedSample],
            })),
      // copies: the screen holds a report while the tally goes on
      judged: { aiScores: this.aiScores.slice(), judgements: this.judgements.slice() },
    };
  }
}

/** Keeps the `size` nearest misses, nearest first; among equals the earlier session stays. */
function keepNearest(list: SampleSession[], candidate: SampleSession, size: number): void {
  if (list.length >= size && candidate.nearness <= list[list.length - 1]!.nearness) return;
  let at = list.length;
  while (at > 0 && list[at - 1]!.nearness < candidate.nearness) at--;
  list.splice(at, 0, candidate);
  if (list.length > size) list.pop();
}
