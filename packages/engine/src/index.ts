/**
 * @qcdesk/engine — compile QC rules and schemes once, inspect chat transcripts, explain every hit.
 *
 * ```ts
 * import { compileRule, inspect } from '@qcdesk/engine';
 * const rule = compileRule({ id: 'r1', conditionConfig: { conditions: [
 *   { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] }] } });
 * inspect(rule, { sessionId: 's1', messages: [{ role: 'CUSTOMER', text: '我要投诉' }] }).rules[0].hit; // true
 * ```
 */

export { AhoCorasick } from './automaton/aho-corasick.js';
export { MatchList } from './automaton/match-list.js';
export * from './calibrate/index.js';
export * from './censor/index.js';
export {
  type CompiledRule,
  type CompiledRuleScore,
  type CompiledRuleSet,
  type CompileOptions,
  compileRule,
  compileRules,
  type RuleProgram,
} from './compile/compile-rule.js';
export { type CompiledAngle, type CompiledScheme, compileScheme, MAX_ANGLES } from './compile/compile-scheme.js';
export { type CompileProblem, RuleCompileError } from './errors/rule-compile-error.js';
export {
  type ConditionHitInfo,
  type ResultRule,
  toConditionHitInfo,
  toResultRules,
} from './explain/condition-hit-info.js';
export { describeEvidence, describeInspection, describeRule } from './explain/describe.js';
export type { Evidence } from './explain/evidence.js';
export { conditionNearness, ruleNearness } from './explain/near-miss.js';
export { type OutputHit, type OutputRecord, toOutputRecord } from './explain/output-record.js';
export {
  type ConditionSummary,
  type RuleSummary,
  type SessionSummary,
  summarizeInspection,
} from './explain/session-summary.js';
export { whyNot, whyNotAll } from './explain/why-not.js';
export type { ConditionAttempt } from './match/evaluate-rule.js';
export {
  type Compiled,
  type ConditionResult,
  type InspectionResult,
  type InspectOptions,
  inspect,
  inspectAsync,
  modelTasks,
  type RuleResult,
} from './match/inspect.js';
export { TASK_LABELS } from './models/evaluate.js';
export { lexiconModel } from './models/lexicon/lexicon-model.js';
export {
  classifyDetailed,
  type ModelAnswer,
  type ModelLabel,
  type ModelProvider,
  type ModelUse,
} from './models/model-provider.js';
export {
  type ClassifyRequest,
  type ClassifyResponse,
  type HttpModelOptions,
  httpModelProvider,
} from './models/remote/http-model-provider.js';
export {
  type FetchLike,
  ModelCallError,
  type ModelCallErrorCode,
  REMOTE_DEFAULTS,
  type RemoteCallOptions,
} from './models/remote/model-call.js';
export { type ModelConfig, modelFromConfig } from './models/remote/model-config.js';
export { taskLabelsOf } from './models/remote/model-labels.js';
export {
  classificationPrompt,
  type OpenAiCompatibleOptions,
  openAiCompatibleProvider,
} from './models/remote/openai-compatible-provider.js';
export { modelTasksOf, type PresetModelAnswers, presetModel } from './models/remote/preset-model.js';
export {
  BREAKER_DEFAULTS,
  type BreakerOptions,
  type GuardedModel,
  withFallback,
} from './models/remote/with-fallback.js';
export type { OperatorOutcome } from './operators/types.js';
export { replaySession } from './replay/replay-session.js';
export * from './rule/types.js';
export { type CompareOperator, type ManualRuleInput, manualPass, manualScore } from './score/manual-score.js';
export { type ReviewOutcome, type RuleReview, reviewScore, type ScoringAngle } from './score/review-score.js';
export { ruleScoreDelta } from './score/rule-score.js';
export type { AngleResult, SchemeScore } from './score/scheme-score.js';
export { scoreScheme } from './score/scheme-score.js';
export { ScoreInputError } from './score/score-input-error.js';
export { compactText } from './text/compact.js';
export { foldText, standsAlone } from './text/fold.js';
export { similarAtFraction, similarAtPercent, similarity } from './text/similarity.js';
export { messageText } from './transcript/message-text.js';
export { readSession } from './transcript/read-session.js';
export { SessionInputError } from './transcript/session-input-error.js';
export type { Sentence, SessionInput, Transcript } from './transcript/types.js';
export * from './worker/public-types.js';
export { replayCall } from './worker/replay-call.js';
