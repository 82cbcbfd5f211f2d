import { type CompileOptions, compileRules } from '../compile/compile-rule.js';
import { compileScheme } from '../compile/compile-scheme.js';
import type { RuleScoreType } from '../rule/types.js';
import type { Transcript } from '../transcript/types.js';
import { type Disagreement, disagreements, type RuleEvidence, ruleEvidence } from './evidence.js';
import { type FitOptions, fitScores } from './fit-scores.js';
import { foldsOf } from './random.js';
import { aiScores, collectHits, joinHits, type ScoringModel, scoringModelOf } from './scoring-model.js';
import { mean, spearman, standardDeviation } from './statistics.js';
import {
  ngramIndex,
  type PhraseEvidence,
  type SuggestionRuleOptions,
  type SuggestOptions,
  suggestionRules,
  suggestPhrases,
} from './suggest-phrases.js';

/** A session with its human judgement (higher = better service). */
export interface LabelledSession {
  readonly transcript: Transcript;
  readonly label: number;
}

export interface CalibrationProgress {
  /** inspecting the sessions with the scheme's rules, indexing phrases, fitting fold k of K, the final fit */
  readonly stage: 'inspect' | 'phrases' | 'fold' | 'final';
  readonly done: number;
  readonly total: number;
}

export interface CalibrateOptions extends FitOptions {
  /** cross-validation folds (default 5) */
  readonly folds?: number;
  /** seeds folds and bootstrap intervals (default 1) */
  readonly seed?: number;
  /** suggested phrase rules to add and fit (default 0) */
  readonly suggest?: number;
  readonly suggestOptions?: Omit<SuggestOptions, 'count'>;
  readonly positive?: SuggestionRuleOptions['positive'];
  /** the angle suggested rules are linked into (default: the angle with the largest full score) */
  readonly suggestAngle?: string;
  /** bootstrap resamples for the evidence intervals (default 1000) */
  readonly resamples?: number;
  /** how many disagreeing sessions to list (default 10) */
  readonly disagreements?: number;
  readonly compileOptions?: CompileOptions;
  readonly onProgress?: (progress: CalibrationProgress) => void;
}

export interface Spread {
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

export interface FoldFigure {
  readonly fold: number;
  readonly trainSessions: number;
  readonly testSessions: number;
  /** Spearman's correlation on the held-out fold: the scheme as given, and as fitted on the other folds */
  readonly before: number;
  readonly after: number;
}

export interface FittedScore {
  readonly angleId: string;
  readonly ruleId: string;
  readonly type: RuleScoreType;
  readonly before: number;
  readonly after: number;
  /** whether the fit was free to change it */
  readonly fitted: boolean;
  readonly suggested: boolean;
}

export interface Suggestion extends PhraseEvidence {
  readonly ruleId: string;
  readonly scoreType: RuleScoreType;
  /** the fitted score; a suggestion fitted to 0 is left out of the written rules */
  readonly score: number;
  readonly evidence: RuleEvidence;
}

export interface CalibrationReport {
  readonly sessions: number;
  /** Spearman's correlation over all the labelled sessions: the scheme as given, and as calibrated (in-sample) */
  readonly before: number;
  readonly after: number;
  /** out-of-fold figures: each fold held out once; this is the figure to trust */
  readonly folds: readonly FoldFigure[];
  readonly crossValidated: { readonly before: Spread; readonly after: Spread };
  readonly evidence: readonly RuleEvidence[];
  readonly suggestions: readonly Suggestion[];
  readonly scores: readonly FittedScore[];
  readonly veto: { readonly before: readonly string[]; readonly after: readonly string[] };
  /** where the scheme as given and the people disagree most */
  readonly disagreements: readonly Disagreement[];
  /** the calibrated rule list and scheme, in the shapes `compileScheme` (and `qc-engine inspect`) read */
  readonly rules: unknown[];
  readonly scheme: unknown;
}

/**
 * Calibrates a scheme against human labels: per-rule evidence, scores fitted for rank agreement (with
 * suggested phrase rules when `suggest` > 0), and the k-fold out-of-fold figure before and after. Pure: sessions
 * and labels in, a report and the calibrated rules and scheme out. Suggestions are chosen again inside each fold
 * from that fold's training sessions only, so the out-of-fold figure includes choosing them.
 */
export function calibrate(
  rules: readonly unknown[],
  scheme: unknown,
  sessions: readonly LabelledSession[],
  options: CalibrateOptions = {},
): CalibrationReport {
  if (sessions.length < 4) {
    throw new RangeError(`calibration needs at least 4 labelled sessions, not ${sessions.length}`);
  }
  const compiled = compileScheme(scheme, rules, options.compileOptions);
  const transcripts = sessions.map((s) => s.transcript);
  const labels = Float64Array.from(sessions, (s) => s.label);
  const ids = transcripts.map((t) => t.sessionId);
  const progress = options.onProgress;
  const hits = collectHits(compiled, transcripts, (done, total) => progress?.({ stage: 'inspect', done, total }));
  const model = scoringModelOf(compiled, hits.ruleIds);
  const seed = options.seed ?? 1;
  const k = Math.min(options.folds ?? 5, sessions.length);
  const suggest = options.suggest ?? 0;
  const targetAngle = suggestionAngle(model, options.suggestAngle);
  const index = suggest > 0 ? ngramIndex(transcripts) : null;
  if (suggest > 0) progress?.({ stage: 'phrases', done: 1, total: 1 });
  const everyone = Int32Array.from({ length: sessions.length }, (_, i) => i);

  /** Suggestions chosen on `train`, their rules compiled, the model and hit matrix extended with them. */
  const extend = (train: ArrayLike<number>, idPrefix?: string) => {
    if (index === null)
      return { model, hits, phrases: [] as PhraseEvidence[], added: [] as ReturnType<typeof suggestionRules> };
    const phrases = suggestPhrases(index, labels, train, { ...options.suggestOptions, count: suggest });
    const added = suggestionRules(phrases, { positive: options.positive, idPrefix });
    const extra = collectHits(compileRules(added, options.compileOptions), transcripts);
    const joined = joinHits(hits, extra);
    const extended: ScoringModel = {
      ...model,
      links: [
        ...model.links,
        ...added.map((rule, j) => ({
          angleIndex: targetAngle,
          ruleId: rule.id,
          ruleIndex: hits.ruleIds.length + j,
          type: rule.conditionConfig.ruleScore.ruleScoreType,
          scoreNum: 0,
          scoring: true,
        })),
      ],
    };
    return { model: extended, hits: joined, phrases, added };
  };

  const baseScores = aiScores(model, hits);
  const folds = foldsOf(sessions.length, k, seed);
  const figures: FoldFigure[] = [];
  for (let f = 0; f < k; f++) {
    progress?.({ stage: 'fold', done: f, total: k });
    const train = everyone.filter((i) => folds[i] !== f);
    const test = everyone.filter((i) => folds[i] === f);
    const fold = extend(train);
    const fit = fitScores(fold.model, fold.hits, labels, train, options);
    const fitted = aiScores(fold.model, fold.hits, fit.scores, fit.veto);
    const pick = (values: ArrayLike<number>) => Array.from(test, (i) => values[i]!);
    figures.push({
      fold: f + 1,
      trainSessions: train.length,
      testSessions: test.length,
      before: spearman(pick(baseScores), pick(labels)),
      after: spearman(pick(fitted), pick(labels)),
    });
  }
  progress?.({ stage: 'fold', done: k, total: k });

  progress?.({ stage: 'final', done: 0, total: 1 });
  const final = extend(everyone);
  const fit = fitScores(final.model, final.hits, labels, everyone, options);
  const afterScores = aiScores(final.model, final.hits, fit.scores, fit.veto);
  const bootstrap = { resamples: options.resamples ?? 1000, seed };
  const ruleInfo = compiled.ruleSet.rules.map((r) => ({
    id: r.id,
    name: r.name,
    scoreType: r.score?.enable ? r.score.type : null,
  }));
  const evidence = ruleEvidence(hits, ruleInfo, labels, everyone, bootstrap);
  const suggestedEvidence = ruleEvidence(
    final.hits,
    final.added.map((r) => ({ id: r.id, name: r.name, scoreType: r.conditionConfig.ruleScore.ruleScoreType })),
    labels,
    everyone,
    bootstrap,
  );
  const baseLinks = model.links.length;
  const suggestions = final.phrases.map(
    (p, j): Suggestion => ({
      ...p,
      ruleId: final.added[j]!.id,
      scoreType: final.added[j]!.conditionConfig.ruleScore.ruleScoreType,
      score: fit.scores[baseLinks + j]!,
      evidence: suggestedEvidence[j]!,
    }),
  );
  const scores = final.model.links.map(
    (link, l): FittedScore => ({
      angleId: model.angles[link.angleIndex]!.angleId,
      ruleId: link.ruleId,
      type: link.type,
      before: link.scoreNum,
      after: fit.scores[l]!,
      fitted: fit.fitted[l]!,
      suggested: l >= baseLinks,
    }),
  );
  const vetoIds = (list: readonly number[]) => list.map((r) => final.hits.ruleIds[r]!);
  const written = writeCalibrated(rules, scheme, final.model, fit.scores, vetoIds(fit.veto), final.added, baseLinks);
  progress?.({ stage: 'final', done: 1, total: 1 });
  const values = (pick: (f: FoldFigure) => number) => figures.map(pick).filter((x) => !Number.isNaN(x));
  return {
    sessions: sessions.length,
    before: spearman(baseScores, labels),
    after: spearman(afterScores, labels),
    folds: figures,
    crossValidated: { before: spread(values((f) => f.before)), after: spread(values((f) => f.after)) },
    evidence,
    suggestions,
    scores,
    veto: { before: vetoIds(model.veto), after: vetoIds(fit.veto) },
    disagreements: disagreements(ids, baseScores, labels, everyone, options.disagreements ?? 10),
    rules: written.rules,
    scheme: written.scheme,
  };
}

function spread(values: readonly number[]): Spread {
  return {
    mean: mean(values),
    sd: standardDeviation(values),
    min: values.length === 0 ? Number.NaN : Math.min(...values),
    max: values.length === 0 ? Number.NaN : Math.max(...values),
  };
}

function suggestionAngle(model: ScoringModel, angleId: string | undefined): number {
  if (angleId !== undefined) {
    const i = model.angles.findIndex((a) => a.angleId === angleId);
    if (i < 0) throw new RangeError(`the scheme has no angle ${angleId}`);
    return i;
  }
  if (model.angles.length === 0) return -1;
  let best = 0;
  model.angles.forEach((a, i) => {
    if (a.score > model.angles[best]!.score) best = i;
  });
  return best;
}

type Json = Record<string, unknown>;

/**
 * The calibrated rule list and scheme: a rule's own `ruleScore.scoreNum` takes the fitted score of its first link
 * that has no angle override; every other link whose fitted score differs (or that had an override) gets an angle
 * override (`angleRules[].conditionConfig.ruleScore`); veto rules dropped by the fit leave `schemeConfig.veto`;
 * suggestions fitted above 0 are appended to the rules and linked into their angle. Everything else is kept as given.
 */
function writeCalibrated(
  rules: readonly unknown[],
  scheme: unknown,
  model: ScoringModel,
  scores: readonly number[],
  veto: readonly string[],
  added: ReturnType<typeof suggestionRules>,
  baseLinks: number,
): { rules: unknown[]; scheme: unknown } {
  const outRules = structuredClone(rules) as Json[];
  const outScheme = structuredClone(scheme) as Json;
  const configs = new Map<string, { rule: Json; config: Json; wasString: boolean }>();
  for (const rule of outRules) {
    const raw = rule.conditionConfig;
    const wasString = typeof raw === 'string';
    const config = (wasString ? JSON.parse(raw) : raw) as Json;
    configs.set(String(rule.id), { rule, config, wasString });
  }
  const angles = ((outScheme.schemeAngles as Json[] | undefined) ?? []).map(
    (angle) => ((angle.angleRules as Json[] | undefined) ?? []) as Json[],
  );
  // The links in model order are the scheme's angleRules in order.
  const linkJson: Json[] = angles.flat();
  const ownScore = new Map<string, number>();
  model.links.slice(0, baseLinks).forEach((link, l) => {
    const hasOverride = overrideOf(linkJson[l]!) !== null;
    if (!link.scoring || hasOverride || ownScore.has(link.ruleId)) return;
    ownScore.set(link.ruleId, scores[l]!);
  });
  for (const [ruleId, score] of ownScore) {
    const entry = configs.get(ruleId)!;
    (entry.config.ruleScore as Json).scoreNum = score;
  }
  model.links.slice(0, baseLinks).forEach((link, l) => {
    if (!link.scoring) return;
    const json = linkJson[l]!;
    const override = overrideOf(json);
    if (override !== null) override.scoreNum = scores[l]!;
    else if (ownScore.get(link.ruleId) !== scores[l]) {
      json.conditionConfig = { ruleScore: { enable: true, ruleScoreType: link.type, scoreNum: scores[l]! } };
    }
  });
  for (const { rule, config, wasString } of configs.values()) {
    rule.conditionConfig = wasString ? JSON.stringify(config) : config;
  }
  added.forEach((suggested, j) => {
    const score = scores[baseLinks + j]!;
    if (score === 0) return;
    const rule = structuredClone(suggested) as unknown as Json;
    ((rule.conditionConfig as Json).ruleScore as Json).scoreNum = score;
    outRules.push(rule);
    const angleIndex = model.links[baseLinks + j]!.angleIndex;
    const angle = (outScheme.schemeAngles as Json[])[angleIndex]!;
    angle.angleRules = [...((angle.angleRules as Json[] | undefined) ?? []), { ruleId: suggested.id }];
  });
  if (veto.length > 0 || outScheme.schemeConfig !== undefined) {
    const config = (outScheme.schemeConfig ?? {}) as Json;
    outScheme.schemeConfig = { ...config, veto: [...veto] };
  }
  return { rules: outRules, scheme: outScheme };
}

function overrideOf(link: Json): Json | null {
  const config = link.conditionConfig as Json | null | undefined;
  if (config === undefined || config === null) return null;
  const score = config.ruleScore as Json | null | undefined;
  return score === undefined || score === null ? null : score;
}
