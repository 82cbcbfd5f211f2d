/**
 * Calibration of a scheme against human judgement: labels, rank statistics, per-rule evidence, fitted scores and
 * suggested phrase rules. Pure and browser-safe (no Node imports): the CLI and the console call the same functions.
 */
export {
  type CalibrateOptions,
  type CalibrationProgress,
  type CalibrationReport,
  calibrate,
  type FittedScore,
  type FoldFigure,
  type LabelledSession,
  type Spread,
  type Suggestion,
} from './calibrate.js';
export { type Disagreement, disagreements, type RuleEvidence, ruleEvidence } from './evidence.js';
export { DEFAULT_CANDIDATES, type FitOptions, type FitResult, fitScores } from './fit-scores.js';
export { LabelInputError, labelOfRecord, parseFieldPath, parseLabelFile } from './labels.js';
export { foldsOf, mulberry32, type Random, shuffledIndices } from './random.js';
export {
  aiScores,
  collectHits,
  type HitMatrix,
  joinHits,
  linkUnit,
  type ScoreLink,
  type ScoringModel,
  scoringModelOf,
} from './scoring-model.js';
export {
  auc,
  averageRanks,
  type BootstrapOptions,
  type MeanDifference,
  mean,
  meanDifference,
  pearson,
  quantile,
  spearman,
  standardDeviation,
} from './statistics.js';
export {
  type NgramIndex,
  ngramIndex,
  type PhraseEvidence,
  type PhraseRole,
  type SuggestedRule,
  type SuggestionRuleOptions,
  type SuggestOptions,
  suggestionRules,
  suggestPhrases,
} from './suggest-phrases.js';
